/**
 * The scenery of a game file as the rules see it: solids (blocks, walls, roofs), surfaces and
 * building interiors, answered exactly with discs and boxes. `src/spatial` adds ray queries on top.
 */
import { CONTACT } from '../data/facts';
import type { Facts } from '../data/facts';
import type { Setup, Terrain } from '../model/types';
import type { SceneryIndex, ScenerySolid } from '../ports';
import { SolidListRays } from './lof';
import { openBuildingParts, placedLadders, type PlacedLadder, type PlacedOpening, type StructureFacts } from './structures';
import { Stance, type StanceQueries } from './surfaces';
import type { Vec3 } from './segments';
import { degToRad, discBoxGap, discBoxProtrusion, frameBoxDistance, frameBoxProtrusion, fromBoxFrame, intervalGap, type Cylinder, type TurnedBox, type Vec2 } from './shapes';

export interface SceneryModel {
  table: { width: number; depth: number };
  solids: ScenerySolid[];
  occluders: ScenerySolid[];
  surfaces: (TurnedBox & { id: string; height: number })[];
  /** `open`: a building one may enter (MOV-21), whose interior only Combat Jump refuses */
  interiors: (TurnedBox & { id: string; h: number; roof: boolean; open?: boolean })[];
  /** MOV-10: the holes of open buildings' openings */
  openings: PlacedOpening[];
  /** MOV-9: every ladder on every piece */
  ladders: PlacedLadder[];
}

/** Splits each terrain piece into the solids, surfaces and interiors of GAME-FILE.md. */
export function buildSceneryModel(setup: Pick<Setup, 'table' | 'terrain'>, facts: Pick<Facts, 'wallThickness'> & Partial<Pick<Facts, 'floorThickness'>>): SceneryModel {
  const { width, depth } = setup.table;
  const model: SceneryModel = {
    table: { width, depth },
    solids: [],
    occluders: [],
    surfaces: [{ id: 'table', x: width / 2, y: depth / 2, w: width, d: depth, rotation: 0, height: 0 }],
    interiors: [],
    openings: [],
    ladders: [],
  };
  for (const t of setup.terrain) {
    addTerrain(model, t, facts);
    if (t.ladders) model.ladders.push(...placedLadders(t, facts));
  }
  return model;
}

function addTerrain(model: SceneryModel, t: Terrain, facts: StructureFacts): void {
  const thickness = facts.wallThickness;
  if (t.kind === 'block') {
    const solid: ScenerySolid = { id: t.id, part: 'block', x: t.x, y: t.y, w: t.w, d: t.d, rotation: t.rotation, z0: 0, z1: t.h };
    model.solids.push(solid);
    model.occluders.push(solid);
    model.surfaces.push({ id: t.id, x: t.x, y: t.y, w: t.w, d: t.d, rotation: t.rotation, height: t.h });
    return;
  }
  const tk = Math.min(thickness, t.w / 2, t.d / 2);
  if (t.interior === 'open') {
    // MOV-21: walls cut round their openings, floors and a roof slab; each piece blocks Line of Fire on its own.
    const parts = openBuildingParts(t, facts);
    model.solids.push(...parts.solids);
    model.occluders.push(...parts.solids);
    model.surfaces.push(...parts.surfaces);
    model.openings.push(...parts.openings);
    const inner = { id: t.id, x: t.x, y: t.y, w: t.w - 2 * tk, d: t.d - 2 * tk, rotation: t.rotation, h: t.h, roof: t.roof, open: true };
    if (inner.w > 0 && inner.d > 0) model.interiors.push(inner);
    return;
  }
  // Four walls in the building's own frame: north and south span the whole width, east and west fit between.
  const walls: [number, number, number, number][] = [
    [0, t.d / 2 - tk / 2, t.w, tk],
    [0, -t.d / 2 + tk / 2, t.w, tk],
    [t.w / 2 - tk / 2, 0, tk, t.d - 2 * tk],
    [-t.w / 2 + tk / 2, 0, tk, t.d - 2 * tk],
  ];
  for (const [lx, ly, w, d] of walls) {
    if (w <= 0 || d <= 0) continue;
    const c = fromBoxFrame(t, lx, ly);
    const wall: ScenerySolid = { id: t.id, part: 'wall', x: c.x, y: c.y, w, d, rotation: t.rotation, z0: 0, z1: t.h };
    model.solids.push(wall);
    if (!t.roof) model.occluders.push(wall);
    if (!t.roof) model.surfaces.push({ id: t.id, x: c.x, y: c.y, w, d, rotation: t.rotation, height: t.h });
  }
  const interior = { id: t.id, x: t.x, y: t.y, w: t.w - 2 * tk, d: t.d - 2 * tk, rotation: t.rotation, h: t.h, roof: t.roof };
  if (interior.w > 0 && interior.d > 0) model.interiors.push(interior);
  if (t.roof) {
    // The roof closes the interior; its top face, the whole footprint, is a surface.
    model.solids.push({ id: t.id, part: 'roof', x: t.x, y: t.y, w: interior.w, d: interior.d, rotation: t.rotation, z0: t.h - tk, z1: t.h });
    model.surfaces.push({ id: t.id, x: t.x, y: t.y, w: t.w, d: t.d, rotation: t.rotation, height: t.h });
    model.occluders.push({ id: t.id, part: 'building', x: t.x, y: t.y, w: t.w, d: t.d, rotation: t.rotation, z0: 0, z1: t.h });
  }
}

