/**
 * Line of Fire between two silhouettes (FACTS: Line of Fire): the target has a patch of its silhouette,
 * at least 3 mm x 3 mm, wholly seen from a point of the shooter's silhouette, inside the shooter's front
 * half-space (markers see all round). Scenery and other models block; which models block is the
 * caller's choice of `blockers`.
 *
 * The target's surface that faces the shooter is cut into patches, and the shooter is looked from at
 * 27 points (its axis and eight rim points, at three heights). For each such eye a search over blocks of
 * patches first tries to prove a whole block hidden behind one convex occluder: exact, because the
 * points hidden from an eye by a convex solid form a convex set, so the corners of a hull around the
 * block decide for every point inside it. What no single occluder hides is split, down to single
 * patches, which are looked at with rays through the scenery index (the BVH in the product).
 */
import type { ScenerySolid } from '../ports';
import { heightsCross, levelSpanAcross, levelSpanLocal, prepareBox, segmentBox, segmentCrossesBox, segmentCylinder, type PreparedBox, type Vec3 } from './segments';
import { EDGES, freshTables, Grid, sharedTables, SideGrid, TopGrid, v, type Arc, type TableSource } from './lofGrids';
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

export interface LofQuery {
  shooter: Cylinder;
  /** the shooter's facing in degrees, or null when it sees all round (a marker) */
  facing: number | null;
  target: Cylinder;
  /** other models on the table: they block Line of Fire */
  blockers: LofBlocker[];
  /** the side of the smallest patch that must be wholly seen */
  patch: number;
  /**
   * Eyes already proven to see no patch of the target (bits as `hiddenEyes` in lofRun.ts): the
   * yes/no answer leaves them out of its search. The whole answer looks from every eye.
   */
  hiddenEyes?: number;
}

export interface LofDetail {
  visible: boolean;
  /** a segment from a point of the shooter to the centre of a patch it wholly sees */
  witness: { from: Vec3; to: Vec3 } | null;
  /** the share of the target's patches facing the shooter, in its arc, that are wholly seen */
  fraction: number;
  /** scenery pieces that hide some patch of the target */
  hiddenBy: string[];
  /** models that hide some patch of the target */
  hiddenByModels: string[];
  /** the patches wholly seen, each as its four corners: what the table draws as the seen part */
  seenPatches: Vec3[][];
}

/** `k`: its place among the query's candidates (-1 for a solid a ray met that is not one of them). */
type Occluder = { kind: 'solid'; solid: ScenerySolid; box: PreparedBox; pointBox: PreparedBox; blocker: null; k: number } | { kind: 'body'; solid: null; box: null; pointBox: null; blocker: LofBlocker; k: number };

/** Both kinds with the same fields in the same order: one hidden class, so the searches' reads of them stay monomorphic. */
function solidOccluder(solid: ScenerySolid, d: SolidData, k: number): Occluder {
  return { kind: 'solid', solid, box: d.box, pointBox: d.pointBox, blocker: null, k };
}
function bodyOccluder(blocker: LofBlocker, k: number): Occluder {
  return { kind: 'body', solid: null, box: null, pointBox: null, blocker, k };
}

/** The rim eyes' turns from the line to the target, in LineOfFire's order: the two tangent to it first. */
export const EYE_TURNS: readonly number[] = [0, Math.PI / 2, -Math.PI / 2, Math.PI / 4, -Math.PI / 4, (3 * Math.PI) / 4, (-3 * Math.PI) / 4, Math.PI];

/** Shrinks occluders a hair for the proofs, so a line that only grazes one is not called blocked. */
const GRAZE = 1e-6;
/**
 * Solids are shrunk this much for the point by point proofs of a sweep (see `sweep`): far more than
 * the float32 rounding of the ray index's mesh and its end tolerance (1e-4), so a line that crosses a
 * solid shrunk by it is one the index's ray is stopped on too.
 */
const POINT_MARGIN = 1e-3;
/** Blocks of patches split this many times over before the rest of a block is swept point by point. */
const SWEEP_DEPTH = 2;
/** Eyes sit this far inside the shooter's silhouette, so they never start on a surface. */
export const EYE_INSET = 0.01;

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
interface SolidData {
  bounds: Box3;
  box: PreparedBox;
  /** the box shrunk by POINT_MARGIN, for the sweep's point proofs */
  pointBox: PreparedBox;
  /** the corners of its footprint, a hair out: x0, y0, x1, y1, ... */
  corners: Float64Array;
}
const solidCache = new WeakMap<ScenerySolid, SolidData>();

