/**
 * What a seat is asked for now (the kind of decision), and dry runs on a world: the engine's own verdict
 * on a command, without touching the game.
 */
import { apply, factsOf, plannedOdds, type ApplyResult, type EngineContext, type RollOdds } from '../core/api';
import type { Command, GameState, PlayerId, TrooperProfile } from '../core/model/types';
import type { Seat } from './seat';

export type Moment = 'initiative' | 'keep' | 'deploymentChoice' | 'turnOrder' | 'deploy' | 'fallback' | 'order' | 'second' | 'aros' | 'dodgeMove' | 'wait';

/** The decision a seat must make now, read from its view. */
export function momentOf(seat: Seat): Moment {
  const v = seat.view;
  const me = seat.player;
  const i = v.initiative;
  if (v.phase === 'end') return 'wait';
  if (v.phase === 'initiative') return i.winner === null ? 'initiative' : i.winner === me ? 'keep' : 'wait';
  if (v.phase === 'choices') {
    if (i.deploymentKeeper === me && i.firstDeployer === null) return 'deploymentChoice';
    if (i.initiativeKeeper === me && i.firstTurn === null) return 'turnOrder';
    return 'wait';
  }
  const falling = Object.values(v.troopers).some((t) => t.player === me && t.status === 'awaiting-fallback');
  const o = v.order;
  if (o && (o.stage === 'aro1' || o.stage === 'aro2')) return o.player !== me ? 'aros' : 'wait';
  // MOV-20: a successful Dodge's move, the dodger's player's (the active player's dodgers first).
  if (o && o.stage === 'dodge-moves') return o.dodgePlayer === me ? 'dodgeMove' : 'wait';
  if (v.active !== me) return 'wait';
  if (falling) return 'fallback';
  if (v.phase === 'deployment') return 'deploy';
  if (o && o.player === me && o.stage === 'second') return 'second';
  return 'order';
}

/** `apply` on a world, with a die given where the command rolls at once (the world's dice are by hand). */
export function dryRun(state: GameState, cmd: Command, ctx: EngineContext): ApplyResult {
  const r = apply(state, cmd, ctx);
  if (!r.ok && r.rejection.code === 'missing-roll' && (cmd.do === 'deploy' || cmd.do === 'combatJump' || cmd.do === 'discover')) {
    return apply(state, { ...cmd, roll: 1 } as Command, ctx);
  }
  return r;
}

/** Whether the engine takes the command on this world. */
export function legal(state: GameState, cmd: Command, ctx: EngineContext): boolean {
  return dryRun(state, cmd, ctx).ok;
}

/** The state after a command the engine takes, or null. */
export function after(state: GameState, cmd: Command, ctx: EngineContext): GameState | null {
  const r = dryRun(state, cmd, ctx);
  return r.ok ? r.state : null;
}

/** The exact odds of the Order in progress on a world, as `player` names the troopers. */
export function oddsNow(state: GameState, ctx: EngineContext, player: PlayerId): RollOdds[] {
  return plannedOdds(state, ctx, player);
}

/** A trooper's profile in a world. */
export function profile(state: GameState, id: string): TrooperProfile {
  const t = state.troopers[id]!;
  const p = state.setup.players[t.player].troopers.find((q) => q.id === id);
  if (!p) throw new Error(`no profile for ${id}`);
  return p;
}

/** A trooper's base radius, inches. */
export function radiusOf(state: GameState, id: string): number {
  return factsOf(state).silhouettes[profile(state, id).s].radius;
}

/** A trooper's silhouette height, inches. */
export function heightOf(state: GameState, id: string): number {
  return factsOf(state).silhouettes[profile(state, id).s].height;
}

/** The troopers of a player that may act now: on the table as models or markers. */
export function actors(state: GameState, player: PlayerId): string[] {
  return Object.entries(state.troopers)
    .filter(([, t]) => t.player === player && (t.status === 'model' || t.status === 'marker'))
    .map(([id]) => id);
}

/** Facing from one point towards another, degrees (0 north, 90 west). */
export function facingTo(from: { x: number; y: number }, to: { x: number; y: number }): number {
  const deg = (Math.atan2(-(to.x - from.x), to.y - from.y) * 180) / Math.PI;
  return Math.round(((deg % 360) + 360) % 360);
}

/** Points kept to 0.01". */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
