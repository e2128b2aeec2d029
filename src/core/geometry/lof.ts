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
import { prepareBox, segmentBox, segmentCrossesBox, segmentCylinder, type PreparedBox, type Vec3 } from './segments';
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

type Occluder = { kind: 'solid'; solid: ScenerySolid; box: PreparedBox } | { kind: 'body'; blocker: LofBlocker };

/** Shrinks occluders a hair for the proofs, so a line that only grazes one is not called blocked. */
const GRAZE = 1e-6;
/** Eyes sit this far inside the shooter's silhouette, so they never start on a surface. */
const EYE_INSET = 0.01;

/**
 * A grid of patches on the target's surface that faces the shooter: the side (columns of angle, rows of
 * height) or the top (square cells inside the disc). Patches are numbers, not objects: a map of the table
 * asks thousands of these questions.
 */
abstract class Grid {
  /** whether cell (c, r) is a patch at all (top cells must lie inside the disc) */
  readonly exists: Uint8Array;
  /** whether the whole patch lies in the shooter's arc */
  readonly inArc: Uint8Array;
  readonly seen: Uint8Array;
  private readonly hulls = new Map<number, Vec3[]>();

  constructor(
    readonly cols: number,
    readonly rows: number,
  ) {
    this.exists = new Uint8Array(cols * rows);
    this.inArc = new Uint8Array(cols * rows);
    this.seen = new Uint8Array(cols * rows);
  }

  /** the corners (0..3) and the centre (4) of a patch */
  abstract point(c: number, r: number, k: number): Vec3;
  /** whether every corner and the centre of the patches in column c face the eye */
  abstract faces(eye: Vec3, c: number): boolean;
  protected abstract makeHull(c0: number, c1: number, r0: number, r1: number): Vec3[];

  /** the corners of a convex hull around a block of cells; the same blocks come back for every eye */
  hull(c0: number, c1: number, r0: number, r1: number): Vec3[] {
    const key = ((c0 * 256 + c1) * 256 + r0) * 256 + r1;
    let h = this.hulls.get(key);
    if (!h) {
      h = this.makeHull(c0, c1, r0, r1);
      this.hulls.set(key, h);
    }
    return h;
  }
}

/** The half of the side that faces the shooter, centred on the direction to it. */
class SideGrid extends Grid {
  private readonly a0: number;
  private readonly da: number;
  private readonly dz: number;
  /** cosines and sines of each column's two edges and middle */
  private readonly cosA: Float64Array;
  private readonly sinA: Float64Array;

  constructor(
    private readonly t: Cylinder,
    toShooter: number,
    patch: number,
    inArc: (p: Vec3) => boolean,
  ) {
    super(Math.max(1, Math.floor((Math.PI * t.r) / patch + 1e-9)), Math.max(1, Math.floor(t.h / patch + 1e-9)));
    this.a0 = toShooter - Math.PI / 2;
    this.da = Math.PI / this.cols;
    this.dz = t.h / this.rows;
    this.cosA = new Float64Array(3 * this.cols);
    this.sinA = new Float64Array(3 * this.cols);
    this.exists.fill(1);
    for (let c = 0; c < this.cols; c++) {
      const fs = [c, c + 1, c + 0.5];
      for (let i = 0; i < 3; i++) {
        const a = this.a0 + fs[i]! * this.da;
        this.cosA[3 * c + i] = Math.cos(a);
        this.sinA[3 * c + i] = Math.sin(a);
      }
      // The arc test is level: a column is in or out whatever the height.
      let ok = 1;
      for (let i = 0; i < 3 && ok; i++) if (!inArc(v(t.x + t.r * this.cosA[3 * c + i]!, t.y + t.r * this.sinA[3 * c + i]!, t.z))) ok = 0;
      for (let r = 0; r < this.rows; r++) this.inArc[r * this.cols + c] = ok;
    }
  }

  point(c: number, r: number, k: number): Vec3 {
    const i = 3 * c + (k === 4 ? 2 : k === 1 || k === 2 ? 1 : 0);
    const z = this.t.z + (k === 4 ? r + 0.5 : k >= 2 ? r + 1 : r) * this.dz;
    return v(this.t.x + this.t.r * this.cosA[i]!, this.t.y + this.t.r * this.sinA[i]!, z);
  }

  /** The side's normals are level: facing depends on the column only. */
  faces(eye: Vec3, c: number): boolean {
    const ex = eye.x - this.t.x;
    const ey = eye.y - this.t.y;
    for (let i = 0; i < 3; i++) if (ex * this.cosA[3 * c + i]! + ey * this.sinA[3 * c + i]! - this.t.r <= 1e-9) return false;
    return true;
  }

