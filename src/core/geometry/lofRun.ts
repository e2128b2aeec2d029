/**
 * Line of Fire to many targets at once: the active trooper at the points of a path. When one convex
 * occluder stands across every line from the shooter's eyes to the trooper at every point of a run,
 * none of those points is seen, and the run is settled with one proof instead of a search per point.
 * Where no single occluder hides it all, the eyes or the run are cut in two and each part proven on
 * its own (two buildings each hiding a part), a few times over. A proof here only ever answers "not
 * seen"; whatever it cannot prove is left to `hasLineOfFire`, point by point.
 */
import type { ScenerySolid } from '../ports';
import { EYE_INSET, EYE_TURNS, type LofBlocker, type LofRays } from './lof';
import { heightsCross, levelSpanLocal, rectangleAround, type PreparedBox, type Vec3 } from './segments';
import type { Cylinder } from './shapes';

/**
 * Occluders are shrunk this much for these proofs: far more than the float32 rounding of the ray
 * index's mesh and its end tolerance, so a line that crosses a shrunk occluder is blocked for the
 * index's rays as much as for the exact tests.
 */
const RUN_MARGIN = 1e-3;
/** Regions are padded this much, so every eye and every patch point lies strictly inside them. */
const PAD = 1e-6;
/** How many times the regions may be cut on the way down. */
const CUTS = 1;
/** How many times the targets may be cut for one eye's proof. */
const EYE_CUTS = 1;
/** The corners of a regular octagon, and how far out of the circle it holds they stand. */
const OCT = Array.from({ length: 8 }, (_, k) => [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)] as const);
const OCT_OUT = 1 / Math.cos(Math.PI / 8);

/**
 * An occluder shrunk by RUN_MARGIN: a turned box (half sizes along its own axes) or an upright
 * cylinder, from z0 to z1, and its level bounds.
 */
