/**
 * LOF-1: Line of Fire back from many points at once: whether the active trooper, at the points of a run
 * of its path, sees a patch of a shooter (the patch test from the target's side, as `reverseQuery`
 * asks it). The proofs of lofRun.ts the other way round: every line from a region holding the
 * trooper's eyes at every point of the run to a region holding the patches of the shooter it would
 * look at crosses one convex occluder (shrunk as there), or one for each part of a cut. A proof only
 * ever answers "not seen"; what it cannot prove is left to the search, point by point.
 *
 * The shooter's patches the proofs hold are the half of its side facing each point (its arc in all:
 * the halves facing the first and the last directions and all between), from the middle of the side's
 * lowest row of patches up, and its top where some eye stands above it. A patch is wholly seen only if
 * its middle is, so the lines to the foot of the side need no proof: near the ground they skim past
 * the foot of scenery the shooter stands beside, by less than the occluders are shrunk. Where the
 * side is not proven whole, it is proven in slices of its arc, each hidden by an occluder of its own
 * (the corner of a building beside the shooter hides one part, another piece the rest).
 */
import { EYE_INSET, type LofBlocker, type LofRays } from './lof';
import { CUTS, occludersAmong, PAD, proven, region, regionMark, releaseRegions, type Region } from './lofRun';
import type { Cylinder } from './shapes';

/** Where the side is not proven whole, it is proven in this many slices of its arc. */
const SLICES = 6;

/**
 * Whether none of the targets, looking back all round, wholly sees a patch of the shooter: true means
 * the query from each target's side answers false, whatever its facing (with these blockers, less
 * `leaveOut`); false proves nothing. A point of the table has nothing to be seen.
 */
export function unseenFromEach(shooter: Cylinder, targets: readonly Cylinder[], patch: number, blockers: readonly LofBlocker[], rays: LofRays, leaveOut: string | null = null): boolean {
  return backProof(shooter, targets, patch, blockers, rays, false, leaveOut) === true;
}

/**
 * The arcs of the shooter's side (absolute angles in radians about its axis, as [from, to] pairs, `to`
 * the larger) that no target sees any patch middle in, from any eye: a patch of the side whose middle
 * lies in one is never wholly seen from any of the targets, and the query from a target's side may
 * leave it out (`hiddenArcs`). Empty where none is proven.
 */
export function unseenArcs(shooter: Cylinder, targets: readonly Cylinder[], patch: number, blockers: readonly LofBlocker[], rays: LofRays, leaveOut: string | null = null): number[] {
  const p = backProof(shooter, targets, patch, blockers, rays, true, leaveOut);
  return p === true || p === false ? [] : p;
}

/**
 * The proof: `true` where the side (and the top, where looked at) is proven whole; with `each`, the
 * arcs proven (the whole side's as one, or the slices'); without it, `false` where not all is.
 */
function backProof(shooter: Cylinder, targets: readonly Cylinder[], patch: number, blockers: readonly LofBlocker[], rays: LofRays, each: boolean, leaveOut: string | null): boolean | number[] {
  const mark = regionMark();
  const p = backProofIn(shooter, targets, patch, blockers, rays, each, leaveOut);
  releaseRegions(mark);
  return p;
}

