/**
 * Playing a turn (ORD-5): the active player's Order pool, the skills the selected trooper may declare
 * now (each judged by a dry run of the engine's `apply`, never by a rule of the page's own), a Move's
 * path drawn on the table (TOOL-7), a BS Attack's weapon, targets and Burst split with its odds
 * (TOOL-8), the second skill, and the dice the Order waits for.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Command, PlayerId, Weapon } from '../core/model/types';
import { gameStore, selectView, useGame } from '../state/gameStore';
import { matchStore, useMatch } from '../state/matchStore';
import { useSession } from '../state/sessionStore';
import { orderTool, orderingPlayer } from '../tools/pageTools';
import { DodgeMovePanel } from './skills/DodgeMovePanel';
import { MoveOptions, movementTitle } from './skills/MoveOptions';
import { PLAYER_COLOURS } from '../scene/palette';
import { playerLabel, playerPossessive } from './labels';
import { UI_SKILLS, type SkillAct, type SkillContext } from './skills';
import { coordinatedOrderClosed, knownProfiles, lengthText, lieutenantOrderChoice, nextTurnPool, orderCommand, type StateView } from '../core/api';
import { useStore } from 'zustand';
import { chooseLieutenantOrder, lieutenantChoice, onLieutenantOrder } from '../tools/lieutenantChoice';
import { CoordHeader, CoordPicker } from './CoordOrder';
import { coordTemplates } from './coordTemplates';
import { AttackForm } from './AttackForm';
import { useKeepInView } from './keepInView';

function useOrderTool() {
  return useSyncExternalStore(
    (l) => orderTool.subscribe(l),
    () => orderTool.snapshot,
  );
}

/** ORD-1 to ORD-4: the Orders the active player has left, as the viewer may see them. */
export function PoolLine({ view }: { view: StateView }) {
  const setup = useGame((s) => s.setup);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const names = knownProfiles(state, viewer);
  const pool = view.pool;
  if (!pool || !view.active) return null;
  const irregular = Object.entries(pool.irregular);
  return (
    <div className="pool" data-testid="pool" data-player={view.active}>
      <span className="pool-title" style={{ color: PLAYER_COLOURS[view.active] }}>
        {playerPossessive(setup, view.active)} Orders
      </span>
      {Object.entries(pool.groups).map(([g, n]) => (
        <span key={g} className="pool-item" data-testid={`pool-group-${g}`} title={`Regular Orders of Combat Group ${g}, for any trooper of the group`}>
          Group {g}: <b>{n}</b>
        </span>
      ))}
      {irregular.map(([id, n]) => (
        <span key={id} className="pool-item" title="Irregular Orders: only for the trooper that gave them">
          {names[id]?.name ?? id}: <b>{n}</b>
        </span>
      ))}
      {pool.markersIrregular ? <span className="pool-item">Markers (Irregular): <b>{pool.markersIrregular}</b></span> : null}
      {view.commandTokens && (
        <span className="pool-item" data-testid="pool-command-tokens" title="Command Tokens: a Coordinated Order spends one (COORD-1); Open Information">
          Command Tokens: <b>{view.commandTokens[view.active]}</b>
        </span>
      )}
      {pool.lieutenant !== undefined && (
        <span className="pool-item" data-testid="pool-lieutenant" title="The Lieutenant Special Order: only the Lieutenant spends it; spending it shows who the Lieutenant is">
          Lieutenant: <b>{pool.lieutenant}</b>
        </span>
      )}
    </div>
  );
}

/**
 * ORD-1 to ORD-3 for the side that is not active: the Orders it would get if its turn began now, as
 * far as the viewer can tell (an opponent's marker counts in its Combat Group without saying whether
 * its Order is Regular or Irregular; the opponent's Lieutenant and hidden troopers stay unmentioned).
 */
