/**
 * Every command of the game file, one module each (ARCHITECTURE.md, "Growing the house"). The engine's
 * dispatch and the file's command schema are both built from this one list.
 */
import type { CommandName } from '../model/types';
import { discover } from './camouflage/discover';
import { combatJump } from './combatJump/combatJump';
import type { CommandModule } from './command';
import { dodgeMove } from './movement/dodgeMove';
import { deploy } from './deployment/deploy';
import { endStep } from './deployment/endStep';
import { fallback } from './deployment/fallback';
import { reveal } from './hidden/reveal';
import { deploymentChoice, turnOrder } from './initiative/choices';
import { initiative } from './initiative/initiative';
import { keep } from './initiative/keep';
import { nameLieutenant } from './missions/nameLieutenant';
import { classified } from './missions/classified';
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
  nameLieutenant,
  classified,
  combatJump,
  reveal,
  discover,
  regroup,
  order,
  second,
  aros,
  rolls,
  saves,
  dodgeMove,
  measure,
  lof,
  odds,
};

export function commandModule<K extends CommandName>(name: K): CommandModule<K, unknown> {
  return COMMANDS[name] as CommandModule<K, unknown>;
}

/** The commands that only ask: they change nothing. */
export const QUERY_COMMANDS: ReadonlySet<string> = new Set(Object.values(COMMANDS).filter((m) => m.query).map((m) => m.do));

export { commandProblem, commandSchema, upgradeLegacyCommand } from '../model/commands';
