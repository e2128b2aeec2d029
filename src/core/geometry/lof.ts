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
import { segmentBox, segmentCylinder, type Vec3 } from './segments';
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
}

type Occluder = { kind: 'solid'; solid: ScenerySolid } | { kind: 'body'; blocker: LofBlocker };

/** Shrinks occluders a hair for the proofs, so a line that only grazes one is not called blocked. */
const GRAZE = 1e-6;
/** Eyes sit this far inside the shooter's silhouette, so they never start on a surface. */
const EYE_INSET = 0.01;

interface Patch {
  corners: Vec3[];
  centre: Vec3;
  /** outward normals at the corners and the centre: horizontal on the side, up on the top */
  normal: Vec3[];
  seen: boolean;
  eligible: boolean;
}

interface Grid {
  cols: number;
  rows: number;
  patches: (Patch | null)[];
  /** the corners of a convex hull around a block of cells */
  hull(c0: number, c1: number, r0: number, r1: number): Vec3[];
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
  private readonly front: { x: number; y: number } | null;
  /** the direction from the target to the shooter, in radians */
  private readonly toShooter: number;

  constructor(q: LofQuery, rays: LofRays) {
    this.q = q;
    this.rays = rays;
    const s = q.shooter;
    this.front = q.facing === null ? null : { x: -Math.sin((q.facing * Math.PI) / 180), y: Math.cos((q.facing * Math.PI) / 180) };
    this.toShooter = Math.atan2(s.y - q.target.y, s.x - q.target.x);
    this.eyes = this.makeEyes();
    this.buildGrids();
    const span = union(cylinderBounds(s), cylinderBounds(q.target));
    for (const solid of rays.occluders) if (meets(span, solidBounds(solid))) this.candidates.push({ kind: 'solid', solid });
    for (const blocker of q.blockers) if (meets(span, cylinderBounds(blocker.c))) this.candidates.push({ kind: 'body', blocker });
  }

