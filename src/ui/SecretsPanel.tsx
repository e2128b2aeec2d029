import { useEffect, useState } from 'react';
import type { Command, CommandOf, GameEvent, PlayerId } from '../core/model/types';
import { gameStore, selectView, useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { profileIn } from '../state/pieces';
import { sessionStore, useSession } from '../state/sessionStore';
import { DieProblem, dieValue } from './DieEntry';
import { inchesLabel } from './labels';
import { discoverOdds, type StateView, viewEvents } from '../core/api';

type RevealDeclares = CommandOf<'reveal'>['declares'];

/** Every skill a hidden trooper may declare to appear (HD-10); the engine says which the turn allows. */
const DECLARES: { value: RevealDeclares; label: string }[] = [
  { value: 'cautious-move', label: 'Cautious Move' },
  { value: 'short-move-no-roll', label: 'Short Movement Skill, no roll' },
  { value: 'mount', label: 'Mount' },
  { value: 'dismount', label: 'Dismount' },
  { value: 'delay-aro', label: 'Delay (ARO)' },
  { value: 'stop-marker-state', label: 'Stop an enemy returning to a marker (ARO)' },
  { value: 'other', label: 'Any other skill' },
];

const tenth = (n: number) => inchesLabel(Math.round(n * 10) / 10);

/** Where a revealed trooper appeared: on its recorded spot, or where HD-17 put it, and how far off. */
export function revealText(name: string, recorded: { x: number | null; y: number | null }, e: Extract<GameEvent, { type: 'revealed' }>): string {
  const moved = Math.hypot(e.x - (recorded.x ?? e.x), e.y - (recorded.y ?? e.y));
  const head = `${name} appears${e.as === 'marker' ? ' as a marker' : ''} at x ${tenth(e.x)}, y ${tenth(e.y)}`;
  return moved > 0.01 ? `${head}, ${tenth(moved)} from its recorded spot: something stood there (HD-17, the closest free spot).` : `${head}, on its recorded spot.`;
}

const pc = (p: number) => `${Math.round(p * 100)}%`;

function firstOf<T extends GameEvent['type']>(events: readonly GameEvent[], type: T): Extract<GameEvent, { type: T }> | undefined {
  return events.find((e) => e.type === type) as Extract<GameEvent, { type: T }> | undefined;
}

/** The player acting at this screen for a piece: in Hotseat the seat; otherwise the piece's owner. */
function useActor(): (owner: PlayerId) => boolean {
  const mode = useMatch((s) => s.mode);
  const seat = useMatch((s) => s.seat);
  const viewer = useGame((s) => s.viewer);
  return (owner) => (mode === 'hotseat' ? seat === owner : viewer === null || viewer === owner);
}

/** HD-10, HD-11, HD-17: the owner's hidden trooper appears, declaring a skill the turn allows. */
function RevealPanel({ trooper, player, view, onRevealed }: { trooper: string; player: PlayerId; view: StateView; onRevealed: (key: string, text: string) => void }) {
  const setup = useGame((s) => s.setup);
  const state = useGame((s) => s.state);
  const [declares, setDeclares] = useState<RevealDeclares | ''>('');
  const [facing, setFacing] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const t = view.troopers[trooper]!;
  const name = profileIn(setup, trooper)?.name ?? trooper;
  const own = view.active === player;
  // The engine judges each declaration: those it refuses as out of turn are not offered.
  const allowed = DECLARES.filter((d) => {
    const r = gameStore.getState().preview({ do: 'reveal', player, trooper, declares: d.value });
    return r.ok || r.rejection.code !== 'not-active-player';
  });
  void state;
  const chosen: RevealDeclares | '' = allowed.some((d) => d.value === declares) ? declares : (allowed[0]?.value ?? '');
  const f = facing.trim() === '' ? undefined : Number(facing);
  const cmd: Command = { do: 'reveal', player, trooper, declares: chosen || 'other', ...(f !== undefined && Number.isFinite(f) ? { facing: f } : {}) };
  const check = chosen ? gameStore.getState().preview(cmd) : null;

  const reveal = () => {
    const r = gameStore.getState().dispatch(cmd);
    if (!r.ok) {
      setNotice(`${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}`);
      return;
    }
    const e = firstOf(r.events, 'revealed');
    if (!e) return;
    const markerId = r.state.troopers[trooper]?.markerId;
    const key = e.as === 'marker' && markerId ? markerId : trooper;
    onRevealed(key, revealText(name, t, e));
    sessionStore.getState().select(key);
  };

  return (
    <section className="card secrets-panel" data-testid="reveal-panel">
      <h3>Reveal {name}</h3>
      <p className="hint">
        Hidden at x {inchesLabel(t.x ?? 0)}, y {inchesLabel(t.y ?? 0)}. It appears when it declares a skill: {own ? 'in your Active Turn' : 'as an ARO in the opponent\'s turn'} (HD-10).
      </p>
      <label className="field">
        <span>Declares</span>
        <select value={chosen} onChange={(e) => setDeclares(e.target.value as RevealDeclares)} data-testid="reveal-declares">
          {allowed.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Facing (°)</span>
        <input type="number" min={0} max={359} step={15} placeholder={`${Math.round(t.facing ?? 0)} (as recorded)`} value={facing} onChange={(e) => setFacing(e.target.value)} data-testid="reveal-facing" />
      </label>
      {check && !check.ok && (
        <p className="error" data-testid="reveal-refused">
          {check.rejection.rule ? `${check.rejection.rule}: ` : ''}
          {check.rejection.message}
        </p>
      )}
      <button type="button" className="primary" disabled={!check?.ok} onClick={reveal} data-testid="reveal">
        Reveal
      </button>
      {notice && (
        <p className="error" data-testid="reveal-error">
          {notice}
        </p>
      )}
    </section>
  );
}

/** TOC-5, TOC-6: a Discover roll from the active player's trooper against an enemy marker. */
function DiscoverPanel({ trooper, player, view, marker, onMarker }: { trooper: string; player: PlayerId; view: StateView; marker: string | null; onMarker: (m: string) => void }) {
  const setup = useGame((s) => s.setup);
  const manual = useGame((s) => s.state.dice.mode === 'manual');
  useGame((s) => s.state);
  const [die, setDie] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<{ from: number; target: string } | null>(null);
  const history = useGame((s) => s.history);
  const tellResult = (events: readonly GameEvent[], target: string) => {
    const rolled = firstOf(events, 'roll');
    const found = firstOf(events, 'discovered');
    const who = found ? (profileIn(setup, found.trooper)?.name ?? found.trooper) : null;
    setNotice(`Rolled ${rolled?.roll} against ${rolled?.target}: ${found ? `${target} is discovered: ${who}.` : `${target} stays hidden.`}`);
    if (found) sessionStore.getState().select(found.trooper);
  };
  // The Discover both machines made, once it is in the game: its roll as this player sees it.
  useEffect(() => {
    if (!awaiting) return;
    const at = history.findIndex((h, i) => i >= awaiting.from && h.command.do === 'discover' && (h.command as { trooper?: string }).trooper === trooper);
    if (at < 0) return;
    const h = history[at]!;
    setAwaiting(null);
    tellResult(viewEvents(h.events, h.before, h.after, player, h.command), awaiting.target);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history, awaiting]);
  const markers = Object.entries(view.markers)
    .filter(([, m]) => m.player !== player)
    .map(([id]) => id)
    .sort();
  const target = marker && markers.includes(marker) ? marker : null;
  const name = profileIn(setup, trooper)?.name ?? trooper;
  const wip = profileIn(setup, trooper)?.wip ?? 0;
  if (markers.length === 0 && !notice) return null;

  let body = null;
  if (target) {
    const g = gameStore.getState();
    const m = g.preview({ do: 'measure', from: trooper, to: target });
    const range = m.ok ? (firstOf(m.events, 'distance')?.inches ?? 0) : 0;
    const l = g.preview({ do: 'lof', from: trooper, to: target });
    const lof = l.ok ? firstOf(l.events, 'lof') : undefined;
    // TOC-5: the engine's Success Value and odds for this Discover (WIP, the range MOD, -6).
    const d = discoverOdds(g.state, trooper, target, player);
    const rangeMod = d?.rangeMod ?? 0;
    const sv = d?.sv ?? 0;
    const odds = { success: d?.success ?? 0, critical: d?.critical ?? 0 };
    const check = g.preview({ do: 'discover', player, trooper, target, roll: 20 });
    const n = Number(die);
    const dieOk = !manual || dieValue(die) !== null;
    const roll = () => {
      const r = gameStore.getState().dispatch({ do: 'discover', player, trooper, target, ...(manual ? { roll: n } : {}) });
      if (!r.ok) {
        setNotice(`${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}`);
        return;
      }
      setDie('');
      // Two machines: the roll is made of both machines' dice; its result comes with the game.
      if (r.pending) {
        setAwaiting({ from: gameStore.getState().history.length, target });
        setNotice(`Rolling with both machines' dice against ${target}…`);
        return;
      }
      tellResult(r.events, target);
    };
    const mods = `${rangeMod >= 0 ? '+' : ''}${rangeMod} range, -6 TO Camouflage`;
    body = (
      <>
        <dl className="facts discover-facts">
          <dt>Range</dt>
          <dd data-testid="discover-range">{inchesLabel(Math.round(range * 10) / 10)}</dd>
          <dt>Line of Fire</dt>
          <dd data-testid="discover-lof" className={lof?.visible ? 'ok' : 'bad'}>
            {lof ? (lof.visible ? `yes, ${pc(lof.seen)} seen${lof.cover ? ', Partial Cover' : ''}` : 'no') : 'unknown'}
          </dd>
          <dt>MODs</dt>
          <dd data-testid="discover-mods">{mods}</dd>
          <dt>Target</dt>
          <dd data-testid="discover-target">
            WIP {d?.wip ?? wip} {rangeMod >= 0 ? '+' : '-'} {Math.abs(rangeMod)} - 6 = <b>{sv}</b>
          </dd>
          <dt>Odds</dt>
          <dd data-testid="discover-odds">
            {pc(odds.success)} to discover{odds.critical > 0 ? ` (critical ${pc(odds.critical)})` : ''}
          </dd>
        </dl>
        {notice && (
          <p className="notice" data-testid="discover-notice">
            {notice}
          </p>
        )}
        {!check.ok && view.order && notice ? null : !check.ok ? (
          <p className="error" data-testid="discover-refused">
            {check.rejection.rule ? `${check.rejection.rule}: ` : ''}
            {check.rejection.message}
          </p>
        ) : (
          <div className="discover-roll">
            {manual && (
              <label className="field">
                <span>Die</span>
                <input type="number" min={1} max={20} value={die} onChange={(e) => setDie(e.target.value)} data-testid="discover-die" placeholder="1-20" />
              </label>
            )}
            <button type="button" className="primary" disabled={!dieOk} onClick={roll} data-testid="discover-roll">
              {manual ? 'Enter roll' : 'Roll'}
            </button>
            {manual && <DieProblem text={die} testId="discover-die-problem" />}
          </div>
        )}
      </>
    );
  }
  return (
    <section className="card secrets-panel" data-testid="discover-panel">
      <h3>Discover with {name}</h3>
      <label className="field">
        <span>Marker</span>
        <select value={target ?? ''} onChange={(e) => onMarker(e.target.value)} data-testid="discover-marker">
          <option value="" disabled>
            pick a marker
          </option>
          {markers.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      {!target && <p className="hint">Pick an enemy marker here or on the table.</p>}
      {!target && notice && (
        <p className="notice" data-testid="discover-notice">
          {notice}
        </p>
      )}
      {body}
    </section>
  );
}

/**
 * In the game: Reveal for the owner's selected hidden trooper, and Discover from the active player's
 * selected trooper against an enemy marker (picked on the table, or in the panel).
 */
export function SecretsPanel() {
  const view = useGame(selectView);
  const selected = useSession((s) => s.selected);
  const acts = useActor();
  const [discoverer, setDiscoverer] = useState<string | null>(null);
  const [marker, setMarker] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ key: string; text: string } | null>(null);

  // A click on the active player's own model makes it the discoverer; a click on an enemy marker picks it.
  useEffect(() => {
    if (revealed && selected !== revealed.key) setRevealed(null);
    if (!selected) {
      setDiscoverer(null);
      return;
    }
    const t = view.troopers[selected];
    const m = view.markers[selected];
    if (t && t.status === 'model' && t.player === view.active && acts(t.player)) setDiscoverer(selected);
    else if (m && discoverer && m.player !== view.troopers[discoverer]?.player) setMarker(selected);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);

  if (view.phase !== 'game' || !view.active) return null;
  const sel = selected ? view.troopers[selected] : undefined;
  if (selected && sel && sel.status === 'hidden' && acts(sel.player)) {
    return <RevealPanel key={selected} trooper={selected} player={sel.player} view={view} onRevealed={(key, text) => setRevealed({ key, text })} />;
  }
  if (revealed && selected === revealed.key) {
    return (
      <section className="card secrets-panel" data-testid="reveal-done">
        <h3>Revealed</h3>
        <p className="notice" data-testid="reveal-notice">
          {revealed.text}
        </p>
      </section>
    );
  }
  const d = discoverer ? view.troopers[discoverer] : undefined;
  if (discoverer && d && d.status === 'model' && d.player === view.active && acts(d.player)) {
    return <DiscoverPanel key={discoverer} trooper={discoverer} player={d.player} view={view} marker={marker} onMarker={setMarker} />;
  }
  return null;
}
