/**
 * The whole army in play, as a player uses it (issue 40's trial: the table left its hidden trooper idle
 * all game and some troopers at home):
 * - a hidden trooper's secret (HD-2, HD-3, HD-10) is worth what it still buys: it cannot be harmed (the
 *   search counts the harm it could take where it shows itself, against none while hidden), and it may
 *   spring an ARO in each of the enemy's Active Turns left (this, a working 0.15 of its points while two
 *   or more are left, half with one, none once the enemy has no Active Turn left; half as much again for
 *   the Lieutenant). So it is given up when the Order pays more: a good shot, an objective, ground won
 *   late in the game;
 * - a trooper far behind the rest of the army with nothing in sight is worth bringing up: each inch it
 *   closes on the army's front counts once more than an inch forward does.
 * Working values, set by paired runs against `greedy` (docs/bot.md).
 */
import type { GameState, PlayerId } from '../core/model/types';
import { profile } from './moment';
import { enemyTurnsLeft } from './pace';
import type { Weights } from './outlook';
import { worth } from './value';
import { forward } from './zones';

/** A hidden trooper's secret, in points of the army (0 for any other trooper). */
export function secretWorth(state: GameState, me: PlayerId, id: string): number {
  const t = state.troopers[id];
  if (!t || t.status !== 'hidden') return 0;
  const turns = Math.min(1, enemyTurnsLeft(state, me) / 2);
  const lieutenant = profile(state, id).skills.includes('lieutenant') || state.score?.lieutenants?.[me] === id ? 1.5 : 1;
  return 0.15 * worth(state, id) * turns * lieutenant;
}

/** How far forward the bot's other troopers on the table stand, on average (null: none). */
export function armyFront(state: GameState, me: PlayerId, but: string): number | null {
  let sum = 0;
  let n = 0;
  for (const [id, t] of Object.entries(state.troopers)) {
    if (id === but || t.player !== me || (t.status !== 'model' && t.status !== 'marker') || t.x === null || t.y === null) continue;
    sum += forward(state, me, { x: t.x, y: t.y });
    n++;
  }
  return n > 0 ? sum / n : null;
}

/** Inches a spot lies behind the army's front, less a working 6" of slack. */
function lag(state: GameState, me: PlayerId, front: number | null, at: { x: number; y: number }): number {
  return front === null ? 0 : Math.max(0, front - forward(state, me, at) - 6);
}

/**
 * The worth of bringing a trooper from `from` to `to` up towards the rest of the army: the inches of lag
 * it closes, at the advance's weight. Nothing for a trooper that has an enemy to shoot where it stands
 * (`seesFoe`): a gun covering the table from home is doing its work.
 */
export function catchUp(state: GameState, me: PlayerId, id: string, from: { x: number; y: number }, to: { x: number; y: number }, w: Weights, seesFoe: boolean): number {
  if (seesFoe) return 0;
  const front = armyFront(state, me, id);
  return w.advance * (lag(state, me, front, from) - lag(state, me, front, to));
}
