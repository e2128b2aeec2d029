/**
 * Line of Fire to many targets at once: the active trooper at the points of a path. When one convex
 * occluder stands across every line from the shooter's eyes to the trooper at every point of a run,
 * none of those points is seen, and the run is settled with one proof instead of a search per point.
 * Where no single occluder hides it all, the eyes or the run are cut in two and each part proven on
 * its own (two buildings each hiding a part), a few times over. A proof here only ever answers "not
 * seen"; whatever it cannot prove is left to `hasLineOfFire`, point by point. LOF-1: lofRunBack.ts
 * proves the other way (no point of the run sees the shooter back) with the regions and proofs here.
 */
import type { ScenerySolid } from '../ports';
import { EYE_INSET, EYE_TURNS, type LofBlocker, type LofRays } from './lof';
import { levelSpanLocal, type PreparedBox } from './segments';
import type { Cylinder } from './shapes';

/**
 * Occluders are shrunk this much for these proofs: far more than the float32 rounding of the ray
 * index's mesh and its end tolerance, so a line that crosses a shrunk occluder is blocked for the
 * index's rays as much as for the exact tests.
 */
const RUN_MARGIN = 1e-3;
/** Regions are padded this much, so every eye and every patch point lies strictly inside them. */
export const PAD = 1e-6;
/** How many times the regions may be cut on the way down. */
export const CUTS = 1;
/** How many times the targets may be cut for one eye's proof. */
const EYE_CUTS = 1;

/**
 * An occluder shrunk by RUN_MARGIN: a turned box (half sizes along its own axes) or an upright
 * cylinder, from z0 to z1, and its level bounds.
 */