  /**
   * Points of the shooter's silhouette to look from: its axis and eight rim points (the two tangent to
   * the line to the target among them) at the top, the middle and the bottom, the top first.
   */
  private makeEyes(): Vec3[] {
    const s = this.q.shooter;
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

  /** Whether every corner and the centre of the patch face the eye (the target's own bulk hides the rest). */
  private faces(eye: Vec3, p: Patch): boolean {
    const pts = p.corners;
    for (let i = 0; i < 5; i++) {
      const t = i < 4 ? pts[i]! : p.centre;
      const n = p.normal[i]!;
      if ((eye.x - t.x) * n.x + (eye.y - t.y) * n.y + (eye.z - t.z) * n.z <= 1e-9) return false;
    }
    return true;
  }

  private addPatch(cells: (Patch | null)[], corners: Vec3[], centre: Vec3, normal: Vec3[]): void {
    const p: Patch = { corners, centre, normal, seen: false, eligible: false };
    p.eligible = [...corners, centre].every((x) => this.inArc(x)) && this.eyes.some((e) => this.faces(e, p));
    cells.push(p);
  }

  private buildGrids(): void {
    const t = this.q.target;
    const patch = this.q.patch;
    // The side that faces the shooter: half the circumference, centred on the direction to it.
    const cols = Math.max(1, Math.floor((Math.PI * t.r) / patch + 1e-9));
    const rows = Math.max(1, Math.floor(t.h / patch + 1e-9));
    const a0 = this.toShooter - Math.PI / 2;
    const da = Math.PI / cols;
    const dz = t.h / rows;
    const point = (a: number, z: number) => v(t.x + t.r * Math.cos(a), t.y + t.r * Math.sin(a), z);
    const normal = (a: number) => v(Math.cos(a), Math.sin(a), 0);
    const side: (Patch | null)[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const aa = a0 + c * da;
        const ab = aa + da;
        const za = t.z + r * dz;
        const zb = za + dz;
        const am = (aa + ab) / 2;
        this.addPatch(side, [point(aa, za), point(ab, za), point(ab, zb), point(aa, zb)], point(am, (za + zb) / 2), [normal(aa), normal(ab), normal(ab), normal(aa), normal(am)]);
      }
    }
    this.grids.push({ cols, rows, patches: side, hull: (c0, c1, r0, r1) => arcHull(t, a0 + c0 * da, a0 + c1 * da, t.z + r0 * dz, t.z + r1 * dz) });

    // The top, where the shooter's eyes are above it.
    const s = this.q.shooter;
    const top = t.z + t.h;
    if (s.z + s.h - EYE_INSET > top + 1e-6) {
      const n = Math.max(1, Math.floor((2 * t.r) / patch + 1e-9));
      const cell = (2 * t.r) / n;
      const ux = Math.cos(this.toShooter);
      const uy = Math.sin(this.toShooter);
      const at = (u: number, w: number) => v(t.x + u * ux - w * uy, t.y + u * uy + w * ux, top);
      const up = v(0, 0, 1);
      const cells: (Patch | null)[] = [];
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const u0 = -t.r + c * cell;
          const w0 = -t.r + r * cell;
          const corners = [at(u0, w0), at(u0 + cell, w0), at(u0 + cell, w0 + cell), at(u0, w0 + cell)];
          if (!corners.every((p) => Math.hypot(p.x - t.x, p.y - t.y) <= t.r + 1e-9)) cells.push(null);
          else this.addPatch(cells, corners, at(u0 + cell / 2, w0 + cell / 2), [up, up, up, up, up]);
        }
      }
      const h = (c: number, r: number) => at(-t.r + c * cell, -t.r + r * cell);
      this.grids.push({ cols: n, rows: n, patches: cells, hull: (c0, c1, r0, r1) => [h(c0, r0), h(c1, r0), h(c1, r1), h(c0, r1)] });
    }
  }

  /** The first thing the segment passes through: scenery (through the ray index) or another model. */
  private firstBlock(a: Vec3, b: Vec3): Occluder | null {
    const solid = this.rays.sceneryHit(a, b);
    if (solid) return { kind: 'solid', solid };
    for (const o of this.candidates) {
      if (o.kind === 'body' && segmentCylinder(a, b, o.blocker.c, GRAZE)) return o;
    }
    return null;
  }

  /** Whether one convex occluder stands across every segment from the eye to the points. */
  private blocksAll(o: Occluder, eye: Vec3, to: Vec3[]): boolean {
    for (const b of to) {
      const hit = o.kind === 'solid' ? segmentBox(eye, b, o.solid, GRAZE) : segmentCylinder(eye, b, o.blocker.c, GRAZE);
      if (!hit) return false;
    }
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
  private search(eye: Vec3, g: Grid, c0: number, c1: number, r0: number, r1: number, candidates: Occluder[]): void {
    if (this.done) return;
    const openPatches: Patch[] = [];
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) {
      const p = g.patches[r * g.cols + c];
      if (p && p.eligible && !p.seen && this.faces(eye, p)) openPatches.push(p);
    }
    const open = openPatches.length;
    if (open === 0) return;
    const only = openPatches[Math.floor(open / 2)]!;
    if (candidates.length > 0) {
      const hull = g.hull(c0, c1, r0, r1);
      // Try first the occluder that proved the last block, then whatever the ray to this block's
      // middle hits first (the index answers that in one query), then the rest.
      const ordered: Occluder[] = [];
      if (this.lastProof) ordered.push(this.lastProof);
      const hit = this.rays.sceneryHit(eye, only!.centre);
      if (hit) {
        for (const o of candidates) if (o.kind === 'solid' && o.solid.id === hit.id && !ordered.includes(o)) ordered.push(o);
      }
      for (const o of candidates) if (!ordered.includes(o)) ordered.push(o);
      for (const o of ordered) {
        if (this.blocksAll(o, eye, hull)) {
          this.note(o);
          this.lastProof = o;
          return;
        }
      }
    }
    const cols = c1 - c0;
    const rows = r1 - r0;
    if (cols * rows === 1 || open === 1) {
      this.look(eye, only);
      return;
    }
    if (cols >= rows) {
      // Search the half nearer the middle of the target first: the likeliest to be seen.
      const m = c0 + Math.floor(cols / 2);
      const first = Math.abs(c0 + m - g.cols) <= Math.abs(m + c1 - g.cols) ? [[c0, m], [m, c1]] : [[m, c1], [c0, m]];
      for (const [a, b] of first) this.search(eye, g, a!, b!, r0, r1, candidates);
    } else {
      const m = r0 + Math.floor(rows / 2);
      this.search(eye, g, c0, c1, m, r1, candidates);
      this.search(eye, g, c0, c1, r0, m, candidates);
    }
  }

  /** A patch is wholly seen from the eye when rays reach its corners and its centre unblocked. */
  private look(eye: Vec3, p: Patch): void {
    for (let i = 0; i < 5; i++) {
      const o = this.firstBlock(eye, i < 4 ? p.corners[i]! : p.centre);
      if (o) {
        this.note(o);
        return;
      }
    }
    p.seen = true;
    this.witness ??= { from: eye, to: p.centre };
    if (this.stopAtFirst) this.done = true;
  }

  private run(stopAtFirst: boolean): void {
    this.stopAtFirst = stopAtFirst;
    for (const eye of this.eyes) {
      for (const g of this.grids) {
        this.search(eye, g, 0, g.cols, 0, g.rows, this.candidates);
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
    let eligible = 0;
    let seen = 0;
    for (const g of this.grids) for (const p of g.patches) {
      if (!p || !p.eligible) continue;
      eligible++;
      if (p.seen) seen++;
    }
    return {
      visible: this.witness !== null,
      witness: this.witness,
      fraction: eligible === 0 ? 0 : seen / eligible,
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
