/** What the initiative panel shows, read from the setup's open information and the visible events. */
import type { GameEvent, PlayerId, RollResult, Setup } from '../core/model/types';
import { faceToFaceOdds } from '../core/rules/dice';

/**
 * INI-6: each Lieutenant's WIP is Open Information. Only the number leaves this function: which
 * trooper is the Lieutenant is not (the opponent's roll events come without it).
 */
export function lieutenantWips(setup: Setup): Record<PlayerId, number> {
  const wip = (p: PlayerId) => setup.players[p].troopers.find((t) => t.skills.includes('lieutenant'))?.wip ?? 0;
  return { A: wip('A'), B: wip('B') };
}

/** This roll's chances (A wins, B wins, roll again) and each side's chance of winning in the end. */
export function initiativeOdds(wips: Record<PlayerId, number>) {
  const once = faceToFaceOdds(wips.A, wips.B);
  const decided = once.a + once.b;
  return { once, final: { A: decided > 0 ? once.a / decided : 0.5, B: decided > 0 ? once.b / decided : 0.5 } };
}

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
