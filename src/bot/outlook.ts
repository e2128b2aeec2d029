/**
 * How a spot looks for one trooper, cheaply (from the sight maps, no engine call): the harm it could do
 * from there to the enemies it would see (or reach in close combat with its next Order), the harm those
 * that would see it could do to it (or, an enemy better in close combat within a Move of it, in close
 * combat), how far forward it stands and how near the nearest enemy. In points,
 * per Wound of the troopers concerned.
 */
import type { EngineContext } from '../core/api';
import type { GameState } from '../core/model/types';
import { sightMap } from './maps';
import { heightOf, profile, radiusOf } from './moment';
import { bodyOf, gap, inArc, shotWorth } from './sight';
import { worth } from './value';
import { forward } from './zones';

export interface Weights {
  /** how much the harm a trooper could take where it stands counts */
  risk: number;
  /** how much the harm it could do from there counts */
  threat: number;
  /** points an inch forward, for a trooper with nothing in sight */
  advance: number;
}

export interface Outlook {
  /** the most harm it could do to one enemy it would see: expected Wounds times points a Wound */
  threat: number;
  /** the harm the enemies that would see it (or reach it in close combat) could do, at full Burst: expected Wounds times its points a Wound */
  risk: number;
  /** the harm they could do in ARO (Burst 1), the same way */
  aroRisk: number;
  /** the enemies that would see it */
  seenBy: string[];
  /** the enemies it would see, with the harm it could do to each */
  sees: { id: string; harm: number; distance: number }[];
  forward: number;
  /** how far the nearest enemy it knows of stands (inches, base to base; 48 at most) */
  near: number;
}

/** What a trooper would face standing at a spot (its facing: which enemies it could look at; null all round). */
export function outlook(state: GameState, ctx: EngineContext, id: string, at: { x: number; y: number; z: number }, skip: ReadonlySet<string> = new Set()): Outlook {
  const me = state.troopers[id]!.player;
  const p = profile(state, id);
  const body = bodyOf(state, id, at, null);
  // One map an enemy serves every trooper of the bot's: looked at as a standard silhouette (S2).
  const h = Math.max(1.2, Math.min(heightOf(state, id), 1.6));
  const r = Math.min(radiusOf(state, id), 0.5);
  const perWound = worth(state, id) / Math.max(1, p.w);
  let threat = 0;
  let risk = 0;
  let aroRisk = 0;
  const seenBy: string[] = [];
  const sees: Outlook['sees'] = [];
  let near = 48;
  for (const [eid, e] of Object.entries(state.troopers)) {
    if (e.player === me || (e.status !== 'model' && e.status !== 'marker' && !(e.status === 'hidden' && e.x !== null)) || skip.has(eid)) continue;
    const eb = bodyOf(state, eid);
    const d = gap(body, eb);
    near = Math.min(near, d);
    // An enemy model within its first Move: it could walk into contact and attack it in close combat
    // (CC-1, CC-5) with its next Order; a guess as close.ts makes (CC against CC, Burst for Burst).
    if (e.status === 'model' && d <= p.mov[0] - 0.1) {
      const ep = profile(state, eid);
      const burst = p.ccWeapons?.[0]?.burst ?? 1;
      const edge = Math.max(0.05, Math.min(0.95, 0.5 + (p.cc - ep.cc) / 20 + 0.1 * (burst - 1)));
      threat = Math.max(threat, edge * 0.5 * worth(state, eid));
    }
    // The other way round: an enemy model within its own first Move of contact, with the better close
    // combat (CC, Burst), could walk up and attack it in its next Order: counted as harm it could take
    // (a guess in expected Wounds, as above). A worse one is left to the threat it offers.
    if (e.status === 'model' && d <= profile(state, eid).mov[0] - 0.1) {
      const ep = profile(state, eid);
      const edge = Math.min(0.95, 0.5 + (ep.cc - p.cc) / 20 + 0.1 * ((ep.ccWeapons?.[0]?.burst ?? 1) - 1));
      if (edge > 0.5) risk += edge * 0.5;
    }
    if (d > 48) continue;
    if (!sightMap(state.setup, ctx, eb, h, r).sees(at.x, at.y, at.z)) continue;
    const ep = profile(state, eid);
    const theirs = Math.max(0, ...ep.weapons.map((w) => shotWorth(w, d, ep.bs, p.arm)));
    const theirsAro = Math.max(0, ...ep.weapons.map((w) => shotWorth({ ...w, burst: 1 }, d, ep.bs, p.arm)));
    if (inArc(eb.facing, eb, at)) {
      seenBy.push(eid);
      risk += theirs;
      aroRisk += theirsAro;
    } else risk += theirs * 0.6; // it may turn to face it in its own turn
    if (e.status === 'model') {
      const mine = Math.max(0, ...p.weapons.map((w) => shotWorth(w, d, p.bs, ep.arm)));
      const harm = (mine * worth(state, eid)) / Math.max(1, ep.w);
      sees.push({ id: eid, harm, distance: d });
      threat = Math.max(threat, harm);
    }
  }
  return { threat, risk: Math.min(1.5, risk) * perWound, aroRisk: Math.min(1.5, aroRisk) * perWound, seenBy, sees, forward: forward(state, me, at), near };
}

/**
 * One number for a spot: threat and risk weighed, and a little for standing forward and near the enemy
 * (where it may see one next turn, or reach one in close combat). The advance counts the same whether
 * or not an enemy is in sight, so that coming into reach is never a loss in itself.
 */
export function spotValue(o: Outlook, w: Weights): number {
  const advance = 0.5 * o.forward - o.near;
  return w.threat * o.threat - w.risk * o.risk + w.advance * advance;
}
