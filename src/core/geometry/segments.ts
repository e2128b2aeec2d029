/**
 * Segments against solids: turned boxes and vertical cylinders. `margin` shrinks the solid, so a
 * segment that only grazes it (within the margin) passes.
 */
import type { Cylinder, TurnedBox } from './shapes';
import { degToRad } from './shapes';

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export interface SolidBox extends TurnedBox {
  z0: number;
  z1: number;
}

/** Clips [t0, t1] by the slab lo <= p + t*d <= hi; returns the new range or null if empty. */
function slab(p: number, d: number, lo: number, hi: number, t0: number, t1: number): [number, number] | null {
  if (Math.abs(d) < 1e-12) return p < lo || p > hi ? null : [t0, t1];
  let a = (lo - p) / d;
  let b = (hi - p) / d;
  if (a > b) [a, b] = [b, a];
  const lo2 = Math.max(t0, a);
  const hi2 = Math.min(t1, b);
  return lo2 < hi2 ? [lo2, hi2] : null;
}

/** A box made ready for many segment tests: its turn worked out once. */
export interface PreparedBox {
  x: number;
  y: number;
  cos: number;
  sin: number;
  hw: number;
  hd: number;
  z0: number;
  z1: number;
}

export function prepareBox(box: SolidBox, margin = 0): PreparedBox {
  const r = -degToRad(box.rotation);
  return { x: box.x, y: box.y, cos: Math.cos(r), sin: Math.sin(r), hw: box.w / 2 - margin, hd: box.d / 2 - margin, z0: box.z0 + margin, z1: box.z1 - margin };
}

/** Where segmentCrossesBox has the level part written. */
const SPAN: [number, number] = [0, 1];

/** Whether the segment a -> b passes through the inside of a prepared box. */
export function segmentCrossesBox(a: Vec3, b: Vec3, p: PreparedBox): boolean {
  return levelSpanAcross(a, b, p, SPAN) && heightsCross(a.z, b.z, SPAN[0], SPAN[1], p);
}

/**
 * The level part of segmentCrossesBox: whether the segment's plan crosses the box's footprint (an
 * empty box is crossed by nothing), the part [t0, t1] of it written into `out`. The same for every
 * pair of ends above the same two plan positions, whatever their heights.
 */
export function levelSpanAcross(a: { x: number; y: number }, b: { x: number; y: number }, p: PreparedBox, out: [number, number]): boolean {
  if (p.hw <= 0 || p.hd <= 0 || p.z1 <= p.z0) return false;
  const ax = a.x - p.x;
  const ay = a.y - p.y;
  const bx = b.x - p.x;
  const by = b.y - p.y;
  return levelSpanLocal(ax * p.cos - ay * p.sin, ax * p.sin + ay * p.cos, bx * p.cos - by * p.sin, bx * p.sin + by * p.cos, p, out);
}

/**
 * levelSpanAcross with both ends already turned into the box's frame (px, py and qx, qy, from the
 * box's centre), for callers that test many segments between the same points; the box must not be
 * empty. Whether the segment's plan crosses the box's footprint, and if so the part [t0, t1] of it
 * that does, written into `out`. It does not hang on the heights, so segments between the same plan
 * positions at other heights share it.
 */
export function levelSpanLocal(px: number, py: number, qx: number, qy: number, p: PreparedBox, out: [number, number]): boolean {
  const dx = qx - px;
  const dy = qy - py;
  // Two slabs in turn, written out: this runs millions of times for a map of the table.
  let t0 = 0;
  let t1 = 1;
  if (Math.abs(dx) < 1e-12) {
    if (px < -p.hw || px > p.hw) return false;
  } else {
    const u = (-p.hw - px) / dx;
    const w = (p.hw - px) / dx;
    t0 = Math.max(t0, Math.min(u, w));
    t1 = Math.min(t1, Math.max(u, w));
    if (t0 >= t1) return false;
  }
  if (Math.abs(dy) < 1e-12) {
    if (py < -p.hd || py > p.hd) return false;
  } else {
    const u = (-p.hd - py) / dy;
    const w = (p.hd - py) / dy;
    t0 = Math.max(t0, Math.min(u, w));
    t1 = Math.min(t1, Math.max(u, w));
    if (t0 >= t1) return false;
  }
  out[0] = t0;
  out[1] = t1;
  return true;
}

/** The height part of segmentCrossesBox: whether the segment from height az to bz is inside the box's heights somewhere in [t0, t1]. */
export function heightsCross(az: number, bz: number, t0: number, t1: number, p: { z0: number; z1: number }): boolean {
  const dz = bz - az;
  if (Math.abs(dz) < 1e-12) return az >= p.z0 && az <= p.z1;
  const u = (p.z0 - az) / dz;
  const w = (p.z1 - az) / dz;
  return Math.max(t0, Math.min(u, w)) < Math.min(t1, Math.max(u, w));
}

