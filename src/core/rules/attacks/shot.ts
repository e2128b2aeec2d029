/**
 * One shot as the rules see it (ATK-1, ATK-3): Line of Fire between two silhouettes where they stand
 * at that moment of the Order, Partial Cover, the distance between silhouettes and the weapon's range
 * band there; and a template's Blast Focus seeing a trooper (TPL-3).
 */
import { hasLineOfFire, lofSpan } from '../../geometry/lof';
import { cylinderGap, facingVector, type Cylinder } from '../../geometry/shapes';
import { templateShape, templateTouches, type TemplatePlacement } from '../../geometry/templates';
import type { GameState, Weapon } from '../../model/types';
import { factsOf, type Tx } from '../context';
import type { Place } from '../movement/path';
import { isOnTable, silhouetteAt, silhouetteOf } from '../placement';
import { blockersFor, lineOfFireAnswer } from '../queries/lineOfFire';

export interface Body {
  id: string;
  c: Cylinder;
  /** null: sees all round (a marker, a hidden trooper) */
  facing: number | null;
}

/** A trooper's silhouette at a place of the Order (or where it stands), Prone or not as it is. */
export function bodyAt(state: GameState, id: string, at?: Place, facing?: number | null): Body {
  const t = state.troopers[id]!;
  const c = at ? silhouetteAt(state, id, at.x, at.y, at.z, t.prone) : silhouetteOf(state, id)!;
  const f = facing !== undefined ? facing : t.status === 'marker' || t.status === 'hidden' ? null : (t.facing ?? 0);
  return { id, c, facing: f };
}

export interface Shot {
  visible: boolean;
  /** Partial Cover of the target from the shooter (FACTS: -3 to hit and to the damage) */
  cover: boolean;
  /** between the two silhouettes, inches */
  distance: number;
}

/**
 * ATK-1, ATK-3: whether the shooter sees the target, with Partial Cover, and how far apart they are.
 * LOF-1: the target looks back with its own facing; the cover is judged from the shooter's side.
 */
export function shot(tx: Pick<Tx, 'draft' | 'ctx'>, from: Body, to: Body): Shot {
  const d = tx.draft;
  const answer = lineOfFireAnswer(tx, { shooter: from.c, facing: from.facing, target: to.c, blockers: blockersFor(d, from.id, to.id, lofSpan(from.c, to.c)), patch: factsOf(d).lofPatch, back: to.facing }, to.id);
  return { visible: answer.visible, cover: answer.cover, distance: Math.max(0, cylinderGap(from.c, to.c)) };
}

/** ATK-3: the range band's MOD at a distance (each band includes its upper bound), or null beyond the last. */
export function rangeMod(weapon: Weapon, distance: number): number | null {
  for (const [upTo, mod] of weapon.ranges ?? []) if (distance <= upTo + 1e-9) return mod;
  return null;
}

/** The facing (degrees, 0 is +y) that points from one point to another. */
export function facingTowards(from: { x: number; y: number }, to: { x: number; y: number }): number {
  const deg = (Math.atan2(-(to.x - from.x), to.y - from.y) * 180) / Math.PI;
  return ((deg % 360) + 360) % 360;
}

/** Whether a direction (a facing) lies in the front half-space of a facing (boundary included). */
export function inFrontArc(facing: number, direction: number): boolean {
  const a = facingVector(facing);
  const b = facingVector(direction);
  return a.x * b.x + a.y * b.y >= -1e-9;
}

/**
 * TPL-1: a teardrop laid with its narrow end at the edge of the attacker's base on the axis, its Blast
 * Focus at half the attacker's silhouette height. TPL-2: a circle centred on its target's base.
 */
export function teardropFrom(attacker: Cylinder, kind: 'small-teardrop' | 'large-teardrop', rotation: number): TemplatePlacement {
  const dir = facingVector(rotation);
  return { kind, x: attacker.x + attacker.r * dir.x, y: attacker.y + attacker.r * dir.y, z: attacker.z + attacker.h / 2, rotation };
}

export function circleOn(target: Cylinder): TemplatePlacement {
  return { kind: 'circular', x: target.x, y: target.y, z: target.z, rotation: 0 };
}

/**
 * TPL-3, TPL-4: who a template affects: every trooper and marker on the table, of either side, whose
 * silhouette it touches and that its Blast Focus sees (scenery blocks; troopers do not), never the
 * attacker nor a hidden trooper (they are not on the table). `place` gives where a trooper stands now
 * (the mover at its point of the Order). Camouflage markers are left for TOC-14 to judge.
 */
export function templateReach(tx: Pick<Tx, 'draft' | 'ctx'>, placement: TemplatePlacement, attacker: string, place: (id: string) => Cylinder): string[] {
  const d = tx.draft;
  const shape = templateShape(placement, factsOf(d));
  const focus: Cylinder = { x: placement.x, y: placement.y, z: placement.z, r: 0, h: 0 };
  const patch = factsOf(d).lofPatch;
  return Object.entries(d.troopers)
    .filter(([id, t]) => id !== attacker && isOnTable(t))
    .filter(([id]) => templateTouches(shape, place(id)))
    .filter(([id]) => {
      const c = place(id);
      // The trooper a circle is centred on holds its Blast Focus: nothing stands between them.
      if (Math.hypot(c.x - focus.x, c.y - focus.y) <= c.r && focus.z >= c.z - 1e-9 && focus.z <= c.z + c.h + 1e-9) return true;
      // LOF-1: the Blast Focus is a point, with no silhouette to be seen back: its own test alone.
      return hasLineOfFire({ shooter: focus, facing: null, target: c, blockers: [], patch }, tx.ctx.scenery);
    })
    .map(([id]) => id)
    .sort();
}
