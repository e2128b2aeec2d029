/**
 * Points as layers of one plan at several heights, and the proof over them that one box stands across
 * every line from one set of points to another (boxAcross): what the all-eyes proof and the search's
 * proof of a grid's whole rectangle rest on.
 */
import type { PreparedBox, Vec3 } from './segments';
import { v, type Layers } from './lofGrids';
import { eyeLocal, hullLocal } from './lofOccluders';

/** Points as layers: defined beside the grids, whose hulls are made so (lofGrids.ts). */
export type { Layers };

/** The points as layers of one plan at several heights, where they are so (the hulls and the rims). */
export function layersOf(points: readonly Vec3[]): Layers {
  for (const n of [2, 3]) {
    if (points.length % n !== 0) continue;
    const m = points.length / n;
    let same = true;
    for (let k = 0; k < n && same; k++) {
      for (let i = 0; i < m && same; i++) {
        const p = points[k * m + i]!;
        same = p.x === points[i]!.x && p.y === points[i]!.y && p.z === points[k * m]!.z;
      }
    }
    if (same) {
      const zs: number[] = [];
      for (let k = 0; k < n; k++) zs.push(points[k * m]!.z);
      return { points, plans: m, zs, zLo: Math.min(...zs), zHi: Math.max(...zs) };
    }
  }
  return { points, plans: points.length, zs: [], zLo: 0, zHi: 0 };
}

/**
 * The rectangle along (ux, uy) and across it about (cx, cy): from a0 to a1 along, from b0 to b1
 * across, let out by a hair for the rounding of the points it must hold, as layers at each height of
 * zA and zB. A box across every line between two such rectangles is across every line between the points
 * they hold: 4 plan positions in place of 8 or more, and most proofs hold with room to spare.
 */
export function rectLayers(cx: number, cy: number, a0: number, a1: number, b0: number, b1: number, ux: number, uy: number, zA: number, zB: number): Layers {
  const e = 1e-9 * (1 + Math.abs(cx) + Math.abs(cy) + Math.max(-a0, a1, -b0, b1));
  const lo = a0 - e;
  const hi = a1 + e;
  const left = b0 - e;
  const right = b1 + e;
  // (a, b) -> (cx, cy) + a * u + b * (-uy, ux), the corners counter-clockwise.
  const x0 = cx + lo * ux - left * uy;
  const y0 = cy + lo * uy + left * ux;
  const x1 = cx + hi * ux - left * uy;
  const y1 = cy + hi * uy + left * ux;
  const x2 = cx + hi * ux - right * uy;
  const y2 = cy + hi * uy + right * ux;
  const x3 = cx + lo * ux - right * uy;
  const y3 = cy + lo * uy + right * ux;
  const points = [v(x0, y0, zA), v(x1, y1, zA), v(x2, y2, zA), v(x3, y3, zA), v(x0, y0, zB), v(x1, y1, zB), v(x2, y2, zB), v(x3, y3, zB)];
  return { points, plans: 4, zs: [zA, zB], zLo: zA < zB ? zA : zB, zHi: zA < zB ? zB : zA };
}

/**
 * Whether `segmentCrossesBox(eye, q, box)` holds for every eye and every point q, worked out with
 * each point turned into the box's frame once, and the level part (levelSpanLocal) once for each pair
 * of plan positions whatever their heights. The level part is segmentCrossesBox's own, step for step.
 * Of the segments between two plan positions at several heights, only the lowest (lowest eye to
 * lowest point) and the highest are tested against the box's heights: along the level span, every
 * other one lies between those two at each step (its height is a weighting of its ends' heights), so
 * where the lowest is not wholly below the box and the highest not wholly above it, it passes through
 * the box's heights too, for a stretch of the span (the box has height).
 */
export function boxAcross(p: PreparedBox, eyes: Layers, to: Layers): boolean {
  if (p.hw <= 0 || p.hd <= 0 || p.z1 <= p.z0) return false;
  toLocal(p, eyes.points, eyes.plans, eyeLocal);
  // The points' plan positions are turned into the box's frame as the first eye reaches them (most
  // boxes fail at the first few lines: the rest are never turned).
  const cos = p.cos;
  const sin = p.sin;
  // Layers give their lowest and highest heights; points on their own, each its own height.
  const eyeLayers = eyes.zs.length > 0;
  const toLayers = to.zs.length > 0;
  const hw = p.hw;
  const hd = p.hd;
  const z0 = p.z0;
  const z1 = p.z1;
  for (let i = 0; i < eyes.plans; i++) {
    const az0 = eyeLayers ? eyes.zLo : eyes.points[i]!.z;
    const az1 = eyeLayers ? eyes.zHi : az0;
    const px = eyeLocal[2 * i]!;
    const py = eyeLocal[2 * i + 1]!;
    for (let j = 0; j < to.plans; j++) {
      if (i === 0) {
        // toLocal, for point j
        const q = to.points[j]!;
        const ax = q.x - p.x;
        const ay = q.y - p.y;
        hullLocal[2 * j] = ax * cos - ay * sin;
        hullLocal[2 * j + 1] = ax * sin + ay * cos;
      }
      // levelSpanLocal and heightsCross (segments.ts), written out step for step: a call V8 leaves
      // out of line boxes each number passed, and this runs some 150,000 times a replay.
      const dx = hullLocal[2 * j]! - px;
      const dy = hullLocal[2 * j + 1]! - py;
      let t0 = 0;
      let t1 = 1;
      if (Math.abs(dx) < 1e-12) {
        if (px < -hw || px > hw) return false;
      } else {
        const u = (-hw - px) / dx;
        const w = (hw - px) / dx;
        t0 = Math.max(t0, Math.min(u, w));
        t1 = Math.min(t1, Math.max(u, w));
        if (t0 >= t1) return false;
      }
      if (Math.abs(dy) < 1e-12) {
        if (py < -hd || py > hd) return false;
      } else {
        const u = (-hd - py) / dy;
        const w = (hd - py) / dy;
        t0 = Math.max(t0, Math.min(u, w));
        t1 = Math.min(t1, Math.max(u, w));
        if (t0 >= t1) return false;
      }
      const bz0 = toLayers ? to.zLo : to.points[j]!.z;
      const bz1 = toLayers ? to.zHi : bz0;
      const dz0 = bz0 - az0;
      if (Math.abs(dz0) < 1e-12) {
        if (!(az0 >= z0 && az0 <= z1)) return false;
      } else {
        const u = (z0 - az0) / dz0;
        const w = (z1 - az0) / dz0;
        if (!(Math.max(t0, Math.min(u, w)) < Math.min(t1, Math.max(u, w)))) return false;
      }
      if (az1 !== az0 || bz1 !== bz0) {
        const dz1 = bz1 - az1;
        if (Math.abs(dz1) < 1e-12) {
          if (!(az1 >= z0 && az1 <= z1)) return false;
        } else {
          const u = (z0 - az1) / dz1;
          const w = (z1 - az1) / dz1;
          if (!(Math.max(t0, Math.min(u, w)) < Math.min(t1, Math.max(u, w)))) return false;
        }
      }
    }
  }
  return true;
}

/** The first n points' plan positions in the box's own frame, written into `out` (x, y, x, y, ...). */
function toLocal(p: PreparedBox, pts: readonly Vec3[], n: number, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const ax = pts[i]!.x - p.x;
    const ay = pts[i]!.y - p.y;
    out[2 * i] = ax * p.cos - ay * p.sin;
    out[2 * i + 1] = ax * p.sin + ay * p.cos;
  }
}
