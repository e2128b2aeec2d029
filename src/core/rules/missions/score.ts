/**
 * The mission's scoring (MIS-6 to MIS-10): worked out from the table at each moment the mission names,
 * emitted as events, kept in the state's `score`.
 */
import type { GameState, PlayerId, Setup, TrooperStatus } from '../../model/types';
import type { GameResult, PerPlayer, ScoreState, ScoringMoment } from '../../model/mission';
import { profileOf, type Tx } from '../context';
import type { MissionSetup, ScoringRule } from './format';
import { countZone } from './zones';

const SIDES: readonly PlayerId[] = ['A', 'B'];

/** The score a game with a mission starts with (MIS-1); none without one. */
export function initialScore(setup: Setup): ScoreState | undefined {
  const m = setup.mission;
  if (!m) return undefined;
  const byRule: Record<string, PerPlayer<number>> = {};
  for (const r of m.scoring) byRule[r.id] = { A: 0, B: 0 };
  const activated: Record<string, PlayerId[]> = {};
  for (const o of m.objectives) activated[o.id] = [];
  return { points: { A: 0, B: 0 }, byRule, activated, zones: {}, lossOfLieutenant: { A: false, B: false }, retreat: { A: false, B: false }, lieutenantOwed: null, retreatThisRound: false, result: null };
}

/** MIS-9: whether a trooper in this state has survived, for Victory Points and the casualties' share. */
export function survives(status: TrooperStatus, mission: Pick<MissionSetup, 'unconsciousStands'>): boolean {
  if (status === 'removed') return false;
  if (status === 'unconscious') return mission.unconsciousStands;
  return true;
}

/** MIS-9: the points of the side's surviving troopers. */
export function victoryPoints(state: GameState, player: PlayerId): number {
  const m = state.setup.mission!;
  let sum = 0;
  for (const [id, t] of Object.entries(state.troopers)) if (t.player === player && survives(t.status, m)) sum += profileOf(state, id).points;
  return sum;
}

/** The side's army points: the sum of its troopers' points (a working value: our armies carry no list total). */
export function armyPoints(state: Pick<GameState, 'setup'>, player: PlayerId): number {
  return state.setup.players[player].troopers.reduce((s, t) => s + t.points, 0);
}

/** MIS-19: in a game with a mission, whether a side has no trooper standing (every one Dead or Unconscious). */
export function sideWipedOut(state: GameState): boolean {
  if (!state.score) return false;
  for (const p of SIDES) {
    const mine = Object.values(state.troopers).filter((t) => t.player === p);
    if (mine.length > 0 && mine.every((t) => t.status === 'removed' || t.status === 'unconscious')) return true;
  }
  return false;
}

/** MIS-7 `enemy-lost`: the share, in percent, of a side's army points that has not survived. */
export function lostShare(state: GameState, player: PlayerId): number {
  const total = armyPoints(state, player);
  if (total <= 0) return 0;
  return (100 * (total - victoryPoints(state, player))) / total;
}

function zonesOf(m: MissionSetup, r: ScoringRule) {
  return r.zones ? m.zones.filter((z) => r.zones!.includes(z.id)) : m.zones;
}

function objectivesOf(m: MissionSetup, r: ScoringRule): string[] {
  return r.objectives ?? m.objectives.map((o) => o.id);
}

/** MIS-7: what one rule gives each side now, before the cap. */
export function rulePoints(state: GameState, r: ScoringRule): PerPlayer<number> {
  const m = state.setup.mission!;
  const score = state.score!;
  const out = { A: 0, B: 0 };
  switch (r.kind) {
    case 'dominate':
    case 'dominate-more': {
      const held = { A: 0, B: 0 };
      for (const z of zonesOf(m, r)) {
        const who = (score.zones[z.id] ?? countZone(state, z)).dominatedBy;
        if (who) held[who] += 1;
      }
      if (r.kind === 'dominate') return { A: held.A * r.points, B: held.B * r.points };
      if (held.A > held.B) out.A = r.points;
      if (held.B > held.A) out.B = r.points;
      return out;
    }
    case 'activated':
    case 'activated-more': {
      const n = { A: 0, B: 0 };
      for (const o of objectivesOf(m, r)) for (const p of score.activated[o] ?? []) n[p] += 1;
      if (r.kind === 'activated') return { A: n.A * r.points, B: n.B * r.points };
      if (n.A > n.B) out.A = r.points;
      if (n.B > n.A) out.B = r.points;
      return out;
    }
    case 'enemy-lost': {
      for (const p of SIDES) {
        const share = lostShare(state, p === 'A' ? 'B' : 'A');
        for (const b of r.bands ?? []) if (share + 1e-9 >= b.atLeast) out[p] = b.points;
      }
      return out;
    }
  }
}

/** MIS-6: a scoring moment. Zones named by its rules are counted (MIS-11), then each rule scores, A then B, capped (MIS-8). */
export function scoreMoment(tx: Tx, moment: ScoringMoment): void {
  const d = tx.draft;
  const m = d.setup.mission;
  const score = d.score;
  if (!m || !score) return;
  const rules = m.scoring.filter((r) => r.when === moment);
  const zoneIds = new Set<string>();
  for (const r of rules) if (r.kind === 'dominate' || r.kind === 'dominate-more') for (const z of zonesOf(m, r)) zoneIds.add(z.id);
  for (const z of m.zones) {
    if (!zoneIds.has(z.id)) continue;
    const c = countZone(d, z);
    score.zones[z.id] = c;
    tx.emit({ type: 'zoneCount', zone: z.id, moment, round: d.round, points: { A: c.A, B: c.B }, dominatedBy: c.dominatedBy });
  }
  for (const r of rules) {
    const raw = rulePoints(d, r);
    for (const p of SIDES) {
      const points = Math.max(0, Math.min(raw[p], m.maxPoints - score.points[p]));
      score.points[p] += points;
      score.byRule[r.id]![p] += points;
      tx.emit({ type: 'scored', player: p, rule: r.id, moment, round: d.round, points, total: score.points[p] });
    }
  }
}

/** MIS-10: the winner by Objective Points, then Victory Points, else a draw. */
export function resultOf(state: GameState): GameResult {
  const points = { ...state.score!.points };
  const victoryPointsNow = { A: victoryPoints(state, 'A'), B: victoryPoints(state, 'B') };
  if (points.A !== points.B) return { winner: points.A > points.B ? 'A' : 'B', points, victoryPoints: victoryPointsNow, decidedBy: 'objective-points' };
  if (victoryPointsNow.A !== victoryPointsNow.B) {
    return { winner: victoryPointsNow.A > victoryPointsNow.B ? 'A' : 'B', points, victoryPoints: victoryPointsNow, decidedBy: 'victory-points' };
  }
  return { winner: null, points, victoryPoints: victoryPointsNow, decidedBy: 'draw' };
}

/** MIS-10: the game's result, kept and emitted after `gameEnd`. */
export function finishGame(tx: Tx): void {
  const d = tx.draft;
  if (!d.score) return;
  const r = resultOf(d);
  d.score.result = r;
  tx.emit({ type: 'gameResult', ...r, points: { ...r.points }, victoryPoints: { ...r.victoryPoints } });
}