interface Occluder extends PreparedBox {
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
    ? { box: true, x: s.x, y: s.y, cos: Math.cos(-a), sin: Math.sin(-a), hw, hd, z0: s.z0 + RUN_MARGIN, z1: s.z1 - RUN_MARGIN, x0: s.x - ex, y0: s.y - ey, x1: s.x + ex, y1: s.y + ey }
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

/** Each list of blockers' occluders (those left after the shrink), worked out once for the list. */
const bodyLists = new WeakMap<readonly LofBlocker[], Occluder[]>();
function bodyOccluders(list: readonly LofBlocker[]): Occluder[] {
  let a = bodyLists.get(list);
  if (!a) {
    a = [];
    for (const b of list) {
      const o = bodyOccluder(b.c);
      if (o) a.push(o);
    }
    bodyLists.set(list, a);
  }
  return a;
}

const bodies = new WeakMap<Cylinder, Occluder | null>();
function bodyOccluder(c: Cylinder): Occluder | null {
  let o = bodies.get(c);
  if (o === undefined) {
    const r = c.r - RUN_MARGIN;
    o = r <= 0 || c.h <= 2 * RUN_MARGIN ? null : { box: false, x: c.x, y: c.y, cos: 1, sin: 0, hw: r, hd: r, z0: c.z + RUN_MARGIN, z1: c.z + c.h - RUN_MARGIN, x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r };
    bodies.set(c, o);
  }
  return o;
}

/** Points in an occluder's own level frame, written into `out` (x, y, x, y, ...). */
function local(o: Occluder, pts: readonly Plan[], out: Float64Array): Float64Array {
  for (let i = 0; i < pts.length; i++) {
    const dx = pts[i]!.x - o.x;
    const dy = pts[i]!.y - o.y;
    out[2 * i] = dx * o.cos - dy * o.sin;
    out[2 * i + 1] = dx * o.sin + dy * o.cos;
  }
  return out;
}
/** Room for the corners of the regions in an occluder's frame (hulls of at most 16 points). */
const localA = new Float64Array(64);
const localB = new Float64Array(64);

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

/** Whether the occluder stands across every line from a corner of one region to a corner of the other. */
function acrossAll(o: Occluder, a: Region, b: Region): boolean {
  const la = local(o, a.poly, localA);
  const lb = local(o, b.poly, localB);
  for (let i = 0; i < 2 * a.poly.length; i += 2) {
    for (let j = 0; j < 2 * b.poly.length; j += 2) {
      if (!levelSpan(o, la[i]!, la[i + 1]!, lb[j]!, lb[j + 1]!, span)) return false;
      const [lo, hi] = span;
      // The lowest line and the highest: every other between the two corners lies between them at
      // each step along the span, so crosses the occluder's heights where both do (it has height).
      if (!heightsCross(a.z0, b.z0, lo, hi, o) || !heightsCross(a.z1, b.z1, lo, hi, o)) return false;
    }
  }
  return true;
}

/** Whether the occluder stands across the line between two points. */
function across(o: Occluder, p: Vec3, q: Vec3): boolean {
  const px = p.x - o.x;
  const py = p.y - o.y;
  const qx = q.x - o.x;
  const qy = q.y - o.y;
  return levelSpan(o, px * o.cos - py * o.sin, px * o.sin + py * o.cos, qx * o.cos - qy * o.sin, qx * o.sin + qy * o.cos, span) && heightsCross(p.z, q.z, span[0], span[1], o);
}

interface Plan {
  x: number;
  y: number;
}

/** A convex region: a convex polygon in plan, from z0 up to z1. */
interface Region {
  poly: Plan[];
  z0: number;
  z1: number;
  /** the rectangle around `poly` along the line of sight, worked out when first asked (see `boxed`) */
  box?: Region | null;
}

/**
 * The rectangle holding the region's polygon, its sides along (ux, uy) and across it: four corners in
 * place of up to sixteen. It holds the whole region, so an occluder across every line between two such
 * rectangles is across every line between the regions too; most proofs hold with room to spare, and
 * are settled by these 16 corner pairs instead of some 170. Null where the polygon has four corners or
 * fewer (nothing to gain).
 */
function boxed(r: Region, ux: number, uy: number): Region | null {
  if (r.box !== undefined) return r.box;
  if (r.poly.length <= 4) return (r.box = null);
  return (r.box = { poly: rectangleAround(r.poly, r.poly.length, ux, uy), z0: r.z0, z1: r.z1, box: null });
}

function byPlace(a: Plan, b: Plan): number {
  return a.x - b.x || a.y - b.y;
}

function cross(o: Plan, a: Plan, b: Plan): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** The convex hull of points in plan, counter-clockwise (Andrew's monotone chain). */
function hull(points: Plan[]): Plan[] {
  const p = [...points].sort(byPlace);
  if (p.length < 3) return p;
  const lower: Plan[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Plan[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function centre(r: Region): Vec3 {
  let x = 0;
  let y = 0;
  for (const p of r.poly) {
    x += p.x;
    y += p.y;
  }
  return { x: x / r.poly.length, y: y / r.poly.length, z: (r.z0 + r.z1) / 2 };
}

/**
 * The region cut in two by the line through its middle along (ux, uy): the parts on either side,
 * sharing the cut's points exactly, so together they hold all of it.
 */
function cutAcross(r: Region, ux: number, uy: number): [Region, Region] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of r.poly) {
    lo = Math.min(lo, p.y * ux - p.x * uy);
    hi = Math.max(hi, p.y * ux - p.x * uy);
  }
  if (!(hi - lo > 1e-6)) return null;
  const m = (lo + hi) / 2;
  const a: Plan[] = [];
  const b: Plan[] = [];
  for (let i = 0; i < r.poly.length; i++) {
    const p = r.poly[i]!;
    const q = r.poly[(i + 1) % r.poly.length]!;
    const sp = p.y * ux - p.x * uy - m;
    const sq = q.y * ux - q.x * uy - m;
    if (sp <= 0) a.push(p);
    if (sp >= 0) b.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      const x = { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t };
      a.push(x);
      b.push(x);
    }
  }
  return [
    { poly: a, z0: r.z0, z1: r.z1 },
    { poly: b, z0: r.z0, z1: r.z1 },
  ];
}

/** The part of a convex polygon where nx * x + ny * y >= k. */
function keepSide(poly: readonly Plan[], nx: number, ny: number, k: number): Plan[] {
  const out: Plan[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    const sp = p.x * nx + p.y * ny - k;
    const sq = q.x * nx + q.y * ny - k;
    if (sp >= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
    }
  }
  return out;
}

function cutHeight(r: Region): [Region, Region] {
  const m = (r.z0 + r.z1) / 2;
  return [
    { poly: r.poly, z0: r.z0, z1: m },
    { poly: r.poly, z0: m, z1: r.z1 },
  ];
}

/**
 * Whether the shooter has Line of Fire to none of the targets, proven for all of them at once: each
 * stands wholly behind the front half-space of the shooter (a model), or every line from a region
 * holding the shooter's eyes (for every target) to a region holding every target crosses a convex
 * occluder (a solid of `rays.occluders` or a model of `blockers`, each shrunk by RUN_MARGIN), one
 * occluder for each part of a few cuts of the two regions. The regions are convex and so are the
 * occluders, so their corners decide for every line between them (the points an occluder hides from
 * an eye form a convex set, and so do the eyes it hides a point from). True means `hasLineOfFire`
 * answers false for each target with these blockers; false proves nothing.
 */
export function hiddenAtEvery(shooter: Cylinder, facing: number | null, targets: readonly Cylinder[], blockers: readonly LofBlocker[], rays: LofRays): boolean {
  return hiddenEyes(shooter, facing, targets, blockers, rays, false) === ALL_EYES;
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
export function hiddenEyes(shooter: Cylinder, facing: number | null, targets: readonly Cylinder[], blockers: readonly LofBlocker[], rays: LofRays, each: boolean): number {
  if (targets.length === 0) return ALL_EYES;
  const first = targets[0]!;
  const last = targets[targets.length - 1]!;
  const mid = targets[targets.length >> 1]!;
  // In one pass: whether all stand behind the shooter (behindShooter, for each), the spread of their
  // directions from the first's, how far they stray from the line from the first to the last, their
  // largest radius and their heights.
  const front = facing === null ? null : (facing * Math.PI) / 180;
  const frx = front === null ? 0 : -Math.sin(front);
  const fry = front === null ? 0 : Math.cos(front);
  let behind = front !== null;
  const fx = first.x - shooter.x;
  const fy = first.y - shooter.y;
  const abx = last.x - first.x;
  const aby = last.y - first.y;
  const ab2 = abx * abx + aby * aby;
  let lo = 0;
  let hi = 0;
  let stray2 = 0;
  let r = 0;
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
    const f = ab2 > 0 ? Math.min(1, Math.max(0, ((t.x - first.x) * abx + (t.y - first.y) * aby) / ab2)) : 0;
    const ox = t.x - (first.x + f * abx);
    const oy = t.y - (first.y + f * aby);
    stray2 = Math.max(stray2, ox * ox + oy * oy);
    r = Math.max(r, t.r);
    const top = t.z + t.h;
    if (t.z < z0) z0 = t.z;
    if (top > z1) z1 = top;
    if (top < topLo) topLo = top;
    if (top > topHi) topHi = top;
    if (eyeTop > top + 1e-6) over = true;
  }
  if (behind) return ALL_EYES;
  if (wide) return 0;
  lo = Math.atan(qlo);
  hi = Math.atan(qhi);
  if (hi - lo > Math.PI / 4) return 0;
  // The eyes: LineOfFire turns them to face each target; those for targets at directions between
  // two others lie on arcs between theirs, which points a little farther out hold.
  const a0 = Math.atan2(fy, fx);
  let eyes: Region;
  if (shooter.r === 0 && shooter.h === 0) eyes = { poly: [{ x: shooter.x, y: shooter.y }], z0: shooter.z, z1: shooter.z };
  else {
    // The eyes of every target lie on arcs of one circle, between the turns of the first and the
    // last direction: their hull is those points in order round the circle (each arc at most an
    // eighth of it, so the two sets interleave).
    const rr = Math.max(0, shooter.r - EYE_INSET) / Math.cos((hi - lo) / 2) + PAD;
    const poly: Plan[] = [];
    for (let k = 0; k < 8; k++) {
      const a = a0 + lo + (k * Math.PI) / 4;
      poly.push({ x: shooter.x + rr * Math.cos(a), y: shooter.y + rr * Math.sin(a) });
      if (hi - lo > 1e-12) poly.push({ x: shooter.x + rr * Math.cos(a + hi - lo), y: shooter.y + rr * Math.sin(a + hi - lo) });
    }
    eyes = { poly, z0: shooter.z + EYE_INSET - PAD, z1: shooter.z + shooter.h - EYE_INSET + PAD };
  }
  // The targets. LineOfFire looks at the half of the side that faces the shooter, and at the top
  // where the shooter's eyes are above it. The side: octagons around the first and the last, widened
  // by how far the others stray from the line between them, cut to the half towards the shooter
  // (let out by as far as a half can turn over the run). Patch points lie within the radius of the
  // axis (top cells to 1e-9).
  const dx = mid.x - shooter.x;
  const dy = mid.y - shooter.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-6) return 0;
  const ux = dx / len;
  const uy = dy / len;
  const stray = Math.sqrt(stray2);
  const R = (r + stray) * OCT_OUT + PAD;
  const slack = r * (hi - lo) + stray + PAD;
  const ends = [first, last].map((c) => ({ x: c.x, y: c.y }));
  const side: Plan[] = [];
  for (const c of ends) {
    const disc = OCT.map(([cx, sy]) => ({ x: c.x + R * cx, y: c.y + R * sy }));
    // Towards the shooter is -u: keep (p - c) . (-u) >= -slack.
    side.push(...keepSide(disc, -ux, -uy, c.x * -ux + c.y * -uy - slack));
  }
  const fars: Region[] = [{ poly: hull(side), z0: z0 - PAD, z1: z1 + PAD }];
  if (over) fars.push({ poly: hull(ends.flatMap((c) => OCT.map(([cx, sy]) => ({ x: c.x + R * cx, y: c.y + R * sy })))), z0: topLo - PAD, z1: topHi + PAD });
  // Only what stands within the level bounds of the regions can stand between them.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let zLo = eyes.z0;
  let zHi = eyes.z1;
  for (let f = -1; f < fars.length; f++) {
    const region = f < 0 ? eyes : fars[f]!;
    if (region.z0 < zLo) zLo = region.z0;
    if (region.z1 > zHi) zHi = region.z1;
    for (const p of region.poly) {
      if (p.x < x0) x0 = p.x;
      if (p.x > x1) x1 = p.x;
      if (p.y < y0) y0 = p.y;
      if (p.y > y1) y1 = p.y;
    }
  }
  const all: Occluder[] = [];
  for (const list of [solidOccluders(rays.occluders), bodyOccluders(blockers)]) {
    for (const o of list) if (o && o.x0 <= x1 && o.x1 >= x0 && o.y0 <= y1 && o.y1 >= y0 && o.z0 < zHi && o.z1 > zLo) all.push(o);
  }
  if (all.length === 0) return 0;
  const hidden = (from: Region, cuts: number) => fars.every((far) => proven(all, from, far, ux, uy, cuts));
  if (hidden(eyes, CUTS)) return ALL_EYES;
  if (shooter.r === 0 && shooter.h === 0) return 0;
  // Eye by eye: LineOfFire's 27 eyes, each over the run a short arc (or a point, on the axis), each
  // hidden by an occluder of its own. First a column at a time (an arc, or the axis, from the bottom
  // eye to the top one: the three eyes at once), then, for a column not proven whole, its three eyes
  // one by one, the top first, where a look over or past is likeliest.
  const rr = Math.max(0, shooter.r - EYE_INSET);
  const out = rr / Math.cos((hi - lo) / 2) + PAD;
  const zs = [shooter.z + shooter.h - EYE_INSET, shooter.z + shooter.h / 2, shooter.z + EYE_INSET];
  // The bits of the column's eyes proven (all three, or some of them with `each`).
  const column = (poly: Plan[], j: number): number => {
    if (hidden({ poly, z0: zs[2]! - PAD, z1: zs[0]! + PAD }, EYE_CUTS)) return COLUMN << j;
    let bits = 0;
    for (let h = 0; h < 3; h++) {
      if (hidden({ poly, z0: zs[h]! - PAD, z1: zs[h]! + PAD }, EYE_CUTS)) bits |= 1 << (h * 9 + j);
      else if (!each) return 0;
    }
    return bits;
  };
  let mask = column([{ x: shooter.x, y: shooter.y }], 0);
  if (!each && mask !== COLUMN) return 0;
  for (let k = 0; k < EYE_TURNS.length; k++) {
    const turn = EYE_TURNS[k]!;
    // The arc between the directions a0 + lo and a0 + hi lies between its chord and the chord
    // pushed out to touch the circle: a thin four-cornered piece.
    const poly: Plan[] = [];
    for (const [a, radius] of [
      [a0 + lo, rr - PAD],
      [a0 + hi, rr - PAD],
      [a0 + hi, out],
      [a0 + lo, out],
    ] as const) {
      poly.push({ x: shooter.x + radius * Math.cos(a + turn), y: shooter.y + radius * Math.sin(a + turn) });
    }
    const bits = column(poly, k + 1);
    if (!each && bits !== COLUMN << (k + 1)) return 0;
    mask |= bits;
  }
  return mask;
}

/** Whether every line between the two regions is blocked: by one occluder, or part by part after a cut. */
function proven(all: readonly Occluder[], eyes: Region, far: Region, ux: number, uy: number, cuts: number): boolean {
  // Whatever proof there is, some one occluder stands across the line between the two middles.
  const a = centre(eyes);
  const b = centre(far);
  let live = false;
  const eyesBox = boxed(eyes, ux, uy) ?? eyes;
  const farBox = boxed(far, ux, uy) ?? far;
  const coarse = eyesBox !== eyes || farBox !== far;
  for (const o of all) {
    if (!across(o, a, b)) continue;
    live = true;
    // The rectangles first: cheaper, and enough for most proofs; then the regions themselves.
    if ((coarse && acrossAll(o, eyesBox, farBox)) || acrossAll(o, eyes, far)) return true;
  }
  if (!live || cuts === 0) return false;
  // Cut the eyes across the line of sight, or the targets across it, or the targets' height.
  const e = cutAcross(eyes, ux, uy);
  if (e && proven(all, e[0], far, ux, uy, cuts - 1) && proven(all, e[1], far, ux, uy, cuts - 1)) return true;
  for (const t of [cutAcross(far, ux, uy), cutHeight(far)]) {
    if (t && proven(all, eyes, t[0], ux, uy, cuts - 1) && proven(all, eyes, t[1], ux, uy, cuts - 1)) return true;
  }
  return false;
}
