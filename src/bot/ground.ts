/**
 * Where a base can walk: open ground on a 0.5" grid, one grid per base size and surface height (a
 * Move stays on one surface, MOV-2), kept per table (a pure function of the scenery, so memoised);
 * the shortest routes over it from a trooper (Dijkstra, eight neighbours, no cutting corners) with
 * the other bases in the way; and routes made straight where the ground allows, cut to a Move's
 * length. The engine judges every path the bot gives: this only proposes paths it will likely take.
 */
import type { EngineContext } from '../core/api';
import type { PlanePoint, Setup } from '../core/model/types';
import { round2 } from './moment';
import { tableKey } from './rng';

const STEP = 0.5;
/** Room kept round a base, besides its radius, inches. */
const MARGIN = 0.12;

export interface Base {
  x: number;
  y: number;
  r: number;
}

export class Ground {
  readonly step = STEP;
  readonly cols: number;
  readonly rows: number;
  /** 1 where a base of this size may stand at this height, scenery alone considered */
  readonly free: Uint8Array;

  constructor(
    setup: Pick<Setup, 'table'>,
    ctx: EngineContext,
    readonly r: number,
    readonly z: number,
    h: number,
  ) {
    this.cols = Math.floor(setup.table.width / STEP);
    this.rows = Math.floor(setup.table.depth / STEP);
    this.free = new Uint8Array(this.cols * this.rows);
    const room = r + MARGIN;
    const { width, depth } = setup.table;
    for (let j = 0; j < this.rows; j++) {
      for (let i = 0; i < this.cols; i++) {
        const x = (i + 0.5) * STEP;
        const y = (j + 0.5) * STEP;
        if (x < room || y < room || x > width - room || y > depth - room) continue;
        const s = ctx.scenery.supportHeight(x, y, room, z);
        if (s === null || Math.abs(s - z) > 0.01) continue;
        if (ctx.scenery.overlapping({ x, y, z: z + 0.01, r: room, h }) !== null) continue;
        if (ctx.scenery.enclosing(x, y, room, z) !== null) continue;
        this.free[i + j * this.cols] = 1;
      }
    }
  }

  cellAt(x: number, y: number): number {
    const i = Math.floor(x / STEP);
    const j = Math.floor(y / STEP);
    if (i < 0 || j < 0 || i >= this.cols || j >= this.rows) return -1;
    return i + j * this.cols;
  }

  x(cell: number): number {
    return ((cell % this.cols) + 0.5) * STEP;
  }

  y(cell: number): number {
    return (Math.floor(cell / this.cols) + 0.5) * STEP;
  }
}

/** The grids made so far, by the scenery that answered them (so one index's answers never stand for another's). */
const grounds = new WeakMap<object, Map<string, Ground>>();

/** The grid for a base of radius r standing at height z on this table (memoised). */
export function groundFor(setup: Setup, ctx: EngineContext, r: number, z: number, h: number): Ground {
  let byTable = grounds.get(ctx.scenery);
  if (!byTable) grounds.set(ctx.scenery, (byTable = new Map()));
  const key = `${tableKey(setup)}|${r.toFixed(3)}|${z.toFixed(2)}|${h.toFixed(2)}`;
  let g = byTable.get(key);
  if (!g) {
    if (byTable.size > 64) byTable.clear();
    g = new Ground(setup, ctx, r, z, h);
    byTable.set(key, g);
  }
  return g;
}

/** The shortest distances over open ground from one spot, the other bases in the way. */
export class Reach {
  readonly dist: Float32Array;
  readonly prev: Int32Array;
  readonly open: Uint8Array;
  readonly start: number;