  protected makeHull(c0: number, c1: number, r0: number, r1: number): Vec3[] {
    return arcHull(this.t, this.a0 + c0 * this.da, this.a0 + c1 * this.da, this.t.z + r0 * this.dz, this.t.z + r1 * this.dz);
  }
}

/** The top of the target, in square cells lined up with the direction to the shooter. */
class TopGrid extends Grid {
  private readonly cell: number;
  private readonly ux: number;
  private readonly uy: number;
  private readonly top: number;

  constructor(
    private readonly t: Cylinder,
    toShooter: number,
    patch: number,
    inArc: (p: Vec3) => boolean,
  ) {
    const n = Math.max(1, Math.floor((2 * t.r) / patch + 1e-9));
    super(n, n);
    this.cell = (2 * t.r) / n;
    this.ux = Math.cos(toShooter);
    this.uy = Math.sin(toShooter);
    this.top = t.z + t.h;
    const r0 = -t.r;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let inside = 1;
        let arc = 1;
        for (let k = 0; k < 5; k++) {
          const u = r0 + (k === 4 ? c + 0.5 : k === 1 || k === 2 ? c + 1 : c) * this.cell;
          const w = r0 + (k === 4 ? r + 0.5 : k >= 2 ? r + 1 : r) * this.cell;
          if (u * u + w * w > (t.r + 1e-9) ** 2) inside = 0;
          if (arc && !inArc(this.at(u, w))) arc = 0;
          if (!inside) break;
        }
        this.exists[r * n + c] = inside;
        this.inArc[r * n + c] = inside && arc;
      }
    }
  }

  private at(u: number, w: number): Vec3 {
    return v(this.t.x + u * this.ux - w * this.uy, this.t.y + u * this.uy + w * this.ux, this.top);
  }

  point(c: number, r: number, k: number): Vec3 {
    const r0 = -this.t.r;
    if (k === 4) return this.at(r0 + (c + 0.5) * this.cell, r0 + (r + 0.5) * this.cell);
    return this.at(r0 + (k === 1 || k === 2 ? c + 1 : c) * this.cell, r0 + (k >= 2 ? r + 1 : r) * this.cell);
  }

  faces(eye: Vec3): boolean {
    return eye.z - this.top > 1e-9;
  }

  protected makeHull(c0: number, c1: number, r0: number, r1: number): Vec3[] {
    return [this.point(c0, r0, 0), this.point(c1 - 1, r0, 1), this.point(c1 - 1, r1 - 1, 2), this.point(c0, r1 - 1, 3)];
  }
}

function v(x: number, y: number, z: number): Vec3 {
  return { x, y, z };
}

/** The corners of a convex hull around the side of a cylinder between angles a0..a1 and heights z0..z1. */
function arcHull(c: Cylinder, a0: number, a1: number, z0: number, z1: number): Vec3[] {
  const pts: Vec3[] = [];
  const span = a1 - a0;
  const pieces = Math.max(1, Math.ceil(span / (Math.PI / 3) - 1e-9));
  const step = span / pieces;
  const out = c.r / Math.cos(step / 2);
  for (const z of [z0, z1]) {
    for (let i = 0; i <= pieces; i++) {
      const a = a0 + i * step;
      pts.push(v(c.x + c.r * Math.cos(a), c.y + c.r * Math.sin(a), z));
      if (i < pieces) {
        const m = a + step / 2;
        pts.push(v(c.x + out * Math.cos(m), c.y + out * Math.sin(m), z));
      }
    }
  }
  return pts;
}

interface Box3 {
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

function solidBounds(s: ScenerySolid): Box3 {
  const a = (s.rotation * Math.PI) / 180;
  const ex = (Math.abs(Math.cos(a)) * s.w + Math.abs(Math.sin(a)) * s.d) / 2;
  const ey = (Math.abs(Math.sin(a)) * s.w + Math.abs(Math.cos(a)) * s.d) / 2;
  return { x0: s.x - ex, y0: s.y - ey, z0: s.z0, x1: s.x + ex, y1: s.y + ey, z1: s.z1 };
}

function meets(a: Box3, b: Box3): boolean {
  return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1 && a.z0 <= b.z1 && b.z0 <= a.z1;
}

export class LineOfFire {
  private readonly q: LofQuery;
  private readonly rays: LofRays;
  private readonly grids: Grid[] = [];
  private readonly eyes: Vec3[];
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

