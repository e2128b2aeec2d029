/**
 * CJ-11 in Hotseat: the Controlled Jump ARO is the reactive player's own choice, made on their screen
 * before the PH roll. The jumping player places the trooper and asks (`askControlledJump`); the screen
 * goes to the other player, who sees where it lands and picks one of their hackers or none, with the
 * roll's odds either way (the core's combatJumpOdds); back on the jumping player's screen, "Jump: roll
 * PH" rolls with that answer in the command.
 */
import type { CommandOf, PlayerId } from '../core/model/types';
import { combatJumpOdds, knownProfiles, nameNow } from '../core/api';
import { gameStore, useGame } from '../state/gameStore';
import { matchStore } from '../state/matchStore';
import { pendingJump, type PendingJump } from '../state/pendingJump';
import { DieEntry } from './DieEntry';
import { playerLabel } from './labels';

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/** The jumping player places the trooper and hands the screen over for the Controlled Jump ARO. */
export function askControlledJump(cmd: CommandOf<'combatJump'>, asked: PlayerId): void {
  pendingJump.setState({ pending: { cmd, asked } });
  matchStore.getState().passTo(asked);
}

/** The reactive player's hackers with Controlled Jump, each named as the jumping player's command names it. */
function hackersOf(p: PendingJump): { ref: string; name: string }[] {
  const state = gameStore.getState().state;
  const own = knownProfiles(state, p.asked);
  const out: { ref: string; name: string }[] = [];
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.player !== p.asked || !own[id]?.skills.includes('controlled-jump')) continue;
    const ref = nameNow(state, id, p.cmd.player);
    if (!ref) continue;
    // Only a hacker the engine takes for this jump (one that can act now).
    const roll = state.dice.mode === 'manual' ? { roll: 10 } : {};
    if (!gameStore.getState().preview({ ...p.cmd, ...roll, controlledJump: ref }).ok) continue;
    out.push({ ref, name: own[id]!.name });
  }
  return out;
}

/** The reactive player's question: which hacker, if any, makes the Controlled Jump ARO. */
export function ControlledJumpQuestion({ pending }: { pending: PendingJump }) {
  const state = useGame((s) => s.state);
  const setup = useGame((s) => s.setup);
  const hackers = hackersOf(pending);
  const jumper = pending.cmd.trooper;
  // Placed on the table before the roll, the jumper's Open Information is the other player's to read (CJ-6).
  const name = knownProfiles(state, pending.cmd.player)[jumper]?.name ?? jumper;
  const answer = (a: string | null) => {
    pendingJump.setState({ pending: { ...pending, answer: a } });
    matchStore.getState().passTo(pending.cmd.player);
  };
  const none = combatJumpOdds(state, jumper, null);
  return (
    <section className="card jump-panel" data-testid="controlled-jump-question">
      <h2>Controlled Jump ARO?</h2>
      <p>
        {playerLabel(setup, pending.cmd.player)} drops {name} at ({pending.cmd.at.x.toFixed(1)}, {pending.cmd.at.y.toFixed(1)}). Before its PH roll, a hacker of yours
        with Controlled Jump may make it harder (−3), anywhere on the table (CJ-11).
      </p>
      <ul className="jump-list">
        {hackers.map((h) => {
          const odds = combatJumpOdds(state, jumper, h.ref);
          return (
            <li key={h.ref}>
              <button type="button" onClick={() => answer(h.ref)} data-testid={`controlled-jump-${h.ref}`}>
                Controlled Jump by {h.name}
              </button>{' '}
              <span className="muted" data-testid={`controlled-jump-odds-${h.ref}`}>
                it lands on {odds.target} or less: {pct(odds.success)}
              </span>
            </li>
          );
        })}
        <li>
          <button type="button" onClick={() => answer(null)} data-testid="controlled-jump-none">
            No Controlled Jump
          </button>{' '}
          <span className="muted">
            it lands on {none.target} or less: {pct(none.success)}
          </span>
        </li>
      </ul>
    </section>
  );
}

/** Back on the jumping player's screen: the answer, the odds, and the PH roll. */
export function PendingJumpRoll({ pending }: { pending: PendingJump }) {
  const state = useGame((s) => s.state);
  const setup = useGame((s) => s.setup);
  const known = knownProfiles(state, pending.cmd.player);
  const jumper = pending.cmd.trooper;
  const hacker = pending.answer ?? null;
  const odds = combatJumpOdds(state, jumper, hacker);
  // The jump as placed may have become impossible (an undo, say): then it can only be given up.
  const check = gameStore.getState().preview({ ...pending.cmd, ...(hacker ? { controlledJump: hacker } : {}), ...(state.dice.mode === 'manual' ? { roll: 10 } : {}) });
  const go = (roll?: number) => {
    const r = gameStore.getState().dispatch({ ...pending.cmd, ...(hacker ? { controlledJump: hacker } : {}), ...(roll !== undefined ? { roll } : {}) });
    if (r.ok) pendingJump.setState({ pending: null });
  };
  return (
    <section className="card jump-panel" data-testid="pending-jump">
      <h2>Combat Jump: {known[jumper]?.name ?? jumper}</h2>
      <p data-testid="pending-jump-answer">
        {playerLabel(setup, pending.asked)}: {hacker ? `Controlled Jump ARO by ${known[hacker]?.name ?? (hacker.includes('-m') ? `Marker ${hacker}` : hacker)} (−3)` : 'no Controlled Jump ARO'}.
      </p>
      <p className="jump-odds" data-testid="jump-odds">
        Needs {odds.target} or less, <b>{pct(odds.success)}</b> to land where placed
      </p>
      {state.dice.mode === 'manual' ? (
        <DieEntry label={`PH roll (needs ${odds.target} or less)`} testId="jump-roll" button="Jump" buttonTestId="jump-go" onRoll={(die) => go(die)} />
      ) : (
        <button type="button" className="primary" onClick={() => go()} data-testid="jump-go">
          Jump: roll PH
        </button>
      )}
      {!check.ok && (
        <p className="notice error" data-testid="pending-jump-refused">
          {check.rejection.rule ? `${check.rejection.rule}: ` : ''}
          {check.rejection.message}{' '}
          <button type="button" onClick={() => pendingJump.setState({ pending: null })} data-testid="pending-jump-cancel">
            Give up this jump
          </button>
        </p>
      )}
    </section>
  );
}
