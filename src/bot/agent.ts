/**
 * A player of one side: given what its seat may know, the command it gives. Every agent is a pure
 * function of its seat, the scenery and its own seed: the same seat, the same command.
 */
import type { EngineContext } from '../core/api';
import type { Command } from '../core/model/types';
import { hashText, Rng } from './rng';
import type { Seat } from './seat';

export interface Agent {
  readonly name: string;
  decide(seat: Seat, ctx: EngineContext): Command;
}

/** The seed of one decision: the agent's own, and all the seat may know (its view, and how much it was shown). */
export function decisionRng(seat: Seat, seed: number): Rng {
  return new Rng(hashText(`${seat.player}|${seat.log.length}|${JSON.stringify(seat.view)}`, seed >>> 0));
}
