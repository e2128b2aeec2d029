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

/**
 * What the baselines answer without thinking: a new Lieutenant when the engine asks for one (MIS-17: the
 * first standing Regular trooper), and no move after a successful Dodge (MOV-20). Null otherwise.
 */
export function plainAnswer(seat: Seat): Command | null {
  const v = seat.view;
  const me = seat.player;
  const o = v.order;
  if (o && o.stage === 'dodge-moves') return o.dodgePlayer === me && o.dodgeMoves?.[0] ? { do: 'dodgeMove', player: me, trooper: o.dodgeMoves[0], path: [] } : null;
  if (v.score?.lieutenantOwed === me && v.active === me && !o) {
    const standing = Object.entries(v.troopers).find(([id, t]) => t.player === me && ['model', 'marker', 'hidden'].includes(t.status) && seat.profiles[id]?.orders === 'regular');
    if (standing) return { do: 'nameLieutenant', player: me, trooper: standing[0] };
  }
  return null;
}

/** The seed of one decision: the agent's own, and all the seat may know (its view, and how much it was shown). */
export function decisionRng(seat: Seat, seed: number): Rng {
  return new Rng(hashText(`${seat.player}|${seat.log.length}|${JSON.stringify(seat.view)}`, seed >>> 0));
}