function solidData(s: ScenerySolid): SolidData {
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
function occluderData(list: readonly ScenerySolid[]): ListData {
  let d = listCache.get(list);
  if (!d || d.data.length !== list.length) {
    const data = list.map(solidData);
    const bounds = new Float64Array(6 * data.length);
    data.forEach((s, i) => bounds.set([s.bounds.x0, s.bounds.y0, s.bounds.z0, s.bounds.x1, s.bounds.y1, s.bounds.z1], 6 * i));
    listCache.set(list, (d = { data, bounds }));
  }
  return d;
}

const NO_LIVE = new Uint8Array(0);

/** The point a sweep is asking about (one at a time). */
const sweepPoint: Vec3 = { x: 0, y: 0, z: 0 };
/** Room for points in a box's own frame: x, y by point. */
const eyeLocal = new Float64Array(2 * 27);
const hullLocal = new Float64Array(2 * 64);
const span: [number, number] = [0, 1];

/**
 * Points that share their plan positions: `plans` positions, each at every height of `zs` (the point
 * for position i at height k is points[k * plans + i]), or each point on its own.
 */
interface Layers {
  points: readonly Vec3[];
  plans: number;
  zs: number[];
  /** the lowest and highest of zs (0 where there are none) */
  zLo: number;
  zHi: number;
}

/** The points as layers of one plan at several heights, where they are so (the hulls and the rims). */
function layersOf(points: readonly Vec3[]): Layers {
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
function rectLayers(cx: number, cy: number, a0: number, a1: number, b0: number, b1: number, ux: number, uy: number, zA: number, zB: number): Layers {
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
function boxAcross(p: PreparedBox, eyes: Layers, to: Layers): boolean {
  if (p.hw <= 0 || p.hd <= 0 || p.z1 <= p.z0) return false;
  toLocal(p, eyes.points, eyes.plans, eyeLocal);
  toLocal(p, to.points, to.plans, hullLocal);
  // Layers give their lowest and highest heights; points on their own, each its own height.
  const eyeLayers = eyes.zs.length > 0;
  const toLayers = to.zs.length > 0;
  for (let i = 0; i < eyes.plans; i++) {
    const az0 = eyeLayers ? eyes.zLo : eyes.points[i]!.z;
    const az1 = eyeLayers ? eyes.zHi : az0;
    for (let j = 0; j < to.plans; j++) {
      if (!levelSpanLocal(eyeLocal[2 * i]!, eyeLocal[2 * i + 1]!, hullLocal[2 * j]!, hullLocal[2 * j + 1]!, p, span)) return false;
      const t0 = span[0];
      const t1 = span[1];
      const bz0 = toLayers ? to.zLo : to.points[j]!.z;
      const bz1 = toLayers ? to.zHi : bz0;
      if (!heightsCross(az0, bz0, t0, t1, p)) return false;
      if ((az1 !== az0 || bz1 !== bz0) && !heightsCross(az1, bz1, t0, t1, p)) return false;
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

export class LineOfFire {
  private readonly q: LofQuery;
  private readonly rays: LofRays;
  private readonly grids: Grid[] = [];
  /** the eyes, made when a search first needs them (most targets are settled from the rims alone) */
  private eyeList: Vec3[] | null = null;
  private rimPlanCache: { xs: number[]; ys: number[] } | null = null;
  /** what might stand between the two silhouettes: the only candidates for a proof */
  private readonly candidates: Occluder[] = [];
  private readonly hiddenBy = new Set<string>();
  private readonly hiddenByModels = new Set<string>();
  private witness: { from: Vec3; to: Vec3 } | null = null;
  /** the occluder that last proved a block hidden: the likeliest to prove the next one */
  private lastProof: Occluder | null = null;
  private stopAtFirst = false;
  private done = false;
  private seenCount = 0;
  private readonly front: { x: number; y: number } | null;
  /** the direction from the target to the shooter, in radians */
  private readonly toShooter: number;
  /** for the eye being searched: which columns of each grid face it */
  private facing: Uint8Array[] = [];
  /** the rim eyes and the grids' whole hulls, as layers of plan positions (for the all-eyes proof) */
  private rimLayers: Layers | null = null;
  private readonly hullLayers: Layers[] = [];
  /** the rectangles around the rim eyes and around each grid's patches, along the line of sight (or null: none) */
  private rimRectangle: Layers | null | undefined = undefined;
  private readonly patchRects: (Layers | null | undefined)[] = [];
  private sight: readonly [number, number] | null | undefined = undefined;
  /** the eye being searched, as layers of one point on its own (for boxAcross) */
  private eyeLayer: Layers = { points: [], plans: 0, zs: [], zLo: 0, zHi: 0 };
  /** the middles of the two silhouettes, for the test that comes before every proof from all eyes */
  private midShooter: Vec3 | undefined;
  private midTarget: Vec3 | undefined;
  /** for the eye being searched: which candidates may stand between it and the target at all */
  private live: Uint8Array = NO_LIVE;
  /** where this query's tables come from (views of the shared buffer while it holds it) */
  private tables: TableSource = freshTables;
  /** the same, as the list of the candidates that may (in the candidates' order) */
  private liveList: Occluder[] = [];
  /** for each grid, the sweep's answers by point (0 not yet asked, 1 hidden, 2 not proven), and their eye */
  private pointStates: Uint8Array[] = [];
  private pointsFor: (Vec3 | null)[] = [];
  /**
   * For each grid, the level part of the line from the eye to each of its vertical lines of points
   * (a side's) across each solid candidate: 0 not yet worked out, 1 none, 2 the span in `spans`.
   */
  private spanStates: Uint8Array[] = [];
  private spans: Float64Array[] = [];
  /** how many of the candidates are solids (they come first, numbered 0..solidCount - 1) */
  private solidCount = 0;
  /** the occluder that last hid a point in a sweep: the likeliest to hide the next */
  private lastHider: Occluder | null = null;

  constructor(q: LofQuery, rays: LofRays) {
    this.q = q;
    this.rays = rays;
    const s = q.shooter;
    this.front = q.facing === null ? null : { x: -Math.sin((q.facing * Math.PI) / 180), y: Math.cos((q.facing * Math.PI) / 180) };
    this.toShooter = Math.atan2(s.y - q.target.y, s.x - q.target.x);
    this.buildGrids();
    const span = lofSpan(s, q.target);
    const occluders = rays.occluders;
    const { data, bounds: b } = occluderData(occluders);
    // Whether the span and the solid's bounds overlap, over the bounds side by side.
    for (let i = 0, j = 0; i < occluders.length; i++, j += 6) {
      if (span.x0 <= b[j + 3]! && b[j]! <= span.x1 && span.y0 <= b[j + 4]! && b[j + 1]! <= span.y1 && span.z0 <= b[j + 5]! && b[j + 2]! <= span.z1) {
        const d = data[i]!;
        this.candidates.push(solidOccluder(occluders[i]!, d, this.candidates.length));
      }
    }
    this.solidCount = this.candidates.length;
    for (const blocker of q.blockers) {
      const c = blocker.c;
      if (modelMeets(span, c.x, c.y, c.z, c.r, c.h)) this.candidates.push(bodyOccluder(blocker, this.candidates.length));
    }
  }

  /**
   * Points of the shooter's silhouette to look from: its axis and eight rim points (the two tangent to
   * the line to the target among them) at the top, the middle and the bottom, the top first.
   */
  private get eyes(): Vec3[] {
    return (this.eyeList ??= this.makeEyes());
  }

  /**
   * The eyes' hull for the all-eyes proof: the top and bottom rims (the axis and the middle lie inside
   * them), as two layers of the eight rim positions, made as makeEyes makes them, without the other
   * eleven eyes. A point of the table is its own hull.
   */
  private rims(): Layers {
    const s = this.q.shooter;
    if (s.r === 0 && s.h === 0) return layersOf([v(s.x, s.y, s.z)]);
    const { xs, ys } = this.rimPlan();
    const top = s.z + s.h - EYE_INSET;
    const bottom = s.z + EYE_INSET;
    const n = xs.length;
    const points: Vec3[] = new Array(2 * n);
    for (let k = 0; k < n; k++) {
      points[k] = v(xs[k]!, ys[k]!, top);
      points[n + k] = v(xs[k]!, ys[k]!, bottom);
    }
    return { points, plans: n, zs: [top, bottom], zLo: Math.min(top, bottom), zHi: Math.max(top, bottom) };
  }

  /** The rim eyes' plan positions, in LineOfFire's order (EYE_TURNS from the line to the target), worked out once. */
  private rimPlan(): { xs: number[]; ys: number[] } {
    if (this.rimPlanCache) return this.rimPlanCache;
    const s = this.q.shooter;
    const rr = Math.max(0, s.r - EYE_INSET);
    const toTarget = this.toShooter + Math.PI;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const t of EYE_TURNS) {
      xs.push(s.x + rr * Math.cos(toTarget + t));
      ys.push(s.y + rr * Math.sin(toTarget + t));
    }
    return (this.rimPlanCache = { xs, ys });
  }

  private makeEyes(): Vec3[] {
    const s = this.q.shooter;
    // A point of the table (a shooter of no size) looks from itself alone.
    if (s.r === 0 && s.h === 0) return [v(s.x, s.y, s.z)];
    const zs = [s.z + s.h - EYE_INSET, s.z + s.h / 2, s.z + EYE_INSET];
    // The rim's points once; the same at the three heights.
    const { xs, ys } = this.rimPlan();
    const pts: Vec3[] = [];
    for (const z of zs) {
      pts.push(v(s.x, s.y, z));
      for (let k = 0; k < xs.length; k++) pts.push(v(xs[k]!, ys[k]!, z));
    }
    return pts;
  }

  private buildGrids(): void {
    const s = this.q.shooter;
    const t = this.q.target;
    const arc: Arc = this.front ? { sx: s.x, sy: s.y, fx: this.front.x, fy: this.front.y } : null;
    this.grids.push(new SideGrid(t, this.toShooter, this.q.patch, arc));
    // The top, where the shooter's eyes are above it.
    if (s.z + s.h - EYE_INSET > t.z + t.h + 1e-6) this.grids.push(new TopGrid(t, this.toShooter, this.q.patch, arc));
  }

  /** The first thing the segment passes through: scenery (through the ray index) or another model. */
  private firstBlock(a: Vec3, b: Vec3): Occluder | null {
    const solid = this.rays.sceneryHit(a, b);
    if (solid) {
      const d = solidData(solid);
      return solidOccluder(solid, d, -1);
    }
    for (const o of this.candidates) {
      if (o.kind === 'body' && this.live[o.k] && segmentCylinder(a, b, o.blocker.c, GRAZE)) return o;
    }
    return null;
  }

  /** Whether one convex occluder stands across every segment from the eye to the points. */
  private blocksAll(o: Occluder, eye: Vec3, to: Vec3[]): boolean {
    for (const b of to) {
      if (o.kind === 'solid' ? !segmentCrossesBox(eye, b, o.box) : !segmentCylinder(eye, b, o.blocker.c, GRAZE)) return false;
    }
    return true;
  }

  /**
   * Whether the occluder hides the whole hull from the eye; if so it is noted and tried first next
   * time. For a grid's every patch (`rect`: the rectangle around them, as the all-eyes proof has it),
   * a solid is tried on the rectangle's four corners at two heights first: the points a convex solid
   * hides from an eye form a convex set, so its corners hidden, all of it is.
   */
  private proves(o: Occluder, eye: Vec3, hull: Vec3[], rect: Layers | null = null): boolean {
    if (!this.live[o.k]) return false;
    if (!(rect && o.kind === 'solid' && boxAcross(o.box, this.eyeLayer, rect)) && !this.blocksAll(o, eye, hull)) return false;
    this.note(o);
    this.lastProof = o;
    return true;
  }

  private note(o: Occluder): void {
    // A yes/no answer names nothing.
    if (this.stopAtFirst) return;
    if (o.kind === 'solid') this.hiddenBy.add(o.solid.id);
    else this.hiddenByModels.add(o.blocker.id);
  }

  /**
   * What the eye sees of a block of cells: hidden at once if one occluder stands across the block's
   * hull; otherwise split, down to single patches looked at with rays.
   */
  private search(eye: Vec3, gi: number, c0: number, c1: number, r0: number, r1: number, depth = 0): void {
    if (this.done) return;
    const g = this.grids[gi]!;
    const facing = this.facing[gi]!;
    // The open patches: in the arc, facing the eye, not yet seen. Before anything is seen, a column's
    // count comes from its running sums.
    let open = 0;
    if (this.seenCount === 0) {
      for (let c = c0; c < c1; c++) if (facing[c]) open += g.openInColumn(c, r0, r1);
    } else {
      for (let c = c0; c < c1; c++) {
        if (!facing[c]) continue;
        for (let r = r0; r < r1; r++) {
          const i = r * g.cols + c;
          if (g.isOpen(i)) open++;
        }
      }
    }
    if (open === 0) return;
    const live = this.liveList;
    if (live.length > 0) {
      const hull = g.hull(c0, c1, r0, r1);
      const rect = c0 === 0 && c1 === g.cols && r0 === 0 && r1 === g.rows ? this.patchRectNow(gi) : null;
      // Try first the occluder that proved the last block (usually the same building hides the next),
      // then whatever the index says stands first on the line to this block's middle, then the rest.
      if (this.lastProof && this.proves(this.lastProof, eye, hull, rect)) return;
      // Whether some candidate proves the block hidden does not hang on the order they are tried in,
      // only which one is named: a yes/no answer names none, and spares the ray.
      let first: Occluder | undefined;
      if (!this.stopAtFirst) {
        const [midC, midR] = this.middle(g, facing, open, c0, c1, r0, r1);
        const hit = this.rays.sceneryHit(eye, g.point(midC, midR, 4));
        if (hit) for (const o of live) if (o.kind === 'solid' && o.solid.id === hit.id) first = o;
        if (first && first !== this.lastProof && this.proves(first, eye, hull, rect)) return;
      }
      for (const o of live) {
        if (o !== first && o !== this.lastProof && this.proves(o, eye, hull, rect)) return;
      }
      // Part of the block shows, but perhaps no patch of it wholly: one edge of every patch hidden.
      if (this.stopAtFirst) {
        for (const e of EDGES) {
          // Only where the block is narrow across the edges: a sliver of a patch shows along one side.
          if (e < 2 ? r1 - r0 > 2 : c1 - c0 > 2) continue;
          const edge = g.edgeHull(c0, c1, r0, r1, e);
          if (this.lastProof && this.proves(this.lastProof, eye, edge)) return;
          for (const o of live) if (o !== this.lastProof && this.proves(o, eye, edge)) return;
        }
        // No one occluder hides the block: several share it. Point by point is cheaper from here.
        if (depth >= SWEEP_DEPTH && open > 1) {
          this.sweep(eye, gi, c0, c1, r0, r1);
          return;
        }
      }
    }
    const cols = c1 - c0;
    const rows = r1 - r0;
    if (open === 1 || cols * rows === 1) {
      const [midC, midR] = this.middle(g, facing, open, c0, c1, r0, r1);
      this.look(eye, g, midC, midR);
      return;
    }
    if (cols >= rows) {
      // Search the half nearer the middle of the target first: the likeliest to be seen.
      const m = c0 + Math.floor(cols / 2);
      if (Math.abs(c0 + m - g.cols) <= Math.abs(m + c1 - g.cols)) {
        this.search(eye, gi, c0, m, r0, r1, depth + 1);
        this.search(eye, gi, m, c1, r0, r1, depth + 1);
      } else {
        this.search(eye, gi, m, c1, r0, r1, depth + 1);
        this.search(eye, gi, c0, m, r0, r1, depth + 1);
      }
    } else {
      const m = r0 + Math.floor(rows / 2);
      this.search(eye, gi, c0, c1, m, r1, depth + 1);
      this.search(eye, gi, c0, c1, r0, m, depth + 1);
    }
  }

  /**
   * Yes or no over a block that no one occluder hides: each open patch is passed over as soon as one
   * of its five points (corners and centre) is proven hidden, the line from the eye to it crossing one
   * occluder (a solid shrunk by POINT_MARGIN, a model as the rays test it), since a patch is seen only
   * when the rays to all five reach it; the rest are looked at with rays. The answer is the rays' own:
   * only the work differs. A corner shared by four patches is asked about once for the eye.
   */
  private sweep(eye: Vec3, gi: number, c0: number, c1: number, r0: number, r1: number): void {
    const g = this.grids[gi]!;
    const facing = this.facing[gi]!;
    let states = this.pointStates[gi];
    if (!states) this.pointStates[gi] = states = this.tables.u8(g.pointCount);
    const lines = g.lineCount * this.solidCount;
    let spanStates = this.spanStates[gi];
    if (!spanStates) {
      this.spanStates[gi] = spanStates = this.tables.u8(lines);
      this.spans[gi] = this.tables.f64(2 * lines);
    }
    if (this.pointsFor[gi] !== eye) {
      if (this.pointsFor[gi]) {
        states.fill(0);
        spanStates.fill(0);
      }
      this.pointsFor[gi] = eye;
    }
    for (let c = c0; c < c1; c++) {
      if (!facing[c]) continue;
      for (let r = r1 - 1; r >= r0; r--) {
        const i = r * g.cols + c;
        if (!g.isOpen(i)) continue;
        let hidden = false;
        for (let k = 0; k < 5 && !hidden; k++) {
          const id = g.pointId(c, r, k);
          let st = states[id]!;
          if (st === 0) states[id] = st = this.pointHidden(eye, g.pointInto(c, r, k, sweepPoint), gi, g.lineId(c, k)) ? 1 : 2;
          hidden = st === 1;
        }
        if (hidden) continue;
        this.look(eye, g, c, r);
        if (this.done) return;
      }
    }
  }

  /** Whether some occluder live for the eye stands across the line from it to the point (on grid line `line`, or -1). */
  private pointHidden(eye: Vec3, p: Vec3, gi: number, line: number): boolean {
    const last = this.lastHider;
    if (last && this.live[last.k] && this.hides(last, eye, p, gi, line)) return true;
    for (const o of this.liveList) {
      if (o !== last && this.hides(o, eye, p, gi, line)) {
        this.lastHider = o;
        return true;
      }
    }
    return false;
  }

  /**
   * segmentCrossesBox(eye, p, o.pointBox), or segmentCylinder for a model. For a point of one of a
   * side's vertical lines, the level part is worked out once for the line (the same numbers for every
   * point of it: the plan positions are the same), and only the heights for each point.
   */
  private hides(o: Occluder, eye: Vec3, p: Vec3, gi: number, line: number): boolean {
    if (o.kind === 'body') return segmentCylinder(eye, p, o.blocker.c, GRAZE) !== null;
    const b = o.pointBox;
    if (line < 0) return segmentCrossesBox(eye, p, b);
    const idx = line * this.solidCount + o.k;
    const states = this.spanStates[gi]!;
    const spans = this.spans[gi]!;
    let st = states[idx]!;
    if (st === 0) {
      st = levelSpanAcross(eye, p, b, span) ? 2 : 1;
      states[idx] = st;
      spans[2 * idx] = span[0];
      spans[2 * idx + 1] = span[1];
    }
    return st === 2 && heightsCross(eye.z, p.z, spans[2 * idx]!, spans[2 * idx + 1]!, b);
  }

  /**
   * The middle one of a block's open patches: with nothing seen yet on a side (whose columns are
   * wholly in or out of the arc), the middle open column at the middle row; else the middle open
   * patch, column by column.
   */
  private middle(g: Grid, facing: Uint8Array, open: number, c0: number, c1: number, r0: number, r1: number): [number, number] {
    if (g instanceof SideGrid && this.seenCount === 0) {
      const cols = open / (r1 - r0);
      let k = 0;
      for (let c = c0; c < c1; c++) if (facing[c] && g.inArc[c] && k++ === Math.floor(cols / 2)) return [c, r0 + Math.floor((r1 - r0) / 2)];
    }
    let k = 0;
    for (let c = c0; c < c1; c++) {
      if (!facing[c]) continue;
      for (let r = r0; r < r1; r++) {
        const i = r * g.cols + c;
        if (g.isOpen(i) && k++ === Math.floor(open / 2)) return [c, r];
      }
    }
    return [-1, -1];
  }

  /** A patch is wholly seen from the eye when rays reach its corners and its centre unblocked. */
  private look(eye: Vec3, g: Grid, c: number, r: number): void {
    for (let k = 0; k < 5; k++) {
      const o = this.firstBlock(eye, g.point(c, r, k));
      if (o) {
        this.note(o);
        return;
      }
    }
    g.seen[r * g.cols + c] = 1;
    this.seenCount++;
    this.witness ??= { from: eye, to: g.point(c, r, 4) };
    if (this.stopAtFirst) this.done = true;
  }

  /**
   * Which candidates may stand in the way of a line from the eye to the target, in plan: every such
   * line runs inside the wedge from the eye around the target's disc, widened to hold the hulls of its
   * blocks (whose corners stand out to sqrt(2) of its radius). A candidate wholly outside the wedge
   * (beyond one of its edges, or behind the eye), or wholly above or below every such line, can hide
   * nothing from this eye: leaving it out changes no answer, it only saves the tests.
   */
  private liveFrom(eye: Vec3): void {
    const live = this.live;
    const list: Occluder[] = (this.liveList = []);
    const t = this.q.target;
    const dx = t.x - eye.x;
    const dy = t.y - eye.y;
    const dist = Math.sqrt(dx * dx + dy * dy);
    const rho = Math.SQRT2 * t.r * (1 + 1e-9) + 1e-6;
    if (dist <= rho * 1.001 + 1e-6) {
      live.fill(1);
      this.liveList = this.candidates;
      return;
    }
    const ux = dx / dist;
    const uy = dy / dist;
    const sa = rho / dist;
    const ca = Math.sqrt(1 - sa * sa);
    // The wedge's edges: the line to the target turned by +a (left) and -a (right).
    const lx = ux * ca - uy * sa;
    const ly = uy * ca + ux * sa;
    const rx = ux * ca + uy * sa;
    const ry = uy * ca - ux * sa;
    const zLo = Math.min(eye.z, t.z) - 1e-9;
    const zHi = Math.max(eye.z, t.z + t.h) + 1e-9;
    const eps = 1e-9;
    for (const o of this.candidates) {
      let out: boolean;
      if (o.kind === 'solid') {
        const c = solidData(o.solid).corners;
        if (o.solid.z0 > zHi || o.solid.z1 < zLo) out = true;
        else {
          let left = true;
          let right = true;
          let behind = true;
          for (let i = 0; i < 8 && (left || right || behind); i += 2) {
            const px = c[i]! - eye.x;
            const py = c[i + 1]! - eye.y;
            if (lx * py - ly * px <= eps) left = false;
            if (rx * py - ry * px >= -eps) right = false;
            if (ux * px + uy * py >= -eps) behind = false;
          }
          out = left || right || behind;
        }
      } else {
        const b = o.blocker.c;
        const px = b.x - eye.x;
        const py = b.y - eye.y;
        const m = b.r + eps;
        out = b.z > zHi || b.z + b.h < zLo || lx * py - ly * px > m || rx * py - ry * px < -m || ux * px + uy * py < -m;
      }
      live[o.k] = out ? 0 : 1;
      if (!out) list.push(o);
    }
  }

  /**
   * Whether one occluder hides the whole target from every eye at once: the eyes' hull is the top and
   * bottom rims (the axis and the middle lie inside it), so 16 of them decide for all 27.
   */
  private hiddenFromAll(): boolean {
    if (this.candidates.length === 0) return false;
    const s = this.q.shooter;
    const t = this.q.target;
    // The pieces of what the middle ray hits first, then the rest, each in the candidates' order; a
    // yes/no answer names no piece, so it tries them in order and spares the ray.
    const hit = this.stopAtFirst ? null : this.rays.sceneryHit(v(s.x, s.y, s.z + s.h / 2), v(t.x, t.y, t.z + t.h / 2));
    if (hit) for (const o of this.candidates) if (o.kind === 'solid' && o.solid.id === hit.id && this.hidesAll(o)) return true;
    for (const o of this.candidates) if (!(hit && o.kind === 'solid' && o.solid.id === hit.id) && this.hidesAll(o)) return true;
    return false;
  }

  /** Whether the occluder stands across every segment from the rim eyes to the hull of every grid. */
  private hidesAll(o: Occluder): boolean {
    // The line between the two middles lies between the eyes' hull and the side's (which holds the
    // target's axis): an occluder that misses it hides nothing whole, and one test says so.
    const s = this.q.shooter;
    const t = this.q.target;
    const a = (this.midShooter ??= v(s.x, s.y, s.z + s.h / 2));
    const b = (this.midTarget ??= v(t.x, t.y, t.z + t.h / 2));
    if (o.kind === 'solid' ? !segmentCrossesBox(a, b, o.box) : !segmentCylinder(a, b, o.blocker.c, GRAZE)) return false;
    for (let gi = 0; gi < this.grids.length; gi++) {
      const g = this.grids[gi]!;
      if (o.kind === 'solid') {
        // The rectangles around the rim and the patches (along the line from the shooter to the
        // target), worked out from the two circles: a proof on them holds for what they hold. Where
        // they fail the hulls are not tried: they settle about one pair in a hundred of those, and
        // the search after costs less than trying them every time.
        if (!boxAcross(o.box, this.rimRectNow() ?? this.rimLayersNow(), this.patchRectNow(gi) ?? this.hullLayersNow(gi))) return false;
      } else {
        const hull = g.hull(0, g.cols, 0, g.rows);
        for (const eye of this.rimLayersNow().points) if (!this.blocksAll(o, eye, hull)) return false;
      }
    }
    this.note(o);
    return true;
  }

  /** The rectangle around a grid's patches (patchRect), made once; null where there is none. */
  private patchRectNow(gi: number): Layers | null {
    if (this.patchRects[gi] === undefined) this.patchRects[gi] = this.patchRect(this.grids[gi]!);
    return this.patchRects[gi] ?? null;
  }

  /** The rectangle around the rim eyes (rimRect), made once; null where there is none. */
  private rimRectNow(): Layers | null {
    if (this.rimRectangle === undefined) this.rimRectangle = this.rimRect();
    return this.rimRectangle;
  }

  /** The rims as layers (a point of the table is its own hull), made once. */
  private rimLayersNow(): Layers {
    return (this.rimLayers ??= this.rims());
  }

  /** The hull of a grid's every patch as layers, made once. */
  private hullLayersNow(gi: number): Layers {
    const g = this.grids[gi]!;
    return (this.hullLayers[gi] ??= layersOf(g.hull(0, g.cols, 0, g.rows)));
  }

  /** The unit vector from the shooter to the target in plan (null where one stands above the other), worked out once. */
  private sightLine(): readonly [number, number] | null {
    if (this.sight === undefined) {
      const s = this.q.shooter;
      const t = this.q.target;
      const d = Math.sqrt((t.x - s.x) ** 2 + (t.y - s.y) ** 2);
      this.sight = d > 0 ? [(t.x - s.x) / d, (t.y - s.y) / d] : null;
    }
    return this.sight;
  }

  /**
   * The rectangle around the rim eyes at their two heights, along the line to the target: they lie
   * on the circle of the rim (the axis and the middle eyes inside it). Null for a point of the table.
   */
  private rimRect(): Layers | null {
    const s = this.q.shooter;
    if (s.r === 0 && s.h === 0) return null;
    const u = this.sightLine();
    if (!u) return null;
    const rr = Math.max(0, s.r - EYE_INSET);
    return rectLayers(s.x, s.y, -rr, rr, -rr, rr, u[0], u[1], s.z + s.h - EYE_INSET, s.z + EYE_INSET);
  }

  /**
   * The rectangle around a side's patches, along the line to the target: they lie on the half of the
   * circle that faces the shooter (at most the radius towards it, none beyond the axis), from the
   * bottom to the top row's height (as the grid works it out). Null for the top, whose hull is four
   * corners already.
   */
  private patchRect(g: Grid): Layers | null {
    if (!(g instanceof SideGrid)) return null;
    const u = this.sightLine();
    if (!u) return null;
    const t = this.q.target;
    return rectLayers(t.x, t.y, -t.r, 0, -t.r, t.r, u[0], u[1], t.z, t.z + g.rows * (t.h / g.rows));
  }

  private run(stopAtFirst: boolean): void {
    this.stopAtFirst = stopAtFirst;
    if (this.hiddenFromAll()) return;
    for (const g of this.grids) g.prepare(this.tables);
    this.live = this.tables.u8(this.candidates.length);
    // A side's columns face an eye by its plan position alone, the same at its three heights (the
    // eyes come as the axis and eight rim points at each height): worked out once for the three.
    const sideFacing: Uint8Array[] = [];
    const plans = this.eyes.length === 27 ? 9 : this.eyes.length;
    const skip = stopAtFirst && this.eyes.length === 27 ? (this.q.hiddenEyes ?? 0) : 0;
    for (let e = 0; e < this.eyes.length; e++) {
      if (skip & (1 << e)) continue;
      const eye = this.eyes[e]!;
      this.liveFrom(eye);
      this.eyeLayer = { points: [eye], plans: 1, zs: [], zLo: 0, zHi: 0 };
      this.facing = this.grids.map((g) => (g instanceof SideGrid ? (sideFacing[e % plans] ??= columnsFacing(g, eye, this.tables)) : columnsFacing(g, eye, this.tables)));
      for (let gi = 0; gi < this.grids.length; gi++) {
        const g = this.grids[gi]!;
        this.search(eye, gi, 0, g.cols, 0, g.rows);
        if (this.done) return;
      }
    }
  }

  /** Yes or no, stopping at the first patch wholly seen. */
  visible(): boolean {
    return this.withTables(() => {
      this.run(true);
      return this.witness !== null;
    });
  }

  /** Runs the query with its tables from the shared buffer where no other query holds it, else fresh ones. */
  private withTables<T>(work: () => T): T {
    const shared = sharedTables.take();
    this.tables = shared ?? freshTables;
    try {
      return work();
    } finally {
      shared?.give();
    }
  }

  /** The whole answer: witness, fraction seen, and what hides the rest. */
  detail(): LofDetail {
    return this.withTables(() => this.detailRun());
  }

  private detailRun(): LofDetail {
    this.run(false);
    for (const g of this.grids) g.prepare(this.tables);
    // A patch counts if it is in the arc and some eye faces it: the target's own bulk hides the rest.
    let eligible = 0;
    for (const g of this.grids) {
      for (let c = 0; c < g.cols; c++) {
        if (!this.eyes.some((e) => g.faces(e, c))) continue;
        for (let r = 0; r < g.rows; r++) {
          const i = r * g.cols + c;
          if (g.exists[i] && g.inArc[i]) eligible++;
        }
      }
    }
    const seenPatches: Vec3[][] = [];
    for (const g of this.grids) {
      for (let i = 0; i < g.seen.length; i++) {
        if (!g.seen[i]) continue;
        const c = i % g.cols;
        const r = Math.floor(i / g.cols);
        seenPatches.push([0, 1, 2, 3].map((k) => g.point(c, r, k)));
      }
    }
    return {
      visible: this.witness !== null,
      witness: this.witness,
      seenPatches,
      fraction: eligible === 0 ? 0 : this.seenCount / eligible,
      hiddenBy: [...this.hiddenBy].sort(),
      hiddenByModels: [...this.hiddenByModels].sort(),
    };
  }
}

/** Which columns of the grid face the eye, as 1s and 0s. */
function columnsFacing(g: Grid, eye: Vec3, tables: TableSource): Uint8Array {
  const f = tables.u8(g.cols);
  for (let c = 0; c < g.cols; c++) f[c] = g.faces(eye, c) ? 1 : 0;
  return f;
}

/**
 * Whether the whole target stands behind the shooter's front half-space (a model's, not a marker's):
 * then no patch of it lies in the arc, and nothing is seen. Every patch point lies within the target's
 * radius of its axis (to a hair: 1e-9 for top cells), so the margin makes this a proof.
 */
export function behindShooter(q: Pick<LofQuery, 'shooter' | 'facing' | 'target'>): boolean {
  if (q.facing === null) return false;
  const f = (q.facing * Math.PI) / 180;
  const s = q.shooter;
  const t = q.target;
  return (t.x - s.x) * -Math.sin(f) + (t.y - s.y) * Math.cos(f) + t.r < -1e-6;
}

export function hasLineOfFire(q: LofQuery, rays: LofRays): boolean {
  if (behindShooter(q)) return false;
  return new LineOfFire(q, rays).visible();
}

export function lineOfFireDetail(q: LofQuery, rays: LofRays): LofDetail {
  return new LineOfFire(q, rays).detail();
}

/** Ray queries answered exactly against a list of solids, with no index: for tests and small scenes. */
export class SolidListRays implements Pick<LofRays, 'sceneryHit'> {
  constructor(private readonly solids: readonly ScenerySolid[]) {}

  sceneryHit(a: Vec3, b: Vec3): ScenerySolid | null {
    let best: ScenerySolid | null = null;
    let bestT = Infinity;
    const len = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
    const end = len > 0 ? 1e-4 / len : 0;
    for (const s of this.solids) {
      const hit = segmentBox(a, b, s);
      if (!hit) continue;
      const [t0, t1] = hit;
      if (t1 <= end || t0 >= 1 - end) continue;
      if (t0 < bestT) {
        bestT = t0;
        best = s;
      }
    }
    return best;
  }
}
