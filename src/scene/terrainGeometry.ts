/**
 * The terrain as drawn: the very solids the rules use (`buildSceneryModel` of the core: blocks,
 * the four walls of a building, its roof slab; an open building's walls cut round their openings
 * and its floor slabs), so what a player sees is what the engine checks. Ladders (rails and rungs
 * on their face) and the rubble in a ruin's breaches (`gap` openings) are drawn on top, as boxes
 * that are no solid of the rules. All of it is merged into one shaded mesh with per-vertex colours
 * (tops a little lighter, so heights read from above) and one set of edge lines (solids only): two
 * draw calls for the whole table. The roofs of buildings one may enter are a mesh of their own
 * (`roofs`, `roofEdges`), so that the table can lift them off to show and reach what is inside
 * (issue 37: a click on such a building met its roof).
 */
import { BoxGeometry, BufferGeometry, Color, EdgesGeometry, Float32BufferAttribute, Matrix4, Quaternion, Vector3 } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Setup, Terrain } from '../core/model/types';
import { rotationToThreeY, tableToThree } from './coords';
import { TERRAIN_COLOURS } from './palette';
import { buildSceneryModel, type Facts, type ScenerySolid } from '../core/api';

type SceneryModel = ReturnType<typeof buildSceneryModel>;

export interface TerrainMeshes {
  solids: BufferGeometry;
  edges: BufferGeometry;
  /** the roofs of open buildings (`interior: "open"`), and their edges: hidden when the roofs are off */
  roofs: BufferGeometry;
  roofEdges: BufferGeometry;
  /** open interiors of roofless buildings, drawn as a darker floor */
  floors: { id: string; x: number; y: number; w: number; d: number; rotation: number }[];
  /** where each piece's height label goes: the top it is written on */
  labels: { id: string; text: string; x: number; y: number; z: number; rotation: number; size: number }[];
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The colour of one solid: walls and roofs by kind, blocks from a muted palette by id. */
export function solidColour(solid: ScenerySolid, piece: Terrain | undefined): string {
  if (solid.part === 'roof') return TERRAIN_COLOURS.roof;
  if (solid.part === 'floor') return TERRAIN_COLOURS.floorSlab;
  if (solid.part === 'wall') {
    if (piece && piece.kind === 'building' && !piece.roof) return TERRAIN_COLOURS.ruinWall;
    return TERRAIN_COLOURS.walls[hash(solid.id) % TERRAIN_COLOURS.walls.length]!;
  }
  const list = TERRAIN_COLOURS.blocks;
  return list[hash(solid.id) % list.length]!;
}

const TOP_LIGHTER = 1.18;
const SIDE_DARKER = 0.92;

function formatHeight(h: number): string {
  return `${Number.isInteger(h) ? h : h.toFixed(1)}"`;
}

/** A box that is drawn only: ladders' rails and rungs, rubble in a breach. */
interface DrawnBox {
  x: number;
  y: number;
  w: number;
  d: number;
  rotation: number;
  z0: number;
  z1: number;
  colour: string;
}

const RAIL = 0.08;
/** Rubble stays within the surface tolerance (0.05"): a click on it is a click on the ground. */
const RUBBLE = 0.04;
const RUNG_STEP = 0.35;

/** A ladder as two rails and rungs, just out from its face (MOV-9). */
function ladderBoxes(l: SceneryModel['ladders'][number], rotation: number): DrawnBox[] {
  const out: DrawnBox[] = [];
  const off = RAIL / 2 + 0.01;
  const len = Math.hypot(l.b.x - l.a.x, l.b.y - l.a.y);
  const ux = (l.b.x - l.a.x) / len;
  const uy = (l.b.y - l.a.y) / len;
  // The box's own x runs along the face for n and s sides, across it for e and w.
  const along = l.side === 'n' || l.side === 's';
  const size = (a: number, c: number) => (along ? { w: a, d: c } : { w: c, d: a });
  const at = (t: number) => ({ x: l.a.x + ux * t + l.out.x * off, y: l.a.y + uy * t + l.out.y * off });
  for (const t of [RAIL / 2, len - RAIL / 2]) out.push({ ...at(t), ...size(RAIL, RAIL), rotation, z0: l.from, z1: l.to, colour: TERRAIN_COLOURS.ladder });
  const rungs = Math.max(1, Math.floor((l.to - l.from) / RUNG_STEP));
  for (let k = 1; k <= rungs; k++) {
    const z = l.from + ((l.to - l.from) * k) / (rungs + 1);
    out.push({ ...at(len / 2), ...size(len, RAIL * 0.6), rotation, z0: z - 0.03, z1: z + 0.03, colour: TERRAIN_COLOURS.ladder });
  }
  return out;
}

/** Rubble on the ground of a breach (a `gap` opening): drawn differently from a door, same rules (MOV-10). */
function breachBoxes(o: SceneryModel['openings'][number]): DrawnBox[] {
  if (o.kind !== 'gap' || o.z0 > 0.01) return [];
  const along = o.side === 'n' || o.side === 's';
  const w = along ? o.w : o.w + 0.3;
  const d = along ? o.d + 0.3 : o.d;
  return [{ x: o.x, y: o.y, w, d, rotation: o.rotation, z0: 0, z1: RUBBLE, colour: TERRAIN_COLOURS.rubble }];
}

export function buildTerrainMeshes(setup: Pick<Setup, 'table' | 'terrain'>, facts: Pick<Facts, 'wallThickness'> & Partial<Pick<Facts, 'floorThickness'>>): TerrainMeshes {
  const model = buildSceneryModel(setup, facts);
  const pieces = new Map(setup.terrain.map((t) => [t.id, t]));
  const solids: BufferGeometry[] = [];
  const edges: BufferGeometry[] = [];
  const roofs: BufferGeometry[] = [];
  const roofEdges: BufferGeometry[] = [];
  const m = new Matrix4();
  const q = new Quaternion();
  const up = new Vector3(0, 1, 0);
  const scale = new Vector3(1, 1, 1);
  const colour = new Color();

  for (const s of model.solids) {
    const h = s.z1 - s.z0;
    const box = new BoxGeometry(s.w, h, s.d);
    const [px, py, pz] = tableToThree(s.x, s.y, s.z0 + h / 2);
    q.setFromAxisAngle(up, rotationToThreeY(s.rotation));
    m.compose(new Vector3(px, py, pz), q, scale);

    // Per-vertex colour: tops lighter, sides slightly darker, so heights and faces read apart.
    const base = new Color(solidColour(s, pieces.get(s.id)));
    const normals = box.getAttribute('normal');
    const colours = new Float32Array(normals.count * 3);
    for (let i = 0; i < normals.count; i++) {
      const ny = normals.getY(i);
      colour.copy(base).multiplyScalar(ny > 0.5 ? TOP_LIGHTER : ny < -0.5 ? 0.7 : SIDE_DARKER);
      colours.set([colour.r, colour.g, colour.b], i * 3);
    }
    box.setAttribute('color', new Float32BufferAttribute(colours, 3));
    box.applyMatrix4(m);
    const piece = pieces.get(s.id);
    const liftable = s.part === 'roof' && piece?.kind === 'building' && piece.interior === 'open';
    (liftable ? roofs : solids).push(box);

    const e = new EdgesGeometry(new BoxGeometry(s.w, h, s.d));
    e.applyMatrix4(m);
    (liftable ? roofEdges : edges).push(e);
  }

  const drawn: DrawnBox[] = [];
  for (const l of model.ladders) drawn.push(...ladderBoxes(l, pieces.get(l.id)?.rotation ?? 0));
  for (const o of model.openings) drawn.push(...breachBoxes(o));
  for (const b of drawn) {
    const h = b.z1 - b.z0;
    const box = new BoxGeometry(b.w, h, b.d);
    const [px, py, pz] = tableToThree(b.x, b.y, b.z0 + h / 2);
    q.setFromAxisAngle(up, rotationToThreeY(b.rotation));
    m.compose(new Vector3(px, py, pz), q, scale);
    const c = new Color(b.colour);
    const count = box.getAttribute('position').count;
    const colours = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) colours.set([c.r, c.g, c.b], i * 3);
    box.setAttribute('color', new Float32BufferAttribute(colours, 3));
    box.applyMatrix4(m);
    solids.push(box);
  }

