/**
 * The game file (GAME-FILE.md): its schema, written once, and the setup rules checked on top of it.
 * `parseGameFile` turns any JSON value into a GameFile or one `<field path>: <problem>` message.
 */
import { z } from 'zod';
import { CONTACT, GROUP_LIMIT_TROOPERS } from './data/facts';
import { boxCorners } from './geometry/shapes';
import { CC_AMMO, SKILLS, type GameFile, type PlayerId, type Rect } from './model/types';
import { attemptWinner, attemptsOf } from './rules/initiative/initiative';
import { commandSchema } from './rules/registry';
import { missionSetupSchema } from './rules/missions/format';
import { missionProblem } from './rules/missions/check';
import { id, idRecord, name, num, NUMBER_LIMIT } from './schema';
import { structureProblem, terrainSchema } from './terrainSchema';

const rect = z.object({ x: num, y: num, w: num.positive(), d: num.positive() });
const size = z.object({ length: num.positive(), width: num.positive() });
const silhouetteMm = z.strictObject({ baseMm: num.positive(), heightMm: num.positive() });

const mod = z.number().int().min(-NUMBER_LIMIT).max(NUMBER_LIMIT);
const band = z.tuple([num.positive(), mod]);

/**
 * A weapon (GAME-TURN.md): range bands with upper bounds rising from above 0; a direct template weapon
 * (a teardrop) has no bands; an impact one (circular) has bands and Burst 1.
 */
export const weaponSchema = z
  .object({
    id,
    name,
    burst: z.number().int().min(1).max(NUMBER_LIMIT),
    damage: z.number().int().min(0).max(NUMBER_LIMIT),
    ammo: z.enum(['N', 'DA', 'EXP']),
    save: z.enum(['arm', 'bts']).default('arm'),
    ranges: z.array(band).min(1).optional(),
    template: z.enum(['circular', 'small-teardrop', 'large-teardrop']).optional(),
    kind: z.enum(['direct', 'impact']).optional(),
  })
  .superRefine((w, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (w.ranges) {
      for (let i = 1; i < w.ranges.length; i++) {
        if (w.ranges[i]![0] <= w.ranges[i - 1]![0]) issue(['ranges', i, 0], `expected an upper bound above the band before it (${w.ranges[i - 1]![0]})`);
      }
    }
    if (w.template === undefined && w.kind !== undefined) issue(['template'], 'missing: a weapon with a kind needs its template');
    if (w.template !== undefined) {
      if (w.kind === undefined) issue(['kind'], 'missing, expected "direct" or "impact" for a template weapon');
      else if (w.kind === 'direct') {
        if (w.template === 'circular') issue(['template'], 'a direct template is a teardrop: expected "small-teardrop" or "large-teardrop"');
        if (w.ranges) issue(['ranges'], 'a direct template weapon has no range bands');
      } else {
        if (w.template !== 'circular') issue(['template'], 'an impact template is circular: expected "circular"');
        if (!w.ranges) issue(['ranges'], 'missing: an impact template weapon needs its range bands');
        if (w.burst !== 1) issue(['burst'], 'an impact template weapon has Burst 1');
      }
    } else if (!w.ranges) issue(['ranges'], 'missing: a weapon needs its range bands');
  });

/** CC-12: a close combat weapon (close-combat.md §3): Damage a number or the wielder's PH with a MOD. */
export const ccWeaponSchema = z.object({
  id,
  name,
  damage: z.union([z.number().int().min(0).max(NUMBER_LIMIT), z.string().regex(/^PH([+-][1-9][0-9]?)?$/, { error: 'expected a number from 0, "PH", or PH with a MOD such as "PH-1"' })]),
  burst: z.number().int().min(1).max(NUMBER_LIMIT).default(1),
  ammo: z.enum(CC_AMMO).default('N'),
  save: z.enum(['arm', 'bts']).default('arm'),
  traits: z.string().max(200).optional(),
});

/** CC-12: the weapon id a `cc-attack` names for a trooper's bare hands. */
export const BARE_HANDED = 'bare-handed';

