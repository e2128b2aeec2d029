/**
 * Line of Fire to many targets at once: the active trooper at the points of a path. When one convex
 * occluder stands across every line from the shooter's eyes to the trooper at every point of a run,
 * none of those points is seen, and the run is settled with one proof instead of a search per point.
 * Where no single occluder hides it all, the eyes or the run are cut in two and each part proven on
 * its own (two buildings each hiding a part), a few times over. A proof here only ever answers "not
 * seen"; whatever it cannot prove is left to `hasLineOfFire`, point by point. LOF-1: lofRunBack.ts
 * proves the other way (no point of the run sees the shooter back) with the regions and proofs here.
 */
import { EYE_INSET, EYE_TURNS, type LofBlocker, type LofRays } from './lof';
import { addBounds, bounds, cornerA, cornerB, eyeOccluders, gather, PAD, region, regionMark, releaseRegions, type Occluder, type Occluders, type Region } from './lofRunParts';
import { levelSpanLocal } from './segments';
import type { Cylinder } from './shapes';

export { occludersAmong, PAD, region, regionMark, releaseRegions } from './lofRunParts';
export type { Occluder, Occluders, Region } from './lofRunParts';

/** How far a line's level bounds must stand clear of an occluder's for `proven` to pass it over untested. */
const CLEAR = 1e-6;
/** How many times the regions may be cut on the way down. */
export const CUTS = 1;
/** How many times the targets may be cut for one eye's proof. */
const EYE_CUTS = 1;

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
  const mark = regionMark();
  const bits = eyesProven(shooter, facing, targets, blockers, rays, each, leaveOut);
  releaseRegions(mark);
  return bits;
}

/** hiddenEyes, its regions given back by the caller. */
function eyesProven(shooter: Cylinder, facing: number | null, targets: readonly Cylinder[], blockers: readonly LofBlocker[], rays: LofRays, each: boolean, leaveOut: string | null): number {
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
  // the shooter's eyes are above one (`lid`). Patch points lie within the radius of the axis (top
  // cells to 1e-9): PAD holds them.
  const far = region(shooter.x, shooter.y, ux, uy, sa0 - PAD, sa1 + PAD, b0 - PAD, b1 + PAD, z0 - PAD, z1 + PAD);
  const lid = over ? region(shooter.x, shooter.y, ux, uy, sa0 - PAD, ta1 + PAD, b0 - PAD, b1 + PAD, topLo - PAD, topHi + PAD) : null;
  // The eyes: LineOfFire turns them to face each target, round the rim's circle; every one lies in
  // the square around it, along the line of sight. A point of the table is its own.
  const point = shooter.r === 0 && shooter.h === 0;
  const rr = Math.max(0, shooter.r - EYE_INSET);
  const eyes: Region = point
    ? region(shooter.x, shooter.y, ux, uy, 0, 0, 0, 0, shooter.z, shooter.z)
    : region(shooter.x, shooter.y, ux, uy, -rr - PAD, rr + PAD, -rr - PAD, rr + PAD, shooter.z + EYE_INSET - PAD, shooter.z + shooter.h - EYE_INSET + PAD);
  // Only what stands within the level bounds of the regions can stand between them.
  const box = bounds;
  box[0] = Infinity;
  box[1] = Infinity;
  box[2] = -Infinity;
  box[3] = -Infinity;
  addBounds(eyes, box);
  addBounds(far, box);
  let zLo = Math.min(eyes.z0, far.z0);
  let zHi = Math.max(eyes.z1, far.z1);
  if (lid) {
    addBounds(lid, box);
    if (lid.z0 < zLo) zLo = lid.z0;
    if (lid.z1 > zHi) zHi = lid.z1;
  }
  const all = gather(eyeOccluders, blockers, rays, box, zLo, zHi, leaveOut);
  if (all.n === 0) return 0;
  if (hiddenFrom(all, eyes, far, lid, CUTS)) return ALL_EYES;
  if (point) return 0;
  // Eye by eye: LineOfFire's 27 eyes, each over the run a short arc (or a point, on the axis), each
  // hidden by an occluder of its own. First a column at a time (an arc, or the axis, from the bottom
  // eye to the top one: the three eyes at once), then, for a column not proven whole, its three eyes
  // one by one, the top first, where a look over or past is likeliest.
  const zTopEye = shooter.z + shooter.h - EYE_INSET;
  const zMidEye = shooter.z + shooter.h / 2;
  const zLowEye = shooter.z + EYE_INSET;
  const zLow = zLowEye - PAD;
  const zTop = zTopEye + PAD;
  let mask = eyeColumn(all, region(shooter.x, shooter.y, ux, uy, 0, 0, 0, 0, zLow, zTop), 0, far, lid, zTopEye, zMidEye, zLowEye, each);
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
    const bits = eyeColumn(all, region(shooter.x + rr * c, shooter.y + rr * s, -c, -s, -PAD, inward, -reach, reach, zLow, zTop), k + 1, far, lid, zTopEye, zMidEye, zLowEye, each);
    if (!each && bits !== COLUMN << (k + 1)) return 0;
    mask |= bits;
  }
  return mask;
}

