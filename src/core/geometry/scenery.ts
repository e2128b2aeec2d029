/**
 * The scenery of a game file as the rules see it: solids (blocks, walls, roofs), surfaces and
 * building interiors, answered exactly with discs and boxes. `src/spatial` adds ray queries on top.
 */
import { CONTACT } from '../data/facts';
import type { Facts } from '../data/facts';
import type { Setup, Terrain } from '../model/types';
import type { SceneryIndex, ScenerySolid } from '../ports';
import { SolidListRays } from './lof';
import type { Vec3 } from './segments';
import { discBoxGap, discBoxProtrusion, fromBoxFrame, intervalGap, type Cylinder, type TurnedBox } from './shapes';

export interface SceneryModel {
  table: { width: number; depth: number };
  solids: ScenerySolid[];
  occluders: ScenerySolid[];
  surfaces: (TurnedBox & { id: string; height: number })[];
  interiors: (TurnedBox & { id: string; h: number; roof: boolean })[];
}

/** Splits each terrain piece into the solids, surfaces and interiors of GAME-FILE.md. */
export function buildSceneryModel(setup: Pick<Setup, 'table' | 'terrain'>, facts: Pick<Facts, 'wallThickness'>): SceneryModel {
  const { width, depth } = setup.table;
  const model: SceneryModel = {
    table: { width, depth },
    solids: [],
    occluders: [],
    surfaces: [{ id: 'table', x: width / 2, y: depth / 2, w: width, d: depth, rotation: 0, height: 0 }],
    interiors: [],
  };
  for (const t of setup.terrain) addTerrain(model, t, facts.wallThickness);
  return model;
}

function addTerrain(model: SceneryModel, t: Terrain, thickness: number): void {
  if (t.kind === 'block') {
    const solid: ScenerySolid = { id: t.id, part: 'block', x: t.x, y: t.y, w: t.w, d: t.d, rotation: t.rotation, z0: 0, z1: t.h };
    model.solids.push(solid);
    model.occluders.push(solid);
    model.surfaces.push({ id: t.id, x: t.x, y: t.y, w: t.w, d: t.d, rotation: t.rotation, height: t.h });
    return;
  }
  const tk = Math.min(thickness, t.w / 2, t.d / 2);
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

/** The placement queries of the core's port, answered exactly from the scenery model. */
export class AnalyticScenery implements SceneryIndex {
  private readonly rays: SolidListRays;

  constructor(readonly model: SceneryModel) {
    this.rays = new SolidListRays(model.solids);
  }

  get solids(): readonly ScenerySolid[] {
    return this.model.solids;
  }

  get occluders(): readonly ScenerySolid[] {
    return this.model.occluders;
  }

  /** Exact, by testing every solid: fine for small scenes and tests; src/spatial answers it with a BVH. */
  sceneryHit(a: Vec3, b: Vec3): ScenerySolid | null {
    return this.rays.sceneryHit(a, b);
  }

  supportHeight(x: number, y: number, r: number, z: number): number | null {
    let best: number | null = null;
    for (const s of this.model.surfaces) {
      if (Math.abs(s.height - z) > CONTACT.surfaceHeight) continue;
      if (discBoxProtrusion(s, x, y, r) > CONTACT.contain) continue;
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
    for (const s of this.model.solids) {
      if (intervalGap(c.z, c.z + c.h, s.z0, s.z1) >= -CONTACT.overlap) continue;
      if (discBoxGap(s, c.x, c.y, c.r) < -CONTACT.overlap) return s;
    }
    return null;
  }

  enclosing(x: number, y: number, r: number, z: number): string | null {
    for (const i of this.model.interiors) {
      if (discBoxGap(i, x, y, r) >= -CONTACT.overlap) continue;
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
