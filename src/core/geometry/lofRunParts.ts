/**
 * The parts the run proofs (lofRun.ts, lofRunBack.ts) are made of: the occluders (solids and models,
 * shrunk), the regions that hold the eyes and the targets, and which occluders stand near them.
 */
import type { ScenerySolid } from '../ports';
import type { LofBlocker, LofRays } from './lof';
import type { PreparedBox } from './segments';
/**
 * Occluders are shrunk this much for these proofs: far more than the float32 rounding of the ray
 * index's mesh and its end tolerance, so a line that crosses a shrunk occluder is blocked for the
 * index's rays as much as for the exact tests.
 */
const RUN_MARGIN = 1e-3;
/** Regions are padded this much, so every eye and every patch point lies strictly inside them. */
export const PAD = 1e-6;

/**
 * An occluder shrunk by RUN_MARGIN: a turned box (half sizes along its own axes) or an upright
 * cylinder, from z0 to z1, and its level bounds.
 */
export interface Occluder extends PreparedBox {
  /** the model's id, for a model's ('' for a solid: never an id to leave out) */
  id: string;
  /** a turned box (half sizes along its own axes), or an upright cylinder (its radius in hw and hd) */
  box: boolean;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A solid as an occluder shrunk by RUN_MARGIN, or null where nothing of it is left. */
function solidOccluder(s: ScenerySolid): Occluder | null {
  const a = (s.rotation * Math.PI) / 180;
  const hw = s.w / 2 - RUN_MARGIN;
  const hd = s.d / 2 - RUN_MARGIN;
  const ex = Math.abs(Math.cos(a)) * hw + Math.abs(Math.sin(a)) * hd;
  const ey = Math.abs(Math.sin(a)) * hw + Math.abs(Math.cos(a)) * hd;
  return hw > 0 && hd > 0 && s.z1 - s.z0 > 2 * RUN_MARGIN
    ? { id: '', box: true, x: s.x, y: s.y, cos: Math.cos(-a), sin: Math.sin(-a), hw, hd, z0: s.z0 + RUN_MARGIN, z1: s.z1 - RUN_MARGIN, x0: s.x - ex, y0: s.y - ey, x1: s.x + ex, y1: s.y + ey }
    : null;
}

/** Each list of solids' occluders, worked out once for the list (one lookup per proof, not one per solid). */
const lists = new WeakMap<readonly ScenerySolid[], (Occluder | null)[]>();
function solidOccluders(list: readonly ScenerySolid[]): (Occluder | null)[] {
  let a = lists.get(list);
  if (!a) {
    a = list.map(solidOccluder);
    lists.set(list, a);
  }
  return a;
}

/**
 * A list of blockers as occluders: each one's level bounds and heights (x0, y0, x1, y1, z0, z1 by
 * blocker, as bodyOccluder has them; NaN for one nothing is left of after the shrink), and its
 * occluder, made the first time a proof gathers it (a window's list has some 30 models, most of them
 * never near a proof: made all at once, they were some 12,000 objects a replay).
 */
interface BodyList {
  bounds: Float64Array;
  made: (Occluder | undefined)[];
}

/**
 * Each list of blockers' occluders, worked out once for the list: a caller asking for several
 * shooters gives one list and leaves each shooter out by its id.
 */
const bodyLists = new WeakMap<readonly LofBlocker[], BodyList>();
function bodyOccluders(list: readonly LofBlocker[]): BodyList {
  let a = bodyLists.get(list);
  if (!a) {
    const bounds = new Float64Array(6 * list.length);
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!.c;
      const r = c.r - RUN_MARGIN;
      const none = r <= 0 || c.h <= 2 * RUN_MARGIN;
      bounds[6 * i] = none ? NaN : c.x - r;
      bounds[6 * i + 1] = none ? NaN : c.y - r;
      bounds[6 * i + 2] = none ? NaN : c.x + r;
      bounds[6 * i + 3] = none ? NaN : c.y + r;
      bounds[6 * i + 4] = none ? NaN : c.z + RUN_MARGIN;
      bounds[6 * i + 5] = none ? NaN : c.z + c.h - RUN_MARGIN;
    }
    a = { bounds, made: new Array<Occluder | undefined>(list.length) };
    bodyLists.set(list, a);
  }
  return a;
}

function bodyOccluder(b: LofBlocker): Occluder | null {
  const c = b.c;
  const r = c.r - RUN_MARGIN;
  return r <= 0 || c.h <= 2 * RUN_MARGIN ? null : { id: b.id, box: false, x: c.x, y: c.y, cos: 1, sin: 0, hw: r, hd: r, z0: c.z + RUN_MARGIN, z1: c.z + c.h - RUN_MARGIN, x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r };
}

/**
 * A region for the proofs: a rectangle in plan about (cx, cy), from a0 to a1 along the unit vector
 * (ex, ey) and from b0 to b1 across it (along (-ey, ex)), from z0 up to z1. One with no extent in plan
 * is a point: one corner.
 */
export interface Region {
  cx: number;
  cy: number;
  ex: number;
  ey: number;
  a0: number;
  a1: number;
  b0: number;
  b1: number;
  z0: number;
  z1: number;
}

