/**
 * The commands of a game file, written once as schemas (GAME-FILE.md: "write the format's schema once,
 * in code"): the file's reader, `apply` and the other machine's messages all check a command against
 * `commandSchema`, and the `Command` type is derived from it. Each command's rules live in its module
 * (`rules/registry.ts` lists them); a skill's fields in its folder under `rules/skills/`. This file
 * imports only zod, the format's primitives and the skills' fields, so the model's types come from it
 * without an import circle.
 */
import { z } from 'zod';
import { NUMBER_LIMIT, die, id, idRecord, num, path, playerId, point, ref, saves, target } from '../schema';
import { REVEAL_DECLARES, activeSkill, aroDeclaration, skillUnion } from '../rules/skills/fields';
import { formCompiler } from './formCompiler';

const attempt = z.object({ A: die, B: die });
const dice = z.array(die).max(200);
/**
 * GAME-TURN.md, random dice: every die an Order's resolution draws is written as `dice` into the command
 * that closed its last window, and a replay takes them from there. Any command of the active player in
 * the game may close an Order first (declaring `none`, closing window 2), so each carries them.
 */
const closing = dice.optional();
const int = z.number().int().min(-NUMBER_LIMIT).max(NUMBER_LIMIT);
const damage = z.object({ attackDamage: int, ammo: z.enum(['N', 'DA', 'EXP']) });
/** The dice of `rolls` and `saves`: trooper or marker ids to d20s, in draw order. */
const rolledDice = idRecord(ref, dice);
/** COORD-2, COORD-4: a Coordinated Order's other participants, and each one's own fields of the skill. */
const coordinated = { with: z.array(ref).max(40).optional(), each: idRecord(ref, activeSkill).optional() };

/** Every command's schema, by its `do`. */
export const COMMAND_SCHEMAS = {
  initiative: z.object({ do: z.literal('initiative'), rolls: z.union([attempt, z.array(attempt)]).optional() }),
  keep: z.object({ do: z.literal('keep'), player: playerId, choice: z.enum(['deployment', 'initiative']) }),
  deploymentChoice: z.object({ do: z.literal('deploymentChoice'), player: playerId, first: playerId, keeperZone: id }),
  turnOrder: z.object({ do: z.literal('turnOrder'), player: playerId, first: playerId }),
  deploy: z.object({
    do: z.literal('deploy'),
    player: playerId,
    trooper: ref,
    at: point,
    facing: num,
    prone: z.boolean().optional(),
    as: z.enum(['model', 'marker', 'hidden']),
    cover: z.boolean().optional(),
    roll: die.optional(),
  }),
  endStep: z.object({ do: z.literal('endStep'), player: playerId, keep: ref.optional() }),
  fallback: z.object({ do: z.literal('fallback'), player: playerId, trooper: ref, at: point, facing: num, saves: saves.optional(), dice: closing }),
  endTurn: z.object({ do: z.literal('endTurn'), player: playerId, dice: closing }),
  // MIS-17: a new Lieutenant named in a Loss of Lieutenant (docs/rules/missions.md).
  nameLieutenant: z.object({ do: z.literal('nameLieutenant'), player: playerId, trooper: ref, dice: closing }),
  // MIS-12: a player's classified objective, chosen in secret.
  classified: z.object({ do: z.literal('classified'), player: playerId, objective: ref, dice: closing }),
  combatJump: z.object({
    do: z.literal('combatJump'),
    player: playerId,
    trooper: ref,
    at: point,
    facing: num,
    as: z.enum(['model', 'marker']).optional(),
    prone: z.boolean().optional(),
    roll: die.optional(),
    controlledJump: ref.optional(),
    explosion: z.literal(true).optional(),
    saves: saves.optional(),
    dice: closing,
  }),
  reveal: z.object({ do: z.literal('reveal'), player: playerId, trooper: ref, declares: z.enum(REVEAL_DECLARES), facing: num.optional(), dice: closing }),
  discover: z.object({ do: z.literal('discover'), player: playerId, trooper: ref, target: ref, roll: die.optional(), facing: num.optional(), dice: closing }),
  regroup: z.object({ do: z.literal('regroup'), player: playerId, trooper: ref, group: z.number().int().min(1).max(NUMBER_LIMIT), dice: closing }),
  order: skillUnion({
    do: z.literal('order'),
    player: playerId,
    trooper: ref,
    from: z.enum(['regular', 'irregular', 'lieutenant', 'own']).optional(),
    dice: dice.optional(),
    ...coordinated,
  }),
  second: z.discriminatedUnion('skill', [
    ...skillUnion({ do: z.literal('second'), player: playerId, dice: dice.optional(), each: coordinated.each }).options,
    z.object({ do: z.literal('second'), player: playerId, dice: dice.optional(), skill: z.literal('none') }),
  ]),
  aros: z.object({ do: z.literal('aros'), player: playerId, declarations: z.array(aroDeclaration).max(40), dice: dice.optional() }),
  rolls: z.object({ do: z.literal('rolls'), rolls: rolledDice }),
  // MOV-20: a successful dodger's move, in stage `dodge-moves` (movement.md); `[]` for none.
  dodgeMove: z.object({ do: z.literal('dodgeMove'), player: playerId, trooper: ref, path, facing: num.optional(), prone: z.boolean().optional(), dice: closing }),
  saves: z.object({ do: z.literal('saves'), rolls: rolledDice }),
  measure: z.object({ do: z.literal('measure'), from: target, to: target, player: playerId.optional() }),
  lof: z.object({ do: z.literal('lof'), from: target, to: target, player: playerId.optional() }),
  odds: z.object({
    do: z.literal('odds'),
    a: int,
    b: int.optional(),
    burstA: int.optional(),
    burstB: int.optional(),
    templateA: z.boolean().optional(),
    damageA: damage.optional(),
    damageB: damage.optional(),
    player: playerId.optional(),
  }),
};