/**
 * A box's footprint ready for the gap to a disc: its turn's cosine and sine (as toBoxFrame works them
 * out), and the radius of the circle around it, past which no disc can overlap it.
 */
interface Footprint<T extends TurnedBox> {
  box: T;
  cos: number;
  sin: number;
  reach: number;
}

function footprint<T extends TurnedBox>(box: T): Footprint<T> {
  const a = -degToRad(box.rotation);
  return { box, cos: Math.cos(a), sin: Math.sin(a), reach: Math.hypot(box.w / 2, box.d / 2) };
}

/** Where `inFrame` writes a point in a footprint's frame. */
const local: Vec2 = { x: 0, y: 0 };

/** The point (dx, dy) from the box's centre in the box's own frame, as toBoxFrame turns it (the same numbers). */
function inFrame(f: Footprint<TurnedBox>, dx: number, dy: number): Vec2 {
  local.x = dx * f.cos - dy * f.sin;
  local.y = dx * f.sin + dy * f.cos;
  return local;
}

/**
 * discBoxGap(f.box, x, y, r) < -CONTACT.overlap, with the same numbers, after a first test that a
 * disc whose centre stands farther from the box's than the circle around the box and its own radius
 * (and a hair) cannot overlap it.
 */
function overlapsFootprint(f: Footprint<TurnedBox>, x: number, y: number, r: number): boolean {
  const dx = x - f.box.x;
  const dy = y - f.box.y;
  const far = f.reach + r + 1e-6;
  if (dx * dx + dy * dy > far * far) return false;
  const p = inFrame(f, dx, dy);
  return frameBoxDistance(f.box, p.x, p.y) - r < -CONTACT.overlap;
}

/** The side of the cells that `Buckets` files footprints under. */
const CELL = 4;
/** The largest disc a cell's list answers for: any base (the largest is under 1.2" across its radius). */
const DISC = 2;

/**
 * Footprints filed by the square cells of the table their circles come within DISC of, each cell's
 * list in the model's order: a disc of radius at most DISC centred in a cell can only overlap what
 * that cell lists, and the first of those that it overlaps is the first of all (the one a refusal
 * names). A larger disc, or one centred off the table, is tested against every footprint.
 */
class Buckets<T extends TurnedBox> {
  private readonly cols: number;
  private readonly rows: number;
  private readonly cells: Footprint<T>[][];

  constructor(
    readonly all: readonly Footprint<T>[],
    width: number,
    depth: number,
  ) {
    this.cols = Math.max(1, Math.ceil(width / CELL));
    this.rows = Math.max(1, Math.ceil(depth / CELL));
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
    for (const f of all) {
      const pad = f.reach + DISC + 1e-3;
      const c0 = Math.max(0, Math.floor((f.box.x - pad) / CELL));
      const c1 = Math.min(this.cols - 1, Math.floor((f.box.x + pad) / CELL));
      const r0 = Math.max(0, Math.floor((f.box.y - pad) / CELL));
      const r1 = Math.min(this.rows - 1, Math.floor((f.box.y + pad) / CELL));
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.cells[r * this.cols + c]!.push(f);
    }
  }

