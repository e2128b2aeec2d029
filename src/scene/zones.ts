/**
 * Deployment Zones and the centre line as the table shows them (TOOL-5): which player holds which
 * zone, and where the line midway between the two zones runs. Pure, so it is tested without WebGL.
 */
import type { PlayerId, Rect, Setup } from '../core/model/types';

export interface ZoneShape {
  name: string;
  rect: Rect;
  /** the player holding it, once the Deployment keeper has chosen (INI-5) */
  player: PlayerId | null;
}

/** A segment in table inches. */
export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function zoneShapes(setup: Pick<Setup, 'zones'>, held: Record<PlayerId, string> | null): ZoneShape[] {
  return Object.entries(setup.zones.deployment).map(([name, rect]) => {
    const player = held ? ((Object.keys(held) as PlayerId[]).find((p) => held[p] === name) ?? null) : null;
    return { name, rect, player };
  });
}

/**
 * The centre line: midway between the two Deployment Zones, parallel to them, across the table
 * (FACTS: Zones). Null when the zones do not face each other along an axis.
 */
export function centreLine(setup: Pick<Setup, 'zones' | 'table'>): Segment | null {
  const zones = Object.values(setup.zones.deployment);
  if (zones.length !== 2) return null;
  const [a, b] = zones as [Rect, Rect];
  const { width, depth } = setup.table;
  const [lo, hi] = a.y <= b.y ? [a, b] : [b, a];
  if (lo.y + lo.d <= hi.y) {
    const y = (lo.y + lo.d + hi.y) / 2;
    return { x0: 0, y0: y, x1: width, y1: y };
  }
  const [left, right] = a.x <= b.x ? [a, b] : [b, a];
  if (left.x + left.w <= right.x) {
    const x = (left.x + left.w + right.x) / 2;
    return { x0: x, y0: 0, x1: x, y1: depth };
  }
  return null;
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
