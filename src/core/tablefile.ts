/**
 * The table file (TOOL-9): a table of one's own, written by the table editor and picked for a new game.
 *
 *     { "format": "infinity-table-table/1", "name": "Harbour Quarter",
 *       "table": { "width": 48, "depth": 32 }, "zones": { "deployment": {...}, "exclusion": [...] },
 *       "terrain": [...], "objectives": [...] }
 *
 * `table`, `zones`, `terrain` and `objectives` are exactly a game file's (GAME-FILE.md, "Setup"), read by
 * the game file's own parser with its setup rules (ids unique, two Deployment Zones, everything on the
 * table); on top of those, no two terrain pieces may overlap.
 */
import { GameFileError } from './gamefile';
import { checkFormat, fileObject, freeId, idsIn, parseAs, readJson, standIn } from './filecheck';
import { footprintOverlap } from './geometry/overlap';
import type { Objective, Rect, Terrain, Zone } from './model/types';

export const TABLE_FORMAT = 'infinity-table-table/1';

/** Footprints that share less than this much are touching, not overlapping. */
export const OVERLAP_TOLERANCE = 0.01;

export interface TableFile {
  format: typeof TABLE_FORMAT;
  name: string;
  table: { width: number; depth: number };
  zones: { deployment: Record<string, Rect>; exclusion: Zone[] };
  terrain: Terrain[];
  objectives: Objective[];
}

/** The first pair of terrain pieces that overlap, by their indices (the later one first), or null. */
export function firstOverlap(terrain: readonly Terrain[]): { index: number; other: number } | null {
  for (let j = 1; j < terrain.length; j++) {
    for (let i = 0; i < j; i++) {
      if (footprintOverlap(terrain[i]!, terrain[j]!) > OVERLAP_TOLERANCE) return { index: j, other: i };
    }
  }
  return null;
}

/** Reads a table file from any JSON value; throws GameFileError naming the first thing wrong. */
export function parseTableFile(json: unknown): TableFile {
  const file = fileObject(json);
  checkFormat(file, TABLE_FORMAT);
  if (file.name === undefined) throw new GameFileError('name', 'missing, expected a string');
  const taken = new Set([...idsIn(file.terrain), ...idsIn(file.objectives), ...idsIn(file.zones && (file.zones as { exclusion?: unknown }).exclusion)]);
  const a = freeId('stand-in-a', taken);
  const b = freeId('stand-in-b', taken);
  const game = parseAs(
    {
      format: 'infinity-table/1',
      rules: 'N4',
      table: file.table,
      zones: file.zones,
      terrain: file.terrain,
      objectives: file.objectives,
      players: { A: { name: file.name, troopers: [standIn(a)] }, B: { name: 'Stand-in', troopers: [standIn(b)] } },
      dice: { seed: 0 },
      commands: [],
    },
    (path) => (path === 'players.A.name' ? 'name' : path),
  );
  const clash = firstOverlap(game.terrain);
  if (clash) {
    const t = game.terrain[clash.index]!;
    const o = game.terrain[clash.other]!;
    throw new GameFileError(`terrain[${clash.index}]`, `"${t.id}" overlaps "${o.id}" (terrain[${clash.other}])`);
  }
  return {
    format: TABLE_FORMAT,
    name: game.players.A.name,
    table: game.table,
    zones: game.zones,
    terrain: game.terrain,
    objectives: game.objectives,
  };
}

/** The same from a file's text; a JSON syntax error is reported like any other problem. */
export function parseTableFileText(text: string): TableFile {
  return parseTableFile(readJson(text));
}

/** The share of the table's area under terrain (pieces do not overlap, so their areas add up). */
export function terrainCover(table: Pick<TableFile, 'table' | 'terrain'>): number {
  const area = table.terrain.reduce((sum, t) => sum + t.w * t.d, 0);
  return area / (table.table.width * table.table.depth);
}