/** A trooper's profile (GAME-FILE.md, GAME-TURN.md): every field after `skills` optional, with its default. */
export const trooperSchema = z
  .object({
    id,
    name,
    s: z.number().int().min(1).max(8),
    wip: num,
    ph: num,
    arm: num,
    bts: num.default(0),
    w: z.number().int().min(1).max(NUMBER_LIMIT).default(1),
    skills: z.array(z.enum(SKILLS)),
    mov: z.tuple([num.min(0), num.min(0)]).default([4, 4]),
    bs: num.default(11),
    cc: num.default(13),
    orders: z.enum(['regular', 'irregular']).default('regular'),
    group: z.number().int().min(1).max(NUMBER_LIMIT).default(1),
    points: num.min(0).default(0),
    surpriseAttack: mod.default(-3),
    weapons: z.array(weaponSchema).default([]),
    structure: z.boolean().optional(),
    ccWeapons: z.array(ccWeaponSchema).max(12).optional(),
  })
  .superRefine((t, ctx) => {
    const seen = new Set<string>();
    t.weapons.forEach((w, i) => {
      if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: ['weapons', i, 'id'], message: `duplicate weapon id "${w.id}"` });
      seen.add(w.id);
    });
    // CC-12: ids unique among all the trooper's weapons; `bare-handed` is reserved.
    t.ccWeapons?.forEach((w, i) => {
      if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: ['ccWeapons', i, 'id'], message: `duplicate weapon id "${w.id}"` });
      if (w.id === BARE_HANDED) ctx.addIssue({ code: 'custom', path: ['ccWeapons', i, 'id'], message: `"${BARE_HANDED}" is reserved for the trooper's bare hands` });
      seen.add(w.id);
    });
  });

/** GRP-1: a Combat Group holds at most 10 troopers. */
export const GROUP_LIMIT = GROUP_LIMIT_TROOPERS;

const facts = z.strictObject({
  circularTemplateDiameter: num.positive().optional(),
  smallTeardrop: size.optional(),
  largeTeardrop: size.optional(),
  explosionHalfHeight: num.positive().optional(),
  wallThickness: num.positive().optional(),
  floorThickness: num.positive().optional(),
  rounds: z.number().int().min(1).max(10).optional(),
  commandTokens: z.number().int().min(0).max(NUMBER_LIMIT).optional(), // COORD-1
  silhouettes: z
    .strictObject(Object.fromEntries(['1', '2', '3', '4', '5', '6', '7', '8'].map((k) => [k, silhouetteMm.optional()])))
    .optional(),
});

const dice = z.union([
  z.object({ seed: z.number().int().min(0).max(4294967295) }),
  z.object({ random: z.literal(true) }),
  z.object({ manual: z.literal(true) }),
], { error: 'expected one of {"seed": N}, {"random": true}, {"manual": true}' });

export const gameFileSchema = z.object({
  format: z.literal('infinity-table/1'),
  rules: z.literal('N4'),
  table: z.object({ width: num.positive(), depth: num.positive() }),
  zones: z.object({
    deployment: idRecord(id, rect),
    exclusion: z.array(rect.extend({ id })).default([]),
  }),
  terrain: z.array(terrainSchema),
  objectives: z.array(z.object({ id, x: num, y: num, r: num.positive() })).default([]),
  players: z.object({
    A: z.object({ name, troopers: z.array(trooperSchema) }),
    B: z.object({ name, troopers: z.array(trooperSchema) }),
  }),
  dice,
  facts: facts.default({}),
  mission: missionSetupSchema.optional(),
  commands: z.array(commandSchema),
});

/** The longest line a refused file's message may be (GAME-TURN.md, "Changed"). */
export const MESSAGE_LIMIT = 300;

/** One line of at most `limit` characters: line breaks and control characters become spaces. */
export function oneLine(text: string, limit = MESSAGE_LIMIT): string {
  const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1)}\u2026`;
}

/** A file that is not a valid game: one line of at most 300 characters, `<field path>: <problem>`. */
export class GameFileError extends Error {
  /** the problem as the one line says it (cut where the line is cut) */
  readonly problem: string;
  constructor(
    readonly path: string,
    problem: string,
  ) {
    const line = oneLine(`${path}: ${problem}`);
    super(line);
    this.problem = line.startsWith(`${path}: `) ? line.slice(path.length + 2) : problem;
    this.name = 'GameFileError';
  }
}

/** How a message shows a value from the file: short, whatever its size or depth. */
function preview(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}\u2026` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : typeof v;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out === '' ? String(p) : `.${String(p)}`;
  }
  return out === '' ? '(file)' : out;
}

const ARTICLE: Record<string, string> = {
  number: 'a number',
  int: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  undefined: 'nothing',
};

