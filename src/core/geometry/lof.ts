/**
 * Line of Fire between two silhouettes (FACTS: Line of Fire): the target has a patch of its silhouette,
 * at least 3 mm x 3 mm, wholly seen from a point of the shooter's silhouette, inside the shooter's front
 * half-space (markers see all round). Scenery and other models block; which models block is the
 * caller's choice of `blockers`.
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

export function hasLineOfFire(q: LofQuery, rays: LofRays): boolean {
  if (behindShooter(q)) return false;
  return new LineOfFire(q, rays).visible();
}

export function lineOfFireDetail(q: LofQuery, rays: LofRays): LofDetail {
  return new LineOfFire(q, rays).detail();
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
