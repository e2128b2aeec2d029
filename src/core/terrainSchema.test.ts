import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameFileError } from './gamefile';
import { parseTableFile, TABLE_FORMAT } from './tablefile';

const ROOT = join(__dirname, '..', '..');
type Json = any;

/** A table with the contract's open ruin (docs/rules/movement.md, section 4) and a block with a ladder. */
function table(): Json {
  return {
    format: TABLE_FORMAT,
    name: 'Test Table',
    table: { width: 48, depth: 32 },
    zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 8 }, north: { x: 0, y: 24, w: 48, d: 8 } } },
    terrain: [
      { id: 'crate', kind: 'block', x: 10, y: 16, w: 2, d: 2, h: 2, ladders: [{ side: 'n', at: 0 }] },
      {
        id: 'ruin-1',
        kind: 'building',
        x: 30,
        y: 16,
        w: 8,
        d: 6,
        h: 5,
        rotation: 0,
        roof: false,
        interior: 'open',
        floors: [{ z: 2.5, x: 0, y: 1.125, w: 7.5, d: 3.25 }],
        openings: [
          { side: 's', at: -2, w: 1.5, z: 0, h: 2, kind: 'door', access: 'wide' },
          { side: 'e', at: 0, w: 1.5, z: 3, h: 1.2, kind: 'window' },
        ],
        ladders: [{ side: 'w', at: -1, w: 1, inside: true, from: 0, to: 2.5 }],
      },
    ],
    objectives: [],
  };
}

function problem(json: unknown): string {
  try {
    parseTableFile(json);
  } catch (e) {
    if (e instanceof GameFileError) return e.message;
    throw e;
  }
  return 'accepted';
}

function withRuin(change: (ruin: Json) => void): Json {
  const t = table();
  change(t.terrain[1]);
  return t;
}

describe('table file additions of issue 37 (docs/rules/movement.md, section 4)', () => {
  it('MOV-21 the contract example reads back with every field as written', () => {
    const t = parseTableFile(table());
    expect(t.terrain[1]).toEqual(table().terrain[1]);
    expect(t.terrain[0]).toEqual({ ...table().terrain[0], rotation: 0 });
  });

  it('MOV-21 migration: without the new fields a piece reads as before, with none of them added', () => {
    const t = table();
    t.terrain[1] = { id: 'ruin-1', kind: 'building', x: 30, y: 16, w: 8, d: 6, h: 5, roof: false };
    delete t.terrain[0].ladders;
    const read = parseTableFile(t);
    expect(Object.keys(read.terrain[1]!).sort()).toEqual(['d', 'h', 'id', 'kind', 'roof', 'rotation', 'w', 'x', 'y']);
    expect(Object.keys(read.terrain[0]!).sort()).toEqual(['d', 'h', 'id', 'kind', 'rotation', 'w', 'x', 'y']);
    // Every shipped table and example still reads.
    for (const f of readdirSync(join(ROOT, 'assets', 'tables')).filter((n) => n.endsWith('.json'))) {
      expect(problem(JSON.parse(readFileSync(join(ROOT, 'assets', 'tables', f), 'utf8'))), f).toBe('accepted');
    }
  });

  it('MOV-21 floors, openings and inside ladders need "interior": "open"', () => {
    expect(problem(withRuin((r) => delete r.interior))).toBe('terrain[1].floors: needs "interior": "open"');
    expect(problem(withRuin((r) => (r.interior = 'closed')))).toBe('terrain[1].floors: needs "interior": "open"');
    expect(problem(withRuin((r) => ((r.interior = 'closed'), delete r.floors)))).toBe('terrain[1].openings: needs "interior": "open"');
    expect(problem(withRuin((r) => ((r.interior = 'closed'), delete r.floors, delete r.openings)))).toBe('terrain[1].ladders[0].inside: needs "interior": "open"');
    const t = table();
    t.terrain[0].interior = 'open';
    expect(problem(t)).toBe('terrain[0].interior: a block has no interior: use kind "building"');
    const u = table();
    u.terrain[0].ladders[0].inside = true;
    expect(problem(u)).toBe('terrain[0].ladders[0].inside: needs "interior": "open"');
  });

  it('MOV-10 openings lie within their walls, clear of the corners, below the top, and apart on one side', () => {
    // South side 8" long, walls 0.25" thick: an opening reaches at most 3.75 from the middle.
    expect(problem(withRuin((r) => (r.openings[0].at = -3.2)))).toMatch(/^terrain\[1\]\.openings\[0\]: the opening reaches past 3\.75 from the middle of side "s"/);
    expect(problem(withRuin((r) => (r.openings[0].at = -3)))).toBe('accepted');
    expect(problem(withRuin((r) => (r.openings[1].h = 2.5)))).toBe('terrain[1].openings[1]: the opening\'s top (5.5) is above the building\'s (5)');
    expect(problem(withRuin((r) => r.openings.push({ side: 's', at: -0.5, w: 1.6, z: 0, h: 2, kind: 'gap' })))).toBe('terrain[1].openings[2]: overlaps openings[0] on side "s"');
    expect(problem(withRuin((r) => r.openings.push({ side: 's', at: -0.5, w: 1.5, z: 0, h: 2, kind: 'gap' })))).toBe('accepted');
    expect(problem(withRuin((r) => (r.openings[0].kind = 'hatch')))).toMatch(/^terrain\[1\]\.openings\[0\]\.kind: /);
    expect(problem(withRuin((r) => (r.openings[0].access = 'tight')))).toMatch(/^terrain\[1\]\.openings\[0\]\.access: /);
  });

  it('MOV-21 floors lie inside the walls, between the slab thickness and the top', () => {
    expect(problem(withRuin((r) => (r.floors[0].w = 7.8)))).toBe('terrain[1].floors[0]: the slab reaches beyond the inside of the walls (7.5 by 5.5)');
    expect(problem(withRuin((r) => (r.floors[0].z = 5)))).toBe('terrain[1].floors[0].z: expected a height from the slab\'s thickness (0.25) to below the top (5)');
    expect(problem(withRuin((r) => ((r.floors = [{ z: 2 }]), (r.ladders[0].to = 2))))).toBe('accepted');
  });

  it('MOV-9 ladders lie on their face and run between surface heights beside them', () => {
    expect(problem(withRuin((r) => (r.ladders[0].to = 2)))).toBe('terrain[1].ladders[0].to: 2 is not a surface height beside the ladder (0, 2.5, 5)');
    expect(problem(withRuin((r) => (r.ladders[0].from = 2.5)))).toBe('terrain[1].ladders[0].to: expected a height above "from" (2.5)');
    expect(problem(withRuin((r) => (r.ladders[0].at = 2.6)))).toMatch(/^terrain\[1\]\.ladders\[0\]: the ladder reaches past 2\.75/);
    const t = table();
    t.terrain[0].ladders[0].to = 1;
    expect(problem(t)).toBe('terrain[0].ladders[0].to: 1 is not a surface height beside the ladder (0, 2)');
  });
});