function describeIssue(issue: z.core.$ZodIssue): { path: PropertyKey[]; problem: string } {
  const path = [...issue.path];
  switch (issue.code) {
    case 'invalid_type': {
      const expected = ARTICLE[issue.expected] ?? issue.expected;
      if (issue.expected === 'undefined' || issue.expected === 'never') return { path, problem: issue.message };
      return { path, problem: issue.input === undefined ? `missing, expected ${expected}` : `expected ${expected}` };
    }
    case 'too_small':
      return { path, problem: issue.origin === 'string' ? 'must not be empty' : `expected at least ${issue.minimum}${issue.inclusive ? '' : ' (exclusive)'}` };
    case 'too_big':
      return { path, problem: `expected at most ${issue.maximum}` };
    case 'invalid_value':
      return {
        path,
        problem:
          issue.values.length === 1
            ? `expected ${preview(issue.values[0])}`
            : `expected one of ${issue.values.map(preview).join(', ')}`,
      };
    case 'unrecognized_keys':
      return { path: [...path, issue.keys[0]!], problem: 'unknown key' };
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string; options?: unknown[] }).discriminator;
      if (disc) {
        const options = ((issue as { options?: unknown[] }).options ?? []).map(preview).join(', ');
        const input = (issue as { input?: unknown }).input;
        const got = typeof input === 'object' && input !== null && Object.hasOwn(input, disc) ? (input as Record<string, unknown>)[disc] : undefined;
        return { path, problem: got === undefined ? `missing, expected one of ${options}` : `unknown value ${preview(got)}, expected one of ${options}` };
      }
      // A union with its own message says it; otherwise report the branch that got furthest into the
      // value, so the path names the field.
      if (issue.message !== 'Invalid input') return { path, problem: issue.message };
      let best: z.core.$ZodIssue | null = null;
      for (const branch of issue.errors) {
        const first = branch[0];
        if (first && (!best || first.path.length > best.path.length)) best = first;
      }
      if (best && best.path.length > 0) {
        const inner = describeIssue(best);
        return { path: [...path, ...inner.path], problem: inner.problem };
      }
      return { path, problem: issue.message === 'Invalid input' ? 'not a valid value here' : issue.message };
    }
    case 'invalid_key':
      return { path, problem: 'invalid key' };
    default:
      return { path, problem: issue.message };
  }
}

function idOf(list: { id: string }[], i: number): string {
  return list[i]!.id;
}

/** Setup rules the schema cannot express (GAME-FILE.md: Invalid setups). */
function checkSetup(file: GameFile): void {
  const seen = new Map<string, string>();
  const claim = (id: string, where: string) => {
    const before = seen.get(id);
    if (before) throw new GameFileError(`${where}.id`, `duplicate id "${id}" (also ${before})`);
    seen.set(id, where);
  };
  file.terrain.forEach((_, i) => claim(idOf(file.terrain, i), `terrain[${i}]`));
  file.objectives.forEach((_, i) => claim(idOf(file.objectives, i), `objectives[${i}]`));
  file.zones.exclusion.forEach((_, i) => claim(idOf(file.zones.exclusion, i), `zones.exclusion[${i}]`));
  for (const p of ['A', 'B'] as PlayerId[]) {
    const troopers = file.players[p].troopers;
    troopers.forEach((t, i) => {
      const where = `players.${p}.troopers[${i}]`;
      if (/^[AB]-m\d+$/.test(t.id)) throw new GameFileError(`${where}.id`, `"${t.id}" has the form of a marker id`);
      claim(t.id, where);
    });
    // GRP-1: at most 10 troopers a Combat Group (a trooper without a group is in group 1).
    const perGroup = new Map<number, number>();
    for (const t of troopers) perGroup.set(t.group, (perGroup.get(t.group) ?? 0) + 1);
    for (const [g, n] of perGroup) {
      if (n > GROUP_LIMIT) throw new GameFileError(`players.${p}.troopers`, `Combat Group ${g} holds ${n} troopers; a group holds at most ${GROUP_LIMIT}`);
    }
    const lieutenants = troopers.filter((t) => t.skills.includes('lieutenant')).length;
    if (lieutenants !== 1) {
      throw new GameFileError(`players.${p}.troopers`, `expected exactly one trooper with "lieutenant", found ${lieutenants}`);
    }
  }

  const wrongMission = missionProblem(file, seen); // MIS-1, MIS-2
  if (wrongMission) throw new GameFileError(wrongMission.path, wrongMission.problem);
  const { width, depth } = file.table;
  const eps = CONTACT.contain;
  const onTable = (r: Rect) => r.x >= -eps && r.y >= -eps && r.x + r.w <= width + eps && r.y + r.d <= depth + eps;
  const zoneNames = Object.keys(file.zones.deployment);
  if (zoneNames.length !== 2) {
    throw new GameFileError('zones.deployment', `expected exactly two Deployment Zones, found ${zoneNames.length}`);
  }
  for (const name of zoneNames) {
    if (!onTable(file.zones.deployment[name]!)) throw new GameFileError(`zones.deployment.${name}`, 'the zone lies partly off the table');
  }
  file.zones.exclusion.forEach((z, i) => {
    if (!onTable(z)) throw new GameFileError(`zones.exclusion[${i}]`, 'the zone lies partly off the table');
  });
  file.terrain.forEach((t, i) => {
    for (const c of boxCorners(t)) {
      if (c.x < -eps || c.y < -eps || c.x > width + eps || c.y > depth + eps) {
        throw new GameFileError(`terrain[${i}]`, `"${t.id}" lies partly off the table`);
      }
    }
    // MOV-9, MOV-10, MOV-21: open interiors, floors, openings and ladders (docs/rules/movement.md, section 4).
    const wrong = structureProblem(t, file.facts);
    if (wrong) throw new GameFileError(`terrain[${i}].${wrong.path}`, wrong.problem);
  });
  const wip = (p: PlayerId) => file.players[p].troopers.find((t) => t.skills.includes('lieutenant'))!.wip;
  file.commands.forEach((c, i) => {
    if (c.do === 'initiative') {
      // INI-2: the roll stops at the first attempt someone wins; nothing may be listed after it.
      const attempts = attemptsOf(c.rolls);
      const won = attempts.findIndex((a) => attemptWinner(a.A, a.B, wip('A'), wip('B')) !== null);
      if (won >= 0 && won < attempts.length - 1) {
        throw new GameFileError(`commands[${i}].rolls[${won + 1}]`, `attempt ${won + 2} comes after attempt ${won + 1} already won the initiative`);
      }
    }
    if (c.do === 'deploymentChoice' && !zoneNames.includes(c.keeperZone)) {
      throw new GameFileError(`commands[${i}].keeperZone`, `no Deployment Zone "${c.keeperZone}"; the zones are ${zoneNames.map((n) => `"${n}"`).join(' and ')}`);
    }
  });
  file.objectives.forEach((o, i) => {
    if (o.x - o.r < -eps || o.y - o.r < -eps || o.x + o.r > width + eps || o.y + o.r > depth + eps) {
      throw new GameFileError(`objectives[${i}]`, `"${o.id}" lies partly off the table`);
    }
  });
}

