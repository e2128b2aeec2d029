/**
 * The army's situations at its Tactical Phase (MIS-16, MIS-18); who may be named Lieutenant (MIS-17).
 * MIS-16 Loss of Lieutenant: the Lieutenant Unconscious, Dead, or never placed (not hidden or
 * airborne, working value): every Order of the army is Irregular, no Lieutenant Special Order.
 * MIS-18 Retreat!: Victory Points at most a quarter of the army's points: Loss of Lieutenant, no new
 * Lieutenant, only Short Movement Skills, Cautious Movement and Dodge.
 */
import type { GameState, PlayerId, Pool } from '../../model/types';
import { profileOf, refuse, type Tx } from '../context';
import { lieutenantOf } from '../initiative/lieutenant';
import { armyPoints, victoryPoints } from './score';

/** MIS-18: the share of the army's points at or under which it is in Retreat! (N4: 25%). */
export const RETREAT_SHARE = 0.25;

/** MIS-18: the skills an army in Retreat! may still declare (Reset is not modelled). */
export const RETREAT_SKILLS: ReadonlySet<string> = new Set(['move', 'idle', 'discover', 'cautious-move', 'dodge', 'delay']);

/** MIS-16: whether the Lieutenant is down (Unconscious, Dead) or was never placed (a hidden or airborne one is not lost). */
function lieutenantLost(state: GameState, player: PlayerId): boolean {
  const t = state.troopers[lieutenantOf(state, player)]!;
  return t.status === 'unconscious' || t.status === 'removed' || t.status === 'undeployed' || t.status === 'reserve';
}

/**
 * MIS-16, MIS-18: the army's situations if its Tactical Phase were now, worked out without changing
 * anything (the turn's start applies them; the screen's "next turn" pool foresees them); null in a game
 * without a mission (MIS-1).
 */
export function situationOf(state: GameState, player: PlayerId): { retreat: boolean; lost: boolean } | null {
  const m = state.setup.mission;
  if (!m || !state.score) return null;
  const retreat = m.retreat && victoryPoints(state, player) <= RETREAT_SHARE * armyPoints(state, player) + 1e-9;
  return { retreat, lost: retreat || (m.lossOfLieutenant && lieutenantLost(state, player)) };
}

/** MIS-16: a pool in Loss of Lieutenant: every trooper's Order Irregular, to itself alone; no Lieutenant Special Order. */
export function lostPool(state: GameState, player: PlayerId, pool: Pool): void {
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.player !== player || (t.status !== 'model' && t.status !== 'marker')) continue;
    if (profileOf(state, id).orders === 'regular') pool.irregular[id] = (pool.irregular[id] ?? 0) + 1;
  }
  for (const g of Object.keys(pool.groups)) pool.groups[g] = 0;
  pool.lieutenant = 0;
}

/** MIS-17: the troopers that could be named Lieutenant: standing, Regular. */
export function lieutenantCandidates(tx: Pick<Tx, 'draft'>, player: PlayerId): string[] {
  const d = tx.draft;
  return Object.entries(d.troopers)
    .filter(([id, t]) => t.player === player && (t.status === 'model' || t.status === 'marker' || t.status === 'hidden') && profileOf(d, id).orders === 'regular')
    .map(([id]) => id);
}

/**
 * The Tactical Phase of a game with a mission (MIS-16, MIS-18): works out the army's situations, makes
 * every Order Irregular in a Loss of Lieutenant, and says so after the `orders` event.
 */
export function tacticalSituations(tx: Tx, player: PlayerId, pool: Pool): void {
  const d = tx.draft;
  const score = d.score;
  const now = situationOf(d, player);
  if (!now || !score) return;
  const { retreat, lost } = now;
  score.retreat[player] = retreat;
  if (retreat) score.retreatThisRound = true;
  score.lossOfLieutenant[player] = lost;
  score.lieutenantOwed = lost && !retreat && lieutenantCandidates(tx, player).length > 0 ? player : null;
  if (lost) lostPool(d, player, pool);
}

/** The events of the situations, after the `orders` event (MIS-16, MIS-18). */
export function situationEvents(tx: Tx, player: PlayerId): void {
  const score = tx.draft.score;
  if (!score) return;
  if (score.retreat[player]) tx.emit({ type: 'retreat', player });
  if (score.lossOfLieutenant[player]) tx.emit({ type: 'lossOfLieutenant', player });
}

/** MIS-18: an army in Retreat! declares only Short Movement Skills, Cautious Movement and Dodge, in its turn or in ARO. */
export function checkRetreat(tx: Pick<Tx, 'draft'>, player: PlayerId, skill: string): void {
  if (tx.draft.score?.retreat[player] && !RETREAT_SKILLS.has(skill)) {
    refuse('skill-not-allowed', 'MIS-18', `Your army is in Retreat!: its troopers may only move, Discover, Dodge or stay Idle, not ${skill}.`);
  }
}
