/**
 * The pieces of scenery one may enter (MOV-9, MOV-10, MOV-21; docs/rules/movement.md, section 4), in
 * table coordinates: an open building's walls cut round their openings, its floor slabs and roof, the
 * holes the openings leave, and every ladder's strip on its face. A closed building and a block are
 * built as before in scenery.ts; only their ladders come from here.
 */
import type { BuildingTerrain, Opening, Terrain, TerrainSide } from '../model/types';
import type { ScenerySolid } from './solid';
import { fromBoxFrame, type TurnedBox, type Vec2 } from './shapes';

export interface StructureFacts {
  wallThickness: number;
  floorThickness?: number | undefined;
}

/**
 * A horizontal face a base may stand on: a footprint and its height; `from`, where given, the
 * underside of what it tops (a floor or roof slab, a lintel): a base standing lower cannot step onto
 * it from beneath (MOV-7), only one beside or above it.
 */
export type Surface = TurnedBox & { id: string; height: number; from?: number };

/** MOV-10: the hole an opening leaves in its wall, across the wall's thickness, from z0 to z1. */
export interface PlacedOpening extends TurnedBox {
  /** the building */
  id: string;
  /** its place in the building's `openings` */
  index: number;
  side: TerrainSide;
  kind: Opening['kind'];
  access: 'wide' | 'narrow';
  z0: number;
  z1: number;
}

/**
 * MOV-9: a ladder as a strip on its face: `a` to `b` the strip's ends on the face (table coordinates),
 * `out` the unit vector away from the face, on the side a climber stands; from `from` up to `to`.
 */
export interface PlacedLadder {
  /** the piece it stands on */
  id: string;
  /** its place in the piece's `ladders` */
  index: number;
  side: TerrainSide;
  inside: boolean;
  a: Vec2;
  b: Vec2;
  out: Vec2;
  /**
   * The room the climber takes: the strip, out from the face by the ladder's width (a working value).
   * A base touches the ladder when it comes within CONTACT.touch of this footprint.
   */
  box: TurnedBox;
  from: number;
  to: number;
}

/** What an open building adds to the scenery model. */
export interface OpenBuildingParts {
  /** walls cut round the openings (part `wall`), floor slabs (`floor`) and the roof slab (`roof`) */
  solids: ScenerySolid[];
  surfaces: Surface[];
  openings: PlacedOpening[];
}

const EPS = 1e-9;

/** The length of a side of the unturned footprint. */
export function sideLength(t: Pick<Terrain, 'w' | 'd'>, s: TerrainSide): number {
  return s === 'n' || s === 's' ? t.w : t.d;
}

/** A building's wall thickness, as the scenery model builds its walls (never more than half the footprint). */
export function wallThicknessOf(t: Pick<Terrain, 'w' | 'd'>, wallThickness: number): number {
  return Math.min(wallThickness, t.w / 2, t.d / 2);
}

/** The inside of a building's walls (a floor's default size), with the walls as thick as `wallThickness` (default 0.25). */
export function insideSize(t: Pick<Terrain, 'w' | 'd'>, wallThickness = 0.25): { w: number; d: number } {
  const tk = wallThicknessOf(t, wallThickness);
  return { w: t.w - 2 * tk, d: t.d - 2 * tk };
}
export const DEFAULT_FLOOR_THICKNESS = 0.25;
export const DEFAULT_LADDER_WIDTH = 1;

/** The unit vector, in the piece's own frame, from its centre out through a side. */
function sideNormal(s: TerrainSide): Vec2 {
  return s === 'n' ? { x: 0, y: 1 } : s === 's' ? { x: 0, y: -1 } : s === 'e' ? { x: 1, y: 0 } : { x: -1, y: 0 };
}

/** Along a side: n and s run along +x, e and w along +y. */
function alongX(s: TerrainSide): boolean {
  return s === 'n' || s === 's';
}

/**
 * A box in the piece's frame spanning u0..u1 along side `s` and c0..c1 across it (distance inwards from
 * the outer face), turned into table coordinates.
 */
function sideBox(t: Terrain, s: TerrainSide, u0: number, u1: number, c0: number, c1: number): TurnedBox {
  const nrm = sideNormal(s);
  const half = alongX(s) ? t.d / 2 : t.w / 2;
  const mid = half - (c0 + c1) / 2;
  const u = (u0 + u1) / 2;
  const lx = alongX(s) ? u : nrm.x * mid;
  const ly = alongX(s) ? nrm.y * mid : u;
  const c = fromBoxFrame(t, lx, ly);
  return alongX(s) ? { x: c.x, y: c.y, w: u1 - u0, d: c1 - c0, rotation: t.rotation } : { x: c.x, y: c.y, w: c1 - c0, d: u1 - u0, rotation: t.rotation };
}

