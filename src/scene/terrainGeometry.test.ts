import { describe, expect, it } from 'vitest';
import type { Terrain } from '../core/model/types';
import { buildTerrainMeshes } from './terrainGeometry';

const table = { width: 48, depth: 48 };
const facts = { wallThickness: 0.25 };
const house: Terrain = { id: 'house', kind: 'building', x: 10, y: 10, w: 6, d: 4, h: 4, rotation: 0, roof: true };
const ruin: Terrain = { id: 'ruin', kind: 'building', x: 30, y: 30, w: 6, d: 6, h: 3, rotation: 30, roof: false };
const wall: Terrain = { id: 'wall', kind: 'block', x: 24, y: 20, w: 14, d: 0.5, h: 1, rotation: 0 };

/** Vertices of the merged solids: 24 per box. */
const boxes = (terrain: Terrain[]) => buildTerrainMeshes({ table, terrain }, facts).solids.getAttribute('position').count / 24;

describe('buildTerrainMeshes', () => {
  it('draws the solids the rules use: a block is one box, a building four walls and a roof, a ruin four walls', () => {
    expect(boxes([wall])).toBe(1);
    expect(boxes([house])).toBe(5);
    expect(boxes([ruin])).toBe(4);
  });

  it('shows a ruin\'s empty inside as a floor, and writes heights on tops but not on thin walls', () => {
    const m = buildTerrainMeshes({ table, terrain: [house, ruin, wall] }, facts);
    expect(m.floors.map((f) => f.id)).toEqual(['ruin']);
    expect(m.floors[0]).toMatchObject({ w: 5.5, d: 5.5, rotation: 30 });
    expect(m.labels.map((l) => [l.id, l.text])).toEqual([
      ['house', '4"'],
      ['ruin', '3"'],
    ]);
    expect(m.labels.find((l) => l.id === 'house')!.z).toBeCloseTo(4.02);
    expect(m.labels.find((l) => l.id === 'ruin')!.z).toBeLessThan(0.1);
  });

  it('puts every solid where the table says: a 4" building reaches three y = 4 and lies north at three -z', () => {
    const g = buildTerrainMeshes({ table, terrain: [house] }, facts).solids;
    g.computeBoundingBox();
    const b = g.boundingBox!;
    expect(b.max.y).toBeCloseTo(4);
    expect(b.min.y).toBeCloseTo(0);
    expect(b.min.x).toBeCloseTo(7);
    expect(b.max.x).toBeCloseTo(13);
    expect(b.min.z).toBeCloseTo(-12);
    expect(b.max.z).toBeCloseTo(-8);
    expect(g.getAttribute('color')).toBeDefined();
  });

  it('MOV-21 draws an open ruin as the rules build it: walls cut round a door, a floor slab; its ladder and breach on top', () => {
    const open: Terrain = {
      ...ruin,
      rotation: 0,
      interior: 'open',
      floors: [{ z: 2 }],
      openings: [
        { side: 's', at: 0, w: 1.5, z: 0, h: 2, kind: 'door' },
        { side: 'n', at: 0, w: 1.5, z: 0, h: 3, kind: 'gap' },
      ],
      ladders: [{ side: 'w', at: 0, inside: true, from: 0, to: 2 }],
    };
    // South: two pieces and a lintel; north: two pieces (the breach reaches the top); east, west: one each; the slab.
    const solids = 3 + 2 + 2 + 1;
    // The ladder: two rails and five rungs (2" at 0.35"); the breach: one heap of rubble.
    expect(boxes([open])).toBe(solids + 7 + 1);
    const m = buildTerrainMeshes({ table, terrain: [open] }, facts);
    expect(m.edges.getAttribute('position').count).toBe(solids * 24);
    expect(m.floors.map((f) => f.id)).toEqual(['ruin']);
  });

  it('MOV-21 the roof of a building one may enter is a mesh of its own (lifted off to reach inside); a closed building keeps its roof with the solids', () => {
    const roofed: Terrain = { ...ruin, id: 'house', rotation: 0, roof: true, interior: 'open' };
    const closed: Terrain = { ...ruin, id: 'shut', x: 30, rotation: 0, roof: true };
    const m = buildTerrainMeshes({ table, terrain: [roofed, closed] }, facts);
    // One box of 24 vertices each: the open building's roof alone in \`roofs\`; four walls each and the closed roof in \`solids\`.
    expect(m.roofs.getAttribute('position').count).toBe(24);
    expect(m.roofEdges.getAttribute('position').count).toBe(24);
    expect(m.solids.getAttribute('position').count).toBe((4 + 4 + 1) * 24);
  });
});