/** Reads a game file from any JSON value; throws GameFileError naming the first thing wrong. */
export function parseGameFile(json: unknown): GameFile {
  const result = gameFileSchema.safeParse(json, { reportInput: true });
  if (!result.success) {
    const { path, problem } = describeIssue(result.error.issues[0]!);
    throw new GameFileError(formatPath(path), problem);
  }
  const file = result.data as GameFile;
  checkSetup(file);
  return file;
}

/** Reads a game file from its text; a JSON syntax error is reported like any other problem. */
export function parseGameFileText(text: string): GameFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const where = jsonSyntaxError(text);
    throw new GameFileError('(file)', where === null ? 'not valid JSON (nested too deeply to read)' : `not valid JSON (${where})`);
  }
  return parseGameFile(json);
}

/**
 * Where a text stops being JSON, as "line L, column C: what was found", without quoting the text.
 * A small scanner of its own, with no recursion, so any depth of nesting is read.
 */
export function jsonSyntaxError(text: string): string | null {
  let i = 0;
  const at = (what: string) => {
    const before = text.slice(0, i);
    const line = before.split('\n').length;
    const column = i - (before.lastIndexOf('\n') + 1) + 1;
    return `line ${line}, column ${column}: ${what}`;
  };
  const found = () => (i >= text.length ? 'the text ends too early' : `unexpected ${JSON.stringify(text[i])}`);
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const str = (): boolean => {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 32) return false;
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return false;
      } else i++;
    }
    return false;
  };
  const scalar = (): boolean => {
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  /** what each open container expects next: a value, a key, or a comma or its end */
  const stack: ('[' | '{')[] = [];
  let want: 'value' | 'key' | 'after' = 'value';
  for (;;) {
    ws();
    if (want === 'value') {
      const c = text[i];
      if (c === '{' || c === '[') {
        stack.push(c);
        i++;
        ws();
        const close = c === '{' ? '}' : ']';
        if (text[i] === close) {
          stack.pop();
          i++;
          want = 'after';
        } else want = c === '{' ? 'key' : 'value';
        continue;
      }
      if (c === '"' ? !str() : !scalar()) return at(c === '"' ? 'a string that is not closed or not valid' : found());
      want = 'after';
      continue;
    }
    if (want === 'key') {
      if (text[i] !== '"' || !str()) return at(text[i] === '"' ? 'a key that is not a valid string' : `expected a key in quotes, ${found()}`);
      ws();
      if (text[i] !== ':') return at(`expected ":", ${found()}`);
      i++;
      want = 'value';
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return i < text.length ? at(`${found()} after the end of the value`) : null;
    if (text[i] === ',') {
      i++;
      want = top === '{' ? 'key' : 'value';
      continue;
    }
    if (text[i] === (top === '{' ? '}' : ']')) {
      stack.pop();
      i++;
      continue;
    }
    return at(`expected "," or "${top === '{' ? '}' : ']'}", ${found()}`);
  }
}
