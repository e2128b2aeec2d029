/**
 * The table's zones as a side uses them: its Deployment Zone (grown by Forward Deployment), its half of
 * the table (Infiltration), the table edges its zone touches (a fallback), and spots drawn in them.
 */
import { deploymentZoneOf, type EngineContext } from '../core/api';
import type { GameState, PlayerId, Rect, TrooperProfile } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { round2 } from './moment';
import type { Rng } from './rng';

/** The axis the two zones face each other along, the centre line, and whether `player`'s side is below it. */
export function centre(state: GameState, player: PlayerId): { axis: 'x' | 'y'; at: number; ownBelow: boolean } {
  const own = deploymentZoneOf(state, player);
  const enemy = deploymentZoneOf(state, otherPlayer(player));
  const apartY = own.y + own.d <= enemy.y + 1e-6 || enemy.y + enemy.d <= own.y + 1e-6;
  const axis = apartY ? 'y' : 'x';
  const o0 = axis === 'y' ? own.y : own.x;
  const o1 = axis === 'y' ? own.y + own.d : own.x + own.w;
  const e0 = axis === 'y' ? enemy.y : enemy.x;
  const e1 = axis === 'y' ? enemy.y + enemy.d : enemy.x + enemy.w;
  const ownBelow = o0 < e0;
  return { axis, at: ownBelow ? (o1 + e0) / 2 : (e1 + o0) / 2, ownBelow };
}

/** How far forward a point is for `player`: 0 at its own table edge, growing towards the enemy. */
export function forward(state: GameState, player: PlayerId, p: { x: number; y: number }): number {
  const c = centre(state, player);
  const { width, depth } = state.setup.table;
  const v = c.axis === 'y' ? p.y : p.x;
  const len = c.axis === 'y' ? depth : width;
  return c.ownBelow ? v : len - v;
}

/** The rectangle a trooper may deploy in without a roll: its zone, grown by Forward Deployment, or its half with Infiltration. */
export function deployArea(state: GameState, player: PlayerId, p: TrooperProfile): Rect {
  const z = { ...deploymentZoneOf(state, player) };
  const c = centre(state, player);
  const { width, depth } = state.setup.table;
  if (p.skills.includes('infiltration')) {
    if (c.axis === 'y') return c.ownBelow ? { x: 0, y: 0, w: width, d: c.at } : { x: 0, y: c.at, w: width, d: depth - c.at };
    return c.ownBelow ? { x: 0, y: 0, w: c.at, d: depth } : { x: c.at, y: 0, w: width - c.at, d: depth };
  }
  const by = p.skills.includes('forward-deployment-8') ? 8 : p.skills.includes('forward-deployment-4') ? 4 : 0;
  if (by === 0) return z;
  if (c.axis === 'y') {
    if (c.ownBelow) z.d += by;
    else {
      z.y -= by;
      z.d += by;
    }
  } else if (c.ownBelow) z.w += by;
  else {
    z.x -= by;
    z.w += by;
  }
  return z;
}

/** A point drawn in a rectangle, far enough from its sides for a base of radius r. */
export function spotIn(rng: Rng, rect: Rect, r: number): { x: number; y: number } {
  const m = r + 0.02;
  return { x: round2(rect.x + m + rng.next() * Math.max(0, rect.w - 2 * m)), y: round2(rect.y + m + rng.next() * Math.max(0, rect.d - 2 * m)) };
}

/** A point of the zone touching one of the table edges that bound it, for a base of radius r (CJ-7, HD-4). */
export function edgeSpot(rng: Rng, state: GameState, player: PlayerId, r: number): { x: number; y: number } {
  const z = deploymentZoneOf(state, player);
  const { width, depth } = state.setup.table;
  const m = r + 0.005;
  const edges: (() => { x: number; y: number })[] = [];
  const along = (a: number, len: number) => round2(a + m + rng.next() * Math.max(0, len - 2 * m));
  if (z.x <= 1e-6) edges.push(() => ({ x: m, y: along(z.y, z.d) }));
  if (z.x + z.w >= width - 1e-6) edges.push(() => ({ x: width - m, y: along(z.y, z.d) }));
  if (z.y <= 1e-6) edges.push(() => ({ x: along(z.x, z.w), y: m }));
  if (z.y + z.d >= depth - 1e-6) edges.push(() => ({ x: along(z.x, z.w), y: depth - m }));
  if (edges.length === 0) return spotIn(rng, z, r);
  return rng.pick(edges)();
}

/** The surfaces at a point, highest first (the table top last). */
export function surfaces(ctx: EngineContext, x: number, y: number): number[] {
  return ctx.scenery.surfacesAt(x, y);
}
