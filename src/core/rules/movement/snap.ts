/**
 * MOV-25 [tool] (movement.md): a waypoint given a hair into a wall, a scenery edge or another base goes
 * to the nearest point the engine takes. The rule of what is legal stays the engine's: each candidate
 * is judged first where it stands (checkPath on the point alone: on the table, on a surface, in no solid
 * and no other base, wholly on one surface), then the whole command is applied (its result thrown away);
 * the first point, nearest first, that the engine takes is the answer. No candidate is ever legal by a
 * rule of this file's own.
 */
import { apply } from '../../engine';
import type { Command, GameState, PlanePoint } from '../../model/types';
import type { EngineContext } from '../../ports';
import { Refusal, Tx } from '../context';
import { silhouetteAt } from '../placement';
import { resolveRef } from '../refs';
import { checkPath, type PathPoint, type Place } from './path';

/** How far a waypoint may be moved to the nearest legal point, in inches (working value, movement.md §5). */
export const SNAP_REACH = 0.5;
/** Rings of candidates: every 0.005" up to 0.1", then every 0.02" up to the reach; along a ring every 0.01" (working values). */
const FINE = 0.005;
const FINE_TO = 0.1;
const COARSE = 0.02;
const ALONG = 0.01;
/** At most this many candidates that pass the point check are tried with the whole command. */
const MAX_TRIED = 16;
/** The refusals a nearby point may cure: where the base stands, not what the command asks. */
const CURABLE = new Set(['blocked-path', 'too-high', 'off-board', 'too-far', 'narrow-access']);

export interface SnapAnswer {
  /** the waypoint the engine takes (rounded to 0.001"), the clicked one when it took that */
  at: PlanePoint;
  /** how far it was moved from the clicked point, inches (0: not moved) */
  by: number;
}

type Walk = Extract<Command, { path: readonly PathPoint[] }>;

function walkOf(command: Command): Walk | null {
  if (command.do === 'dodgeMove') return command as Walk;
  if ((command.do === 'order' || command.do === 'second') && (command.skill === 'move' || command.skill === 'cautious-move')) return command as Walk;
  return null;
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * MOV-25: the nearest point to a Move's (Cautious Movement's, Dodge move's) last waypoint, within
 * `SNAP_REACH`, at which the engine takes the command; null where the command is none of those, its
 * last segment is not walked, it is refused for a reason no nearby point cures, or no point within
 * reach is taken. `ctx` is the game's (its dice are never rolled: a preview's come up 1).
 */
export function snapWaypoint(state: GameState, command: Command, ctx: EngineContext): SnapAnswer | null {
  const walk = walkOf(command);
  const last = walk?.path.at(-1);
  if (!walk || !last || (last.via !== undefined && last.via !== 'walk')) return null;
  const quiet: EngineContext = { ...ctx, randomD20: () => 1 };
  const withLast = (p: PlanePoint): Command => ({ ...walk, path: [...walk.path.slice(0, -1), { ...last, x: p.x, y: p.y }] }) as Command;
  const first = apply(state, command, quiet);
  if (first.ok) return { at: { x: last.x, y: last.y }, by: 0 };
  if (!CURABLE.has(first.rejection.code)) return null;
  // Where the path stands before its last segment: the command without its last point, as the engine places it.
  const before = apply(state, { ...walk, path: walk.path.slice(0, -1) } as Command, quiet);
  if (!before.ok) return null;
  const id = walk.do === 'dodgeMove' ? resolveRef(state, walk.trooper, walk.player) : before.state.order?.trooper ?? null;
  if (!id || !state.troopers[id]) return null;
  const skill = walk.do === 'dodgeMove' ? undefined : before.state.order?.skills.at(-1);
  const t = before.state.troopers[id]!;
  const from: Place = skill?.points.at(-1) ?? { x: t.x ?? 0, y: t.y ?? 0, z: t.z ?? 0 };
  const prone = t.prone;
  const tx = new Tx(state, state, quiet);
  const stance = ctx.scenery.stance;
  const { r, h: v } = silhouetteAt(state, id, from.x, from.y, from.z, prone);
  // The point alone: where the base would stand there (its stance from the path's height before), and nothing in its way.
  const standsAt = (p: PlanePoint): boolean => {
    const z = stance.stanceAt(p.x, p.y, r, from.z, v)?.z ?? from.z;
    // First the one query of checkPath's that refuses most candidates near a wall, on its own: any solid
    // meeting the silhouette refuses the point (MOV-7, MOV-2); then the whole check of the point.
    if (stance.solidsMeeting(silhouetteAt(state, id, p.x, p.y, z, prone)).length > 0) return false;
    try {
      checkPath(tx, id, { x: p.x, y: p.y, z }, [], prone);
      return true;
    } catch (e) {
      if (e instanceof Refusal) return false;
      throw e;
    }
  };
  // Along each ring the search starts from the side the path comes from: of two points as near, the one
  // before the wall rather than beyond it.
  const back = Math.atan2(from.y - last.y, from.x - last.x);
  let tried = 0;
  for (let rho = FINE; rho <= SNAP_REACH + 1e-9; rho += rho < FINE_TO - 1e-9 ? FINE : COARSE) {
    const n = Math.max(16, Math.ceil((2 * Math.PI * rho) / ALONG));
    for (let k = 0; k < n; k++) {
      // 0, +1, -1, +2, -2 ... steps from the direction back along the path.
      const step = k % 2 === 1 ? (k + 1) / 2 : -k / 2;
      const a = back + (2 * Math.PI * step) / n;
      const p = { x: r3(last.x + rho * Math.cos(a)), y: r3(last.y + rho * Math.sin(a)) };
      if (!standsAt(p)) continue;
      if (apply(state, withLast(p), quiet).ok) return { at: p, by: r3(Math.hypot(p.x - last.x, p.y - last.y)) };
      if (++tried >= MAX_TRIED) return null;
    }
  }
  return null;
}