  constructor(q: LofQuery, rays: LofRays) {
    this.q = q;
    this.rays = rays;
    const s = q.shooter;
    this.front = q.facing === null ? null : { x: -Math.sin((q.facing * Math.PI) / 180), y: Math.cos((q.facing * Math.PI) / 180) };
    this.toShooter = Math.atan2(s.y - q.target.y, s.x - q.target.x);
    this.eyes = this.makeEyes();
    this.buildGrids();
    const span = union(cylinderBounds(s), cylinderBounds(q.target));
    for (const solid of rays.occluders) if (meets(span, solidBounds(solid))) this.candidates.push({ kind: 'solid', solid, box: prepareBox(solid, GRAZE) });
    for (const blocker of q.blockers) if (meets(span, cylinderBounds(blocker.c))) this.candidates.push({ kind: 'body', blocker });
  }

  /**
   * Points of the shooter's silhouette to look from: its axis and eight rim points (the two tangent to
   * the line to the target among them) at the top, the middle and the bottom, the top first.
   */
  private makeEyes(): Vec3[] {
    const s = this.q.shooter;
    // A point of the table (a shooter of no size) looks from itself alone.
    if (s.r === 0 && s.h === 0) return [v(s.x, s.y, s.z)];
    const rr = Math.max(0, s.r - EYE_INSET);
    const toTarget = this.toShooter + Math.PI;
    const zs = [s.z + s.h - EYE_INSET, s.z + s.h / 2, s.z + EYE_INSET];
    const turns = [0, Math.PI / 2, -Math.PI / 2, Math.PI / 4, -Math.PI / 4, (3 * Math.PI) / 4, (-3 * Math.PI) / 4, Math.PI];
    const pts: Vec3[] = [];
    for (const z of zs) {
      pts.push(v(s.x, s.y, z));
      for (const t of turns) pts.push(v(s.x + rr * Math.cos(toTarget + t), s.y + rr * Math.sin(toTarget + t), z));
    }
    return pts;
  }

  /** Inside the shooter's front half-space (boundary included), or anywhere for a marker. */
  private inArc(p: Vec3): boolean {
    if (!this.front) return true;
    return (p.x - this.q.shooter.x) * this.front.x + (p.y - this.q.shooter.y) * this.front.y >= -1e-9;
  }

  private buildGrids(): void {
    const inArc = (p: Vec3) => this.inArc(p);
    this.grids.push(new SideGrid(this.q.target, this.toShooter, this.q.patch, inArc));
    // The top, where the shooter's eyes are above it.
    const s = this.q.shooter;
    const t = this.q.target;
    if (s.z + s.h - EYE_INSET > t.z + t.h + 1e-6) this.grids.push(new TopGrid(t, this.toShooter, this.q.patch, inArc));
  }

