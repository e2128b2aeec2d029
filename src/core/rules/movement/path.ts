/**
 * MOV-1 to MOV-3: a Move along a declared path. Path points (GAME-TURN.md): the start, every listed
 * point, and every 0.1" from each segment's start; every check is judged at each of them, in order, and
 * the first point that fails reports its first code (off the table, then the path blocked).
 */
import { CONTACT } from '../../data/facts';
import { boxAround, boxDistance, cylinderGap, discRectProtrusion, type Cylinder } from '../../geometry/shapes';
import type { GameState, PlanePoint, TrooperState } from '../../model/types';
import type { SceneryIndex, ScenerySolid } from '../../ports';
import { refuse, type Tx } from '../context';
import { inches, isOnTable, publicKey, silhouetteAt, silhouetteOf, trooperName } from '../placement';
import { nameFor } from '../refs';
import { hasSkill } from '../skills';

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
export function pathPoints(start: PlanePoint, path: readonly PlanePoint[], listed?: number[]): PlanePoint[] {
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
    listed?.push(out.length - 1);
    prev = p;
  }
  return out;
}

/**
 * ARO-5 (movement.md §3): the path point an `at` names: with `z`, the last point at that x, y and
 * height (within 0.05"); without, the last at that x, y (a Climb passes one x, y at many heights).
 */
export function pointIndexAt(points: readonly Place[], at: { x: number; y: number; z?: number | undefined }): number {
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    if (Math.hypot(p.x - at.x, p.y - at.y) > 1e-6) continue;
    if (at.z === undefined || Math.abs(p.z - at.z) <= Z_TOLERANCE) return i;
  }
  return -1;
}