  constructor(
    readonly ground: Ground,
    readonly from: PlanePoint,
    others: readonly Base[],
    limit: number,
  ) {
    const g = ground;
    const n = g.cols * g.rows;
    this.open = g.free.slice();
    const room = g.r + MARGIN;
    for (const o of others) {
      const reachR = o.r + room + 0.05;
      const i0 = Math.max(0, Math.floor((o.x - reachR) / STEP));
      const i1 = Math.min(g.cols - 1, Math.floor((o.x + reachR) / STEP));
      const j0 = Math.max(0, Math.floor((o.y - reachR) / STEP));
      const j1 = Math.min(g.rows - 1, Math.floor((o.y + reachR) / STEP));
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) if (Math.hypot((i + 0.5) * STEP - o.x, (j + 0.5) * STEP - o.y) < reachR) this.open[i + j * g.cols] = 0;
    }
    this.dist = new Float32Array(n).fill(Infinity);
    this.prev = new Int32Array(n).fill(-1);
    this.start = this.nearestOpen(from);
    if (this.start < 0) return;
    this.dist[this.start] = Math.hypot(g.x(this.start) - from.x, g.y(this.start) - from.y);
    // Dijkstra with a binary heap of (distance, cell).
    const heapD: number[] = [this.dist[this.start]!];
    const heapC: number[] = [this.start];
    const push = (d: number, c: number) => {
      let k = heapD.length;
      heapD.push(d);
      heapC.push(c);
      while (k > 0) {
        const p = (k - 1) >> 1;
        if (heapD[p]! <= d) break;
        heapD[k] = heapD[p]!;
        heapC[k] = heapC[p]!;
        k = p;
      }
      heapD[k] = d;
      heapC[k] = c;
    };
    const pop = (): number => {
      const top = heapC[0]!;
      const lastD = heapD.pop()!;
      const lastC = heapC.pop()!;
      if (heapD.length > 0) {
        let k = 0;
        for (;;) {
          const a = 2 * k + 1;
          if (a >= heapD.length) break;
          const b = a + 1 < heapD.length && heapD[a + 1]! < heapD[a]! ? a + 1 : a;
          if (heapD[b]! >= lastD) break;
          heapD[k] = heapD[b]!;
          heapC[k] = heapC[b]!;
          k = b;
        }
        heapD[k] = lastD;
        heapC[k] = lastC;
      }
      return top;
    };
    const seen = new Uint8Array(n);
    while (heapD.length > 0) {
      const d0 = heapD[0]!;
      const c = pop();
      if (seen[c]) continue;
      seen[c] = 1;
      if (d0 > limit) break;
      const ci = c % g.cols;
      const cj = (c - ci) / g.cols;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          if (di === 0 && dj === 0) continue;
          const i = ci + di;
          const j = cj + dj;
          if (i < 0 || j < 0 || i >= g.cols || j >= g.rows) continue;
          const m = i + j * g.cols;
          if (!this.open[m] || !this.open[ci + j * g.cols] || !this.open[i + cj * g.cols]) continue;
          const d = d0 + (di !== 0 && dj !== 0 ? Math.SQRT2 : 1) * STEP;
          if (d < this.dist[m]!) {
            this.dist[m] = d;
            this.prev[m] = c;
            push(d, m);
          }
        }
      }
    }
  }

  private nearestOpen(p: PlanePoint): number {
    const g = this.ground;
    let best = -1;
    let bestD = 1.2;
    const i0 = Math.floor(p.x / STEP);
    const j0 = Math.floor(p.y / STEP);
    for (let j = j0 - 3; j <= j0 + 3; j++) {
      for (let i = i0 - 3; i <= i0 + 3; i++) {
        if (i < 0 || j < 0 || i >= g.cols || j >= g.rows || !this.open[i + j * g.cols]) continue;
        const d = Math.hypot((i + 0.5) * STEP - p.x, (j + 0.5) * STEP - p.y);
        if (d < bestD) {
          bestD = d;
          best = i + j * g.cols;
        }
      }
    }
    return best;
  }

  /** Whether a cell was reached within the limit. */
  reached(cell: number): boolean {
    return cell >= 0 && Number.isFinite(this.dist[cell]!);
  }

  /** Every cell reached within `len` inches. */
  within(len: number): number[] {
    const out: number[] = [];
    for (let c = 0; c < this.dist.length; c++) if (this.dist[c]! <= len) out.push(c);
    return out;
  }

  /** Whether the straight segment a -> b runs over open cells only. */
  clear(a: PlanePoint, b: PlanePoint): boolean {
    const g = this.ground;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const n = Math.max(1, Math.ceil(len / (STEP / 2)));
    for (let k = 0; k <= n; k++) {
      const c = g.cellAt(a.x + ((b.x - a.x) * k) / n, a.y + ((b.y - a.y) * k) / n);
      if (c < 0 || !this.open[c]) return false;
    }
    return true;
  }

  /** The route to a cell as turning points after the start, made straight where the ground allows. */
  route(cell: number): PlanePoint[] {
    if (!this.reached(cell)) return [];
    const cells: number[] = [];
    for (let c = cell; c !== -1; c = this.prev[c]!) cells.push(c);
    cells.reverse();
    const g = this.ground;
    const pts = cells.map((c) => ({ x: g.x(c), y: g.y(c) }));
    const out: PlanePoint[] = [];
    let here = this.from;
    let k = 0;
    while (k < pts.length) {
      let far = k;
      for (let m = pts.length - 1; m > k; m--) {
        if (this.clear(here, pts[m]!)) {
          far = m;
          break;
        }
      }
      here = pts[far]!;
      out.push(here);
      k = far + 1;
    }
    return out.map((p) => ({ x: round2(p.x), y: round2(p.y) }));
  }
}

/** The length of a path from a start. */
export function lengthOf(from: PlanePoint, path: readonly PlanePoint[]): number {
  let len = 0;
  let prev = from;
  for (const p of path) {
    len += Math.hypot(p.x - prev.x, p.y - prev.y);
    prev = p;
  }
  return len;
}

/** A path cut to at most `len` inches: the part walked, and the rest. */
export function cut(from: PlanePoint, path: readonly PlanePoint[], len: number): [PlanePoint[], PlanePoint[]] {
  const walked: PlanePoint[] = [];
  let left = len;
  let prev = from;
  for (let k = 0; k < path.length; k++) {
    const p = path[k]!;
    const d = Math.hypot(p.x - prev.x, p.y - prev.y);
    if (d > left) {
      // Rounding must never lengthen the cut: step back a hair from the exact point.
      const f = Math.max(0, (left - 0.015) / d);
      const q = { x: round2(prev.x + (p.x - prev.x) * f), y: round2(prev.y + (p.y - prev.y) * f) };
      if (f > 0) walked.push(q);
      return [walked, [p, ...path.slice(k + 1)]];
    }
    walked.push(p);
    left -= d;
    prev = p;
  }
  return [walked, []];
}
