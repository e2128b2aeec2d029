/**
 * The game file (GAME-FILE.md): its schema, written once, and the setup rules checked on top of it.
 * `parseGameFile` turns any JSON value into a GameFile or one `<field path>: <problem>` message.
 */
import { z } from 'zod';
import { CONTACT } from './data/facts';
import { boxCorners } from './geometry/shapes';
import { SKILLS, type GameFile, type PlayerId, type Rect } from './model/types';

const num = z.number();
const die = z.number().int().min(1).max(20);
const playerId = z.enum(['A', 'B']);
const nonEmpty = z.string().min(1);

const point = z.object({ x: num, y: num, z: num.optional() });
const ref = z.union([nonEmpty, point]);
const rect = z.object({ x: num, y: num, w: num.positive(), d: num.positive() });
const size = z.object({ length: num.positive(), width: num.positive() });
const silhouetteMm = z.strictObject({ baseMm: num.positive(), heightMm: num.positive() });

const terrainBase = {
  id: nonEmpty,
  x: num,
  y: num,
  w: num.positive(),
  d: num.positive(),
  h: num.positive(),
  rotation: num.default(0),
};

const terrain = z.discriminatedUnion('kind', [
  z.object({ ...terrainBase, kind: z.literal('block'), roof: z.never({ error: 'a block has no roof: use kind "building"' }).optional() }),
  z.object({ ...terrainBase, kind: z.literal('building'), roof: z.boolean() }),
]);

const trooper = z.object({
  id: nonEmpty,
  name: z.string(),
  s: z.number().int().min(1).max(8),
  wip: num,
  ph: num,
  arm: num,
  bts: num.default(0),
  w: z.number().int().min(1).default(1),
  skills: z.array(z.enum(SKILLS)),
});

const facts = z.strictObject({
  circularTemplateDiameter: num.positive().optional(),
  smallTeardrop: size.optional(),
  largeTeardrop: size.optional(),
  explosionHalfHeight: num.positive().optional(),
  wallThickness: num.positive().optional(),
  silhouettes: z
    .strictObject(Object.fromEntries(['1', '2', '3', '4', '5', '6', '7', '8'].map((k) => [k, silhouetteMm.optional()])))
    .optional(),
});

const attempt = z.object({ A: die, B: die });
const saves = z.record(z.string(), die);

const command = z.discriminatedUnion('do', [
  z.object({ do: z.literal('initiative'), rolls: z.union([attempt, z.array(attempt)]).optional() }),
  z.object({ do: z.literal('keep'), player: playerId, choice: z.enum(['deployment', 'initiative']) }),
  z.object({ do: z.literal('deploymentChoice'), player: playerId, first: playerId, keeperZone: nonEmpty }),
  z.object({ do: z.literal('turnOrder'), player: playerId, first: playerId }),
  z.object({
    do: z.literal('deploy'),
    player: playerId,
    trooper: nonEmpty,
    at: point,
    facing: num,
    prone: z.boolean().optional(),
    as: z.enum(['model', 'marker', 'hidden']),
    cover: z.boolean().optional(),
    roll: die.optional(),
  }),
  z.object({ do: z.literal('endStep'), player: playerId, keep: nonEmpty.optional() }),
  z.object({ do: z.literal('endTurn'), player: playerId }),
  z.object({
    do: z.literal('combatJump'),
    player: playerId,
    trooper: nonEmpty,
    at: point,
    facing: num,
    as: z.enum(['model', 'marker']).optional(),
    prone: z.boolean().optional(),
    roll: die.optional(),
    controlledJump: nonEmpty.optional(),
    explosion: z.literal(true).optional(),
    saves: saves.optional(),
  }),
  z.object({ do: z.literal('fallback'), player: playerId, trooper: nonEmpty, at: point, facing: num, saves: saves.optional() }),
  z.object({
    do: z.literal('reveal'),
    player: playerId,
    trooper: nonEmpty,
    declares: z.enum(['cautious-move', 'short-move-no-roll', 'mount', 'dismount', 'other', 'delay-aro', 'stop-marker-state']),
    facing: num.optional(),
  }),
  z.object({ do: z.literal('discover'), player: playerId, trooper: nonEmpty, target: nonEmpty, roll: die.optional(), facing: num.optional() }),
  z.object({ do: z.literal('measure'), from: ref, to: ref }),
  z.object({ do: z.literal('lof'), from: ref, to: ref }),
  z.object({ do: z.literal('odds'), a: z.number().int(), b: z.number().int().optional() }),
]);

const dice = z.union([
  z.object({ seed: z.number().int() }),
  z.object({ random: z.literal(true) }),
  z.object({ manual: z.literal(true) }),
], { error: 'expected one of {"seed": N}, {"random": true}, {"manual": true}' });

export const gameFileSchema = z.object({
  format: z.literal('infinity-table/1'),
  rules: z.literal('N4'),
  table: z.object({ width: num.positive(), depth: num.positive() }),
  zones: z.object({
    deployment: z.record(nonEmpty, rect),
    exclusion: z.array(rect.extend({ id: nonEmpty })).default([]),
  }),
  terrain: z.array(terrain),
  objectives: z.array(z.object({ id: nonEmpty, x: num, y: num, r: num.positive() })).default([]),
  players: z.object({
    A: z.object({ name: z.string(), troopers: z.array(trooper) }),
    B: z.object({ name: z.string(), troopers: z.array(trooper) }),
  }),
  dice,
  facts: facts.default({}),
  commands: z.array(command),
});

/** A file that is not a valid game: one line, `<field path>: <problem>`. */
export class GameFileError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'GameFileError';
  }
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
            ? `expected ${JSON.stringify(issue.values[0])}`
            : `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'unrecognized_keys':
      return { path: [...path, issue.keys[0]!], problem: 'unknown key' };
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string; options?: unknown[] }).discriminator;
      if (disc) {
        const options = ((issue as { options?: unknown[] }).options ?? []).map((o) => JSON.stringify(o)).join(', ');
        const got = (issue as { input?: Record<string, unknown> }).input?.[disc];
        return { path, problem: got === undefined ? `missing, expected one of ${options}` : `unknown value ${JSON.stringify(got)}, expected one of ${options}` };
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
    const lieutenants = troopers.filter((t) => t.skills.includes('lieutenant')).length;
    if (lieutenants !== 1) {
      throw new GameFileError(`players.${p}.troopers`, `expected exactly one trooper with "lieutenant", found ${lieutenants}`);
    }
  }

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
  });
  file.commands.forEach((c, i) => {
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
  } catch (e) {
    throw new GameFileError('(file)', `not valid JSON (${(e as Error).message})`);
  }
  return parseGameFile(json);
}
