/**
 * One landing map split between several workers (TOOL-4): worker k fills rows k, k + n, k + 2n, ...
 * (interleaved, so each gets its share of open ground and of buildings), progress is the share of
 * all rows done, and the map comes once every part is in. The same code drives Web Workers on the
 * page and worker threads in the bench: `spawn` starts one and hands its replies to `onReply`.
 */
import type { LandingMap } from '../core/rules/landing';
import type { LandingReply, LandingRequest } from './landingWorker';

export interface MapWorkerLike {
  postMessage(req: LandingRequest): void;
  terminate(): void;
}

export interface SplitHandlers {
  progress(done: number): void;
  map(map: LandingMap): void;
  error(message: string): void;
}

/** How many workers a map is split between: two where the machine has two cores or more. */
export function workersFor(cores: number | undefined): number {
  return cores !== undefined && cores >= 2 ? 2 : 1;
}

interface Running {
  id: number;
  /** how many workers it was split between (the first ones) */
  split: number;
  on: SplitHandlers;
  /** each part's share done, by its first row */
  done: number[];
  parts: (LandingMap | undefined)[];
  left: number;
}

export class SplitLandingMap {
  private workers: MapWorkerLike[] = [];
  private seq = 0;
  private current: Running | null = null;

  constructor(
    private readonly spawn: (onReply: (r: LandingReply) => void) => MapWorkerLike,
    readonly count: number,
  ) {}

  get busy(): boolean {
    return this.current !== null;
  }

  /** whether the map running now is a light one (a warm-up), not worth dropping its workers for */
  private light = false;

  /**
   * Starts a map; a request still running is dropped with its workers, and this one starts at once.
   * A `light` request (a few cells, to warm the workers up) is not dropped: the next request waits
   * behind it in the same workers, and its answer is ignored. `split`: how many of the workers share
   * it (all by default; fewer leaves the page a core while it draws, issue 41).
   */
  request(req: Omit<LandingRequest, 'id' | 'rows'>, on: SplitHandlers, light = false, split = this.count): void {
    if (this.current && !this.light) this.stop();
    this.light = light;
    const id = ++this.seq;
    while (this.workers.length < this.count) {
      this.workers.push(this.spawn((r) => this.reply(r)));
    }
    const n = Math.max(1, Math.min(split, this.count));
    this.current = { id, split: n, on, done: new Array<number>(n).fill(0), parts: new Array(n), left: n };
    this.workers.slice(0, n).forEach((w, k) => w.postMessage({ ...req, id, rows: { first: k, every: n } }));
  }

  private reply(r: LandingReply) {
    const c = this.current;
    if (!c || r.id !== c.id) return;
    if (r.kind === 'error') {
      this.current = null;
      c.on.error(r.message);
    } else if (r.kind === 'progress') {
      // The rows are dealt out evenly, so the mean of the parts' shares is the whole map's.
      c.done[r.first] = r.done;
      c.on.progress(c.done.reduce((s, d) => s + d, 0) / c.split);
    } else {
      c.parts[r.first] = r.map;
      if (--c.left > 0) return;
      this.current = null;
      c.on.map(merge(c.parts as LandingMap[]));
    }
  }

  /**
   * Stops the map in progress: the workers it runs in are dropped (they are busy with rows nobody
   * wants). Idle workers are kept for the next map, warm (their code loaded and compiled, the table's
   * scenery index built): a fresh worker's first map took twice as long or more (issue 41).
   */
  stop(): void {
    if (!this.current) return;
    const busy = this.current.split;
    for (const w of this.workers.slice(0, busy)) w.terminate();
    this.workers = this.workers.slice(busy);
    this.current = null;
  }

  /** Drops every worker, busy or not (the page is done with maps). */
  close(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
    this.current = null;
  }
}

/** The parts' rows into one map: part k of n holds rows k, k + n, ... */
export function merge(parts: readonly LandingMap[]): LandingMap {
  const n = parts.length;
  const first = parts[0]!;
  const map: LandingMap = { ...first, exposure: new Int16Array(first.exposure.length), height: new Float32Array(first.height.length) };
  for (let r = 0; r < map.rows; r++) {
    const p = parts[r % n]!;
    const a = r * map.cols;
    map.exposure.set(p.exposure.subarray(a, a + map.cols), a);
    map.height.set(p.height.subarray(a, a + map.cols), a);
  }
  return map;
}
