/**
 * Placement help for the deployment ghost: where the engine refuses the spot under the pointer only for
 * where the base stands (a hair outside the Deployment Zone, a little into a wall or another base), the
 * ghost goes to the nearest spot within `PLACE_SNAP` that the engine takes. Inside a ruin that only just
 * reaches into a zone the legal band can be a few tenths of an inch deep (Harbour Quarter's ruins:
 * 0.27", docs/trials/movement.md), a strip a pointer hardly finds. Every candidate is judged by the
 * engine (the tool's preview); no spot is legal by a rule of this file's own.
 */
import type { GameState, PlayerId, Point } from '../core/model/types';
import { deploymentZoneOf, silhouetteAt } from '../core/api';
import type { Verdict } from './deployTypes';

/** How far the ghost may be moved from the pointer, inches (working value, as MOV-25's waypoint snap). */
export const PLACE_SNAP = 0.5;
/** The refusals a nearby spot may cure: where the base stands, not what is asked. */
const CURABLE = new Set(['no-room', 'outside-deployment-zone']);

/**
 * How hard to look. `hover`: the pointer moving (every frame): the spot pulled into the zone, then the
 * four axis directions every 0.1". `full`: a click or a tap: sixteen directions every 0.05".
 */
export type SnapSearch = 'hover' | 'full';

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** The spot pulled inside the player's zone, the base wholly in it (the zone is a rectangle on the table). */
function intoZone(state: GameState, player: PlayerId, trooper: string, at: Point): Point | null {
  if (!state.initiative.zones) return null;
  const zone = deploymentZoneOf(state, player);
  const r = silhouetteAt(state, trooper, at.x, at.y, at.z ?? 0, false).r + 0.001;
  if (zone.w < 2 * r || zone.d < 2 * r) return null;
  return { x: r3(Math.min(Math.max(at.x, zone.x + r), zone.x + zone.w - r)), y: r3(Math.min(Math.max(at.y, zone.y + r), zone.y + zone.d - r)), z: at.z ?? 0 };
}

/**
 * The spot the ghost takes for a pointer at `at`, and the engine's verdict there: `at` itself when the
 * engine takes it or refuses it for what no nearby spot cures; else the nearest spot within reach the
 * engine takes (`by`: how far it moved); else `at`, refused.
 */
export function nearestPlace(state: GameState, player: PlayerId | null, trooper: string, at: Point, judge: (p: Point) => Verdict | null, search: SnapSearch): { at: Point; verdict: Verdict | null; by: number } {
  const first = judge(at);
  if (!first || first.ok || !first.code || !CURABLE.has(first.code)) return { at, verdict: first, by: 0 };
  const found: { at: Point; verdict: Verdict; by: number }[] = [];
  const tryAt = (p: Point): boolean => {
    const by = Math.hypot(p.x - at.x, p.y - at.y);
    if (by > PLACE_SNAP + 1e-9) return false;
    const v = judge(p);
    if (v?.ok) found.push({ at: p, verdict: v, by });
    return !!v?.ok;
  };
  // Outside the zone by a hair: pulled straight in.
  if (first.code === 'outside-deployment-zone' && player) {
    const inside = intoZone(state, player, trooper, at);
    if (inside && tryAt(inside)) return found[0]!;
  }
  const dirs = search === 'hover' ? 4 : 16;
  const step = search === 'hover' ? 0.1 : 0.05;
  for (let ring = 1; ring * step <= PLACE_SNAP + 1e-9; ring++) {
    const d = ring * step;
    for (let k = 0; k < dirs; k++) {
      const a = (2 * Math.PI * k) / dirs;
      tryAt({ x: r3(at.x + d * Math.cos(a)), y: r3(at.y + d * Math.sin(a)), z: at.z ?? 0 });
    }
    if (found.length) return found.sort((p, q) => p.by - q.by)[0]!;
  }
  return { at, verdict: first, by: 0 };
}
