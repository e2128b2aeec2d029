/**
 * The mission's part of the bot's play (docs/rules/missions.md), for a game that has one:
 * - what the table is worth to a side by the mission's own scoring rules as it stands now (the zones
 *   each side would dominate, the objectives activated), turned into points of the army so that the
 *   Order search weighs Objective Points against casualties (`OP_WORTH`, a working value);
 * - candidate Orders: a specialist walks into contact with an objective its side has not activated and
 *   activates it (or walks towards it), a trooper walks into a zone where its points change who would
 *   dominate it, a Doctor or an Engineer treats a fallen friend in reach;
 * - the mission's questions: a new Lieutenant after Loss of Lieutenant (MIS-17), the classified
 *   objective (MIS-12).
 * Whether a trooper is inside a zone is judged here by the centre of its base (the engine counts more
 * than half of the base's area, MIS-3): a guess, only for ranking.
 */
import type { EngineContext } from '../core/api';
import type { Command, GameState, PlanePoint, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { cut, lengthOf } from './ground';
import { facingTo, legal, profile, radiusOf } from './moment';
import { outlook, spotValue, type Weights } from './outlook';
import type { Plan } from './plan';
import type { Seat } from './seat';
import { nameOf, placeOf, reachOf } from './tactics';
import { worth } from './value';

/** Points of the army one Objective Point is worth to the bot (working value: 10 OP decide a game of about 300 points). */
export const OP_WORTH = 14;

const SPECIALISTS = ['hacker', 'doctor', 'engineer', 'forward-observer', 'specialist-operative'];

type Mission = NonNullable<GameState['setup']['mission']>;

function missionOf(state: GameState): Mission | null {
  return state.setup.mission && state.score ? state.setup.mission : null;
}

export function isSpecialist(state: GameState, id: string): boolean {
  return profile(state, id).skills.some((s) => SPECIALISTS.includes(s));
}

/** Where a trooper would count for the zones: the active trooper where its Order leaves it (`moved`), else where it stands. */
function spot(state: GameState, id: string, moved: ReadonlyMap<string, PlanePoint>): PlanePoint | null {
  const m = moved.get(id);
  if (m) return m;
  const t = state.troopers[id]!;
  return t.x === null || t.y === null ? null : { x: t.x, y: t.y };
}

/** Each zone's counted points per side, by where the troopers stand (models and markers; MIS-4). */
export function zonePoints(state: GameState, moved: ReadonlyMap<string, PlanePoint> = new Map()): Map<string, Record<PlayerId, number>> {
  const m = missionOf(state);
  const out = new Map<string, Record<PlayerId, number>>();
  if (!m) return out;
  for (const z of m.zones) out.set(z.id, { A: 0, B: 0 });
  if (m.zones.length === 0) return out;
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.status !== 'model' && t.status !== 'marker') continue;
    const at = spot(state, id, moved);
    if (!at) continue;
    for (const z of m.zones) {
      if (at.x > z.x && at.x < z.x + z.w && at.y > z.y && at.y < z.y + z.d) out.get(z.id)![t.player] += profile(state, id).points;
    }
  }
  return out;
}

/**
 * The Objective Points the table is worth to `me` less the enemy's, by the mission's rules as it stands
 * (zones dominated where the troopers stand, objectives activated), in points of the army.
 */
export function missionValue(state: GameState, me: PlayerId, moved: ReadonlyMap<string, PlanePoint> = new Map(), activated?: Record<string, PlayerId[]>): number {
  const m = missionOf(state);
  if (!m) return 0;
  const enemy = otherPlayer(me);
  const zones = zonePoints(state, moved);
  const acts = activated ?? state.score!.activated;
  const held = (ids: readonly string[] | undefined, p: PlayerId) => {
    let n = 0;
    for (const [zid, pts] of zones) if ((!ids || ids.includes(zid)) && pts[p] > pts[otherPlayer(p)]) n++;
    return n;
  };
  const on = (ids: readonly string[] | undefined, p: PlayerId) => Object.entries(acts).filter(([oid, sides]) => (!ids || ids.includes(oid)) && sides.includes(p)).length;
  let op = 0;
  for (const r of m.scoring) {
    const zs = (r as { zones?: string[] }).zones;
    const os = (r as { objectives?: string[] }).objectives;
    if (r.kind === 'dominate') op += r.points * (held(zs, me) - held(zs, enemy));
    else if (r.kind === 'dominate-more') op += r.points * Math.sign(held(zs, me) - held(zs, enemy));
    else if (r.kind === 'activated') op += r.points * (on(os, me) - on(os, enemy));
    else if (r.kind === 'activated-more') op += r.points * Math.sign(on(os, me) - on(os, enemy));
  }
  return op * OP_WORTH;
}

