/**
 * The landing map (TOOL-4) as the page asks for it: split between two worker threads (as the page
 * splits it between two Web Workers, src/spatial/landingSplit.ts) against one, with its progress, and
 * in this thread through the BVH against the plain Raycaster.
 */
import { Worker } from 'node:worker_threads';
import type { GameState } from '../src/core/model/types';
import type { LandingMap } from '../src/core/rules/landing';
import { SplitLandingMap } from '../src/spatial/landingSplit';
import { landingRows, type LandingReply } from '../src/spatial/landingWorker';
import { createSceneryIndex, type RayKind } from '../src/spatial/sceneryIndex';
import { time, timeAsync, type Timing } from './timing';

/** Worker threads that answer as the page's Web Workers do (landingThread.ts, bundled beside this by scripts/bench.mjs). */
function threads(count: number): SplitLandingMap {
  return new SplitLandingMap((onReply: (r: LandingReply) => void) => {
    const w = new Worker(new URL('./landingThread.mjs', import.meta.url));
    w.on('message', onReply);
    return { postMessage: (req) => w.postMessage(req), terminate: () => void w.terminate() };
  }, count);
}

export interface ThreadFigures extends Timing {
  map: LandingMap;
  /** progress reports seen in the last run, and whether they only rose, to 1 */
  reports: number;
  rising: boolean;
}

/** The whole map through `count` worker threads: started and warmed once, then timed request to map. */
export async function threadBench(state: GameState, trooper: string, step: number, count: number, runs: number): Promise<ThreadFigures> {
  const maps = threads(count);
  let map: LandingMap | null = null;
  let seen: number[] = [];
  const once = () =>
    new Promise<void>((resolve, reject) => {
      seen = [];
      maps.request(
        { state, trooper, step },
        {
          progress: (d) => seen.push(d),
          map: (m) => {
            map = m;
            resolve();
          },
          error: (message) => reject(new Error(message)),
        },
      );
    });
  try {
    await once(); // starts the threads, loads the code, builds each one's scenery index
    const t = await timeAsync(once, runs);
    return { ...t, map: map!, reports: seen.length, rising: seen.every((d, i) => i === 0 || d >= seen[i - 1]!) && seen.at(-1) === 1 };
  } finally {
    maps.stop();
  }
}

/** The map's rows (every `every`-th) in this thread through one ray engine. */
export function inThread(state: GameState, trooper: string, step: number, kind: RayKind, every: number, runs: number): Timing & { map: LandingMap } {
  const ctx = { scenery: createSceneryIndex(state.setup, kind) };
  let map: LandingMap | null = null;
  const t = time(() => {
    map = landingRows({ state, trooper, step, rows: { first: 0, every } }, ctx);
  }, runs);
  return { ...t, map: map! };
}