/** backProof, its regions given back by the caller. */
function backProofIn(shooter: Cylinder, targets: readonly Cylinder[], patch: number, blockers: readonly LofBlocker[], rays: LofRays, each: boolean, leaveOut: string | null): boolean | number[] {
  if (targets.length === 0 || (shooter.r === 0 && shooter.h === 0)) return true;
  const first = targets[0]!;
  const mid = targets[targets.length >> 1]!;
  // The line of sight: from the shooter to the middle target.
  const dx = mid.x - shooter.x;
  const dy = mid.y - shooter.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len < 1e-6) return false;
  const ux = dx / len;
  const uy = dy / len;
  const fx = first.x - shooter.x;
  const fy = first.y - shooter.y;
  const top = shooter.z + shooter.h;
  // The spread of the targets' directions from the first's (as the tangent of the turn, as hiddenEyes).
  let qlo = 0;
  let qhi = 0;
  // the largest |sin| of the turn from the line of sight to a target: how far the halves of the side
  // facing them reach behind the axis, along it
  let sin = 0;
  let over = false;
  // the targets' eyes: along the line of sight (a) and across it (b), and their heights
  let a0 = Infinity;
  let a1 = -Infinity;
  let b0 = Infinity;
  let b1 = -Infinity;
  let z0 = Infinity;
  let z1 = -Infinity;
  for (const t of targets) {
    const tx = t.x - shooter.x;
    const ty = t.y - shooter.y;
    const dt = fx * tx + fy * ty;
    if (!(dt > 0)) return false;
    const q = (fx * ty - fy * tx) / dt;
    if (q < qlo) qlo = q;
    else if (q > qhi) qhi = q;
    const a = tx * ux + ty * uy;
    const b = ty * ux - tx * uy;
    const d = Math.sqrt(a * a + b * b);
    if (d > 0 && Math.abs(b) / d > sin) sin = Math.abs(b) / d;
    // A target's eyes lie in the square of its rim's radius about its axis, inset from foot and top.
    const rr = Math.max(0, t.r - EYE_INSET);
    if (a - rr < a0) a0 = a - rr;
    if (a + rr > a1) a1 = a + rr;
    if (b - rr < b0) b0 = b - rr;
    if (b + rr > b1) b1 = b + rr;
    if (t.z + EYE_INSET < z0) z0 = t.z + EYE_INSET;
    if (t.z + t.h - EYE_INSET > z1) z1 = t.z + t.h - EYE_INSET;
    if (t.z + t.h - EYE_INSET > top + 1e-6) over = true;
  }
  const lo = Math.atan(qlo);
  const hi = Math.atan(qhi);
  if (hi - lo > Math.PI / 4) return false;
  const r = shooter.r;
  // From the middle of the lowest row of the side's patches (rows as the side's grid cuts them).
  const foot = shooter.z + shooter.h / Math.max(1, Math.floor(shooter.h / patch + 1e-9)) / 2;
  const side = region(shooter.x, shooter.y, ux, uy, -r * sin - PAD, r + PAD, -r - PAD, r + PAD, foot - PAD, top + PAD);
  const lid = over ? region(shooter.x, shooter.y, ux, uy, -r - PAD, r + PAD, -r - PAD, r + PAD, top - PAD, top + PAD) : null;
  const eyes = region(shooter.x, shooter.y, ux, uy, a0 - PAD, a1 + PAD, b0 - PAD, b1 + PAD, z0 - PAD, z1 + PAD);
  const all = occludersAmong(lid ? [side, lid, eyes] : [side, eyes], blockers, rays, leaveOut);
  if (all.n === 0) return each ? [] : false;
  const hidden = (n: Region) => proven(all, n, eyes, CUTS);
  // The side's arc: the halves facing every direction from the first's turned by lo to by hi.
  const from = Math.atan2(fy, fx) + lo - Math.PI / 2;
  const to = Math.atan2(fy, fx) + hi + Math.PI / 2;
  const whole = hidden(side);
  if (!each) {
    if (lid && !hidden(lid)) return false;
    return whole || slices(false) === true;
  }
  return whole ? [from, to] : (slices(true) as number[]);

  /** Each slice of the side's arc proven on its own: all of them (`each` false), or the arcs of those proven. */
  function slices(list: boolean): boolean | number[] {
    const half = (to - from) / (2 * SLICES);
    const inward = r * (1 - Math.cos(half)) + PAD;
    const reach = r * Math.sin(half) + PAD;
    const arcs: number[] = [];
    for (let k = 0; k < SLICES; k++) {
      const m = from + (2 * k + 1) * half;
      const c = Math.cos(m);
      const s = Math.sin(m);
      // The arc's chord to the arc itself, around its middle point, from foot to top.
      if (hidden(region(shooter.x + r * c, shooter.y + r * s, -c, -s, -PAD, inward, -reach, reach, foot - PAD, top + PAD))) arcs.push(m - half, m + half);
      else if (!list) return false;
    }
    return list ? arcs : true;
  }
}