/** What activating an objective would add for `me` (0 once it has), in points of the army. */
export function activationGain(state: GameState, me: PlayerId, objective: string): number {
  const m = missionOf(state);
  if (!m) return 0;
  const acts = state.score!.activated;
  if ((acts[objective] ?? []).includes(me)) return 0;
  const now = missionValue(state, me);
  const then = missionValue(state, me, new Map(), { ...acts, [objective]: [...(acts[objective] ?? []), me] });
  // MIS-12 activate-any: the first one also achieves that classified objective.
  const classified = m.classified?.find((c) => c.id === state.score!.classified?.[me]);
  const firstOne = classified?.kind === 'activate-any' && !Object.values(acts).some((s) => s.includes(me)) ? classified.points * OP_WORTH : 0;
  return Math.max(0, then - now) + firstOne;
}

/** The mission skill rolls of an Order played out (Activate, Doctor, Engineer): their expected worth for `me`. */
export function skillRollsValue(state: GameState, me: PlayerId, odds: readonly { roller: string; kind: string; hit: number }[]): number {
  const o = state.order;
  if (!o || o.player !== me || !missionOf(state)) return 0;
  const wip = odds.find((r) => r.kind === 'wip' && r.roller === nameOf(state, o.trooper, me));
  if (!wip) return 0;
  let v = 0;
  for (const k of o.skills) {
    const s = k as unknown as { skill: string; objective?: string; target?: string };
    if (s.skill === 'activate' && s.objective) v += wip.hit * activationGain(state, me, s.objective);
    if ((s.skill === 'doctor' || s.skill === 'engineer') && s.target && state.troopers[s.target]) {
      // Success: the friend stands again (a Doctor's failure leaves it Dead: it was lost already).
      const f = state.troopers[s.target]!;
      v += s.skill === 'doctor' ? wip.hit * worth(state, s.target) : f.status === 'unconscious' ? wip.hit * worth(state, s.target) - (1 - wip.hit) * 0.2 * worth(state, s.target) : (2 * wip.hit - 1) * 0.3 * worth(state, s.target);
    }
  }
  return v;
}

/** A point in base contact with a disc (gap 0.01"), on the side towards `from`, turned by `turn` degrees. */
function touching(from: PlanePoint, at: { x: number; y: number; r: number }, radius: number, turn: number): PlanePoint {
  const a = Math.atan2(from.y - at.y, from.x - at.x) + (turn * Math.PI) / 180;
  const d = at.r + radius + 0.01;
  return { x: Math.round((at.x + Math.cos(a) * d) * 1000) / 1000, y: Math.round((at.y + Math.sin(a) * d) * 1000) / 1000 };
}

/** The share of a Normal WIP roll that succeeds (a cheap guess for ranking; the play-out takes the engine's odds). */
function wipChance(state: GameState, id: string, mod = 0): number {
  return Math.max(0.05, Math.min(1, (profile(state, id).wip + mod) / 20));
}

/**
 * The mission's candidate Orders for one trooper: activate an objective (from here, after a Move into
 * contact, or a walk towards it), walk into a zone it would swing, treat a fallen friend.
 */