export function NextPoolLine({ view }: { view: StateView }) {
  const setup = useGame((s) => s.setup);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const known = knownProfiles(state, viewer);
  // The engine counts them (ORD-1 to ORD-4), as far as the viewer can tell.
  const next = view.active ? nextTurnPool(state, viewer) : null;
  if (!next) return null;
  const side = next.player;
  const parts = next.groups.map((g) => `Group ${g.group}: ${g.orders}${g.markers ? ` (${g.markers} marker${g.markers === 1 ? '' : 's'}, Regular or Irregular)` : ''}`);
  if (next.irregular.length) parts.push(`Irregular: ${next.irregular.map((id) => known[id]?.name ?? id).join(', ')}`);
  if (next.lieutenant) parts.push(`Lieutenant: ${next.lieutenant}`);
  return (
    <p className="pool-next" data-testid="pool-next" data-player={side} title="The Orders this side would get if its turn began now">
      <span style={{ color: PLAYER_COLOURS[side] }}>{playerLabel(setup, side)}</span>, next turn
      {next.situation ? ` (${next.situation === 'retreat' ? 'Retreat!' : 'Loss of Lieutenant'})` : ''}: {parts.join(' · ') || 'no Orders'}
    </p>
  );
}

/** What the selected trooper may declare now: each skill's buttons (ui/skills/), each judged by the engine. */
function SkillChooser({ player, trooper, view }: { player: PlayerId; trooper: string; view: StateView }) {
  const state = useGame((s) => s.state);
  const setup = useGame((s) => s.setup);
  const profile = knownProfiles(state, player)[trooper];
  const [attack, setAttack] = useState<(Weapon & { cc?: boolean }) | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const o = state.order;
  const second = o?.trooper === trooper && o.stage === 'second';
  // ORD-3: the Lieutenant Special Order, offered on the owner's screen when the core allows it.
  useStore(lieutenantChoice, (s) => s.key);
  const lt = second ? null : lieutenantOrderChoice(state, player, trooper);
  const onLt = lt === 'may' && onLieutenantOrder(state, trooper);
  if (!profile) return null;
  const context: SkillContext = { player, trooper, profile, view, second };
  const act = (a: SkillAct) => {
    // COORD-4: a Coordinated Order's second Move or Jump: each participant's own path or landing, in turn
    // from where its first skill left it; a direct template: each participant aims its own.
    const members = second && o.with ? [o.trooper, ...o.with] : null;
    if (a.kind === 'path' && members && (a.skill === 'move' || a.skill === 'jump')) orderTool.send({ type: 'coord', members, skill: a.skill });
    else if (a.kind === 'aim' && members) orderTool.send({ type: 'coord', members, skill: 'bs-attack', weapons: coordTemplates(state, player, members, a.weapon) });
    else if (a.kind === 'path') orderTool.send({ type: 'start', trooper, skill: a.skill });
    else if (a.kind === 'aim') orderTool.send({ type: 'aim', trooper, weapon: a.weapon });
    else if (a.kind === 'form') setAttack(a.skill === 'cc-attack' ? { ...a.weapon, cc: true } : a.weapon);
    else {
      const r = gameStore.getState().dispatch(orderCommand(state, player, trooper, a.skill, onLt));
      setNotice(r.ok ? null : r.rejection.message);
    }
  };
  const buttons = Object.values(UI_SKILLS).flatMap((ui) => ui.buttons(context));
  return (
    <div className="skills-panel" data-testid="skill-chooser">
      <p className="hint">{second ? `Second skill of ${profile.name}` : `${profile.name}: declare its first skill`}</p>
      {lt === 'may' && (
        <label className="setting" data-testid="lt-order" title="ORD-3: your Lieutenant may spend the Lieutenant Special Order instead of a Regular one; spending it shows your opponent who your Lieutenant is (GRP-4)">
          <input type="checkbox" checked={onLt} data-testid="lt-order-check" onChange={(e) => chooseLieutenantOrder(state, trooper, e.target.checked)} />
          Spend the Lieutenant Special Order (reveals your Lieutenant)
        </label>
      )}
      {lt === 'only' && (
        <p className="hint" data-testid="lt-order-only" title="ORD-3: its Combat Group has no Regular Order left; spending it shows your opponent who your Lieutenant is (GRP-4)">
          On the Lieutenant Special Order (reveals your Lieutenant)
        </p>
      )}
      <div className="skill-buttons">
        {buttons.map((b) => {
          const r = gameStore.getState().preview(orderCommand(state, player, trooper, b.judge, onLt));
          if (!r.ok && b.hides?.(r.rejection)) return null;
          const blocked = !r.ok && !b.waits?.(r.rejection);
          const why = !r.ok && blocked ? `${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}` : undefined;
          return (
            <button key={b.key} type="button" disabled={blocked} title={why} data-testid={b.testId} onClick={() => act(b.act)}>
              {b.label}
            </button>
          );
        })}
        {second && (
          <button type="button" data-testid="skill-none" onClick={() => gameStore.getState().dispatch({ do: 'second', player, skill: 'none' })}>
            No second skill
          </button>
        )}
      </div>
      {attack && <AttackForm player={player} trooper={trooper} weapon={attack} view={view} onDone={() => setAttack(null)} />}
      {notice && <p className="notice error">{notice}</p>}
      <span hidden>{setup.players[player].name}</span>
    </div>
  );
}

