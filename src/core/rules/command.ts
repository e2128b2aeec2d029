/**
 * One command, one module (ARCHITECTURE.md, "Growing the house"): its schema, its checks in the order
 * of the rejection table, and its effect. The engine's dispatch and the game file's schema are both
 * built from the list of modules in `registry.ts`.
 */
import type { z } from 'zod';
import type { CommandName, CommandOf } from '../model/types';
import type { Tx } from './context';

export interface CommandModule<K extends CommandName, C = unknown> {
  readonly do: K;
  /** the command's shape in a game file (model/commands.ts, where every command's schema is written) */
  readonly schema: z.ZodType<CommandOf<K>>;
  /** a query changes nothing: it may come at any time, and belongs to the Order in progress */
  readonly query?: boolean;
  /**
   * Every check of the command, refusing (through `Checks`) with the code that comes first in the
   * rejection table; returns what the effect needs. Changes nothing.
   */
  check(tx: Tx, cmd: CommandOf<K>): C;
  /** What the command does, once checked; returns the command as recorded (random dice written in). */
  effect(tx: Tx, cmd: CommandOf<K>, checked: C): CommandOf<K>;
}

export function defineCommand<K extends CommandName, C>(m: CommandModule<K, C>): CommandModule<K, C> {
  return m;
}