  /**
   * The footprints a disc at (x, y) of radius r might overlap: every one whose circle comes within r
   * of (x, y) (overlapsFootprint's first test) is filed under the cell holding (x, y).
   */
  near(x: number, y: number, r: number): readonly Footprint<T>[] {
    if (!(r <= DISC)) return this.all;
    const c = Math.floor(x / CELL);
    const row = Math.floor(y / CELL);
    if (!(c >= 0 && row >= 0 && c < this.cols && row < this.rows)) return this.all;
    return this.cells[row * this.cols + c]!;
  }
}

/** discBoxProtrusion(f.box, x, y, r), with the same numbers. */
function protrusion(f: Footprint<TurnedBox>, x: number, y: number, r: number): number {
  const p = inFrame(f, x - f.box.x, y - f.box.y);
  return frameBoxProtrusion(f.box, p.x, p.y, r);
}

/** The placement queries of the core's port, answered exactly from the scenery model. */
export class AnalyticScenery implements SceneryIndex {
  private readonly rays: SolidListRays;
  private readonly solidFootprints: Buckets<ScenerySolid>;
  private readonly interiorFootprints: Buckets<SceneryModel['interiors'][number]>;
  private readonly surfaceFootprints: Footprint<SceneryModel['surfaces'][number]>[];
  private stanceQueries: Stance | null = null;

  constructor(readonly model: SceneryModel) {
    this.rays = new SolidListRays(model.solids);
    this.solidFootprints = new Buckets(model.solids.map(footprint), model.table.width, model.table.depth);
    this.interiorFootprints = new Buckets(model.interiors.map(footprint), model.table.width, model.table.depth);
    this.surfaceFootprints = model.surfaces.map(footprint);
  }

  get solids(): readonly ScenerySolid[] {
    return this.model.solids;
  }

  get occluders(): readonly ScenerySolid[] {
    return this.model.occluders;
  }

  /** MOV-7 to MOV-10: heights, support, openings and ladders (surfaces.ts), built when first asked. */
  get stance(): StanceQueries {
    return (this.stanceQueries ??= new Stance(this.model));
  }

  /** Exact, by testing every solid: fine for small scenes and tests; src/spatial answers it with a BVH. */
  sceneryHit(a: Vec3, b: Vec3): ScenerySolid | null {
    return this.rays.sceneryHit(a, b);
  }

  supportHeight(x: number, y: number, r: number, z: number): number | null {
    let best: number | null = null;
    for (const f of this.surfaceFootprints) {
      const s = f.box;
      if (Math.abs(s.height - z) > CONTACT.surfaceHeight) continue;
      if (protrusion(f, x, y, r) > CONTACT.contain) continue;
      if (best === null || Math.abs(s.height - z) < Math.abs(best - z)) best = s.height;
    }
    return best;
  }

  surfacesAt(x: number, y: number): number[] {
    const heights = new Set<number>();
    for (const s of this.model.surfaces) if (discBoxProtrusion(s, x, y, 0) <= CONTACT.contain) heights.add(s.height);
    return [...heights].sort((a, b) => b - a);
  }

  overlapping(c: Cylinder): ScenerySolid | null {
    // Every path point of every Move asks this: the solids' turns are worked out once.
    for (const f of this.solidFootprints.near(c.x, c.y, c.r)) {
      const s = f.box;
      if (intervalGap(c.z, c.z + c.h, s.z0, s.z1) >= -CONTACT.overlap) continue;
      if (overlapsFootprint(f, c.x, c.y, c.r)) return s;
    }
    return null;
  }

  enclosing(x: number, y: number, r: number, z: number, open = false): string | null {
    for (const f of this.interiorFootprints.near(x, y, r)) {
      const i = f.box;
      if (i.open && !open) continue;
      if (!overlapsFootprint(f, x, y, r)) continue;
      if (!i.roof || z < i.h - CONTACT.contain) return i.id;
    }
    return null;
  }

  nearestSide(c: Cylinder): { solid: ScenerySolid; gap: number } | null {
    let best: { solid: ScenerySolid; gap: number } | null = null;
    for (const s of this.model.solids) {
      // Only a side counts: something level with the base's height range, not the surface under it.
      if (intervalGap(c.z, c.z + c.h, s.z0, s.z1) >= 0) continue;
      const gap = discBoxGap(s, c.x, c.y, c.r);
      if (!best || gap < best.gap) best = { solid: s, gap };
    }
    return best;
  }
}
