/**
 * The terrain as drawn: the very solids the rules use (`buildSceneryModel` of the core: blocks,
 * the four walls of a building, its roof slab), so what a player sees is what the engine checks.
 * All solids are merged into one shaded mesh with per-vertex colours (tops a little lighter, so
 * heights read from above) and one set of edge lines: two draw calls for the whole table.
 */
import { BoxGeometry, BufferGeometry, Color, EdgesGeometry, Float32BufferAttribute, Matrix4, Quaternion, Vector3 } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Setup, Terrain } from '../core/model/types';
import { rotationToThreeY, tableToThree } from './coords';
import { TERRAIN_COLOURS } from './palette';
import { buildSceneryModel, type Facts, type ScenerySolid } from '../core/api';

export interface TerrainMeshes {
  solids: BufferGeometry;
  edges: BufferGeometry;
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

export function buildTerrainMeshes(setup: Pick<Setup, 'table' | 'terrain'>, facts: Pick<Facts, 'wallThickness'>): TerrainMeshes {
  const model = buildSceneryModel(setup, facts);
  const pieces = new Map(setup.terrain.map((t) => [t.id, t]));
  const solids: BufferGeometry[] = [];
  const edges: BufferGeometry[] = [];
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
    solids.push(box);

    const e = new EdgesGeometry(new BoxGeometry(s.w, h, s.d));
    e.applyMatrix4(m);
    edges.push(e);
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

  const merged = solids.length ? mergeGeometries(solids) : new BufferGeometry();
  const mergedEdges = edges.length ? mergeGeometries(edges) : new BufferGeometry();
  for (const g of [...solids, ...edges]) g.dispose();
  merged.computeBoundingSphere();
  return { solids: merged, edges: mergedEdges, floors, labels };
}