/**
 * The regions of the proof under way, kept from one proof to the next: in V8 each number field of an
 * object is a heap object of its own, so a new region was eleven, and a replay made some 100,000 of
 * them. A region lives only while the proof that made it runs (none is kept in an answer): a proof's
 * caller takes the mark (`regionMark`) before and gives them back after (`releaseRegions`), and the
 * cuts of `proven` give back theirs at once.
 */
const regionPool: Region[] = [];
let regionsUsed = 0;

/** How many regions are taken now: `releaseRegions` with it gives back every one taken after. */
export function regionMark(): number {
  return regionsUsed;
}

/** Gives back the regions taken since the mark (none of them may be used after). */
export function releaseRegions(mark: number): void {
  regionsUsed = mark;
}

/**
 * A region, valid until the caller's proof gives it back (see `regions`): made in one shape (every
 * region has the same fields in the same order: one hidden class for V8).
 */
export function region(cx: number, cy: number, ex: number, ey: number, a0: number, a1: number, b0: number, b1: number, z0: number, z1: number): Region {
  const r = regionPool[regionsUsed];
  regionsUsed++;
  if (r === undefined) {
    const made = { cx, cy, ex, ey, a0, a1, b0, b1, z0, z1 };
    regionPool.push(made);
    return made;
  }
  r.cx = cx;
  r.cy = cy;
  r.ex = ex;
  r.ey = ey;
  r.a0 = a0;
  r.a1 = a1;
  r.b0 = b0;
  r.b1 = b1;
  r.z0 = z0;
  r.z1 = z1;
  return r;
}

/** Along and across of corner k of a region (0: a0, b0; 1: a1, b0; 2: a1, b1; 3: a0, b1). */
export function cornerA(r: Region, k: number): number {
  return k === 0 || k === 3 ? r.a0 : r.a1;
}
export function cornerB(r: Region, k: number): number {
  return k < 2 ? r.b0 : r.b1;
}
/** The plan bounds of a region, added into `box` (x0, y0, x1, y1). */
export function addBounds(r: Region, box: number[]): void {
  for (let k = 0; k < 4; k++) {
    const a = cornerA(r, k);
    const b = cornerB(r, k);
    const x = r.cx + a * r.ex - b * r.ey;
    const y = r.cy + a * r.ey + b * r.ex;
    if (x < box[0]!) box[0] = x;
    if (y < box[1]!) box[1] = y;
    if (x > box[2]!) box[2] = x;
    if (y > box[3]!) box[3] = y;
  }
}

/**
 * The occluders (solids, and models less the one `leaveOut` names) that stand within the level bounds
 * and the heights of the regions: only they can stand between them.
 */
export function occludersAmong(regions: readonly Region[], blockers: readonly LofBlocker[], rays: LofRays, leaveOut: string | null): Occluders {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  let zLo = Infinity;
  let zHi = -Infinity;
  for (const r of regions) {
    addBounds(r, box);
    zLo = Math.min(zLo, r.z0);
    zHi = Math.max(zHi, r.z1);
  }
  return gather(backOccluders, blockers, rays, box, zLo, zHi, leaveOut);
}

/**
 * The occluders a proof may use: the first n of `at` (a list kept for the purpose and refilled by
 * the next proof of its kind: none is kept after a proof; one grown afresh each time was garbage).
 */
export interface Occluders {
  at: Occluder[];
  n: number;
}

/** The level bounds of hiddenEyes' regions (x0, y0, x1, y1), one list for every call. */
export const bounds = [0, 0, 0, 0];
/** hiddenEyes' occluders, and those of occludersAmong (the proofs back, never under way at once with hiddenEyes'). */
export const eyeOccluders: Occluders = { at: [], n: 0 };
const backOccluders: Occluders = { at: [], n: 0 };

/**
 * Into `all` (refilled): the occluders (solids, and models less the one `leaveOut` names) within the
 * level bounds `box` (x0, y0, x1, y1) and the heights zLo..zHi.
 */
export function gather(all: Occluders, blockers: readonly LofBlocker[], rays: LofRays, box: readonly number[], zLo: number, zHi: number, leaveOut: string | null): Occluders {
  const x0 = box[0]!;
  const y0 = box[1]!;
  const x1 = box[2]!;
  const y1 = box[3]!;
  const at = all.at;
  let n = 0;
  const solids = solidOccluders(rays.occluders);
  for (let i = 0; i < solids.length; i++) {
    const o = solids[i];
    if (o && o.x0 <= x1 && o.x1 >= x0 && o.y0 <= y1 && o.y1 >= y0 && o.z0 < zHi && o.z1 > zLo && o.id !== leaveOut) at[n++] = o;
  }
  // The models, tested on their bounds (the same numbers as their occluders'), each occluder made when first gathered.
  const { bounds: b, made } = bodyOccluders(blockers);
  for (let i = 0, j = 0; i < blockers.length; i++, j += 6) {
    if (b[j]! <= x1 && b[j + 2]! >= x0 && b[j + 1]! <= y1 && b[j + 3]! >= y0 && b[j + 4]! < zHi && b[j + 5]! > zLo && blockers[i]!.id !== leaveOut) at[n++] = made[i] ??= bodyOccluder(blockers[i]!)!;
  }
  all.n = n;
  return all;
}
