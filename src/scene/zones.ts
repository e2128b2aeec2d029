/**
 * Plain geometry for drawing zones on the mat: dashes and sides. Which zones there are, who holds
 * them and where the centre line runs is the core's `tableZones` (DEP-7, TOOL-5), never worked out
 * here. `zoneOf` only frames the "My zone" camera, before the zones are chosen too.
 */
import type { PlayerId, Rect, Setup } from '../core/model/types';

/** A segment in table inches. */
export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The zone a player holds, or, before the choice is made (or for solo), the first zone for A. */
export function zoneOf(setup: Pick<Setup, 'zones'>, held: Record<PlayerId, string> | null, player: PlayerId): Rect | null {
  const name = held?.[player];
  const zones = setup.zones.deployment;
  if (name && zones[name]) return zones[name]!;
  const names = Object.keys(zones);
  const fallback = names[player === 'A' ? 0 : 1];
  return fallback ? zones[fallback]! : null;
}

/** A segment cut into dashes `dash` long with `gap` between them. */
export function dashes(s: Segment, dash: number, gap: number): Segment[] {
  const len = Math.hypot(s.x1 - s.x0, s.y1 - s.y0);
  if (len === 0) return [];
  const ux = (s.x1 - s.x0) / len;
  const uy = (s.y1 - s.y0) / len;
  const out: Segment[] = [];
  for (let a = 0; a < len; a += dash + gap) {
    const b = Math.min(len, a + dash);
    out.push({ x0: s.x0 + ux * a, y0: s.y0 + uy * a, x1: s.x0 + ux * b, y1: s.y0 + uy * b });
  }
  return out;
}

/** The four sides of a rectangle. */
export function rectSides(r: { x: number; y: number; w: number; d: number }): Segment[] {
  return [
    { x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y },
    { x0: r.x + r.w, y0: r.y, x1: r.x + r.w, y1: r.y + r.d },
    { x0: r.x + r.w, y0: r.y + r.d, x1: r.x, y1: r.y + r.d },
    { x0: r.x, y0: r.y + r.d, x1: r.x, y1: r.y },
  ];
}
