/**
 * MOV-1 to MOV-3: a Move along a declared path. Path points (GAME-TURN.md): the start, every listed
 * point, and every 0.1" from each segment's start; every check is judged at each of them, in order, and
 * the first point that fails reports its first code (off the table, then the path blocked).
 */
import { CONTACT } from '../../data/facts';
import { boxAround, boxDistance, cylinderGap, discRectProtrusion } from '../../geometry/shapes';
import type { PlanePoint } from '../../model/types';
import { refuse, type Tx } from '../context';
import { inPublicOrder, inches, isOnTable, silhouetteAt, silhouetteOf, trooperName } from '../placement';
import { nameFor } from '../refs';

/** Path points are taken this far apart along each segment. */
export const PATH_STEP = 0.1;
/** A path may be this much longer than its MOV value, for rounding (MOV-1). */
export const LENGTH_SLACK = 1e-6;

export interface Place {
  x: number;
  y: number;
  z: number;
}

export function pathLength(start: PlanePoint, path: readonly PlanePoint[]): number {
  let len = 0;
  let prev = start;
  for (const p of path) {
    len += Math.hypot(p.x - prev.x, p.y - prev.y);
    prev = p;
  }
  return len;
}

/** The path points from the start: each segment's start, every 0.1" along it, and the path's last point. */
export function pathPoints(start: PlanePoint, path: readonly PlanePoint[]): PlanePoint[] {
  const out: PlanePoint[] = [{ x: start.x, y: start.y }];
  let prev = start;
  for (const p of path) {
    const len = Math.hypot(p.x - prev.x, p.y - prev.y);
    const steps = Math.floor(len / PATH_STEP + 1e-9);
    for (let k = 1; k <= steps; k++) {
      const f = (k * PATH_STEP) / len;
      if (k * PATH_STEP >= len - 1e-9) break;
      out.push({ x: prev.x + (p.x - prev.x) * f, y: prev.y + (p.y - prev.y) * f });
    }
    out.push({ x: p.x, y: p.y });
    prev = p;
  }
  return out;
}

/** How far along the path a point lies, for messages. */
function along(points: readonly PlanePoint[], i: number): number {
  let d = 0;
  for (let k = 1; k <= i; k++) d += Math.hypot(points[k]!.x - points[k - 1]!.x, points[k]!.y - points[k - 1]!.y);
  return d;
}

/**
 * A length in inches to a tenth, or to a hundredth where a tenth would read as within `limit` while the
 * length is over it (4.03" against a MOV of 4 is not "4.0").
 */
export function lengthText(len: number, limit?: number): string {
  const tenth = len.toFixed(1);
  return limit !== undefined && len > limit + LENGTH_SLACK && Number(tenth) <= limit ? len.toFixed(2) : tenth;
}

/**
 * MOV-1: the path's length by the MOV value (the first for the Order's first Move, the second for its
 * second). Checked before the points: it is a check of the whole skill.
 */
export function checkLength(tx: Tx, id: string, start: PlanePoint, path: readonly PlanePoint[], second: boolean, prone = false): void {
  const value = tx.profile(id).mov[second ? 1 : 0];
  // MOV-18: Prone, every distance of a Movement skill is half its value, without rounding.
  const mov = prone ? value / 2 : value;
  const len = pathLength(start, path);
  if (len > mov + LENGTH_SLACK) {
    const which = `${trooperName(tx.draft, id)}'s ${second ? 'second' : 'first'} MOV value is ${value}`;
    refuse('too-far', prone ? 'MOV-18' : 'MOV-1', `The path is ${lengthText(len, mov)} inches; ${which}${prone ? `, halved to ${mov} while Prone` : ''}.`);
  }
}

/**
 * MOV-2, MOV-3: every path point on the table (`off-board`), the base on one surface all the way, never
 * overlapping scenery or another base, never touching a TO Camouflage marker or an enemy model
 * (`blocked-path`). Returns the points with the height the base stands at.
 */
export function checkPath(tx: Tx, id: string, start: Place, path: readonly PlanePoint[], prone: boolean): Place[] {
  const d = tx.draft;
  const me = d.troopers[id]!;
  const points = pathPoints(start, path);
  const { width, depth } = d.setup.table;
  const scenery = tx.ctx.scenery;
  // Only a base that comes within touch of the box around the path can touch or overlap the mover's:
  // the gap between two bases is at least their level gap.
  const box = boxAround(points);
  const reach = silhouetteAt(d, id, start.x, start.y, start.z, prone).r + CONTACT.touch + 1e-3;
  // In an order any player may know (placement.ts): the first piece in the way is named by it.
  const others = inPublicOrder(d)
    .filter(([o, t]) => o !== id && isOnTable(t))
    .map(([o, t]) => ({ id: o, t, c: silhouetteOf(d, o)! }))
    .filter(({ c }) => boxDistance(box, c.x, c.y) - c.r <= reach);
  const out: Place[] = [];
  points.forEach((p, i) => {
    const c = silhouetteAt(d, id, p.x, p.y, start.z, prone);
    // The words of a refusal are made only for a refusal: this runs at every 0.1" of every path.
    const where = () => (i === 0 ? 'At its start' : `At ${inches(along(points, i))} along the path`);
    const out0 = discRectProtrusion({ x: 0, y: 0, w: width, d: depth }, p.x, p.y, c.r);
    if (out0 > CONTACT.contain) refuse('off-board', 'MOV-2', `${where()} the base sticks out over the table edge by ${inches(out0)}.`);
    const z = scenery.supportHeight(p.x, p.y, c.r, start.z);
    if (z === null || Math.abs(z - start.z) > 1e-9) refuse('blocked-path', 'MOV-2', `${where()} the base would leave the surface it stands on (no climbing or dropping in this version).`);
    const solid = scenery.overlapping(c);
    if (solid) refuse('blocked-path', 'MOV-2', `${where()} the base would overlap the ${solid.part} of "${solid.id}".`);
    if (scenery.enclosing(p.x, p.y, c.r, z) !== null) refuse('blocked-path', 'MOV-2', `${where()} the base would be inside a building.`);
    for (const o of others) {
      const gap = cylinderGap(c, o.c);
      if (gap > CONTACT.touch) continue;
      const name = nameFor(d, o.id, me.player);
      if (gap < -CONTACT.overlap) refuse('blocked-path', 'MOV-2', `${where()} the base would overlap ${o.t.status === 'marker' ? `marker ${name}` : name}.`);
      if (i === 0) continue;
      // MOV-3, TOC-3: no base contact with a TO Camouflage marker, nor, in this version, with an enemy model.
      if (o.t.status === 'marker') refuse('blocked-path', 'MOV-3', `${where()} the base would touch the TO Camouflage marker ${name}.`);
      if (o.t.player !== me.player) refuse('blocked-path', 'MOV-3', `${where()} the base would touch the enemy ${name} (close combat comes later).`);
    }
    out.push({ x: p.x, y: p.y, z });
  });
  return out;
}