export function missionPlans(state: GameState, ctx: EngineContext, me: PlayerId, id: string, w: Weights, out: Plan[]): void {
  const m = missionOf(state);
  if (!m) return;
  const t = state.troopers[id]!;
  // A hidden trooper too: its Order shows it (HD-10), and the search counts its secret (army.ts).
  if ((t.status !== 'model' && t.status !== 'hidden') || t.x === null || t.y === null || t.prone) return;
  const p = profile(state, id);
  const name = nameOf(state, id, me);
  const order = (skill: Record<string, unknown>) => ({ do: 'order', player: me, trooper: name, ...skill }) as Command;
  const second = (skill: Record<string, unknown>) => ({ do: 'second', player: me, ...skill }) as Command;
  const none = second({ skill: 'none' });
  const here = placeOf(state, id);
  const r = radiusOf(state, id);
  const total = p.mov[0] + p.mov[1];
  const reach = reachOf(state, ctx, id, Math.max(total, 1));
  const base = spotValue(outlook(state, ctx, id, here), w);
  const face = (end: PlanePoint, to: PlanePoint) => facingTo(end, to);

  // Objectives: a specialist (or anyone, where the mission says so) activates what its side has not.
  for (const mo of m.objectives) {
    const obj = state.setup.objectives.find((o) => o.id === mo.id);
    if (!obj || (mo.by !== 'any' && !isSpecialist(state, id))) continue;
    const gain = activationGain(state, me, mo.id);
    if (gain <= 0) continue;
    const chance = wipChance(state, id, mo.mod);
    const gap = Math.hypot(obj.x - here.x, obj.y - here.y) - obj.r - r;
    const activate = { skill: 'activate', objective: mo.id };
    if (gap <= 0.05) {
      out.push({ actor: id, first: order(activate), seconds: [none], est: chance * gain, kind: 'activate' });
      continue;
    }
    // The reachable cell nearest the objective, then the last step into contact.
    const { cell: bestCell } = nearestCell(reach, total - 0.2, obj);
    if (bestCell < 0) continue;
    const way = reach.route(bestCell);
    for (const turn of [0, 35, -35]) {
      const touch = touching({ x: reach.ground.x(bestCell), y: reach.ground.y(bestCell) }, obj, r, turn);
      const path = [...way, touch];
      const len = lengthOf(here, path);
      if (len <= p.mov[0] - 0.03) {
        out.push({ actor: id, first: order({ skill: 'move', path, facing: face(touch, obj) }), seconds: [second(activate), none], est: chance * gain, kind: 'activate' });
        break;
      }
    }
    // Out of reach this Order: walk towards it (two Moves), worth a share of the gain by how near it ends.
    const [first, rest] = cut(here, way, p.mov[0] - 0.03);
    if (first.length === 0) continue;
    const mid = first.at(-1)!;
    const [then] = cut(mid, rest, p.mov[1] - 0.03);
    const end = then.at(-1) ?? mid;
    const left = Math.max(0, Math.hypot(end.x - obj.x, end.y - obj.y) - obj.r - r);
    const bonus = chance * gain * (left <= p.mov[0] ? 0.6 : 0.6 * Math.max(0.15, 1 - (left - p.mov[0]) / 24));
    out.push({ actor: id, first: order({ skill: 'move', path: first, facing: face(end, obj) }), seconds: then.length > 0 ? [second({ skill: 'move', path: then, facing: face(end, obj) }), none] : [none], est: bonus, kind: 'to-objective', bonus });
  }

  // Zones: the safest reachable spot inside a zone where this trooper's points would swing it.
  if (m.zones.length > 0) {
    const now = missionValue(state, me);
    for (const z of m.zones) {
      const inside = here.x > z.x && here.x < z.x + z.w && here.y > z.y && here.y < z.y + z.d;
      if (inside) continue;
      const centre = { x: z.x + z.w / 2, y: z.y + z.d / 2 };
      const gain = missionValue(state, me, new Map([[id, centre]])) - now;
      if (gain <= 0) continue;
      let pick = -1;
      let pickV = -Infinity;
      for (const c of reach.within(total - 0.2)) {
        const x = reach.ground.x(c);
        const y = reach.ground.y(c);
        if (!(x > z.x + r && x < z.x + z.w - r && y > z.y + r && y < z.y + z.d - r)) continue;
        if ((c % reach.ground.cols) % 2 !== 0 || Math.floor(c / reach.ground.cols) % 2 !== 0) continue;
        const v = spotValue(outlook(state, ctx, id, { x, y, z: reach.ground.z }), w);
        if (v > pickV) {
          pickV = v;
          pick = c;
        }
      }
      let approach = 0;
      if (pick < 0) {
        // Out of reach this Order: walk towards it, worth a share of the gain by how near it ends.
        const near = nearestCell(reach, total - 0.2, centre);
        pick = near.cell;
        const bestD = near.distance;
        if (pick < 0 || bestD >= Math.hypot(here.x - centre.x, here.y - centre.y) - 1) continue;
        approach = 0.35 * gain * Math.max(0.15, 1 - Math.max(0, bestD - Math.min(z.w, z.d) / 2) / 24);
      }
      const [first, rest] = cut(here, reach.route(pick), p.mov[0] - 0.03);
      if (first.length === 0) continue;
      const mid = first.at(-1)!;
      const [then] = cut(mid, rest, p.mov[1] - 0.03);
      const end = then.at(-1) ?? mid;
      const f = facingTo(end, { x: end.x + (centre.x - here.x), y: end.y + (centre.y - here.y) });
      const seconds = then.length > 0 ? [second({ skill: 'move', path: then, facing: f }), none] : [none];
      if (approach > 0) out.push({ actor: id, first: order({ skill: 'move', path: first, facing: f }), seconds, est: approach, kind: 'to-zone', bonus: approach });
      else out.push({ actor: id, first: order({ skill: 'move', path: first, facing: f }), seconds, est: gain + pickV - base, kind: 'to-zone' });
    }
  }

  // Doctor and Engineer: a fallen friend in reach of one Move.
  const treats = p.skills.includes('doctor') ? 'doctor' : p.skills.includes('engineer') ? 'engineer' : null;
  if (treats) {
    for (const [fid, f] of Object.entries(state.troopers)) {
      if (fid === id || f.player !== me || f.x === null || f.y === null) continue;
      const fp = profile(state, fid);
      const ok = treats === 'doctor' ? f.status === 'unconscious' && !fp.structure : !!fp.structure && (f.status === 'unconscious' || (f.status === 'model' && f.wounds < fp.w));
      if (!ok) continue;
      const disc = { x: f.x, y: f.y, r: radiusOf(state, fid) };
      const gap = Math.hypot(disc.x - here.x, disc.y - here.y) - disc.r - r;
      const est = wipChance(state, id) * worth(state, fid) * 0.8;
      if (gap <= 0.05) {
        out.push({ actor: id, first: order({ skill: treats, target: fid }), seconds: [none], est, kind: treats });
        continue;
      }
      if (gap > p.mov[0]) continue;
      for (const turn of [0, 40, -40, 80, -80]) {
        const touch = touching(here, disc, r, turn);
        if (Math.hypot(touch.x - here.x, touch.y - here.y) > p.mov[0] - 0.05) continue;
        out.push({ actor: id, first: order({ skill: 'move', path: [touch], facing: facingTo(touch, disc) }), seconds: [second({ skill: treats, target: fid }), none], est, kind: treats });
        break;
      }
    }
  }
}

