/**
 * The army file (TOOL-9): one side's list, written by the army editor and picked for a new game.
 *
 *     { "format": "infinity-table-army/1", "name": "Ember Directorate", "troopers": [ profile, ... ] }
 *
 * Each profile is exactly a game file's trooper (`trooperSchema`, GAME-FILE.md and GAME-TURN.md), and
 * the list obeys a game file's rules for a side: ids unique, exactly one Lieutenant, at most 10
 * troopers a Combat Group (GRP-1). It is checked by the game file's own parser (see `filecheck.ts`),
 * so a problem reads `troopers[2].s: expected at most 8`.
 */
import { GameFileError } from './gamefile';
import { armyPath, checkFormat, fileObject, freeId, idsIn, parseAs, readJson, standIn, STAND_IN_TABLE } from './filecheck';
import type { TrooperProfile } from './model/types';

export const ARMY_FORMAT = 'infinity-table-army/1';

export interface ArmyFile {
  format: typeof ARMY_FORMAT;
  name: string;
  troopers: TrooperProfile[];
}

/** Reads an army file from any JSON value; throws GameFileError naming the first thing wrong. */
export function parseArmyFile(json: unknown): ArmyFile {
  const file = fileObject(json);
  checkFormat(file, ARMY_FORMAT);
  if (file.name === undefined) throw new GameFileError('name', 'missing, expected a string');
  if (file.troopers === undefined) throw new GameFileError('troopers', 'missing, expected a list');
  const opponent = freeId('stand-in', idsIn(file.troopers));
  const game = parseAs(
    {
      format: 'infinity-table/1',
      rules: 'N4',
      ...STAND_IN_TABLE,
      players: { A: { name: file.name, troopers: file.troopers }, B: { name: 'Stand-in', troopers: [standIn(opponent)] } },
      dice: { seed: 0 },
      commands: [],
    },
    (path) => armyPath('A', path) ?? path,
  );
  return { format: ARMY_FORMAT, name: game.players.A.name, troopers: game.players.A.troopers };
}

/** The same from a file's text; a JSON syntax error is reported like any other problem. */
export function parseArmyFileText(text: string): ArmyFile {
  return parseArmyFile(readJson(text));
}

export interface GroupTally {
  group: number;
  troopers: number;
  points: number;
}

/** Troopers and points per Combat Group, in group order, and the army's totals. */
export function armyTally(troopers: readonly Pick<TrooperProfile, 'group' | 'points'>[]): { groups: GroupTally[]; troopers: number; points: number } {
  const byGroup = new Map<number, GroupTally>();
  for (const t of troopers) {
    const g = byGroup.get(t.group) ?? { group: t.group, troopers: 0, points: 0 };
    g.troopers++;
    g.points += t.points;
    byGroup.set(t.group, g);
  }
  const groups = [...byGroup.values()].sort((a, b) => a.group - b.group);
  return { groups, troopers: troopers.length, points: troopers.reduce((n, t) => n + t.points, 0) };
}
