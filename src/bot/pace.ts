/**
 * How pressed the bot is for time: a player who sees the rounds run out (or the score go against it)
 * comes forward and takes risks it would not take in the first round. The weights of a spot (outlook.ts)
 * change with the game's moment:
 * - the advance (inches forward and towards the nearest enemy) counts more as the rounds pass: x1 in the
 *   first round, growing to x3 at the last (x2 in round 2 of 3), and once more when the bot is behind (by the mission's Objective
 *   Points, or by casualties in points without a mission); in its last turn of the game a spot is worth
 *   only what that turn's later Orders may do from it, so half (the attacks and the mission count, not
 *   the ground won);
 * - the harm a trooper could take where it ends its Order counts only while the enemy has an Active Turn
 *   left to deal it: in the bot's last turn of the game only a quarter of it (the AROs of its later Orders).
 * Working values, set by paired runs against `waiter` and `greedy` (docs/bot.md).
 */
import { factsOf } from '../core/api';
import type { GameState, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import type { Weights } from './outlook';
import { worth } from './value';

/** The enemy's Active Turns still to come after the bot's turn now. */
export function enemyTurnsLeft(state: GameState, me: PlayerId): number {
  const rounds = factsOf(state).rounds;
  const first = state.initiative.firstTurn;
  return Math.max(0, rounds - state.round) + (first === me ? 1 : 0);
}

/** Whether the bot is behind: by Objective Points in a mission, else by casualties in points. */
export function behind(state: GameState, me: PlayerId): boolean {
  const enemy = otherPlayer(me);
  if (state.score) return state.score.points[me] < state.score.points[enemy];
  let lost = 0;
  let took = 0;
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.status !== 'removed' && t.status !== 'unconscious') continue;
    if (t.player === me) lost += worth(state, id);
    else took += worth(state, id);
  }
  return lost > took;
}

/** The weights of a spot at this moment of the game. */
export function paced(state: GameState, me: PlayerId, w: Weights): Weights {
  if (state.phase !== 'game') return w;
  const rounds = Math.max(1, factsOf(state).rounds);
  const progress = Math.min(1, Math.max(0, (state.round - 1) / Math.max(1, rounds - 1)));
  // The bot's last turn of the game: a spot is worth only what the turn's later Orders may do from it.
  const last = state.round >= rounds;
  const push = last ? 0.5 : 1 + 2 * progress + (behind(state, me) ? 1 : 0);
  const risk = enemyTurnsLeft(state, me) === 0 ? w.risk * 0.25 : w.risk;
  return { ...w, advance: w.advance * push, risk };
}