  /** The first thing the segment passes through: scenery (through the ray index) or another model. */
  private firstBlock(a: Vec3, b: Vec3): Occluder | null {
    const solid = this.rays.sceneryHit(a, b);
    if (solid) return { kind: 'solid', solid, box: prepareBox(solid, GRAZE) };
    for (const o of this.candidates) {
      if (o.kind === 'body' && segmentCylinder(a, b, o.blocker.c, GRAZE)) return o;
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

  /** Whether the occluder hides the whole hull from the eye; if so it is noted and tried first next time. */
  private proves(o: Occluder, eye: Vec3, hull: Vec3[]): boolean {
    if (!this.blocksAll(o, eye, hull)) return false;
    this.note(o);
    this.lastProof = o;
    return true;
  }

  private note(o: Occluder): void {
    if (o.kind === 'solid') this.hiddenBy.add(o.solid.id);
    else this.hiddenByModels.add(o.blocker.id);
  }

  /**
   * What the eye sees of a block of cells: hidden at once if one occluder stands across the block's
   * hull; otherwise split, down to single patches looked at with rays.
   */
  private search(eye: Vec3, gi: number, c0: number, c1: number, r0: number, r1: number): void {
    if (this.done) return;
    const g = this.grids[gi]!;
    const facing = this.facing[gi]!;
    // The open patches: in the arc, facing the eye, not yet seen; and the middle one of them.
    let open = 0;
    let midC = -1;
    let midR = -1;
    if (g instanceof SideGrid && this.seenCount === 0) {
      // Nothing seen yet, and a side column is wholly in or out of the arc: count columns.
      let cols = 0;
      for (let c = c0; c < c1; c++) if (facing[c] && g.inArc[c]) cols++;
      if (cols === 0) return;
      open = cols * (r1 - r0);
      let k = 0;
      for (let c = c0; c < c1 && midC < 0; c++) if (facing[c] && g.inArc[c] && k++ === Math.floor(cols / 2)) midC = c;
      midR = r0 + Math.floor((r1 - r0) / 2);
    } else for (let c = c0; c < c1; c++) {
      if (!facing[c]) continue;
      for (let r = r0; r < r1; r++) {
        const i = r * g.cols + c;
        if (g.exists[i] && g.inArc[i] && !g.seen[i]) open++;
      }
    }
    if (open === 0) return;
    let k = 0;
    for (let c = c0; c < c1 && midC < 0 && open > 0 && !(g instanceof SideGrid && this.seenCount === 0); c++) {
      if (!facing[c]) continue;
      for (let r = r0; r < r1; r++) {
        const i = r * g.cols + c;
        if (g.exists[i] && g.inArc[i] && !g.seen[i] && k++ === Math.floor(open / 2)) {
          midC = c;
          midR = r;
          break;
        }
      }
    }
    if (this.candidates.length > 0) {
      const hull = g.hull(c0, c1, r0, r1);
      // Try first the occluder that proved the last block (usually the same building hides the next),
      // then whatever the index says stands first on the line to this block's middle, then the rest.
      if (this.lastProof && this.proves(this.lastProof, eye, hull)) return;
      const hit = this.rays.sceneryHit(eye, g.point(midC, midR, 4));
      let first: Occluder | undefined;
      if (hit) for (const o of this.candidates) if (o.kind === 'solid' && o.solid.id === hit.id) first = o;
      if (first && first !== this.lastProof && this.proves(first, eye, hull)) return;
      for (const o of this.candidates) {
        if (o !== first && o !== this.lastProof && this.proves(o, eye, hull)) return;
      }
    }
    const cols = c1 - c0;
    const rows = r1 - r0;
    if (open === 1 || cols * rows === 1) {
      this.look(eye, g, midC, midR);
      return;
    }
    if (cols >= rows) {
      // Search the half nearer the middle of the target first: the likeliest to be seen.
      const m = c0 + Math.floor(cols / 2);
      if (Math.abs(c0 + m - g.cols) <= Math.abs(m + c1 - g.cols)) {
        this.search(eye, gi, c0, m, r0, r1);
        this.search(eye, gi, m, c1, r0, r1);
      } else {
        this.search(eye, gi, m, c1, r0, r1);
        this.search(eye, gi, c0, m, r0, r1);
      }
    } else {
      const m = r0 + Math.floor(rows / 2);
      this.search(eye, gi, c0, c1, m, r1);
      this.search(eye, gi, c0, c1, r0, m);
    }
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
   * Whether one occluder hides the whole target from every eye at once: the eyes' hull is the top and
   * bottom rims (the axis and the middle lie inside it), so 16 of them decide for all 27.
   */
  private hiddenFromAll(): boolean {
    if (this.candidates.length === 0) return false;
    // A point of the table (one eye) is its own hull.
    const rims = this.eyes.length === 1 ? this.eyes : this.eyes.filter((_, i) => i % 9 !== 0 && i < 9 || (i >= 18 && i % 9 !== 0));
    const s = this.q.shooter;
    const t = this.q.target;
    const hit = this.rays.sceneryHit(v(s.x, s.y, s.z + s.h / 2), v(t.x, t.y, t.z + t.h / 2));
    const ordered = [...this.candidates].sort((a, b) => Number(b.kind === 'solid' && b.solid.id === hit?.id) - Number(a.kind === 'solid' && a.solid.id === hit?.id));
    for (const o of ordered) {
      if (this.grids.every((g) => rims.every((e) => this.blocksAll(o, e, g.hull(0, g.cols, 0, g.rows))))) {
        this.note(o);
        return true;
      }
    }
    return false;
  }

  private run(stopAtFirst: boolean): void {
    this.stopAtFirst = stopAtFirst;
    if (this.hiddenFromAll()) return;
    for (const eye of this.eyes) {
      this.facing = this.grids.map((g) => {
        const f = new Uint8Array(g.cols);
        for (let c = 0; c < g.cols; c++) f[c] = g.faces(eye, c) ? 1 : 0;
        return f;
      });
      for (let gi = 0; gi < this.grids.length; gi++) {
        const g = this.grids[gi]!;
        this.search(eye, gi, 0, g.cols, 0, g.rows);
        if (this.done) return;
      }
    }
  }

  /** Yes or no, stopping at the first patch wholly seen. */
  visible(): boolean {
    this.run(true);
    return this.witness !== null;
  }

  /** The whole answer: witness, fraction seen, and what hides the rest. */
  detail(): LofDetail {
    this.run(false);
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

export function hasLineOfFire(q: LofQuery, rays: LofRays): boolean {
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