/** heightsCross between the heights z0 and z1 given as numbers (a model's, shrunk as crossesCylinder shrinks it). */
export function heightsWithin(az: number, bz: number, t0: number, t1: number, z0: number, z1: number): boolean {
  const dz = bz - az;
  if (Math.abs(dz) < 1e-12) return az >= z0 && az <= z1;
  const u = (z0 - az) / dz;
  const w = (z1 - az) / dz;
  return Math.max(t0, Math.min(u, w)) < Math.min(t1, Math.max(u, w));
}

/**
 * The part of the segment a -> b (as parameters in [0, 1]) that lies inside the box shrunk by margin,
 * or null when the segment misses it.
 */
export function segmentBox(a: Vec3, b: Vec3, box: SolidBox, margin = 0): [number, number] | null {
  const r = -degToRad(box.rotation);
  const c = Math.cos(r);
  const s = Math.sin(r);
  const ax = a.x - box.x;
  const ay = a.y - box.y;
  const bx = b.x - box.x;
  const by = b.y - box.y;
  const px = ax * c - ay * s;
  const py = ax * s + ay * c;
  const dx = bx * c - by * s - px;
  const dy = bx * s + by * c - py;
  const hw = box.w / 2 - margin;
  const hd = box.d / 2 - margin;
  if (hw <= 0 || hd <= 0 || box.z1 - box.z0 <= 2 * margin) return null;
  let t: [number, number] | null = [0, 1];
  t = slab(px, dx, -hw, hw, t[0], t[1]);
  if (!t) return null;
  t = slab(py, dy, -hd, hd, t[0], t[1]);
  if (!t) return null;
  return slab(a.z, b.z - a.z, box.z0 + margin, box.z1 - margin, t[0], t[1]);
}

/** radialSpan's answer: read at once by its caller (no pair is made for it). */
const span = { t0: 0, t1: 1 };

/**
 * The part of the segment a -> b, as fractions of it in `span`, whose plan position lies within r of
 * the cylinder's axis; false when none does.
 */
function radialSpan(a: { x: number; y: number }, b: { x: number; y: number }, c: Cylinder, r: number): boolean {
  const px = a.x - c.x;
  const py = a.y - c.y;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const qa = dx * dx + dy * dy;
  const qc = px * px + py * py - r * r;
  if (qa < 1e-18) {
    span.t0 = 0;
    span.t1 = 1;
    return qc < 0;
  }
  const qb = 2 * (px * dx + py * dy);
  const disc = qb * qb - 4 * qa * qc;
  if (disc <= 0) return false;
  const sq = Math.sqrt(disc);
  span.t0 = Math.max(0, (-qb - sq) / (2 * qa));
  span.t1 = Math.min(1, (-qb + sq) / (2 * qa));
  return span.t0 < span.t1;
}

/**
 * The level part of crossesCylinder: whether the plan of the segment a -> b comes within the radius
 * (shrunk by margin) of the cylinder's axis, the part [t0, t1] of it that does written into `out`. The
 * same for every pair of ends above the same two plan positions, whatever their heights.
 */
export function radialSpanAcross(a: { x: number; y: number }, b: { x: number; y: number }, c: Cylinder, margin: number, out: [number, number]): boolean {
  const r = c.r - margin;
  if (r <= 0 || !radialSpan(a, b, c, r)) return false;
  out[0] = span.t0;
  out[1] = span.t1;
  return true;
}

/** The part of the segment a -> b inside a vertical cylinder shrunk by margin, or null. */
export function segmentCylinder(a: Vec3, b: Vec3, c: Cylinder, margin = 0): [number, number] | null {
  const r = c.r - margin;
  if (r <= 0 || !radialSpan(a, b, c, r)) return null;
  return slab(a.z, b.z - a.z, c.z + margin, c.z + c.h - margin, span.t0, span.t1);
}

/**
 * Whether the segment a -> b passes through the vertical cylinder shrunk by margin: segmentCylinder's
 * answer as a yes or no, with no pair made for it (Line of Fire asks it hundreds of thousands of times
 * in a replay, and only the yes or no).
 */
export function crossesCylinder(a: Vec3, b: Vec3, c: Cylinder, margin = 0): boolean {
  const r = c.r - margin;
  if (r <= 0 || !radialSpan(a, b, c, r)) return false;
  const { t0, t1 } = span;
  // slab() over the heights, as a yes or no
  const p = a.z;
  const d = b.z - a.z;
  const lo = c.z + margin;
  const hi = c.z + c.h - margin;
  if (Math.abs(d) < 1e-12) return !(p < lo || p > hi);
  const u = (lo - p) / d;
  const w = (hi - p) / d;
  return Math.max(t0, Math.min(u, w)) < Math.min(t1, Math.max(u, w));
}
