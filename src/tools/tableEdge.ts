/**
 * HD-4, CJ-7: after a failed Infiltration or Combat Jump roll the trooper is placed inside its own
 * Deployment Zone, touching a table edge that bounds the zone. At default zoom that strip is about a
 * pixel wide, so the ghost is snapped onto it: the point under the pointer, pushed onto the nearest such
 * edge (the base touching it) and kept inside the zone along it. The engine still judges the spot (a
 * building at the edge, another trooper); this only puts the ghost where a player expects it.
 */
import type { GameState, PlayerId, Point } from '../core/model/types';
import { deploymentZoneOf, silhouetteAt } from '../core/api';

/** How far outside the zone (inches, any side) the pointer still snaps to its edge. */
export const EDGE_SNAP_REACH = 3;

/** Rounds inwards to 0.001", so the snapped base never sticks out by a rounding error. */
const inward = (n: number, towards: number) => (towards > n ? Math.ceil(n * 1000) / 1000 : Math.floor(n * 1000) / 1000);

/**
 * The spot the ghost of `trooper` takes for its fallback when the pointer is at `at`: on the nearest
 * table edge of the player's zone, or `at` itself when the pointer is too far from the zone (the engine
 * then says why it is refused).
 */
export function snapToZoneEdge(state: GameState, player: PlayerId, trooper: string, at: Point): Point {
  if (!state.initiative.zones) return at;
  const zone = deploymentZoneOf(state, player);
  const { width, depth } = state.setup.table;
  const reach = EDGE_SNAP_REACH;
  if (at.x < zone.x - reach || at.x > zone.x + zone.w + reach || at.y < zone.y - reach || at.y > zone.y + zone.d + reach) return at;
  const r = silhouetteAt(state, trooper, at.x, at.y, 0, false).r;
  const e = 1e-6;
  const along = (v: number, lo: number, hi: number) => Math.min(Math.max(v, inward(lo + r, hi)), inward(hi - r, lo));
  const spots: Point[] = [];
  if (Math.abs(zone.x) <= e) spots.push({ x: inward(r, width), y: along(at.y, zone.y, zone.y + zone.d), z: 0 });
  if (Math.abs(zone.y) <= e) spots.push({ x: along(at.x, zone.x, zone.x + zone.w), y: inward(r, depth), z: 0 });
  if (Math.abs(zone.x + zone.w - width) <= e) spots.push({ x: inward(width - r, 0), y: along(at.y, zone.y, zone.y + zone.d), z: 0 });
  if (Math.abs(zone.y + zone.d - depth) <= e) spots.push({ x: along(at.x, zone.x, zone.x + zone.w), y: inward(depth - r, 0), z: 0 });
  if (spots.length === 0) return at;
  let best = spots[0]!;
  for (const s of spots) if (Math.hypot(s.x - at.x, s.y - at.y) < Math.hypot(best.x - at.x, best.y - at.y)) best = s;
  return best;
}
