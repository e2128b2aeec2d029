/**
 * The occluders of a Line of Fire query (see lof.ts): how scenery solids and other models become the
 * candidates a proof may use, the caches kept of what is worked out once per solid and once per list
 * of solids (solids never change), and the scratch buffers the searches share. The searches themselves
 * are in lofAllEyes.ts and lofSearch.ts.
 */
import type { ScenerySolid } from '../ports';
import { prepareBox, type PreparedBox, type Vec3 } from './segments';
import type { Cylinder } from './shapes';

export interface LofRays {
  /** The first scenery solid the segment a -> b passes through, ignoring hits at its very ends. */
  sceneryHit(a: Vec3, b: Vec3): ScenerySolid | null;
  /** Convex solids each of which blocks every line through it (see SceneryIndex.occluders). */
  readonly occluders: readonly ScenerySolid[];
}

export interface LofBlocker {
  id: string;
  c: Cylinder;
}

/** `k`: its place among the query's candidates (-1 for a solid a ray met that is not one of them). */
export type Occluder = { kind: 'solid'; solid: ScenerySolid; box: PreparedBox; pointBox: PreparedBox; blocker: null; k: number } | { kind: 'body'; solid: null; box: null; pointBox: null; blocker: LofBlocker; k: number };

/** Both kinds with the same fields in the same order: one hidden class, so the searches' reads of them stay monomorphic. */
export function solidOccluder(solid: ScenerySolid, d: SolidData, k: number): Occluder {
  return { kind: 'solid', solid, box: d.box, pointBox: d.pointBox, blocker: null, k };
}
export function bodyOccluder(blocker: LofBlocker, k: number): Occluder {
  return { kind: 'body', solid: null, box: null, pointBox: null, blocker, k };
}

/** Shrinks occluders a hair for the proofs, so a line that only grazes one is not called blocked. */
export const GRAZE = 1e-6;
/**
 * Solids are shrunk this much for the point by point proofs of a sweep (`sweep` in lofSearch.ts): far
 * more than the float32 rounding of the ray index's mesh and its end tolerance (1e-4), so a line that
 * crosses a solid shrunk by it is one the index's ray is stopped on too.
 */
const POINT_MARGIN = 1e-3;

export interface Box3 {
  x0: number;
  y0: number;
  z0: number;
  x1: number;
  y1: number;
  z1: number;
}

function cylinderBounds(c: Cylinder): Box3 {
  return { x0: c.x - c.r, y0: c.y - c.r, z0: c.z, x1: c.x + c.r, y1: c.y + c.r, z1: c.z + c.h };
}

function union(a: Box3, b: Box3): Box3 {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), z0: Math.min(a.z0, b.z0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), z1: Math.max(a.z1, b.z1) };
}

/** The box around the two silhouettes: only what meets it may stand between them. */
export function lofSpan(shooter: Cylinder, target: Cylinder): Box3 {
  return union(cylinderBounds(shooter), cylinderBounds(target));
}

/**
 * Whether a model (a cylinder at x, y from z up h, radius r) meets the box around the two silhouettes:
 * one that does not is never a candidate, so a caller may leave it out of `blockers` with no change to
 * any answer. Whether the two boxes overlap, written out: it runs for every model on the table.
 */
export function modelMeets(span: Box3, x: number, y: number, z: number, r: number, h: number): boolean {
  return span.x0 <= x + r && x - r <= span.x1 && span.y0 <= y + r && y - r <= span.y1 && span.z0 <= z + h && z <= span.z1;
}

function solidBounds(s: ScenerySolid): Box3 {
  const a = (s.rotation * Math.PI) / 180;
  const ex = (Math.abs(Math.cos(a)) * s.w + Math.abs(Math.sin(a)) * s.d) / 2;
  const ey = (Math.abs(Math.sin(a)) * s.w + Math.abs(Math.cos(a)) * s.d) / 2;
  return { x0: s.x - ex, y0: s.y - ey, z0: s.z0, x1: s.x + ex, y1: s.y + ey, z1: s.z1 };
}

/** A solid's bounds and its box prepared for the proofs, worked out once per solid (solids never change). */
export interface SolidData {
  bounds: Box3;
  box: PreparedBox;
  /** the box shrunk by POINT_MARGIN, for the sweep's point proofs */
  pointBox: PreparedBox;
  /** the corners of its footprint, a hair out: x0, y0, x1, y1, ... */
  corners: Float64Array;
}
const solidCache = new WeakMap<ScenerySolid, SolidData>();

export function solidData(s: ScenerySolid): SolidData {
  let d = solidCache.get(s);
  if (!d) {
    const a = (s.rotation * Math.PI) / 180;
    const c = Math.cos(a);
    const n = Math.sin(a);
    const hw = s.w / 2 + 1e-6;
    const hd = s.d / 2 + 1e-6;
    const corners = new Float64Array(8);
    [
      [-hw, -hd],
      [hw, -hd],
      [hw, hd],
      [-hw, hd],
    ].forEach(([u, w], i) => {
      corners[2 * i] = s.x + u! * c - w! * n;
      corners[2 * i + 1] = s.y + u! * n + w! * c;
    });
    d = { bounds: solidBounds(s), box: prepareBox(s, GRAZE), pointBox: prepareBox(s, POINT_MARGIN), corners };
    solidCache.set(s, d);
  }
  return d;
}

/** Every occluder's data, in order, and their bounds side by side (x0, y0, z0, x1, y1, z1 each), kept with the list (an index's list never changes). */
interface ListData {
  data: SolidData[];
  bounds: Float64Array;
}
const listCache = new WeakMap<readonly ScenerySolid[], ListData>();
export function occluderData(list: readonly ScenerySolid[]): ListData {
  let d = listCache.get(list);
  if (!d || d.data.length !== list.length) {
    const data = list.map(solidData);
    const bounds = new Float64Array(6 * data.length);
    data.forEach((s, i) => bounds.set([s.bounds.x0, s.bounds.y0, s.bounds.z0, s.bounds.x1, s.bounds.y1, s.bounds.z1], 6 * i));
    listCache.set(list, (d = { data, bounds }));
  }
  return d;
}

export const NO_LIVE = new Uint8Array(0);

/** The point a sweep is asking about (one at a time). */
export const sweepPoint: Vec3 = { x: 0, y: 0, z: 0 };
/** Room for points in a box's own frame: x, y by point. */
export const eyeLocal = new Float64Array(2 * 27);
export const hullLocal = new Float64Array(2 * 64);
export const span: [number, number] = [0, 1];
