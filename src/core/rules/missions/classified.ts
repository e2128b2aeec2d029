/**
 * MIS-12: classified objectives. Each player chooses one objective of the mission's deck, in secret
 * (`classified`), before their first Order of the game; at the game's end the engine checks it from the
 * table and the game's record, and a classified objective achieved scores its points, shown to both
 * with what it was. One not achieved stays private.
 */
import { COMMAND_SCHEMAS } from '../../model/commands';
import type { GameState, PlayerId } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { refuse, type Tx } from '../context';
import { lieutenantOf } from '../initiative/lieutenant';
import type { ClassifiedObjective } from './format';
import { countZone } from './zones';

/** Whether a side has achieved a classified objective, at the game's end. */
export function achieved(state: GameState, player: PlayerId, c: ClassifiedObjective): boolean {
  const score = state.score!;
  const m = state.setup.mission!;
  const enemy: PlayerId = player === 'A' ? 'B' : 'A';
  switch (c.kind) {
    case 'activate-any':
      return Object.values(score.activated).some((sides) => sides.includes(player));
    case 'treat-friend':
      return (score.treated?.[player] ?? 0) > 0;
    case 'enemy-lieutenant-down': {
      const lt = state.troopers[lieutenantOf(state, enemy)]!;
      return lt.status === 'unconscious' || lt.status === 'removed';
    }
    case 'hold-any-zone':
      return m.zones.some((z) => (score.zones[z.id] ?? countZone(state, z)).dominatedBy === player);
  }
}

/** MIS-12: at the game's end, each classified objective achieved scores (capped, MIS-8), A then B. */
export function scoreClassified(tx: Tx): void {
  const d = tx.draft;
  const m = d.setup.mission;
  const score = d.score;
  if (!m?.classified || !score?.classified) return;
  for (const p of ['A', 'B'] as const) {
    const c = m.classified.find((x) => x.id === score.classified![p]);
    if (!c || !achieved(d, p, c)) continue;
    const points = Math.max(0, Math.min(c.points, m.maxPoints - score.points[p]));
    score.points[p] += points;
    score.byRule.classified = { ...(score.byRule.classified ?? { A: 0, B: 0 }), [p]: points };
    tx.emit({ type: 'classifiedRevealed', player: p, objective: c.id });
    tx.emit({ type: 'scored', player: p, rule: 'classified', moment: 'game-end', round: d.round, points, total: score.points[p] });
  }
}

/** MIS-12: `classified`: the player's choice, before its first Order of the game, once. */
export const classified = defineCommand({
  do: 'classified',
  schema: COMMAND_SCHEMAS.classified,
  check(tx, cmd) {
    const d = tx.draft;
    const v = new Checks();
    v.check(() => {
      if (!d.score || !d.setup.mission?.classified) refuse('no-mission', 'MIS-1', 'This game has no classified objectives.');
    });
    v.check(() => {
      if (!d.score || !d.setup.mission?.classified) return;
      if (d.score.classified?.[cmd.player]) refuse('out-of-turn', 'MIS-12', 'Your classified objective is chosen already.');
      const early = d.phase === 'initiative' || d.phase === 'choices' || d.phase === 'deployment';
      const firstTurn = d.phase === 'game' && d.round === 1 && d.active === cmd.player && d.ordersGiven === 0 && !d.order;
      if (!early && !firstTurn) refuse('out-of-turn', 'MIS-12', 'A classified objective is chosen before your first Order of the game.');
    });
    v.check(() => {
      if (!d.setup.mission?.classified) return;
      if (!d.setup.mission.classified.some((c) => c.id === cmd.objective)) refuse('unknown-objective', 'MIS-12', `"${cmd.objective}" is not in this mission's classified objectives.`);
    });
    v.end();
  },
  effect(tx, cmd) {
    const score = tx.draft.score!;
    score.classified = { ...(score.classified ?? {}), [cmd.player]: cmd.objective };
    tx.emit({ type: 'classifiedChosen', player: cmd.player, objective: cmd.objective });
    return cmd;
  },
});