  const floors = model.interiors.filter((i) => !i.roof).map(({ id, x, y, w, d, rotation }) => ({ id, x, y, w, d, rotation }));

  const labels: TerrainMeshes['labels'] = [];
  for (const t of setup.terrain) {
    const room = Math.min(t.w, t.d);
    if (room < 1.2) continue; // too thin to write on (a wall, a barricade)
    const size = Math.min(room * 0.7, 2.2);
    // A roofless ruin has it written on its floor, inside the walls; anything else on its top.
    const z = t.kind === 'building' && !t.roof ? 0.03 : t.h + 0.02;
    labels.push({ id: t.id, text: formatHeight(t.h), x: t.x, y: t.y, z, rotation: t.rotation, size });
  }

  const merge = (list: BufferGeometry[]) => (list.length ? mergeGeometries(list) : new BufferGeometry());
  const merged = merge(solids);
  const mergedEdges = merge(edges);
  const mergedRoofs = merge(roofs);
  const mergedRoofEdges = merge(roofEdges);
  for (const g of [...solids, ...edges, ...roofs, ...roofEdges]) g.dispose();
  merged.computeBoundingSphere();
  mergedRoofs.computeBoundingSphere();
  return { solids: merged, edges: mergedEdges, roofs: mergedRoofs, roofEdges: mergedRoofEdges, floors, labels };
}