export interface Occluder extends PreparedBox {
  /** the model's id, for a model's ('' for a solid: never an id to leave out) */
  id: string;
  /** a turned box (half sizes along its own axes), or an upright cylinder (its radius in hw and hd) */
  box: boolean;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A solid as an occluder shrunk by RUN_MARGIN, or null where nothing of it is left. */
function solidOccluder(s: ScenerySolid): Occluder | null {
  const a = (s.rotation * Math.PI) / 180;
  const hw = s.w / 2 - RUN_MARGIN;
  const hd = s.d / 2 - RUN_MARGIN;
  const ex = Math.abs(Math.cos(a)) * hw + Math.abs(Math.sin(a)) * hd;
  const ey = Math.abs(Math.sin(a)) * hw + Math.abs(Math.cos(a)) * hd;
  return hw > 0 && hd > 0 && s.z1 - s.z0 > 2 * RUN_MARGIN
    ? { id: '', box: true, x: s.x, y: s.y, cos: Math.cos(-a), sin: Math.sin(-a), hw, hd, z0: s.z0 + RUN_MARGIN, z1: s.z1 - RUN_MARGIN, x0: s.x - ex, y0: s.y - ey, x1: s.x + ex, y1: s.y + ey }
    : null;
}

/** Each list of solids' occluders, worked out once for the list (one lookup per proof, not one per solid). */
const lists = new WeakMap<readonly ScenerySolid[], (Occluder | null)[]>();
function solidOccluders(list: readonly ScenerySolid[]): (Occluder | null)[] {
  let a = lists.get(list);
  if (!a) {
    a = list.map(solidOccluder);
    lists.set(list, a);
  }
  return a;
}

/**
 * Each list of blockers' occluders (those left after the shrink), worked out once for the list: a
 * caller asking for several shooters gives one list and leaves each shooter out by its id.
 */
const bodyLists = new WeakMap<readonly LofBlocker[], Occluder[]>();
function bodyOccluders(list: readonly LofBlocker[]): Occluder[] {
  let a = bodyLists.get(list);
  if (!a) {
    a = [];
    for (const b of list) {
      const o = bodyOccluder(b);
      if (o) a.push(o);
    }
    bodyLists.set(list, a);
  }
  return a;
}

function bodyOccluder(b: LofBlocker): Occluder | null {
  const c = b.c;
  const r = c.r - RUN_MARGIN;
  return r <= 0 || c.h <= 2 * RUN_MARGIN ? null : { id: b.id, box: false, x: c.x, y: c.y, cos: 1, sin: 0, hw: r, hd: r, z0: c.z + RUN_MARGIN, z1: c.z + c.h - RUN_MARGIN, x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r };
}

/**
 * A region for the proofs: a rectangle in plan about (cx, cy), from a0 to a1 along the unit vector
 * (ex, ey) and from b0 to b1 across it (along (-ey, ex)), from z0 up to z1. One with no extent in plan
 * is a point: one corner.
 */
export interface Region {
  cx: number;
  cy: number;
  ex: number;
  ey: number;
  a0: number;
  a1: number;
  b0: number;
  b1: number;
  z0: number;
  z1: number;
}

/** A region made in one shape (every region has the same fields in the same order: one hidden class for V8). */
export function region(cx: number, cy: number, ex: number, ey: number, a0: number, a1: number, b0: number, b1: number, z0: number, z1: number): Region {
  return { cx, cy, ex, ey, a0, a1, b0, b1, z0, z1 };
}

/** Along and across of corner k of a region (0: a0, b0; 1: a1, b0; 2: a1, b1; 3: a0, b1). */
function cornerA(r: Region, k: number): number {
  return k === 0 || k === 3 ? r.a0 : r.a1;
}
function cornerB(r: Region, k: number): number {
  return k < 2 ? r.b0 : r.b1;
}

/**
 * The region's corners in an occluder's own level frame, written into `out` (x, y, x, y, ...); how
 * many. The plan position (cx, cy) + a (ex, ey) + b (-ey, ex) is written out here, in acrossMiddles
 * and in addBounds: the proofs' hottest lines, measured a tenth slower through a shared helper.
 */
function cornersIn(o: Occluder, r: Region, out: Float64Array): number {
  const n = r.a0 === r.a1 && r.b0 === r.b1 ? 1 : 4;
  for (let k = 0; k < n; k++) {
    const a = cornerA(r, k);
    const b = cornerB(r, k);
    const dx = r.cx + a * r.ex - b * r.ey - o.x;
    const dy = r.cy + a * r.ey + b * r.ex - o.y;
    out[2 * k] = dx * o.cos - dy * o.sin;
    out[2 * k + 1] = dx * o.sin + dy * o.cos;
  }
  return n;
}
const localA = new Float64Array(8);
const localB = new Float64Array(8);

/**
 * The part [lo, hi] of 0..1 along the level segment (ax, ay) -> (bx, by), in the occluder's frame,
 * over its footprint, written into `out`; false if none. A box's is segmentCrossesBox's own level part.
 */
function levelSpan(o: Occluder, ax: number, ay: number, bx: number, by: number, out: [number, number]): boolean {
  if (o.box) return levelSpanLocal(ax, ay, bx, by, o, out);
  const dx = bx - ax;
  const dy = by - ay;
  const qa = dx * dx + dy * dy;
  const qb = 2 * (ax * dx + ay * dy);
  const qc = ax * ax + ay * ay - o.hw * o.hw;
  let lo = 0;
  let hi = 1;
  if (qa < 1e-18) {
    if (qc >= 0) return false;
  } else {
    const disc = qb * qb - 4 * qa * qc;
    if (disc <= 0) return false;
    const sq = Math.sqrt(disc);
    lo = Math.max(lo, (-qb - sq) / (2 * qa));
    hi = Math.min(hi, (-qb + sq) / (2 * qa));
  }
  out[0] = lo;
  out[1] = hi;
  return lo < hi;
}

const span: [number, number] = [0, 0];

/**
 * Whether the occluder stands across every line from a point of one region to a point of the other:
 * the regions are convex and so is the occluder, so the lines between their corners decide.
 */
function acrossAll(o: Occluder, a: Region, b: Region): boolean {
  // The lowest line and the highest (from a's foot to b's, from a's top to b's): every other between
  // two corners lies between them at each step along the level span, so crosses the occluder's
  // heights where both do (it has height). Each is inside the heights over a stretch [m, M] of 0..1,
  // whatever the corners (heightsCross, worked out once); a level one is inside all along or nowhere.
  const dz0 = b.z0 - a.z0;
  const dz1 = b.z1 - a.z1;
  let m0 = -Infinity;
  let M0 = Infinity;
  let m1 = -Infinity;
  let M1 = Infinity;
  if (Math.abs(dz0) < 1e-12) {
    if (!(a.z0 >= o.z0 && a.z0 <= o.z1)) return false;
  } else {
    const u = (o.z0 - a.z0) / dz0;
    const w = (o.z1 - a.z0) / dz0;
    m0 = Math.min(u, w);
    M0 = Math.max(u, w);
  }
  if (Math.abs(dz1) < 1e-12) {
    if (!(a.z1 >= o.z0 && a.z1 <= o.z1)) return false;
  } else {
    const u = (o.z0 - a.z1) / dz1;
    const w = (o.z1 - a.z1) / dz1;
    m1 = Math.min(u, w);
    M1 = Math.max(u, w);
  }
  const na = cornersIn(o, a, localA);
  const nb = cornersIn(o, b, localB);
  for (let i = 0; i < 2 * na; i += 2) {
    for (let j = 0; j < 2 * nb; j += 2) {
      if (!levelSpan(o, localA[i]!, localA[i + 1]!, localB[j]!, localB[j + 1]!, span)) return false;
      const lo = span[0];
      const hi = span[1];
      if (!(Math.max(lo, m0) < Math.min(hi, M0)) || !(Math.max(lo, m1) < Math.min(hi, M1))) return false;
    }
  }
  return true;
}

/** Whether the occluder stands across the line between the middles of two regions. */
function acrossMiddles(o: Occluder, p: Region, q: Region): boolean {
  const pa = (p.a0 + p.a1) / 2;
  const pb = (p.b0 + p.b1) / 2;
  const qa = (q.a0 + q.a1) / 2;
  const qb = (q.b0 + q.b1) / 2;
  const px = p.cx + pa * p.ex - pb * p.ey - o.x;
  const py = p.cy + pa * p.ey + pb * p.ex - o.y;
  const qx = q.cx + qa * q.ex - qb * q.ey - o.x;
  const qy = q.cy + qa * q.ey + qb * q.ex - o.y;
  if (!levelSpan(o, px * o.cos - py * o.sin, px * o.sin + py * o.cos, qx * o.cos - qy * o.sin, qx * o.sin + qy * o.cos, span)) return false;
  // heightsCross, written out
  const az = (p.z0 + p.z1) / 2;
  const dz = (q.z0 + q.z1) / 2 - az;
  if (Math.abs(dz) < 1e-12) return az >= o.z0 && az <= o.z1;
  const u = (o.z0 - az) / dz;
  const w = (o.z1 - az) / dz;
  return Math.max(span[0], Math.min(u, w)) < Math.min(span[1], Math.max(u, w));
}

/**
 * Whether the region is wide enough across its axis to be cut in two there, by the line through its
 * middle along its axis (for the targets and the eyes, the line of sight: a part to the left and a
 * part to the right).
 */
function acrossWide(r: Region): boolean {
  return r.b1 - r.b0 > 1e-6;
}

/** The part of the region from b0 to b1 across its axis. */
function across(r: Region, b0: number, b1: number): Region {
  return region(r.cx, r.cy, r.ex, r.ey, r.a0, r.a1, b0, b1, r.z0, r.z1);
}

/** The same plan from z0 up to z1. */
function withHeights(r: Region, z0: number, z1: number): Region {
  return region(r.cx, r.cy, r.ex, r.ey, r.a0, r.a1, r.b0, r.b1, z0, z1);
}

/** The plan bounds of a region, added into `box` (x0, y0, x1, y1). */
export function addBounds(r: Region, box: number[]): void {
  for (let k = 0; k < 4; k++) {
    const a = cornerA(r, k);
    const b = cornerB(r, k);
    const x = r.cx + a * r.ex - b * r.ey;
    const y = r.cy + a * r.ey + b * r.ex;
    if (x < box[0]!) box[0] = x;
    if (y < box[1]!) box[1] = y;
    if (x > box[2]!) box[2] = x;
    if (y > box[3]!) box[3] = y;
  }
}

/**
 * Whether the shooter has Line of Fire to none of the targets, proven for all of them at once: each
 * stands wholly behind the front half-space of the shooter (a model), or every line from a region
 * holding the shooter's eyes (for every target) to a region holding every target crosses a convex
 * occluder (a solid of `rays.occluders` or a model of `blockers`, each shrunk by RUN_MARGIN), one
 * occluder for each part of a few cuts of the two regions. The regions are convex and so are the
 * occluders, so their corners decide for every line between them (the points an occluder hides from
 * an eye form a convex set, and so do the eyes it hides a point from). True means `hasLineOfFire`
 * answers false for each target with these blockers (less the one `leaveOut` names, where given: a
 * caller asking for several shooters gives one list and leaves each out); false proves nothing.
 */
export function hiddenAtEvery(shooter: Cylinder, facing: number | null, targets: readonly Cylinder[], blockers: readonly LofBlocker[], rays: LofRays, leaveOut: string | null = null): boolean {
  return hiddenEyes(shooter, facing, targets, blockers, rays, false, leaveOut) === ALL_EYES;
}

/** Every one of LineOfFire's 27 eyes, as bits. */
export const ALL_EYES = 2 ** 27 - 1;
/** The bits of the three eyes above one another at the axis (shifted by j: at rim point j). */
const COLUMN = 1 | (1 << 9) | (1 << 18);

/**
 * Which of LineOfFire's 27 eyes (bit h * 9 + j: height h from the top, j the axis or a rim point in
 * LineOfFire's order) are proven to see no patch of any of the targets: ALL_EYES where the run is
 * proven hidden as `hiddenAtEvery` proves it. With `each`, the eyes are gone through one column at a
 * time even after one fails, and every eye proven is told (the others may still see); without it,
 * the answer is ALL_EYES or 0. A point of the table as shooter has one eye: all or nothing.
 */
export function hiddenEyes(shooter: Cylinder, facing: number | null, targets: readonly Cylinder[], blockers: readonly LofBlocker[], rays: LofRays, each: boolean, leaveOut: string | null = null): number {
  if (targets.length === 0) return ALL_EYES;
  const first = targets[0]!;
  const mid = targets[targets.length >> 1]!;
  // The line of sight: from the shooter to the middle target.
  const dx = mid.x - shooter.x;
  const dy = mid.y - shooter.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < 1e-6) return 0;
  const ux = dx / len;
  const uy = dy / len;
  // In one pass: whether all stand behind the shooter (behindShooter, for each), the spread of their
  // directions from the first's, their heights, and the rectangles along the line of sight that hold
  // them: each side the half of its disc that faces the shooter (LineOfFire looks at that half of the
  // side), each top its whole disc.
  const front = facing === null ? null : (facing * Math.PI) / 180;
  const frx = front === null ? 0 : -Math.sin(front);
  const fry = front === null ? 0 : Math.cos(front);
  let behind = front !== null;
  const fx = first.x - shooter.x;
  const fy = first.y - shooter.y;
  let z0 = Infinity;
  let z1 = -Infinity;
  // the lowest and highest tops, and whether the shooter's top eyes stand above one of them
  let topLo = Infinity;
  let topHi = -Infinity;
  const eyeTop = shooter.z + shooter.h - EYE_INSET;
  let over = false;
  // The spread by the ratio of the cross and dot products (the tangent of the turn, in order while
  // every target is less than a right angle from the first), turned into angles once at the end.
  let qlo = 0;
  let qhi = 0;
  let wide = false;
  // along the line of sight from the shooter: the sides' a, the tops'; b across it
  let sa0 = Infinity;
  let sa1 = -Infinity;
  let ta1 = -Infinity;
  let b0 = Infinity;
  let b1 = -Infinity;
  for (const t of targets) {
    const tx = t.x - shooter.x;
    const ty = t.y - shooter.y;
    if (behind && !(tx * frx + ty * fry + t.r < -1e-6)) behind = false;
    const cr = fx * ty - fy * tx;
    const dt = fx * tx + fy * ty;
    if (dt > 0) {
      const q = cr / dt;
      if (q < qlo) qlo = q;
      else if (q > qhi) qhi = q;
    } else wide = true;
    const top = t.z + t.h;
    if (t.z < z0) z0 = t.z;
    if (top > z1) z1 = top;
    if (top < topLo) topLo = top;
    if (top > topHi) topHi = top;
    if (eyeTop > top + 1e-6) over = true;
    // Along the line of sight. The half of the disc facing the shooter reaches at most r |sin d|
    // beyond the axis, d the turn between the line of sight and the line to this target.
    const a = tx * ux + ty * uy;
    const b = ty * ux - tx * uy;
    const d = Math.sqrt(a * a + b * b);
    const beyond = d > 0 ? (t.r * Math.abs(b)) / d : t.r;
    if (a - t.r < sa0) sa0 = a - t.r;
    if (a + beyond > sa1) sa1 = a + beyond;
    if (a + t.r > ta1) ta1 = a + t.r;
    if (b - t.r < b0) b0 = b - t.r;
    if (b + t.r > b1) b1 = b + t.r;
  }
  if (behind) return ALL_EYES;
  if (wide) return 0;
  const lo = Math.atan(qlo);
  const hi = Math.atan(qhi);
  if (hi - lo > Math.PI / 4) return 0;
  // The targets' regions: the sides, from their lowest foot to their highest top, and the tops where
  // the shooter's eyes are above one. Patch points lie within the radius of the axis (top cells to
  // 1e-9): PAD holds them.
  const alongSight = (a0: number, a1: number, zLo: number, zHi: number): Region => region(shooter.x, shooter.y, ux, uy, a0 - PAD, a1 + PAD, b0 - PAD, b1 + PAD, zLo - PAD, zHi + PAD);
  const fars: Region[] = [alongSight(sa0, sa1, z0, z1)];
  if (over) fars.push(alongSight(sa0, ta1, topLo, topHi));
  // The eyes: LineOfFire turns them to face each target, round the rim's circle; every one lies in
  // the square around it, along the line of sight. A point of the table is its own.
  const point = shooter.r === 0 && shooter.h === 0;
  const rr = Math.max(0, shooter.r - EYE_INSET);
  const eyes: Region = point
    ? region(shooter.x, shooter.y, ux, uy, 0, 0, 0, 0, shooter.z, shooter.z)
    : region(shooter.x, shooter.y, ux, uy, -rr - PAD, rr + PAD, -rr - PAD, rr + PAD, shooter.z + EYE_INSET - PAD, shooter.z + shooter.h - EYE_INSET + PAD);
  // Only what stands within the level bounds of the regions can stand between them.
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  addBounds(eyes, box);
  let zLo = eyes.z0;
  let zHi = eyes.z1;
  for (const far of fars) {
    addBounds(far, box);
    if (far.z0 < zLo) zLo = far.z0;
    if (far.z1 > zHi) zHi = far.z1;
  }
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const all: Occluder[] = [];
  for (const list of [solidOccluders(rays.occluders), bodyOccluders(blockers)]) {
    for (const o of list) if (o && o.x0 <= x1 && o.x1 >= x0 && o.y0 <= y1 && o.y1 >= y0 && o.z0 < zHi && o.z1 > zLo && o.id !== leaveOut) all.push(o);
  }
  if (all.length === 0) return 0;
  const hidden = (from: Region, cuts: number): boolean => {
    for (const far of fars) if (!proven(all, from, far, cuts)) return false;
    return true;
  };
  if (hidden(eyes, CUTS)) return ALL_EYES;
  if (point) return 0;
  // Eye by eye: LineOfFire's 27 eyes, each over the run a short arc (or a point, on the axis), each
  // hidden by an occluder of its own. First a column at a time (an arc, or the axis, from the bottom
  // eye to the top one: the three eyes at once), then, for a column not proven whole, its three eyes
  // one by one, the top first, where a look over or past is likeliest.
  const zs = [shooter.z + shooter.h - EYE_INSET, shooter.z + shooter.h / 2, shooter.z + EYE_INSET];
  // The bits of the column's eyes proven (all three, or some of them with `each`); `plan` from the
  // bottom eye up to the top one (made so at once: no region made for the plan alone).
  const column = (plan: Region, j: number): number => {
    if (hidden(plan, EYE_CUTS)) return COLUMN << j;
    let bits = 0;
    for (let h = 0; h < 3; h++) {
      if (hidden(withHeights(plan, zs[h]! - PAD, zs[h]! + PAD), EYE_CUTS)) bits |= 1 << (h * 9 + j);
      else if (!each) return 0;
    }
    return bits;
  };
  const zLow = zs[2]! - PAD;
  const zTop = zs[0]! + PAD;
  let mask = column(region(shooter.x, shooter.y, ux, uy, 0, 0, 0, 0, zLow, zTop), 0);
  if (!each && mask !== COLUMN) return 0;
  // A rim eye's positions over the run lie on the arc between the turns of the first and the last
  // direction: in the rectangle from the arc's middle point inwards to its chord, and along its
  // tangent by as far as the arc reaches (the axis inwards, so a cut parts the arc's two ends).
  const a0 = Math.atan2(fy, fx);
  const half = (hi - lo) / 2;
  const reach = rr * Math.sin(half) + PAD;
  const inward = rr * (1 - Math.cos(half)) + PAD;
  for (let k = 0; k < EYE_TURNS.length; k++) {
    const m = a0 + lo + half + EYE_TURNS[k]!;
    const c = Math.cos(m);
    const s = Math.sin(m);
    const bits = column(region(shooter.x + rr * c, shooter.y + rr * s, -c, -s, -PAD, inward, -reach, reach, zLow, zTop), k + 1);
    if (!each && bits !== COLUMN << (k + 1)) return 0;
    mask |= bits;
  }
  return mask;
}

