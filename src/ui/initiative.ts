/** What the initiative panel shows, read from the setup's open information and the visible events. */
import type { GameEvent, PlayerId, RollResult } from '../core/model/types';
import { initiativeOdds, lieutenantWips } from '../core/api';

// The odds and the Lieutenants' WIP are the engine's answers (api.ts).
export { initiativeOdds, lieutenantWips };

export interface RollShown {
  roll: number;
  target: number;
  result: RollResult;
}

export interface InitiativeRolls {
  /** the command that made them */
  index: number;
  /** each attempt, in order: A's and B's die */
  attempts: Record<PlayerId, RollShown>[];
  winner: PlayerId | null;
}

/** The last initiative command's rolls, from the events the viewer sees (both sides' rolls always show). */
export function lastInitiative(events: readonly GameEvent[]): InitiativeRolls | null {
  let at = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]!.type === 'initiative') {
      at = i;
      break;
    }
  }
  if (at < 0) return null;
  const decided = events[at] as Extract<GameEvent, { type: 'initiative' }>;
  const rolls = events.filter((e): e is Extract<GameEvent, { type: 'roll' }> => e.type === 'roll' && e.index === decided.index);
  const attempts: Record<PlayerId, RollShown>[] = [];
  let current: Partial<Record<PlayerId, RollShown>> = {};
  for (const r of rolls) {
    current[r.player] = { roll: r.roll, target: r.target, result: r.result };
    if (current.A && current.B) {
      attempts.push(current as Record<PlayerId, RollShown>);
      current = {};
    }
  }
  return { index: decided.index, attempts, winner: decided.winner };
}

export function percent(p: number): string {
  return `${(p * 100).toFixed(1)}%`;
}
