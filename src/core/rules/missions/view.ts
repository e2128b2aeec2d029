/**
 * The score as a player sees it (MIS-11): Objective Points, each rule's points, who activated what, the
 * zones as counted at the last scoring moment, the situations and the result are Open Information. It
 * is built by listing its fields, as every view is (view.ts): the Lieutenants named since (MIS-17) are
 * Private Information and never listed.
 */
import type { PlayerKey, ScoreState } from '../../model/mission';

/** `viewer`: its own classified objective is shown to it (MIS-12); null: the full state's. */
export function scoreAsSeen(s: ScoreState, viewer: PlayerKey | null = null): ScoreState {
  const byRule: ScoreState['byRule'] = {};
  for (const [k, v] of Object.entries(s.byRule)) byRule[k] = { A: v.A, B: v.B };
  const activated: ScoreState['activated'] = {};
  for (const [k, v] of Object.entries(s.activated)) activated[k] = [...v];
  const zones: ScoreState['zones'] = {};
  for (const [k, v] of Object.entries(s.zones)) zones[k] = { A: v.A, B: v.B, dominatedBy: v.dominatedBy };
  return {
    points: { A: s.points.A, B: s.points.B },
    byRule,
    activated,
    zones,
    lossOfLieutenant: { A: s.lossOfLieutenant.A, B: s.lossOfLieutenant.B },
    retreat: { A: s.retreat.A, B: s.retreat.B },
    lieutenantOwed: s.lieutenantOwed,
    retreatThisRound: s.retreatThisRound,
    ...(s.treated ? { treated: { A: s.treated.A, B: s.treated.B } } : {}),
    ...(viewer && s.classified?.[viewer] ? { classified: { [viewer]: s.classified[viewer] } } : {}),
    ...(viewer === null && s.classified ? { classified: { ...s.classified } } : {}),
    result: s.result ? { winner: s.result.winner, points: { ...s.result.points }, victoryPoints: { ...s.result.victoryPoints }, decidedBy: s.result.decidedBy } : null,
  };
}