/** The mission skills the active trooper could use as its second skill now (where its first left it). */
export function missionSeconds(state: GameState, me: PlayerId): Command[] {
  const m = missionOf(state);
  const o = state.order;
  if (!m || !o) return [];
  const out: Command[] = [];
  for (const mo of m.objectives) if (activationGain(state, me, mo.id) > 0) out.push({ do: 'second', player: me, skill: 'activate', objective: mo.id } as Command);
  for (const [fid, f] of Object.entries(state.troopers)) {
    if (f.player !== me || fid === o.trooper || f.x === null) continue;
    if (f.status === 'unconscious') out.push({ do: 'second', player: me, skill: 'doctor', target: fid } as Command, { do: 'second', player: me, skill: 'engineer', target: fid } as Command);
  }
  return out;
}

/** MIS-17: the new Lieutenant: a standing Regular trooper, the one least exposed (a hidden one first). */
export function nameLieutenant(state: GameState, ctx: EngineContext, me: PlayerId): Command | null {
  let best: { id: string; v: number } | null = null;
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.player !== me || (t.status !== 'model' && t.status !== 'marker' && t.status !== 'hidden')) continue;
    if (profile(state, id).orders !== 'regular') continue;
    const exposure = t.x === null || t.y === null || t.status === 'hidden' ? -1 : outlook(state, ctx, id, placeOf(state, id)).risk * (t.status === 'marker' ? 0.3 : 1);
    const v = exposure - 0.01 * worth(state, id);
    if (!best || v < best.v) best = { id, v };
  }
  if (!best) return null;
  const cmd = { do: 'nameLieutenant', player: me, trooper: best.id } as Command;
  return legal(state, cmd, ctx) ? cmd : null;
}

/**
 * MIS-12: the classified objective the bot is likeliest to achieve with what its army has (working
 * weights): a zone held when the mission has zones, an objective activated when it has specialists to
 * do it, the enemy Lieutenant down, a friend treated.
 */
export function chooseClassified(seat: Seat): Command | null {
  const m = seat.setup.mission;
  const me = seat.player;
  if (!m?.classified || !seat.view.score || seat.view.score.classified?.[me]) return null;
  const mine = seat.setup.players[me].troopers.map((p) => seat.profiles[p.id] ?? p);
  const has = (s: string) => mine.some((p) => p.skills.includes(s as never));
  const likely: Record<string, number> = {
    'hold-any-zone': m.zones.length > 0 ? 0.6 : 0,
    'activate-any': m.objectives.length > 0 && mine.some((p) => p.skills.some((s) => SPECIALISTS.includes(s))) ? 0.5 : 0,
    'enemy-lieutenant-down': 0.35,
    'treat-friend': has('doctor') || has('engineer') ? 0.2 : 0,
  };
  const ranked = [...m.classified].sort((a, b) => (likely[b.kind] ?? 0) * b.points - (likely[a.kind] ?? 0) * a.points || (a.id < b.id ? -1 : 1));
  return ranked[0] ? ({ do: 'classified', player: me, objective: ranked[0].id } as Command) : null;
}

/** The cell within `inches` of the trooper's reach whose centre lies nearest `to` (-1 where none). */
function nearestCell(reach: ReturnType<typeof reachOf>, inches: number, to: { x: number; y: number }): { cell: number; distance: number } {
  let cell = -1;
  let distance = Infinity;
  for (const c of reach.within(inches)) {
    const d = Math.hypot(reach.ground.x(c) - to.x, reach.ground.y(c) - to.y);
    if (d < distance) {
      distance = d;
      cell = c;
    }
  }
  return { cell, distance };
}
