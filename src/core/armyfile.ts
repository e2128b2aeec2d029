/**
 * The army file (TOOL-9): one side's list, written by the army editor and picked for a new game.
 *
 *     { "format": "infinity-table-army/1", "name": "Ember Directorate", "troopers": [ profile, ... ] }
 *
 * Each profile is exactly a game file's trooper (`trooperSchema`, GAME-FILE.md and GAME-TURN.md), and
 * the list obeys a game file's rules for a side: ids unique, exactly one Lieutenant, at most 10
 * troopers a Combat Group (GRP-1). It is checked by the game file's own parser (see `filecheck.ts`),
 * so a problem reads `troopers[2].s: expected at most 8`.
 *
 * A trooper of an army file may carry two keys more, both optional (issue 43): `ccWeapons`, its close
 * combat weapons (CC-12; checked here with the army's own messages, and carried into a game made from
 * the army, whose profile takes them), and `notes`, free text for whatever else its profile says
 * (skills the engine does not know, equipment), which a game file leaves out.
 */
import { z } from 'zod';
import { formatPath, GameFileError } from './gamefile';
import { armyPath, checkFormat, fileObject, freeId, idsIn, parseAs, readJson, standIn, STAND_IN_TABLE } from './filecheck';
import { CC_AMMO, type CcWeapon } from './model/types';
import type { TrooperProfile } from './model/types';
import { ID_PATTERN, NUMBER_LIMIT } from './schema';

export const ARMY_FORMAT = 'infinity-table-army/1';

/** A trooper of an army file: a game file's profile, and what only the army keeps. */
export interface ArmyTrooper extends TrooperProfile {
  /** its close combat weapons (CC_WEAPON_PRESETS, or typed in) */
  ccWeapons?: CcWeapon[];
  /** free text: the skills and equipment of its profile that the engine does not know */
  notes?: string;
}

export interface ArmyFile {
  format: typeof ARMY_FORMAT;
  name: string;
  troopers: ArmyTrooper[];
}

/** At most this many characters of notes a trooper. */
export const NOTES_LIMIT = 2000;
/** At most this many CC weapons a trooper. */
export const CC_WEAPONS_LIMIT = 12;

const expected = (what: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? `missing, expected ${what}` : `expected ${what}`) });
const DAMAGE = 'expected a number from 0, "PH", or PH with a MOD such as "PH-1"';

/**
 * What an army file's trooper may carry besides a game file's profile. Made when first used: zod calls
 * at the module's top would keep this file in the page's first chunk (it reaches it through api.ts).
 */
function makeArmyOnlySchema() {
  const damage = z.union(
    [
      z.number({ error: DAMAGE }).int({ error: DAMAGE }).min(0, { error: DAMAGE }).max(NUMBER_LIMIT, { error: DAMAGE }),
      z.string({ error: DAMAGE }).regex(/^PH([+-][1-9][0-9]?)?$/, { error: DAMAGE }),
    ],
    { error: DAMAGE },
  );
  const ccWeapon = z.object({
    id: z.string(expected('an id')).regex(ID_PATTERN, { error: 'expected an id: 1 to 64 letters, digits, "-", "_" or "."' }),
    name: z
      .string(expected('a string'))
      .min(1, { error: 'must not be empty' })
      .max(80, { error: 'expected at most 80 characters' })
      .regex(/^[^\r\n\u2028\u2029]*$/, { error: 'expected a name on one line' }),
    damage,
    burst: z.number(expected('a number')).int({ error: 'expected an integer' }).min(1, { error: 'expected at least 1' }).max(NUMBER_LIMIT, { error: `expected at most ${NUMBER_LIMIT}` }).default(1),
    ammo: z.enum(CC_AMMO, { error: `expected one of ${CC_AMMO.map((a) => JSON.stringify(a)).join(', ')}` }).default('N'),
    save: z.enum(['arm', 'bts'], { error: 'expected one of "arm", "bts"' }).default('arm'),
    traits: z.string(expected('a string')).max(200, { error: 'expected at most 200 characters' }).optional(),
  });
  return z.object({
    ccWeapons: z.array(ccWeapon, expected('a list')).max(CC_WEAPONS_LIMIT, { error: `expected at most ${CC_WEAPONS_LIMIT} weapons` }).optional(),
    notes: z.string(expected('a string')).max(NOTES_LIMIT, { error: `expected at most ${NOTES_LIMIT} characters` }).optional(),
  });
}
let armyOnlySchema: ReturnType<typeof makeArmyOnlySchema> | null = null;

/** The army-only keys of trooper `i`, checked (ids unique among all its weapons); throws GameFileError at their place. */
function armyOnly(raw: unknown, i: number, weaponIds: readonly string[]): Pick<ArmyTrooper, 'ccWeapons' | 'notes'> {
  armyOnlySchema ??= makeArmyOnlySchema();
  const r = armyOnlySchema.safeParse(raw, { reportInput: true });
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new GameFileError(formatPath(['troopers', i, ...issue.path]), issue.message);
  }
  const seen = new Set(weaponIds);
  r.data.ccWeapons?.forEach((w, k) => {
    if (seen.has(w.id)) throw new GameFileError(formatPath(['troopers', i, 'ccWeapons', k, 'id']), `duplicate weapon id "${w.id}"`);
    if (w.id === 'bare-handed') throw new GameFileError(formatPath(['troopers', i, 'ccWeapons', k, 'id']), '"bare-handed" is reserved for the trooper\'s bare hands (CC-12)');
    seen.add(w.id);
  });
  const out: Pick<ArmyTrooper, 'ccWeapons' | 'notes'> = {};
  if (r.data.ccWeapons !== undefined) out.ccWeapons = r.data.ccWeapons.map((w) => ({ ...w, damage: w.damage as CcWeapon['damage'] }));
  if (r.data.notes !== undefined) out.notes = r.data.notes;
  return out;
}

/** The troopers with their `ccWeapons` left for `armyOnly` to check (its messages are the army's). */
function withoutCc(troopers: unknown): unknown {
  if (!Array.isArray(troopers)) return troopers;
  return troopers.map((t: unknown) => {
    if (t === null || typeof t !== 'object' || Array.isArray(t) || !('ccWeapons' in t)) return t;
    const { ccWeapons: _cc, ...rest } = t as Record<string, unknown>;
    return rest;
  });
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
      players: { A: { name: file.name, troopers: withoutCc(file.troopers) }, B: { name: 'Stand-in', troopers: [standIn(opponent)] } },
      dice: { seed: 0 },
      commands: [],
    },
    (path) => armyPath('A', path) ?? path,
  );
  // What only an army keeps, checked after the profile itself (a profile's problem is reported first).
  const raw = file.troopers as unknown[];
  const troopers = game.players.A.troopers.map((t, i): ArmyTrooper => ({ ...t, ...armyOnly(raw[i], i, t.weapons.map((w) => w.id)) }));
  return { format: ARMY_FORMAT, name: game.players.A.name, troopers };
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
