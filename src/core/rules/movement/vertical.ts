/**
 * What Jump and Climb share (MOV-11, MOV-13, MOV-16, MOV-17, MOV-21): their length, measured from the
 * nearest point of the starting silhouette through any apexes to the nearest point of the landing
 * base's underside edge (N4 FAQ); the landing with the whole base on one surface, touching no other
 * base and no enemy, never inside a closed building; and the points an ARO window looks at.
 */
import { CONTACT } from '../../data/facts';
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import type { Vec3 as Point3 } from '../../geometry/segments';
import { refuse, type Tx } from '../context';
import { inPublicOrder, inches, isOnTable, silhouetteAt, silhouetteOf } from '../placement';
import { nameFor } from '../refs';
import { LENGTH_SLACK, PATH_STEP, lengthText, type Place } from './path';

/** The gap from a point to a height range: 0 inside it. */
function rangeGap(z: number, lo: number, hi: number): number {
  return z < lo ? lo - z : z > hi ? z - hi : 0;
}

/** From the nearest point of a silhouette to a point. */
function fromSilhouette(c: Cylinder, p: Point3): number {
  return Math.hypot(Math.max(0, Math.hypot(p.x - c.x, p.y - c.y) - c.r), rangeGap(p.z, c.z, c.z + c.h));
}

/** From a point to the nearest point of a base's underside edge (a circle of radius r at height z). */
function toEdge(p: Point3, at: Point3, r: number): number {
  return Math.hypot(Math.abs(Math.hypot(p.x - at.x, p.y - at.y) - r), p.z - at.z);
}

/** MOV-11, MOV-13: the length of a Jump or a Climb from the starting silhouette `c` to a base of radius c.r landing at `to`. */
export function flightLength(c: Cylinder, over: readonly Point3[], to: Point3): number {
  if (over.length === 0) {
    // Silhouette to the landing edge: the horizontal gap between the two discs, the vertical gap to the silhouette's height range.
    const h = Math.max(0, Math.hypot(to.x - c.x, to.y - c.y) - 2 * c.r);
    return Math.hypot(h, rangeGap(to.z, c.z, c.z + c.h));
  }
  let len = fromSilhouette(c, over[0]!);
  for (let i = 1; i < over.length; i++) len += Math.hypot(over[i]!.x - over[i - 1]!.x, over[i]!.y - over[i - 1]!.y, over[i]!.z - over[i - 1]!.z);
  return len + toEdge(over.at(-1)!, to, c.r);
}

/** MOV-11, MOV-12, MOV-13: the length against the value it may reach. */
export function checkFlight(len: number, limit: number, rule: string, what: string): void {
  if (len > limit + LENGTH_SLACK) refuse('too-far', rule, `The ${what} is ${lengthText(len, limit)} inches, from the silhouette to the landing base's edge; it may reach ${limit}.`);
}

/** Points every 0.1" along a line through 3D points (its ends included). */
export function samples3(line: readonly Point3[]): Place[] {
  const out: Place[] = [{ ...line[0]! }];
  for (let k = 1; k < line.length; k++) {
    const a = line[k - 1]!;
    const b = line[k]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
    const n = Math.floor(len / PATH_STEP + 1e-9);
    for (let i = 1; i <= n; i++) {
      if (i * PATH_STEP >= len - 1e-9) break;
      const f = (i * PATH_STEP) / len;
      out.push({ x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z + (b.z - a.z) * f });
    }
    out.push({ ...b });
  }
  return out;
}

/**
 * MOV-11, MOV-13, MOV-21, MOV-2, MOV-3: the landing takes the whole base on one surface at `to.z`
 * (`no-landing`), not inside a closed building (`no-landing`), overlapping no solid, no other base and
 * touching no enemy model or TO Camouflage marker (`blocked-path`).
 */
export function checkLanding(tx: Tx, id: string, to: Point3, rule: string, onFace = false): Cylinder {
  const d = tx.draft;
  const me = d.troopers[id]!;
  const c = silhouetteAt(d, id, to.x, to.y, to.z, false);
  const scenery = tx.ctx.scenery;
  const held = onFace ? 1 : scenery.stance.supportShare(to.x, to.y, c.r, to.z - CONTACT.contain, to.z + CONTACT.contain);
  if (held < 1 - 1e-9) refuse('no-landing', rule, `No surface ${inches(to.z)} high takes the whole base there (${Math.round(held * 100)}% of it).`);
  if (scenery.enclosing(to.x, to.y, c.r, to.z) !== null) refuse('no-landing', 'MOV-21', 'That spot is inside a closed building.');
  const solid = scenery.stance.solidsMeeting(c)[0];
  if (solid) refuse('blocked-path', 'MOV-2', `At the landing the base would overlap the ${solid.part} of "${solid.id}".`);
  for (const [o, t] of inPublicOrder(d)) {
    if (o === id || !isOnTable(t)) continue;
    const gap = cylinderGap(c, silhouetteOf(d, o)!);
    if (gap > CONTACT.touch) continue;
    const name = nameFor(d, o, me.player);
    if (gap < -CONTACT.overlap) refuse('blocked-path', 'MOV-2', `At the landing the base would overlap ${t.status === 'marker' ? `marker ${name}` : name}.`);
    if (t.status === 'marker') refuse('blocked-path', 'MOV-3', `At the landing the base would touch the TO Camouflage marker ${name}.`);
    if (t.player !== me.player) refuse('blocked-path', 'MOV-3', `At the landing the base would touch the enemy ${name} (close combat comes later).`);
  }
  return c;
}