/** The `at` that names a path point: its x, y, and its z where x, y alone would name another (ARO-5). */
export function atOf(points: readonly Place[], i: number): { x: number; y: number; z?: number } {
  const p = points[i]!;
  return pointIndexAt(points, { x: p.x, y: p.y }) === i ? { x: p.x, y: p.y } : { x: p.x, y: p.y, z: p.z };
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
export function checkLength(tx: Tx, id: string, start: PlanePoint, path: readonly PlanePoint[], second: boolean, prone = false, ladders = 0): void {
  const value = tx.profile(id).mov[second ? 1 : 0];
  // MOV-18: Prone, every distance of a Movement skill is half its value, without rounding.
  const mov = prone ? value / 2 : value;
  // MOV-9: a ladder's height counts with the horizontal length.
  const len = pathLength(start, path) + ladders;
  if (len > mov + LENGTH_SLACK) {
    const which = `${trooperName(tx.draft, id)}'s ${second ? 'second' : 'first'} MOV value is ${value}`;
    refuse('too-far', prone ? 'MOV-18' : ladders > 0 ? 'MOV-9' : 'MOV-1', `The path is ${lengthText(len, mov)} inches${ladders > 0 ? `, its ladders' ${inches(ladders)} included` : ''}; ${which}${prone ? `, halved to ${mov} while Prone` : ''}.`);
  }
}

/** A path point as a command lists it: `z` where given must be the stance there (MOV-8). */
export type PathPoint = PlanePoint & { z?: number | undefined; via?: 'walk' | 'ladder' | 'climb' | undefined };

/** MOV-8: a listed point's `z` and the stance there may differ by this much (the contact margin). */
export const Z_TOLERANCE = 0.05;

/**
 * MOV-2, MOV-3, MOV-7, MOV-8, MOV-16: every path point on the table (`off-board`); at each the base
 * stands at its stance, the highest surface under it within vault reach v (its silhouette height) of
 * the stance before, with at least half its area on surfaces from v below it up to it, never dropping
 * more than v and never meeting a solid that rises more than v above it (`too-high`); no solid above
 * its stance in its silhouette (no headroom), no overlap with another base, no touch with a TO
 * Camouflage marker or an enemy model (`blocked-path`); the last point with the whole base on one
 * surface. Returns the points with the height the base stands at.
 */
/**
 * CC-1: a movement that may engage: it may end in contact with enemy models (whose ids it collects in
 * `contact`), never touching one before its last point, but for those it starts Engaged with
 * (`leaving`: a Dodge's move out of an engagement, CC-8).
 */
export interface Engaging {
  contact: string[];
  leaving?: readonly string[];
}

export function checkPath(tx: Tx, id: string, start: Place, path: readonly PathPoint[], prone: boolean, climbed?: { height: number }, engage?: Engaging): Place[] {
  const d = tx.draft;
  const me = d.troopers[id]!;
  const listed: number[] = [];
  const points = pathPoints(start, path, listed);
  const zOf = new Map<number, number>();
  path.forEach((p, k) => {
    if (p.z !== undefined) zOf.set(listed[k]!, p.z);
  });
  const { width, depth } = d.setup.table;
  const table = { x: 0, y: 0, w: width, d: depth };
  const scenery = tx.ctx.scenery;
  // The silhouette's radius and height are the same at every point (silhouetteAt: the profile's
  // Silhouette, Prone or not); worked out once, at the start.
  const { r, h } = silhouetteAt(d, id, start.x, start.y, start.z, prone);
  // Only a base that comes within touch of the box around the path can touch or overlap the mover's:
  // the gap between two bases is at least their level gap.
  const box = boxAround(points);
  const others = othersNear(d, id, box, r + CONTACT.touch + 1e-3);
  const out: Place[] = [];
  const stance = scenery.stance;
  // MOV-7: the vault reach is the silhouette's height (Prone: the Prone height, MOV-18).
  const v = h;
  let zPrev = start.z;
  // MOV-10: a narrow opening takes only Silhouette 2 or lower, Prone or not.
  const narrowBars = tx.profile(id).s > 2 && stance.openings.some((o) => o.access === 'narrow');
  // MOV-15: climb segments (movement.md §3) are not built yet: refused, never walked.
  path.forEach((p) => {
    if (p.via === 'climb' && !hasSkill(tx.profile(id), 'climbing-plus')) refuse('no-skill', 'MOV-15', `Only a trooper with Climbing Plus moves along a wall (via "climb").`);
    if (p.via === 'climb') refuse('skill-not-allowed', 'MOV-15', 'A path segment via "climb" is not taken in this version: walk, take a ladder, or declare a Climb.');
  });
  // MOV-9: a ladder segment's samples between its ends are on the ladder; its end is the ladder's other end.
  const onLadder = new Set<number>();
  const ladderFrom = new Map<number, number>();
  path.forEach((p, k) => {
    if (p.via !== 'ladder') return;
    const b = k === 0 ? 0 : listed[k - 1]!;
    ladderFrom.set(listed[k]!, b);
    for (let j = b + 1; j < listed[k]!; j++) onLadder.add(j);
  });
  // CC-1: the enemies the base touches at the point before, and at this one.
  let touching = new Set<string>();
  let touchedNow = new Set<string>();
  // The words of a refusal are made only for a refusal: this runs at every 0.1" of every path. One
  // function for every point, told which point is judged (a refusal throws before the next).
  let i = 0;
  const where = () => (i === 0 ? 'At its start' : `At ${inches(along(points, i))} along the path`);
  for (; i < points.length; i++) {
    const p = points[i]!;
    if (onLadder.size > 0 && onLadder.has(i)) {
      out.push({ x: p.x, y: p.y, z: NaN });
      continue;
    }
    const out0 = discRectProtrusion(table, p.x, p.y, r);
    if (out0 > CONTACT.contain) refuse('off-board', 'MOV-2', `${where()} the base sticks out over the table edge by ${inches(out0)}.`);
    const from = ladderFrom.size > 0 ? ladderFrom.get(i) : undefined;
    let z: number;
    if (from === undefined) z = stanceAt(stance, p.x, p.y, r, zPrev, v, i === 0, where);
    else {
      const a = out[from]!;
      z = ladderEnd(stance, a, p, r, where);
      if (climbed) climbed.height += Math.abs(z - a.z);
      // On the ladder between its ends, the base goes up (or down) it evenly.
      for (let j = from + 1; j < i; j++) out[j]!.z = a.z + ((z - a.z) * (j - from)) / (i - from);
    }
    const c: Cylinder = { x: p.x, y: p.y, z, r, h };
    if (narrowBars && i > 0) {
      const prev = points[i - 1]!;
      const narrow = stance.openingsCrossed(prev, p, c).find((o) => o.access === 'narrow');
      if (narrow) refuse('narrow-access', 'MOV-10', `${where()} the base would pass a narrow ${narrow.kind} of "${narrow.id}": only Silhouette 2 or lower goes through.`);
    }
    checkSolids(stance.solidsMeeting(c), z, v, where);
    // MOV-8: a listed point's height, where given, is the stance there.
    const zGiven = zOf.size > 0 ? zOf.get(i) : undefined;
    if (zGiven !== undefined && Math.abs(zGiven - z) > Z_TOLERANCE) refuse('blocked-path', 'MOV-8', `${where()} the base stands at ${inches(z)} high, not ${inches(zGiven)}.`);
    if (scenery.enclosing(p.x, p.y, c.r, z) !== null) refuse('blocked-path', 'MOV-2', `${where()} the base would be inside a building.`);
    zPrev = z;
    for (const o of others) {
      // Bases farther apart than touch along either axis never touch (no gap worked out for them:
      // cylinderGap's Math.hypot is a call V8 does not inline, and its numbers are boxed).
      const far = r + o.c.r + CONTACT.touch + 1e-6;
      if (Math.abs(p.x - o.c.x) > far || Math.abs(p.y - o.c.y) > far) continue;
      const gap = cylinderGap(c, o.c);
      if (gap > CONTACT.touch) continue;
      const name = nameFor(d, o.id, me.player);
      if (gap < -CONTACT.overlap) refuse('blocked-path', 'MOV-2', `${where()} the base would overlap ${o.t.status === 'marker' ? `marker ${name}` : name}.`);
      if (i === 0) continue;
      // MOV-3, TOC-3: no base contact with a TO Camouflage marker.
      if (o.t.status === 'marker') refuse('blocked-path', 'MOV-3', `${where()} the base would touch the TO Camouflage marker ${name}.`);
      if (o.t.player === me.player) continue;
      // CC-1: a Move or a Dodge's move may end in contact with enemy models.
      if (!engage) refuse('blocked-path', 'MOV-3', `${where()} the base would touch the enemy ${name}: only a Move or a Dodge's move may end in contact.`);
      touchedNow.add(o.id);
    }
    // CC-1: once it touches an enemy the movement stays in contact to its end (the last samples of its
    // approach may touch); touching one and moving on is refused (those it leaves excepted, CC-8).
    if (touching.size > 0) {
      for (const o of touching) {
        if (touchedNow.has(o) || (engage?.leaving ?? []).includes(o)) continue;
        refuse('blocked-path', 'CC-1', `${where()} the base leaves the enemy ${nameFor(d, o, me.player)} it touched: a movement engages only at its end.`);
      }
    }
    if (touching.size > 0 || touchedNow.size > 0) {
      [touching, touchedNow] = [touchedNow, touching];
      touchedNow.clear();
    }
    out.push({ x: p.x, y: p.y, z });
  }
  if (engage) for (const o of touching) if (!engage.contact.includes(o)) engage.contact.push(o);
  // MOV-8: the skill ends with the whole base on one surface.
  const end = out.at(-1)!;
  if (stance.supportShare(end.x, end.y, r, end.z - CONTACT.contain, end.z + CONTACT.contain) < 1 - 1e-9) {
    refuse('blocked-path', 'MOV-8', `At its end the base would not stand wholly on one surface${out.length > 1 ? '' : ''}.`);
  }
  return out;
}

/**
 * The other troopers on the table whose bases come within `reach` of the box, in the order any player
 * may know (`inPublicOrder`: the first piece in the way is named by it). Those far off are left out
 * before the order is worked out: it is the same order, of fewer.
 */
function othersNear(d: GameState, id: string, box: ReturnType<typeof boxAround>, reach: number): { id: string; t: TrooperState; c: Cylinder }[] {
  const near: { id: string; t: TrooperState; c: Cylinder; key: string }[] = [];
  const troopers = d.troopers;
  for (const o in troopers) {
    const t = troopers[o]!;
    if (o === id || !isOnTable(t)) continue;
    const c = silhouetteOf(d, o)!;
    if (boxDistance(box, c.x, c.y) - c.r <= reach) near.push({ id: o, t, c, key: publicKey(o, t) });
  }
  // Array.prototype.sort is stable: ties keep the troopers' own order, as inPublicOrder's sort does.
  near.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return near;
}

/**
 * MOV-9: a ladder segment runs from a base touching a ladder's foot (or top) to one standing wholly on
 * the surface at its other end, touching it; returns that end's height, or refuses (`blocked-path`).
 */
function ladderEnd(stance: SceneryIndex['stance'], a: Place, b: PlanePoint, r: number, where: () => string): number {
  for (const c of stance.laddersNear(a.x, a.y, r, a.z)) {
    const z = c.end === 'foot' ? c.ladder.to : c.ladder.from;
    const other = stance.laddersNear(b.x, b.y, r, z).some((e) => e.ladder === c.ladder && e.end !== c.end);
    if (other && stance.supportShare(b.x, b.y, r, z - CONTACT.contain, z + CONTACT.contain) >= 1 - 1e-9) return z;
  }
  refuse('blocked-path', 'MOV-9', `${where()} the ladder segment does not run from a ladder's foot to its top (or back), the base touching it at both ends and standing wholly on the surface it reaches.`);
}

/**
 * MOV-7, MOV-16: the stance at a path point after one at `zPrev`: the highest surface under the base
 * within v above it, with at least half the base on surfaces from v below it up to it, and no drop of
 * more than v. At the start the trooper stands where it stands.
 */
function stanceAt(stance: SceneryIndex['stance'], x: number, y: number, r: number, zPrev: number, v: number, first: boolean, where: () => string): number {
  const s = stance.stanceAt(x, y, r, zPrev, v);
  if (first) return s && Math.abs(s.z - zPrev) <= Z_TOLERANCE ? s.z : zPrev;
  if (!s) refuse('too-high', 'MOV-7', `${where()} nothing lies under the base to stand on.`);
  if (zPrev - s.z > v + 1e-9) refuse('too-high', 'MOV-16', `${where()} the base would drop ${inches(zPrev - s.z)}, more than its reach of ${inches(v)}: that needs a Jump (N4 has no falls).`);
  if (s.support < 0.5) refuse('too-high', 'MOV-7', `${where()} less than half the base would rest on a surface within its reach: that needs a Jump or a Climb.`);
  return s.z;
}

/**
 * MOV-7: a solid in the silhouette at its stance: one rising from at or below the stance to more than
 * v above it is `too-high` (a Jump or a Climb); one whose underside is above the stance leaves no
 * headroom (`blocked-path`); any other overlaps the base.
 */
function checkSolids(solids: readonly ScenerySolid[], z: number, v: number, where: () => string): void {
  for (const solid of solids) {
    const name = `the ${solid.part} of "${solid.id}"`;
    if (solid.z0 <= z + CONTACT.contain && solid.z1 > z + v + CONTACT.contain) refuse('too-high', 'MOV-7', `${where()} the base would meet ${name}, ${inches(solid.z1 - z)} high: more than its reach of ${inches(v)}.`);
  }
  for (const solid of solids) {
    const name = `the ${solid.part} of "${solid.id}"`;
    if (solid.z0 > z + CONTACT.contain) refuse('blocked-path', 'MOV-7', `${where()} the silhouette would meet ${name} above it: no headroom.`);
    refuse('blocked-path', 'MOV-2', `${where()} the base would overlap ${name}.`);
  }
}
