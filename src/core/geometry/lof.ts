/**
 * Line of Fire between two silhouettes (FACTS: Line of Fire). The patch test, one way: the target has a
 * patch of its silhouette, at least 3 mm x 3 mm, wholly seen from a point of the shooter's silhouette,
 * inside the shooter's front half-space (markers see all round). Line of Fire is reciprocal (LOF-1): a
 * shooter with any of the target in its arc has Line of Fire when the patch test passes either way,
 * its own or the target's from the target's side with the target's own facing (`back`). Two troopers
 * each in the other's arc so see each other or neither; one facing away sees nothing of the other,
 * and is seen only by the other's own test. Scenery and other models block; which models block is
 * the caller's choice of `blockers` (the same both ways: every model but the two ends).
 *
 * The target's surface that faces the shooter is cut into patches, and the shooter is looked from at
 * 27 points (its axis and eight rim points, at three heights). For each such eye a search over blocks of
 * patches first tries to prove a whole block hidden behind one convex occluder: exact, because the
 * points hidden from an eye by a convex solid form a convex set, so the corners of a hull around the
 * block decide for every point inside it. What no single occluder hides is split, down to single
 * patches, which are looked at with rays through the scenery index (the BVH in the product).
 *
 * The work is split in modules: lofOccluders.ts (scenery and models as occluders, their caches, the
 * shared buffers), lofLayers.ts (points as layers, and the proof that one box stands across every
 * line between two sets of them), lofAllEyes.ts (a query's eyes, grids and candidates, and the proof
 * from all eyes at once), lofSearch.ts (the search eye by eye, the yes/no and the whole answer), and
 * lofGrids.ts (the target's patches). This module is what the rest of the game imports.
 */
import type { ScenerySolid } from '../ports';
import { segmentBox, type Vec3 } from './segments';
import { EYE_INSET, EYE_TURNS, type LofQuery } from './lofAllEyes';
import { lofSpan, modelMeets, type Box3, type LofBlocker, type LofRays } from './lofOccluders';
import { LineOfFire, type LofDetail } from './lofSearch';

export { EYE_INSET, EYE_TURNS, LineOfFire, lofSpan, modelMeets };
export type { Box3, LofBlocker, LofDetail, LofQuery, LofRays };

/**
 * Whether the whole target stands behind the shooter's front half-space (a model's, not a marker's):
 * then no patch of it lies in the arc, and nothing is seen. Every patch point lies within the target's
 * radius of its axis (to a hair: 1e-9 for top cells), so the margin makes this a proof.
 */
export function behindShooter(q: Pick<LofQuery, 'shooter' | 'facing' | 'target'>): boolean {
  if (q.facing === null) return false;
  const f = (q.facing * Math.PI) / 180;
  const s = q.shooter;
  const t = q.target;
  return (t.x - s.x) * -Math.sin(f) + (t.y - s.y) * Math.cos(f) + t.r < -1e-6;
}

/**
 * LOF-1: the same pair looked at from the target's side (the target as shooter, with its own facing,
 * the same blockers), or null where the target cannot look back: no `back` given, or a shooter that
 * is a point of the table (a template's Blast Focus, the runner's `lof` from a point), which has no
 * patch to be seen. Eyes proven blind (`hiddenEyes`) are the shooter's own: they are not carried over.
 */
export function reverseQuery(q: LofQuery): LofQuery | null {
  if (q.back === undefined) return null;
  const s = q.shooter;
  if (s.r === 0 && s.h === 0) return null;
  return { shooter: q.target, facing: q.back, target: s, blockers: q.blockers, patch: q.patch };
}

/** The patch test one way (FACTS): the shooter wholly sees a patch of the target inside its own arc. */
export function seesPatch(q: LofQuery, rays: LofRays): boolean {
  if (behindShooter(q)) return false;
  return new LineOfFire(q, rays).visible();
}

/**
 * LOF-1: Line of Fire, the same answer both ways for two troopers each in the other's arc: the target
 * not wholly behind the shooter's front half-space, and the patch test passing from the shooter's
 * side or (where the target can look back) from the target's side, in the target's own arc.
 */
export function hasLineOfFire(q: LofQuery, rays: LofRays): boolean {
  if (behindShooter(q)) return false;
  if (new LineOfFire(q, rays).visible()) return true;
  const r = reverseQuery(q);
  return r !== null && seesPatch(r, rays);
}

/**
 * The whole answer, as `hasLineOfFire` decides `visible` (LOF-1). The share seen, what hides the rest
 * and the patches drawn are the shooter's own: where only the target's test passes (`reciprocal`),
 * the shooter sees no patch wholly (its share is 0) and the witness is the target's, turned round.
 */
export function lineOfFireDetail(q: LofQuery, rays: LofRays): LofDetail {
  const own = new LineOfFire(q, rays).detail();
  if (own.visible || behindShooter(q)) return own;
  const r = reverseQuery(q);
  if (r === null || behindShooter(r)) return own;
  const w = new LineOfFire(r, rays).firstWitness();
  return w ? { ...own, visible: true, reciprocal: true, witness: { from: w.to, to: w.from } } : own;
}

/** Ray queries answered exactly against a list of solids, with no index: for tests and small scenes. */
export class SolidListRays implements Pick<LofRays, 'sceneryHit'> {
  constructor(private readonly solids: readonly ScenerySolid[]) {}

  sceneryHit(a: Vec3, b: Vec3): ScenerySolid | null {
    let best: ScenerySolid | null = null;
    let bestT = Infinity;
    const len = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
    const end = len > 0 ? 1e-4 / len : 0;
    for (const s of this.solids) {
      const hit = segmentBox(a, b, s);
      if (!hit) continue;
      const [t0, t1] = hit;
      if (t1 <= end || t0 >= 1 - end) continue;
      if (t0 < bestT) {
        bestT = t0;
        best = s;
      }
    }
    return best;
  }
}
