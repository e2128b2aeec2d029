/**
 * A path drawn by a drag (issue 41): the pointer's trail, kept every `TRAIL_STEP` inches, and made into
 * a few waypoints by dropping every point that lies within `SIMPLIFY` of the line between those kept
 * (Ramer-Douglas-Peucker). Plain geometry of the pointer: what the engine takes is judged elsewhere.
 */
import type { PlanePoint } from '../core/model/types';

/** The trail keeps a point when the pointer has gone this far from the last one kept (inches). */
export const TRAIL_STEP = 0.1;
/** A point of the trail within this of the line through its neighbours kept is dropped (inches). */
export const SIMPLIFY = 0.2;

function offLine(p: PlanePoint, a: PlanePoint, b: PlanePoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return Math.hypot(p.x - a.x, p.y - a.y);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (len * len)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The trail's points kept: its first and last, and those more than `tolerance` off the line between the kept ones. */
export function simplify(trail: readonly PlanePoint[], tolerance = SIMPLIFY): PlanePoint[] {
  if (trail.length <= 2) return [...trail];
  const keep = new Array<boolean>(trail.length).fill(false);
  keep[0] = keep[trail.length - 1] = true;
  const stack: [number, number][] = [[0, trail.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop()!;
    let worst = -1;
    let at = -1;
    for (let k = i + 1; k < j; k++) {
      const d = offLine(trail[k]!, trail[i]!, trail[j]!);
      if (d > worst) [worst, at] = [d, k];
    }
    if (at >= 0 && worst > tolerance) {
      keep[at] = true;
      stack.push([i, at], [at, j]);
    }
  }
  return trail.filter((_, k) => keep[k]);
}

/** The pointer's trail from a press: a point each `TRAIL_STEP`, the last where the pointer is now. */
export class Trail {
  private readonly kept: PlanePoint[];
  private now: PlanePoint;

  constructor(from: PlanePoint) {
    this.kept = [{ x: from.x, y: from.y }];
    this.now = this.kept[0]!;
  }

  add(p: PlanePoint): void {
    this.now = { x: p.x, y: p.y };
    const last = this.kept.at(-1)!;
    if (Math.hypot(p.x - last.x, p.y - last.y) >= TRAIL_STEP) this.kept.push(this.now);
  }

  /** The waypoints the trail makes so far, its start left out (the path's end before the drag). */
  waypoints(): PlanePoint[] {
    const all = this.kept.at(-1) === this.now ? this.kept : [...this.kept, this.now];
    return simplify(all).slice(1);
  }
}
