import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameFileError, parseGameFile } from './gamefile';
import { footprintOverlap } from './geometry/overlap';
import { firstOverlap, parseTableFile, parseTableFileText, TABLE_FORMAT, terrainCover } from './tablefile';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const SHIPPED = readdirSync(join(ROOT, 'assets', 'tables')).filter((f) => f.endsWith('.json')).sort();
type Json = any;

function table(): Json {
  return {
    format: TABLE_FORMAT,
    name: 'Test Table',
    table: { width: 48, depth: 32 },
    zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 8 }, north: { x: 0, y: 24, w: 48, d: 8 } } },
    terrain: [
      { id: 'house', kind: 'building', x: 10, y: 16, w: 6, d: 6, h: 4, roof: true },
      { id: 'crate', kind: 'block', x: 20, y: 16, w: 2, d: 2, h: 1 },
    ],
    objectives: [{ id: 'obj', x: 30, y: 16, r: 0.5 }],
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

describe('table files (TOOL-9)', () => {
  it('TOOL-9 ships at least three tables in assets/tables, one 48" x 32", each valid and about a quarter covered', () => {
    expect(SHIPPED.length).toBeGreaterThanOrEqual(3);
    const tables = SHIPPED.map((f) => parseTableFile(read(`assets/tables/${f}`)));
    expect(tables.some((t) => t.table.width === 48 && t.table.depth === 32)).toBe(true);
    for (const t of tables) {
      expect(terrainCover(t), t.name).toBeGreaterThan(0.2);
      expect(terrainCover(t), t.name).toBeLessThan(0.3);
      expect(t.terrain.length, t.name).toBeGreaterThanOrEqual(20);
      expect(t.terrain.some((p) => p.kind === 'building' && p.roof), t.name).toBe(true);
      expect(t.terrain.some((p) => p.kind === 'building' && !p.roof), t.name).toBe(true);
      expect(firstOverlap(t.terrain), t.name).toBeNull();
    }
  });

  it('TOOL-9 the demo table is shipped as a table file: the same table, zones, terrain and objectives', () => {
    const demo = parseGameFile(read('examples/demo-setup.json'));
    const nexus = parseTableFile(read('assets/tables/nexus-station.json'));
    expect({ table: nexus.table, zones: { ...nexus.zones }, terrain: nexus.terrain, objectives: nexus.objectives }).toEqual({
      table: demo.table,
      zones: { ...demo.zones },
      terrain: demo.terrain,
      objectives: demo.objectives,
    });
  });

  it('TOOL-9 reads a table with the game file\'s defaults (rotation 0, no exclusion zones)', () => {
    const t = parseTableFile(table());
    expect(t.terrain[1]).toMatchObject({ rotation: 0 });
    expect(t.zones.exclusion).toEqual([]);
    expect(t.name).toBe('Test Table');
  });

  it('TOOL-9 refuses a file that is not a table with the first problem, by the game file\'s setup rules', () => {
    const cases: [string, (t: Json) => unknown][] = [
      ['(file): expected an object', () => 'table'],
      ['format: expected "infinity-table-table/1"', (t) => ({ ...t, format: 'infinity-table-army/1' })],
      ['name: missing, expected a string', (t) => ({ ...t, name: undefined })],
      ['name: expected a name on one line', (t) => ({ ...t, name: 'two\nlines' })],
      ['table.depth: expected at least 0 (exclusive)', (t) => (t.table.depth = 0, t)],
      ['zones.deployment: expected exactly two Deployment Zones, found 1', (t) => (delete t.zones.deployment.north, t)],
      ['zones.deployment.north: the zone lies partly off the table', (t) => (t.zones.deployment.north.y = 25, t)],
      ['terrain[1].roof: a block has no roof: use kind "building"', (t) => (t.terrain[1].roof = true, t)],
      ['terrain[0].roof: missing, expected true or false', (t) => (delete t.terrain[0].roof, t)],
      ['terrain[1]: "crate" lies partly off the table', (t) => (t.terrain[1].x = 47.5, t)],
      ['terrain[1].id: duplicate id "house" (also terrain[0])', (t) => (t.terrain[1].id = 'house', t)],
      ['objectives[0].id: duplicate id "house" (also terrain[0])', (t) => (t.objectives[0].id = 'house', t)],
      ['objectives[0]: "obj" lies partly off the table', (t) => (t.objectives[0].y = 31.8, t)],
      ['terrain[1]: "crate" overlaps "house" (terrain[0])', (t) => (t.terrain[1].x = 13.5, t)],
    ];
    for (const [message, spoil] of cases) expect(problem(spoil(table())), message).toBe(message);
    expect(() => parseTableFileText('')).toThrow('(file): not valid JSON');
  });

  it('TOOL-9 pieces may touch but not overlap, turned or not', () => {
    const a = { x: 10, y: 10, w: 4, d: 4, rotation: 0 };
    expect(footprintOverlap(a, { x: 14, y: 10, w: 4, d: 4, rotation: 0 })).toBeCloseTo(0);
    expect(footprintOverlap(a, { x: 13.9, y: 10, w: 4, d: 4, rotation: 0 })).toBeCloseTo(0.1);
    expect(footprintOverlap(a, { x: 15, y: 10, w: 4, d: 4, rotation: 0 })).toBeCloseTo(-1);
    // A diamond whose corner just reaches the square's side, then a little past it.
    const r = 2 * Math.SQRT2;
    expect(footprintOverlap(a, { x: 12 + r, y: 10, w: 4, d: 4, rotation: 45 })).toBeCloseTo(0);
    expect(footprintOverlap(a, { x: 12 + r - 0.5, y: 10, w: 4, d: 4, rotation: 45 })).toBeGreaterThan(0.3);
    // Corners near each other but apart along a diagonal axis only.
    expect(footprintOverlap(a, { x: 14 + 1.5, y: 14 + 1.5, w: 4, d: 4, rotation: 45 })).toBeLessThan(0);
    const touching = table();
    touching.terrain[1].x = 14;
    expect(problem(touching)).toBe('accepted');
  });
});