/** Whether every line between the two regions is blocked: by one occluder, or part by part after a cut. */
export function proven(all: readonly Occluder[], eyes: Region, far: Region, cuts: number): boolean {
  // Whatever proof there is, some one occluder stands across the line between the two middles.
  let live = false;
  for (const o of all) {
    if (!acrossMiddles(o, eyes, far)) continue;
    live = true;
    if (acrossAll(o, eyes, far)) return true;
  }
  if (!live || cuts === 0) return false;
  // Cut the eyes across, or the targets across, or the targets' height (each part made only when
  // the one before it is proven: most first parts are not).
  const n = cuts - 1;
  if (acrossWide(eyes)) {
    const m = (eyes.b0 + eyes.b1) / 2;
    if (proven(all, across(eyes, eyes.b0, m), far, n) && proven(all, across(eyes, m, eyes.b1), far, n)) return true;
  }
  if (acrossWide(far)) {
    const m = (far.b0 + far.b1) / 2;
    if (proven(all, eyes, across(far, far.b0, m), n) && proven(all, eyes, across(far, m, far.b1), n)) return true;
  }
  const m = (far.z0 + far.z1) / 2;
  return proven(all, eyes, withHeights(far, far.z0, m), n) && proven(all, eyes, withHeights(far, m, far.z1), n);
}

/**
 * The occluders (solids, and models less the one `leaveOut` names) that stand within the level bounds
 * and the heights of the regions: only they can stand between them.
 */
export function occludersAmong(regions: readonly Region[], blockers: readonly LofBlocker[], rays: LofRays, leaveOut: string | null): Occluder[] {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  let zLo = Infinity;
  let zHi = -Infinity;
  for (const r of regions) {
    addBounds(r, box);
    zLo = Math.min(zLo, r.z0);
    zHi = Math.max(zHi, r.z1);
  }
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const all: Occluder[] = [];
  for (const list of [solidOccluders(rays.occluders), bodyOccluders(blockers)]) {
    for (const o of list) if (o && o.x0 <= x1 && o.x1 >= x0 && o.y0 <= y1 && o.y1 >= y0 && o.z0 < zHi && o.z1 > zLo && o.id !== leaveOut) all.push(o);
  }
  return all;
}
