/** Game files for the file format's tests: a small valid game, and ways to break it and read the refusal. */
import { expect } from 'vitest';
import { GameFileError, parseGameFile } from '../gamefile';


/**
 * A small valid game (GAME-FILE.md: Setup): 48" x 48" table, 12" zones south and north, a block and
 * a building, one objective, one lieutenant a side, seeded dice, no commands. Optional fields
 * (`zones.exclusion`, `facts`, `rotation`, `bts`, `w`) are left out so their defaults show.
 * Returned as a plain, freshly built object each time, so a test may break one part of it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export function validGame(): Json {
  return {
    format: 'infinity-table/1',
    rules: 'N4',
    table: { width: 48, depth: 48 },
    zones: {
      deployment: {
        south: { x: 0, y: 0, w: 48, d: 12 },
        north: { x: 0, y: 36, w: 48, d: 12 },
      },
    },
    terrain: [
      { id: 'block-1', kind: 'block', x: 24, y: 24, w: 4, d: 8, h: 3 },
      { id: 'house-1', kind: 'building', x: 10, y: 24, w: 6, d: 6, h: 4, roof: true },
    ],
    objectives: [{ id: 'obj-1', x: 36, y: 24, r: 0.5 }],
    players: {
      A: {
        name: 'Player A',
        troopers: [{ id: 'a-lt', name: 'Lieutenant', s: 2, wip: 13, ph: 10, arm: 1, skills: ['lieutenant'] }],
      },
      B: {
        name: 'Player B',
        troopers: [{ id: 'b-lt', name: 'Commander', s: 2, wip: 14, ph: 10, arm: 2, skills: ['lieutenant'] }],
      },
    },
    dice: { seed: 42 },
    commands: [],
  };
}

/** The game with `change` applied to a fresh copy. */
export function gameWith(change: (g: Json) => void): Json {
  const g = validGame();
  change(g);
  return g;
}

/** The GameFileError that `fn` throws; fails the test if it throws nothing or something else. */
export function errorOf(fn: () => unknown): GameFileError {
  try {
    fn();
  } catch (e) {
    if (e instanceof GameFileError) return e;
    throw e;
  }
  throw new Error('expected a GameFileError, but the file was accepted');
}

/**
 * Checks the one-line message `<field path>: <problem>`: the path exactly, a non-empty problem, and
 * (where given) that the problem says what is wrong.
 */
export function expectInvalid(json: unknown, path: string, problem?: RegExp): GameFileError {
  const e = errorOf(() => parseGameFile(json));
  expectMessage(e, path, problem);
  return e;
}

export function expectMessage(e: GameFileError, path: string, problem?: RegExp): void {
  expect(e).toBeInstanceOf(Error);
  expect(e.name).toBe('GameFileError');
  expect(e.path).toBe(path);
  expect(e.problem.trim()).not.toBe('');
  expect(e.message).toBe(`${path}: ${e.problem}`);
  expect(e.message).not.toMatch(/[\r\n]/);
  if (problem) expect(e.problem).toMatch(problem);
}