/**
 * Files written before the attack's firing point had a name of its own gave it as `from`, the field
 * that also names the Order's source (docs/rules/GAME-TURN.md, "Changed in this project"): a point there
 * on a `bs-attack` of `order` or `second` is read as `fireFrom`. Nothing else is rewritten.
 */
export function upgradeLegacyCommand(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const c = input as Record<string, unknown>;
  if ((c.do !== 'order' && c.do !== 'second') || c.skill !== 'bs-attack') return input;
  const from = c.from;
  if (typeof from !== 'object' || from === null || Array.isArray(from) || 'fireFrom' in c) return input;
  const { from: _point, ...rest } = c;
  return { ...rest, fireFrom: from };
}

const S = COMMAND_SCHEMAS;

/** A command of a game file, any of them. */
export const commandSchema = z.preprocess(
  upgradeLegacyCommand,
  z.discriminatedUnion('do', [
    S.initiative,
    S.keep,
    S.deploymentChoice,
    S.turnOrder,
    S.deploy,
    S.endStep,
    S.fallback,
    S.endTurn,
    S.nameLieutenant,
    S.classified,
    S.combatJump,
    S.reveal,
    S.discover,
    S.regroup,
    S.order,
    S.second,
    S.aros,
    S.rolls,
    S.saves,
    S.dodgeMove,
    S.measure,
    S.lof,
    S.odds,
  ]),
);

export type Command = z.output<typeof commandSchema>;

/**
 * `commandSchema.safeParse`, the same answer in less work: a command of a legal form is read by zod's
 * compiled parser (`z.compile`) for its own form alone, one per command and skill, made the first time
 * that form is met: the discriminated unions are walked as zod walks them (`getDiscriminatedOption`
 * on `do`, then on `skill`), and the compiled parser checks the fields and builds the output as the
 * schema does. Anything it does not take (a command of no legal form, or one the parser hands back)
 * goes through `commandSchema.safeParse` itself, so a refusal is zod's, word for word. Every command
 * is checked so at every `apply`, and zod's own parse walks the schema's objects anew each time.
 */
export function parseCommand(input: unknown): z.ZodSafeParseResult<Command> {
  const fast = fastParse(input);
  return fast ?? commandSchema.safeParse(input);
}

type AnySchema = z.core.$ZodType;
/** The union after the legacy upgrade (`commandSchema` is `z.preprocess(upgradeLegacyCommand, union)`: a pipe into it); null leaves every command to zod's runtime. */
const commandUnion: AnySchema | null = ((d) => (d.type === 'pipe' && d.out ? d.out : null))((commandSchema as unknown as { _zod: { def: { type: string; out?: AnySchema } } })._zod.def);
/** Each form's compiled parser, by the form's schema: made when first met. */
const compiledForms = new Map<AnySchema, { safeParse(v: unknown): z.ZodSafeParseResult<unknown> }>();

/** The option of a discriminated union that zod takes for this value of its discriminator, if any. */
const optionOf = z.getDiscriminatedOption as unknown as (union: AnySchema, value: unknown) => AnySchema | undefined;

function fastParse(input: unknown): z.ZodSafeParseResult<Command> | null {
  const value = upgradeLegacyCommand(input);
  if (commandUnion === null || typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  let schema = commandUnion;
  for (;;) {
    const def = schema._zod.def as { type: string; discriminator?: string };
    if (def.type !== 'union' || def.discriminator === undefined) break;
    const option = optionOf(schema, (value as Record<string, unknown>)[def.discriminator]);
    if (!option) return null;
    schema = option;
  }
  let parser = compiledForms.get(schema);
  if (!parser) {
    // The page fetches zod's compiler after its first frame (formCompiler.ts): until then, zod's own parse.
    const compile = formCompiler();
    if (!compile) return null;
    compiledForms.set(schema, (parser = compile(schema as z.ZodType)));
  }
  const r = parser.safeParse(value);
  return r.success ? (r as z.ZodSafeParseResult<Command>) : null;
}

export type CommandName = Command['do'];
export type CommandOf<K extends CommandName> = Extract<Command, { do: K }>;

/** Where a value first fails the command schema, in words: its path and what was expected there. */
export function commandProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The command does not have the form of any command.';
  const path = issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
  return `The command does not have the form of a game file's command${path ? ` at "${path.replace(/^\./, '')}"` : ''}: ${issue.message}.`;
}
