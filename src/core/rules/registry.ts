/**
 * Every command of the game file, one module each (ARCHITECTURE.md, "Growing the house"). The engine's
 * dispatch and the file's command schema are both built from this one list.
 */
import { z } from 'zod';
import type { CommandName } from '../model/types';
import { discover } from './camouflage/discover';
import { combatJump } from './combatJump/combatJump';
import type { CommandModule } from './command';
import { deploy } from './deployment/deploy';
import { endStep } from './deployment/endStep';
import { fallback } from './deployment/fallback';
import { reveal } from './hidden/reveal';
import { deploymentChoice, turnOrder } from './initiative/choices';
import { initiative } from './initiative/initiative';
import { keep } from './initiative/keep';
import { aros } from './orders/aros';
import { order } from './orders/order';
import { regroup } from './orders/regroup';
import { rolls, saves } from './orders/rolls';
import { second } from './orders/second';
import { lof, measure, odds } from './queries/queries';
import { endTurn } from './turns/endTurn';

type Table = { [K in CommandName]: CommandModule<K, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

export const COMMANDS: Table = {
  initiative,
  keep,
  deploymentChoice,
  turnOrder,
  deploy,
  endStep,
  fallback,
  endTurn,
  combatJump,
  reveal,
  discover,
  regroup,
  order,
  second,
  aros,
  rolls,
  saves,
  measure,
  lof,
  odds,
};

export function commandModule<K extends CommandName>(name: K): CommandModule<K, unknown> {
  return COMMANDS[name] as CommandModule<K, unknown>;
}

/** The commands that only ask: they change nothing. */
export const QUERY_COMMANDS: ReadonlySet<string> = new Set(Object.values(COMMANDS).filter((m) => m.query).map((m) => m.do));

/**
 * Files written before the attack's firing point had a name of its own gave it as `from`, the field
 * that also names the Order's source (GAME-TURN.md; docs/rules/orders.md, "Changed"): a point there on
 * a `bs-attack` of `order` or `second` is read as `fireFrom`. Nothing else is rewritten.
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

/** A command of a game file, any of them. */
export const commandSchema = z.preprocess(
  upgradeLegacyCommand,
  z.discriminatedUnion('do', Object.values(COMMANDS).map((m) => m.schema) as unknown as [z.ZodObject, ...z.ZodObject[]]),
);

/** Where a value first fails the command schema, in words: its path and what was expected there. */
export function commandProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The command does not have the form of any command.';
  const path = issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
  return `The command does not have the form of a game file's command${path ? ` at "${path.replace(/^\./, '')}"` : ''}: ${issue.message}.`;
}