/** Whether every line from `from` to the targets' side (`far`) and, where there is one, their tops (`lid`) is blocked. */
function hiddenFrom(all: Occluders, from: Region, far: Region, lid: Region | null, cuts: number): boolean {
  return proven(all, from, far, cuts) && (lid === null || proven(all, from, lid, cuts));
}

/**
 * The bits of a column's eyes proven (all three, or some of them with `each`; hiddenEyes numbers
 * them): `plan` from the bottom eye up to the top one (made so at once: no region made for the plan
 * alone), then each eye at its height, the top first.
 */
function eyeColumn(all: Occluders, plan: Region, j: number, far: Region, lid: Region | null, zTop: number, zMid: number, zLow: number, each: boolean): number {
  if (hiddenFrom(all, plan, far, lid, EYE_CUTS)) return COLUMN << j;
  let bits = 0;
  for (let h = 0; h < 3; h++) {
    const z = h === 0 ? zTop : h === 1 ? zMid : zLow;
    if (hiddenFrom(all, withHeights(plan, z - PAD, z + PAD), far, lid, EYE_CUTS)) bits |= 1 << (h * 9 + j);
    else if (!each) return 0;
  }
  return bits;
}

/** Whether every line between the two regions is blocked: by one occluder, or part by part after a cut. */
export function proven(all: Occluders, eyes: Region, far: Region, cuts: number): boolean {
  // Whatever proof there is, some one occluder stands across the line between the two middles. An
  // occluder whose level bounds that line passes clear of (by far more than any rounding: the
  // coordinates are inches on a table) cannot: passed over before its own test.
  const pa = (eyes.a0 + eyes.a1) / 2;
  const pb = (eyes.b0 + eyes.b1) / 2;
  const qa = (far.a0 + far.a1) / 2;
  const qb = (far.b0 + far.b1) / 2;
  const px = eyes.cx + pa * eyes.ex - pb * eyes.ey;
  const py = eyes.cy + pa * eyes.ey + pb * eyes.ex;
  const qx = far.cx + qa * far.ex - qb * far.ey;
  const qy = far.cy + qa * far.ey + qb * far.ex;
  const lx = Math.min(px, qx) - CLEAR;
  const hx = Math.max(px, qx) + CLEAR;
  const ly = Math.min(py, qy) - CLEAR;
  const hy = Math.max(py, qy) + CLEAR;
  let live = false;
  const list = all.at;
  for (let i = 0; i < all.n; i++) {
    const o = list[i]!;
    if (o.x0 > hx || o.x1 < lx || o.y0 > hy || o.y1 < ly || !acrossMiddles(o, eyes, far)) continue;
    live = true;
    if (acrossAll(o, eyes, far)) return true;
  }
  if (!live || cuts === 0) return false;
  const mark = regionMark();
  const cut = provenCut(all, eyes, far, cuts - 1);
  releaseRegions(mark);
  return cut;
}

/** proven after a cut (its parts' regions given back by the caller). */
function provenCut(all: Occluders, eyes: Region, far: Region, n: number): boolean {
  // Cut the eyes across, or the targets across, or the targets' height (each part made only when
  // the one before it is proven: most first parts are not).
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
