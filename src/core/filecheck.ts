/**
 * Army and table files are checked by the game file's own schema and setup rules: each is set into a
 * game file with a stand-in for what it lacks (an army gets a table and an opponent, a table two
 * armies), read by `parseGameFile`, and a problem is reported at its place in the army or table file.
 * So an army or table file that passes makes a valid game, with the very words a game file gets.
 */
import { GameFileError, jsonSyntaxError, parseGameFile } from './gamefile';
import type { GameFile, PlayerId } from './model/types';

/** A plain object of a file, or a GameFileError for anything else. */
export function fileObject(json: unknown): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new GameFileError('(file)', 'expected an object');
  return json as Record<string, unknown>;
}

/** The format line every file of the project starts with. */
export function checkFormat(file: Record<string, unknown>, format: string): void {
  if (file.format === undefined) throw new GameFileError('format', `missing, expected "${format}"`);
  if (file.format !== format) throw new GameFileError('format', `expected "${format}"`);
}

/** JSON text, or a GameFileError saying where it stops being JSON (without quoting it). */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const where = jsonSyntaxError(text);
    throw new GameFileError('(file)', where === null ? 'not valid JSON (nested too deeply to read)' : `not valid JSON (${where})`);
  }
}

/** An id of the form `base`, `base-2`, `base-3`... that is not in `taken`. */
export function freeId(base: string, taken: ReadonlySet<string>): string {
  const trimmed = base.slice(0, 60);
  if (!taken.has(trimmed)) return trimmed;
  for (let n = 2; ; n++) {
    const candidate = `${trimmed.slice(0, 60 - String(n).length)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The ids a value's list holds, where they are strings (a file not yet checked may hold anything). */
export function idsIn(list: unknown): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(list)) for (const item of list) if (item && typeof (item as { id?: unknown }).id === 'string') out.add((item as { id: string }).id);
  return out;
}

/** A Lieutenant of no consequence, for the side or table a file does not have. */
export function standIn(id: string) {
  return { id, name: 'Stand-in', s: 2, wip: 13, ph: 10, arm: 1, skills: ['lieutenant'] };
}

/** The 48" x 48" table with two edge zones an army is checked on. */
export const STAND_IN_TABLE = {
  table: { width: 48, depth: 48 },
  zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } }, exclusion: [] },
  terrain: [],
  objectives: [],
};

/**
 * Reads `game` with the game file's parser; a problem is given back with its path (and any path in its
 * words) rewritten by `place`, which maps a game file's path to the checked file's.
 */
export function parseAs(game: Record<string, unknown>, place: (path: string) => string): GameFile {
  try {
    return parseGameFile(game);
  } catch (e) {
    if (!(e instanceof GameFileError)) throw e;
    const problem = e.problem.replace(/\b(players\.[AB]\.[A-Za-z]+(?:\[\d+\])?(?:\.[A-Za-z]+)*)/g, (m) => place(m));
    throw new GameFileError(place(e.path), problem);
  }
}

/** A game file's path into player `p`'s side, as a path into an army file; other paths unchanged. */
export function armyPath(p: PlayerId, path: string): string | null {
  const prefix = `players.${p}`;
  if (path === prefix) return '(file)';
  if (path.startsWith(`${prefix}.`)) return path.slice(prefix.length + 1);
  return null;
}