/**
 * An open building's walls, slabs, surfaces and holes. The north and south walls span the whole
 * width and the east and west ones fit between them, as a closed building's (scenery.ts); each wall is
 * cut into pieces round its openings: full height between them, the breast below a sill and the
 * lintel above an opening. Wall tops are surfaces at the top; sills are surfaces at theirs; each
 * floor slab's top is one, and a roof's the whole footprint (a slab's top not stepped onto from beneath).
 */
export function openBuildingParts(t: BuildingTerrain, facts: StructureFacts): OpenBuildingParts {
  const tk = wallThicknessOf(t, facts.wallThickness);
  const slab = facts.floorThickness ?? DEFAULT_FLOOR_THICKNESS;
  const out: OpenBuildingParts = { solids: [], surfaces: [], openings: [] };
  const solid = (part: ScenerySolid['part'], b: TurnedBox, z0: number, z1: number) => {
    if (b.w <= EPS || b.d <= EPS || z1 - z0 <= EPS) return;
    out.solids.push({ id: t.id, part, x: b.x, y: b.y, w: b.w, d: b.d, rotation: b.rotation, z0, z1 });
    const surface: Surface = { id: t.id, x: b.x, y: b.y, w: b.w, d: b.d, rotation: b.rotation, height: z1 };
    if (z0 > EPS) surface.from = z0;
    out.surfaces.push(surface);
  };
  const openings = (t.openings ?? []).map((o, index) => ({ o, index }));
  for (const s of ['n', 's', 'e', 'w'] as const) {
    const half = alongX(s) ? t.w / 2 : t.d / 2 - tk;
    const here = openings.filter(({ o }) => o.side === s).sort((a, b) => a.o.at - b.o.at);
    let u = -half;
    for (const { o, index } of here) {
      const o0 = o.at - o.w / 2;
      const o1 = o.at + o.w / 2;
      solid('wall', sideBox(t, s, u, o0, 0, tk), 0, t.h);
      solid('wall', sideBox(t, s, o0, o1, 0, tk), 0, o.z);
      solid('wall', sideBox(t, s, o0, o1, 0, tk), o.z + o.h, t.h);
      const hole = sideBox(t, s, o0, o1, 0, tk);
      out.openings.push({ ...hole, id: t.id, index, side: s, kind: o.kind, access: o.access ?? 'wide', z0: o.z, z1: Math.min(o.z + o.h, t.h) });
      u = o1;
    }
    solid('wall', sideBox(t, s, u, half, 0, tk), 0, t.h);
  }
  const innerW = t.w - 2 * tk;
  const innerD = t.d - 2 * tk;
  for (const f of t.floors ?? []) {
    const c = fromBoxFrame(t, f.x ?? 0, f.y ?? 0);
    solid('floor', { x: c.x, y: c.y, w: f.w ?? innerW, d: f.d ?? innerD, rotation: t.rotation }, Math.max(0, f.z - slab), f.z);
  }
  if (t.roof) {
    out.solids.push({ id: t.id, part: 'roof', x: t.x, y: t.y, w: innerW, d: innerD, rotation: t.rotation, z0: Math.max(0, t.h - slab), z1: t.h });
    // The whole footprint, as a closed roof's; from inside, under the slab, it is not stepped onto (the wall tops are, from outside).
    out.surfaces.push({ id: t.id, x: t.x, y: t.y, w: t.w, d: t.d, rotation: t.rotation, height: t.h, from: Math.max(0, t.h - slab) });
  }
  return out;
}

/** MOV-9: every ladder of a piece, placed on its face. */
export function placedLadders(t: Terrain, facts: StructureFacts): PlacedLadder[] {
  const tk = wallThicknessOf(t, facts.wallThickness);
  const a = (t.rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return (t.ladders ?? []).map((l, index) => {
    const inside = l.inside === true;
    const n = sideNormal(l.side);
    const depth = (alongX(l.side) ? t.d : t.w) / 2 - (inside ? tk : 0);
    const w = l.w ?? DEFAULT_LADDER_WIDTH;
    const end = (u: number) => fromBoxFrame(t, alongX(l.side) ? u : n.x * depth, alongX(l.side) ? n.y * depth : u);
    const dir = inside ? -1 : 1;
    const out = { x: dir * (n.x * cos - n.y * sin), y: dir * (n.x * sin + n.y * cos) };
    const a0 = end(l.at - w / 2);
    const b0 = end(l.at + w / 2);
    const box = { x: (a0.x + b0.x) / 2 + (out.x * w) / 2, y: (a0.y + b0.y) / 2 + (out.y * w) / 2, w, d: w, rotation: t.rotation };
    return { id: t.id, index, side: l.side, inside, a: a0, b: b0, out, box, from: l.from ?? 0, to: l.to ?? t.h };
  });
}

