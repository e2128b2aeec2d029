/**
 * Line of Fire to many targets at once: the active trooper at the points of a path. When one convex
 * occluder stands across every line from the shooter's eyes to the trooper at every point of a run,
 * none of those points is seen, and the run is settled with one proof instead of a search per point.
 * Where no single occluder hides it all, the eyes or the run are cut in two and each part proven on
 * its own (two buildings each hiding a part), a few times over. A proof here only ever answers "not
 * seen"; whatever it cannot prove is left to `hasLineOfFire`, point by point.
 */
import type { ScenerySolid } from '../ports';
import { behindShooter, EYE_INSET, type LofBlocker, type LofRays } from './lof';
import { prepareBox, segmentCrossesBox, segmentCylinder, type PreparedBox, type Vec3 } from './segments';
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
const CUTS = 2;
/** The eyes' directions from the shooter's axis, from the line to the target (as LineOfFire places them). */
const TURNS = [0, Math.PI / 2, -Math.PI / 2, Math.PI / 4, -Math.PI / 4, (3 * Math.PI) / 4, (-3 * Math.PI) / 4, Math.PI];
/** The corners of a regular octagon, and how far out of the circle it holds they stand. */
const OCT = Array.from({ length: 8 }, (_, k) => [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)] as const);
const OCT_OUT = 1 / Math.cos(Math.PI / 8);

const shrunk = new WeakMap<ScenerySolid, PreparedBox>();
function boxOf(s: ScenerySolid): PreparedBox {
  let b = shrunk.get(s);
  if (!b) shrunk.set(s, (b = prepareBox(s, RUN_MARGIN)));
  return b;
}

type Occluder = { solid: PreparedBox; body?: undefined } | { body: Cylinder; solid?: undefined };

function crosses(o: Occluder, a: Vec3, b: Vec3): boolean {
  return o.solid ? segmentCrossesBox(a, b, o.solid) : segmentCylinder(a, b, o.body, RUN_MARGIN) !== null;
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
}

/** The convex hull of points in plan, counter-clockwise (Andrew's monotone chain). */
function hull(points: Plan[]): Plan[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const cross = (o: Plan, a: Plan, b: Plan) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
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

function corners(r: Region): Vec3[] {
  const out: Vec3[] = [];
  for (const p of r.poly) out.push({ x: p.x, y: p.y, z: r.z0 }, { x: p.x, y: p.y, z: r.z1 });
  return out;
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
  const side = (p: Plan) => p.y * ux - p.x * uy;
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of r.poly) {
    lo = Math.min(lo, side(p));
    hi = Math.max(hi, side(p));
  }
  if (!(hi - lo > 1e-6)) return null;
  const m = (lo + hi) / 2;
  const a: Plan[] = [];
  const b: Plan[] = [];
  for (let i = 0; i < r.poly.length; i++) {
    const p = r.poly[i]!;
    const q = r.poly[(i + 1) % r.poly.length]!;
    const sp = side(p) - m;
    const sq = side(q) - m;
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
    { ...r, poly: a },
    { ...r, poly: b },
  ];
}

function cutHeight(r: Region): [Region, Region] {
  const m = (r.z0 + r.z1) / 2;
  return [
    { ...r, z1: m },
    { ...r, z0: m },
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
  if (targets.length === 0) return true;
  if (targets.every((target) => behindShooter({ shooter, facing, target }))) return true;
  const first = targets[0]!;
  const last = targets[targets.length - 1]!;
  const mid = targets[targets.length >> 1]!;
  // The eyes: LineOfFire turns them to face each target; those for targets at directions between
  // two others lie on arcs between theirs, which points a little farther out hold.
  const angle = (t: Cylinder) => Math.atan2(t.y - shooter.y, t.x - shooter.x);
  const a0 = angle(first);
  let lo = 0;
  let hi = 0;
  for (const t of targets) {
    const d = Math.atan2(Math.sin(angle(t) - a0), Math.cos(angle(t) - a0));
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  if (hi - lo > Math.PI / 4) return false;
  let eyes: Region;
  if (shooter.r === 0 && shooter.h === 0) eyes = { poly: [{ x: shooter.x, y: shooter.y }], z0: shooter.z, z1: shooter.z };
  else {
    const rr = Math.max(0, shooter.r - EYE_INSET) / Math.cos((hi - lo) / 2) + PAD;
    const pts: Plan[] = [];
    for (const a of [a0 + lo, a0 + hi]) for (const turn of TURNS) pts.push({ x: shooter.x + rr * Math.cos(a + turn), y: shooter.y + rr * Math.sin(a + turn) });
    eyes = { poly: hull(pts), z0: shooter.z + EYE_INSET - PAD, z1: shooter.z + shooter.h - EYE_INSET + PAD };
  }
  // The targets: octagons around the first and the last, widened by how far the others stray from
  // the line between them. Patch points lie within the radius of the axis (top cells to 1e-9).
  const abx = last.x - first.x;
  const aby = last.y - first.y;
  const ab2 = abx * abx + aby * aby;
  let stray = 0;
  let r = 0;
  let z0 = Infinity;
  let z1 = -Infinity;
  for (const t of targets) {
    const f = ab2 > 0 ? Math.min(1, Math.max(0, ((t.x - first.x) * abx + (t.y - first.y) * aby) / ab2)) : 0;
    stray = Math.max(stray, Math.hypot(t.x - (first.x + f * abx), t.y - (first.y + f * aby)));
    r = Math.max(r, t.r);
    z0 = Math.min(z0, t.z);
    z1 = Math.max(z1, t.z + t.h);
  }
  const R = (r + stray) * OCT_OUT + PAD;
  const far: Region = {
    poly: hull([first, last].flatMap((c) => OCT.map(([cx, sy]) => ({ x: c.x + R * cx, y: c.y + R * sy })))),
    z0: z0 - PAD,
    z1: z1 + PAD,
  };
  const dx = mid.x - shooter.x;
  const dy = mid.y - shooter.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-6) return false;
  const all: Occluder[] = [...rays.occluders.map((s) => ({ solid: boxOf(s) })), ...blockers.map((b) => ({ body: b.c }))];
  return proven(all, eyes, far, dx / len, dy / len, CUTS);
}

/** Whether every line between the two regions is blocked: by one occluder, or part by part after a cut. */
function proven(all: readonly Occluder[], eyes: Region, far: Region, ux: number, uy: number, cuts: number): boolean {
  // Whatever proof there is, some one occluder stands across the line between the two middles.
  const a = centre(eyes);
  const b = centre(far);
  const live = all.filter((o) => crosses(o, a, b));
  if (live.length === 0) return false;
  const from = corners(eyes);
  const to = corners(far);
  for (const o of live) {
    let ok = true;
    for (let i = 0; i < from.length && ok; i++) for (let j = 0; j < to.length && ok; j++) ok = crosses(o, from[i]!, to[j]!);
    if (ok) return true;
  }
  if (cuts === 0) return false;
  // Cut the eyes across the line of sight, or the targets across it, or the targets' height.
  const e = cutAcross(eyes, ux, uy);
  if (e && proven(all, e[0], far, ux, uy, cuts - 1) && proven(all, e[1], far, ux, uy, cuts - 1)) return true;
  for (const t of [cutAcross(far, ux, uy), cutHeight(far)]) {
    if (t && proven(all, eyes, t[0], ux, uy, cuts - 1) && proven(all, eyes, t[1], ux, uy, cuts - 1)) return true;
  }
  return false;
}