/** The path being drawn: its length against the MOV value, the engine's verdict, and what to do next. */
function PathPanel() {
  const snap = useOrderTool();
  const state = useGame((s) => s.state);
  const player = orderingPlayer();
  const names = knownProfiles(state, player);
  const shown = (key: string) => names[key]?.name ?? `Marker ${key}`;
  // The verdict, who may react and Declare stay in view as the path changes (960x540: under the fold).
  const act = useRef<HTMLDivElement>(null);
  useKeepInView(act, `${snap.phase}:${snap.trooper}:${snap.skill}:${snap.waypoints.length}:${snap.verdict?.ok}:${!!snap.reading}`);
  if (snap.phase === 'idle') return null;
  const drawing = snap.phase === 'drawing';
  const coord = snap.coord;
  const at = coord ? coord.members.indexOf(snap.trooper!) : -1;
  const last = !coord || at === coord.members.length - 1;
  return (
    <div className="path-panel" data-testid="path-panel">
      {coord && <CoordHeader members={coord.members} at={at} />}
      {drawing ? (
        <p>
          <b>{movementTitle(snap.skill)}</b>
          {snap.skill === 'jump' || snap.skill === 'climb' ? (
            <>
              : point at the surface where it lands and click. {snap.skill === 'jump' ? 'Jump' : 'Climb'} <b data-testid="path-length">{lengthText(snap.length, snap.mov ?? undefined)}"</b> of {snap.mov}" (from the silhouette to the landing base's edge)
            </>
          ) : (
            <>
              : click waypoints on the table. Path <b data-testid="path-length">{lengthText(snap.length, snap.mov ?? undefined)}"</b> of {snap.mov}"
            </>
          )}
        </p>
      ) : (
        <p>
          <b>Aim the template</b>: click where its axis should run.
        </p>
      )}
      {/* The verdict and Declare first, the facing and Prone after them: Declare is what the player looks for. */}
      <div className="path-act" ref={act}>
        {snap.verdict && (
          <p className={`notice ${snap.verdict.ok ? 'info' : 'error'}`} data-testid="path-verdict">
            {snap.verdict.rule ? `${snap.verdict.rule}: ` : ''}
            {snap.verdict.message}
          </p>
        )}
        {drawing && snap.reading && (
          <p className="hint" data-testid="path-reactors">
            {snap.reading.reactors.length === 0
              ? 'No enemy you know of would see it or have it in its Zone of Control on this path.'
              : `May react: ${snap.reading.reactors.map((r) => shown(r.key)).join(', ')} (coloured on the path: yellow one, orange two, pink three or more).`}
          </p>
        )}
        <div className="row">
          {drawing && (
            <button type="button" className="primary" data-testid="declare-move" onClick={() => orderTool.send({ type: 'declare' })}>
              {last ? (coord ? `Declare the Coordinated ${movementTitle(snap.skill)}` : snap.skill === 'jump' || snap.skill === 'climb' ? `Declare the ${movementTitle(snap.skill)}` : 'Declare the Move') : `Next: ${shown(coord!.members[at + 1]!)}`}
            </button>
          )}
          {drawing && snap.skill !== 'jump' && snap.skill !== 'climb' && (
            <button type="button" onClick={() => orderTool.send({ type: 'back' })} disabled={snap.waypoints.length === 0 && at <= 0} data-testid="path-undo" title="Take the last waypoint back (Backspace)">
              {snap.waypoints.length === 0 && coord && at > 0 ? `Back to ${shown(coord.members[at - 1]!)}` : 'Undo last point'}
            </button>
          )}
          {coord && at > 0 && (!drawing || snap.skill === 'jump' || snap.skill === 'climb') && (
            <button type="button" onClick={() => orderTool.send({ type: 'back' })} data-testid="path-undo" title="Back to the participant before (Backspace)">
              Back to {shown(coord.members[at - 1]!)}
            </button>
          )}
          <button type="button" onClick={() => orderTool.send({ type: 'cancel' })}>
            Cancel
          </button>
        </div>
      </div>
      {drawing && <MoveOptions snap={snap} prone={!!(snap.trooper && state.troopers[snap.trooper]?.prone)} />}
    </div>
  );
}

/** Manual dice: what the Order waits for, by trooper, as the viewer names them. */
function DiceNeeds({ view }: { view: StateView }) {
  const o = view.order!;
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const names = knownProfiles(state, viewer);
  const [text, setText] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const submit = () => {
    const rolls: Record<string, number[]> = {};
    for (const [id] of Object.entries(o.needs)) rolls[id] = (text[id] ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
    const r = gameStore.getState().dispatch({ do: o.stage === 'saves' ? 'saves' : 'rolls', rolls } as Command);
    setNotice(r.ok ? null : r.rejection.message);
    if (r.ok) setText({});
  };
  return (
    <div className="dice-needs" data-testid="dice-needs">
      <p>
        <b>{o.stage === 'saves' ? 'Saving rolls' : 'Rolls'}</b>: type in each trooper's dice, in order, separated by spaces.
      </p>
      {Object.entries(o.needs).map(([id, n]) => (
        <label key={id} className="die-row">
          <span>
            {names[id]?.name ?? id} ({n} {n === 1 ? 'die' : 'dice'})
          </span>
          <input value={text[id] ?? ''} data-testid={`dice-${id}`} onChange={(e) => setText({ ...text, [id]: e.target.value })} />
        </label>
      ))}
      <button type="button" className="primary" data-testid="dice-submit" onClick={submit}>
        Roll
      </button>
      {notice && <p className="notice error">{notice}</p>}
    </div>
  );
}

/** Regroup (GRP-3): before the turn's first Order, the selected trooper to another Combat Group. */
function Regroup({ player, trooper, group }: { player: PlayerId; trooper: string; group: number }) {
  const groups = [1, 2, 3, 4];
  const ok = groups.filter((g) => g !== group && gameStore.getState().preview({ do: 'regroup', player, trooper, group: g }).ok);
  if (ok.length === 0) return null;
  return (
    <p className="regroup">
      Combat Group {group} · move to{' '}
      {ok.map((g) => (
        <button key={g} type="button" className="link" data-testid={`regroup-${g}`} onClick={() => gameStore.getState().dispatch({ do: 'regroup', player, trooper, group: g })}>
          group {g}
        </button>
      ))}
    </p>
  );
}

/** COORD-1: the button that starts picking a Coordinated Order, greyed with the core's reason where none may be given this turn. */
function CoordStart({ state, player, onStart }: { state: Parameters<typeof coordinatedOrderClosed>[0]; player: PlayerId; onStart: () => void }) {
  const closed = coordinatedOrderClosed(state, player);
  const title = closed ? `${closed.rule}: ${closed.message}` : 'A Coordinated Order: one Order and a Command Token for 2 to 4 troopers of one Combat Group (COORD-1)';
  return (
    <button type="button" data-testid="coord-start" disabled={closed !== null} title={title} onClick={onStart}>
      Coordinated Order…
    </button>
  );
}

export function TurnPanel() {
  const view = useGame(selectView);
  const state = useGame((s) => s.state);
  const setup = useGame((s) => s.setup);
  const selected = useSession((s) => s.selected);
  useMatch((s) => s.seat);
  useMatch((s) => s.handOverTo);
  const snap = useOrderTool();
  const mode = useMatch((s) => s.mode);
  const seat = useMatch((s) => s.seat);
  const viewer = useGame((s) => s.viewer);
  // COORD-13: the troopers picked for a Coordinated Order, in order (null: not picking).
  const [picked, setPicked] = useState<string[] | null>(null);
  // A trooper of the ordering player selected on the table while picking joins them (or leaves).
  useEffect(() => {
    if (!picked || !selected) return;
    const id = view.markers[selected]?.trooper ?? selected;
    if (state.troopers[id]?.player !== orderingPlayer() || picked.includes(id)) return;
    setPicked([...picked, id]);
    // Only a new selection counts: `picked` changing must not add it again.
  }, [selected]);
  if (view.phase !== 'game') return null;
  const player = orderingPlayer();
  const o = view.order;
  // While the reactive player's ARO panel is on this screen, it is the only panel of the turn.
  if (o && (o.stage === 'aro1' || o.stage === 'aro2')) {
    const reactive = o.player === 'A' ? 'B' : 'A';
    if (mode === 'hotseat' ? seat === reactive : viewer === null || viewer === reactive) return null;
  }
  let body: React.ReactNode = null;
  if (o && (o.stage === 'rolls' || o.stage === 'saves')) body = <DiceNeeds view={view} />;
  else if (o && o.stage === 'dodge-moves') body = snap.phase !== 'idle' ? <PathPanel /> : <DodgeMovePanel view={view} />;
  else if (o && (o.stage === 'aro1' || o.stage === 'aro2')) {
    body = (
      <p className="hint" data-testid="waiting-aros">
        Waiting for {playerPossessive(setup, o.player === 'A' ? 'B' : 'A')} AROs (window {o.stage === 'aro1' ? 1 : 2}).
      </p>
    );
  } else if (player) {
    const own = selected ? (view.markers[selected]?.trooper ?? selected) : null;
    const t = own ? state.troopers[own] : undefined;
    const mine = t && t.player === player;
    const trooper = o ? o.trooper : mine ? own! : null;
    body = (
      <>
        {snap.phase !== 'idle' ? (
          <PathPanel />
        ) : !o && picked ? (
          <CoordPicker player={player} view={view} picked={picked} setPicked={setPicked} onClose={() => setPicked(null)} />
        ) : trooper ? (
          <>
            {!o && mine && t && <Regroup player={player} trooper={own!} group={t.group} />}
            <SkillChooser player={player} trooper={trooper} view={view} />
          </>
        ) : (
          <p className="hint" data-testid="pick-trooper">
            Select one of your troopers to give it an Order.
          </p>
        )}
        {!o && !picked && snap.phase === 'idle' && <CoordStart state={state} player={player} onStart={() => setPicked([])} />}
      </>
    );
  }
  return (
    <section className="card turn-panel" data-testid="turn-panel">
      <PoolLine view={view} />
      <NextPoolLine view={view} />
      {body}
      <HandOverSetting />
    </section>
  );
}

/** Hotseat: whether every ARO window hands the screen over, even one the core lets pass on public information (ARO-1). */
function HandOverSetting() {
  const mode = useMatch((s) => s.mode);
  const always = useMatch((s) => s.handOverAlways);
  const remote = useMatch((s) => s.remote);
  const bot = useMatch((s) => s.bot);
  // Two machines, or a game against the table: nothing is handed over (one person at this screen).
  if (mode !== 'hotseat' || remote !== null || bot !== null) return null;
  return (
    <label className="setting" title="Off: a window goes to the reactive player only when one of their troopers you know of may react, or a trooper of theirs able to hide has not been seen; the rest pass at once, which tells you nothing you did not know. On: every window is handed over, so not even whether their list holds a trooper able to hide shows.">
      <input type="checkbox" checked={always} data-testid="hand-over-always" onChange={(e) => matchStore.getState().setHandOverAlways(e.target.checked)} />
      Hand over at every ARO window
    </label>
  );
}
