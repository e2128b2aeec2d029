import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { GameEvent, PlayerId } from '../core/model/types';
import { useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import { DiceTray } from '../scene/DiceTray';
import { PLAYER_COLOURS } from '../scene/palette';
import { airborne, controlledJumpHackers, JUMP_TURN_STEP, jumpOdds, type JumpState } from '../tools/jump';
import { jumpingPlayer, jumpTool, refine, warmLandingMaps } from '../tools/jumpPage';
import { DieEntry } from './DieEntry';
import { useTouch } from './touchMode';
import { eventLine, facingLabel } from './labels';
import { EXPOSURE_COLOURS, MAP_LOOK } from '../scene/jumpColours';
import { controlledJumpMayBeDeclared, hideableTroopers, knownProfiles, viewFor } from '../core/api';
import { usePendingJump } from '../state/pendingJump';
import { askControlledJump, ControlledJumpQuestion, PendingJumpRoll } from './ControlledJump';

function useJump<T>(selector: (s: JumpState) => T): T {
  return useStore(jumpTool.store, selector);
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/** The colour scale of the map, from safe to exposed. */
function Legend() {
  return (
    <div className="jump-legend" aria-label="Exposure scale">
      {EXPOSURE_COLOURS.map((c, i) => (
        <span key={c} className="jump-swatch">
          <i style={{ background: c }} />
          {i === EXPOSURE_COLOURS.length - 1 ? `${i}+` : i}
        </span>
      ))}
      <span className="muted">enemies with LoF</span>
      <span className="jump-swatch">
        <i style={{ background: MAP_LOOK.veil, outline: '1px solid var(--border)' }} />
        <span className="muted">no landing</span>
      </span>
    </div>
  );
}

function Progress({ label, done, testId }: { label: string; done: number; testId: string }) {
  return (
    <div className="jump-progress" data-testid={testId}>
      <span>{label}</span>
      <progress max={1} value={done} />
      <span>{Math.round(done * 100)}%</span>
    </div>
  );
}

/** The map workers started while the player is still choosing, so the first map comes sooner (issue 41). */
function WarmMaps({ player, trooper }: { player: PlayerId; trooper: string }) {
  useEffect(() => warmLandingMaps(player, trooper), [player, trooper]);
  return null;
}

/** Manual dice: the PH roll made at the table, typed in. */
function ManualJump({ target }: { target: number }) {
  return <DieEntry label={`PH roll (needs ${target} or less)`} testId="jump-roll" button="Jump" buttonTestId="jump-go" onRoll={(die) => jumpTool.jump(die)} />;
}

function RollShown({ events, player, name }: { events: GameEvent[]; player: PlayerId; name: string }) {
  const count = useGame((s) => s.history.length);
  const gameSeq = useMatch((s) => s.gameSeq);
  const roll = events.find((e) => e.type === 'roll');
  if (!roll || roll.type !== 'roll') return null;
  return (
    <div className="jump-roll" data-testid="jump-roll-result" data-result={roll.result}>
      <DiceTray throwKey={`jump:${gameSeq}:${roll.index}:${count > 0 ? roll.index : 0}`} dice={[{ value: roll.roll, colour: PLAYER_COLOURS[player] }]} className="small" />
      <span>
        {name}: PH roll <b className="die-value">{roll.roll}</b> against {roll.target}:{' '}
        <b className={`die-outcome outcome-${roll.result}`}>{roll.result === 'failure' ? 'failed' : roll.result === 'critical' ? 'critical!' : 'passed'}</b>
      </span>
    </div>
  );
}

/** Turn the jumper (or its fallback) by a wheel notch's step, as Q (left) and E (right) do. */
function TurnButtons() {
  return (
    <span className="turn-buttons" role="group" aria-label="Turn the trooper">
      <button type="button" className="small" onClick={() => jumpTool.turn(JUMP_TURN_STEP)} data-testid="jump-turn-left" title={`Turn ${JUMP_TURN_STEP}° to the left (Q)`} aria-label={`Turn ${JUMP_TURN_STEP}° left`}>
        ⟲
      </button>
      <button type="button" className="small" onClick={() => jumpTool.turn(-JUMP_TURN_STEP)} data-testid="jump-turn-right" title={`Turn ${JUMP_TURN_STEP}° to the right (E)`} aria-label={`Turn ${JUMP_TURN_STEP}° right`}>
        ⟳
      </button>
    </span>
  );
}

/**
 * The Combat Jump in the side panel: the airborne troopers that may jump now, and for the one in hand
 * the map's progress and scale, the answer for the spot under the pointer, the jump's options and odds,
 * and what the jump did (the roll, the fallback, the explosion, the AROs).
 */
export function JumpPanel() {
  const state = useGame((s) => s.state);
  const setup = useGame((s) => s.setup);
  useGame((s) => s.viewer);
  const seat = useMatch((s) => s.seat);
  const mode = useMatch((s) => s.mode);
  const remote = useMatch((s) => s.remote);
  // Against the table (the bot plays the other side) nothing is handed over: the checkbox stays.
  const bot = useMatch((s) => s.bot);
  useMatch((s) => s.handOverTo);
  const s = useJump((x) => x);
  const touch = useTouch();
  const pending = usePendingJump();
  // CJ-11 in Hotseat: the reactive player's question, then the jumping player's roll with the answer.
  if (pending && mode === 'hotseat' && remote === null && bot === null && state.troopers[pending.cmd.trooper]?.status === 'off-table') {
    if (seat === pending.asked && pending.answer === undefined) return <ControlledJumpQuestion pending={pending} />;
    if (seat === pending.cmd.player && pending.answer !== undefined) return <PendingJumpRoll pending={pending} />;
  }
  const player = jumpingPlayer() ?? (s.phase !== 'idle' ? s.player : null);
  if (!player) return null;
  const known = knownProfiles(state, player);
  const name = (id: string) => known[id]?.name ?? id;

  if (s.phase === 'idle') {
    const ids = airborne(state, player);
    if (ids.length === 0) return null;
    return (
      <section className="card jump-panel" data-testid="jump-panel">
        <WarmMaps player={player} trooper={ids[0]!} />
        <h2>Airborne</h2>
        <ul className="jump-list">
          {ids.map((id) => (
            <li key={id}>
              <span>{name(id)}</span>
              <button type="button" onClick={() => jumpTool.take(id)} data-testid={`jump-${id}`}>
                Combat Jump
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const trooper = s.trooper!;
  const profile = known[trooper];
  const header = (
    <h2>
      Combat Jump: <span style={{ color: PLAYER_COLOURS[player] }}>{name(trooper)}</span>
    </h2>
  );

  if (s.phase === 'aiming') {
    const other: PlayerId = player === 'A' ? 'B' : 'A';
    // CJ-11: in Hotseat the other player declares the Controlled Jump ARO on their own screen, asked
    // whenever they may have a hacker the jumping player cannot rule out (the core decides from this view).
    const ask = mode === 'hotseat' && remote === null && bot === null && controlledJumpMayBeDeclared(viewFor(state, player), known, other, hideableTroopers(state.setup, other));
    const hackers = ask ? [] : controlledJumpHackers(state, player);
    const odds = jumpOdds(state, trooper, s.controlledJump);
    const h = s.hover;
    return (
      <section className="card jump-panel" data-testid="jump-panel" data-phase="aiming">
        {header}
        {s.progress !== null ? (
          <Progress label="Landing map" done={s.progress} testId="jump-progress" />
        ) : (
          <p className="muted" data-testid="jump-map-ready">
            Map ready ({s.map?.step}"): the shaded spots are where it may land.
          </p>
        )}
        {s.fine && s.fineProgress === null && (
          <p className="muted" data-testid="jump-fine-ready">
            Finer map (0.25") from ({s.fine.x0}, {s.fine.y0}) to ({s.fine.x0 + s.fine.cols * s.fine.step}, {s.fine.y0 + s.fine.rows * s.fine.step}).
          </p>
        )}
        {s.fineProgress !== null && <Progress label='Finer map (0.25")' done={s.fineProgress} testId="jump-fine-progress" />}
        <Legend />
        <div className="jump-actions">
          <button type="button" onClick={() => refine()} disabled={s.progress !== null} data-testid="jump-refine" title="A finer map (0.25&quot;) over the part of the table in view; zooming in does it too">
            Refine the view
          </button>
          <button type="button" onClick={() => jumpTool.cancel()} data-testid="jump-cancel">
            Cancel
          </button>
        </div>
        {h ? (
          <div className={`jump-hover ${h.legal ? 'ok' : 'bad'}`} data-testid="jump-hover" data-legal={h.legal ? 'true' : 'false'} data-rule={h.rule ?? ''}>
            {h.legal ? (
              <>
                <b>✓ May land here</b> {h.z > 0 ? `(on a roof, ${h.z}" up: no Cover this Order)` : ''}
                <br />
                {h.seenBy.length ? (
                  <>
                    Seen by {h.seenBy.length}: <span data-testid="jump-seen-by">{h.seenBy.map(name).join(', ')}</span>
                  </>
                ) : (
                  <span data-testid="jump-seen-by">No known enemy would see it here.</span>
                )}
              </>
            ) : (
              <>
                <b>✗ {h.rule ? `${h.rule}: ` : ''}</b>
                {h.message}
              </>
            )}
          </div>
        ) : (
          <p className="muted">{touch ? 'Tap the table: why a spot is refused, or who would see the trooper land there.' : 'Point at the table: why a spot is refused, or who would see the trooper land there.'}</p>
        )}
        <p className="jump-odds" data-testid="jump-odds">
          PH {profile?.ph}
          {s.controlledJump ? ' −3 (Controlled Jump)' : ''}: needs {odds.target} or less, <b>{pct(odds.success)}</b> to land where placed
        </p>
        {s.error && (
          <p className="notice error" data-testid="jump-error">
            {s.error}
          </p>
        )}
        {s.pinned ? (
          <div className="jump-pinned" data-testid="jump-pinned">
            <p>
              Lands at ({s.pinned.x.toFixed(1)}, {s.pinned.y.toFixed(1)}){s.pinned.z > 0 ? `, ${s.pinned.z}" up` : ''}, facing {facingLabel(s.facing)}.{' '}
              <span className="muted">{touch ? 'The buttons turn it; tap another spot to move it.' : 'Wheel or Q/E turns it; click another spot to move it.'}</span>
            </p>
            <TurnButtons />
            {profile?.skills.includes('to-camouflage') && (
              <label>
                <input type="checkbox" checked={s.as === 'marker'} onChange={(e) => jumpTool.options({ as: e.target.checked ? 'marker' : 'model' })} /> Land as a TO
                Camouflage marker
              </label>
            )}
            {profile?.skills.includes('combat-jump-explosion') && (
              <label>
                <input type="checkbox" checked={s.explosion} onChange={(e) => jumpTool.options({ explosion: e.target.checked })} data-testid="jump-explosion" /> Explode on
                landing (Circular Template, Damage 12)
              </label>
            )}
            {hackers.map((hk) => (
              <label key={hk} title="Declared by the opponent before the roll (CJ-11): set it together">
                <input
                  type="checkbox"
                  checked={s.controlledJump === hk}
                  onChange={(e) => jumpTool.options({ controlledJump: e.target.checked ? hk : null })}
                  data-testid={`jump-controlled-${hk}`}
                />{' '}
                Controlled Jump ARO by {name(hk)} (−3)
              </label>
            ))}
            {ask ? (
              <button
                type="button"
                className="primary"
                data-testid="jump-ask"
                onClick={() => {
                  const p = s.pinned!;
                  jumpTool.cancel();
                  askControlledJump(
                    { do: 'combatJump', player, trooper, at: { x: p.x, y: p.y, z: p.z }, facing: s.facing, ...(s.as === 'marker' ? { as: 'marker' as const } : {}), ...(s.explosion ? { explosion: true as const } : {}) },
                    other,
                  );
                }}
                title="The other player may declare a Controlled Jump ARO before the PH roll (CJ-11): the screen goes to them"
              >
                Place it: Player {other} may declare a Controlled Jump
              </button>
            ) : state.dice.mode === 'manual' ? (
              <ManualJump target={odds.target} />
            ) : (
              <button type="button" className="primary" onClick={() => jumpTool.jump()} data-testid="jump-go">
                Jump: roll PH
              </button>
            )}
          </div>
        ) : (
          <p className="muted">{touch ? 'Tap a shaded spot to place it there.' : 'Click a shaded spot to place it there.'}</p>
        )}
      </section>
    );
  }

  const events = s.result?.events ?? [];
  const lines = events
    .filter((e) => e.type !== 'roll' && e.type !== 'aro')
    .map((e) =>
      e.type === 'placed'
        ? `${name(e.trooper)} lands${e.as === 'marker' ? ' as a marker' : ''} at (${e.x.toFixed(1)}, ${e.y.toFixed(1)})${e.z > 0 ? `, on a roof ${e.z}" up: no Cover this Order (CJ-4)` : ''}`
        : eventLine(e, setup, { siblings: events, phase: 'game' }, known),
    );
  const aro = events.find((e) => e.type === 'aro');
  return (
    <section className="card jump-panel" data-testid="jump-panel" data-phase={s.phase}>
      {header}
      <RollShown events={events} player={player} name={name(trooper)} />
      {s.phase === 'fallback' ? (
        <>
          <p className="notice warning" data-testid="jump-fallback">
            The jump failed: place {name(trooper)} in your Deployment Zone, touching your table edge (CJ-7), as a model.{' '}
            {touch ? 'Tap the edge: its ghost shows there; tap it again or Place here.' : 'Wheel or Q/E turns it.'}
          </p>
          <TurnButtons />
          {s.fallbackVerdict && (
            <p className={`verdict ${s.fallbackVerdict.ok ? 'ok' : 'bad'}`} data-testid="jump-fallback-verdict" data-legal={s.fallbackVerdict.ok ? 'true' : 'false'} data-rule={s.fallbackVerdict.rule ?? ''}>
              {s.fallbackVerdict.ok ? '✓ ' : s.fallbackVerdict.rule ? `✗ ${s.fallbackVerdict.rule}: ` : '✗ '}
              {s.fallbackVerdict.message}
            </p>
          )}
          {s.error && (
            <p className="notice error" data-testid="jump-error">
              {s.error}
            </p>
          )}
          {(touch || s.touch) && (
            <button type="button" className="primary" disabled={!s.fallbackAt || !s.fallbackVerdict?.ok} onClick={() => jumpTool.placeFallback()} data-testid="jump-place-here">
              Place here
            </button>
          )}
        </>
      ) : (
        <>
          <ul className="jump-lines" data-testid="jump-lines">
            {lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
          {aro && aro.type === 'aro' && (
            <div className="jump-aro" data-testid="jump-aro">
              <b>May react (CJ-8):</b>{' '}
              {aro.by.length ? aro.by.map(name).join(', ') : <span className="muted">no enemy has Line of Fire to it.</span>}
            </div>
          )}
          <button type="button" onClick={() => jumpTool.close()} data-testid="jump-close">
            Done
          </button>
        </>
      )}
    </section>
  );
}
