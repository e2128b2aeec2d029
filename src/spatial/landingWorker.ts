/**
 * The landing map (TOOL-4) off the main thread: a Web Worker keeps its own scenery index per table and
 * answers map requests row by row, reporting progress, so the table stays responsive while it works.
 * A request may ask for a share of the rows only (every `every`-th row from `first`), so that several
 * workers can split one map between them (landingSplit.ts). `answerLandingRequest` is the worker's
 * whole job, kept apart from the worker's global so tests can call it directly.
 */
import type { GameState } from '../core/model/types';
import { LandingJudge, type LandingMap } from '../core/rules/landing';
import { createSceneryIndex, type SceneryIndexImpl } from './sceneryIndex';

export interface LandingRequest {
  /** echoed in every reply, so a newer request can supersede an older one */
  id: number;
  state: GameState;
  trooper: string;
  step: number;
  area?: { x0: number; y0: number; x1: number; y1: number };
  /** only the rows first, first + every, ...; all of them when left out */
  rows?: { first: number; every: number };
}

/**
 * `map` holds the whole area's grid; with `rows` asked, only those rows are filled in. `first` echoes
 * the request's `rows.first` (0 for a whole map), so a split map knows which part each reply is.
 */
export type LandingReply = { id: number; first: number } & ({ kind: 'progress'; done: number } | { kind: 'map'; map: LandingMap } | { kind: 'error'; message: string });

let cached: { setup: GameState['setup']; key: string; index: SceneryIndexImpl } | null = null;

/** The scenery index for this table, built once and kept while the table stays the same. */
function indexFor(setup: GameState['setup']): SceneryIndexImpl {
  const key = JSON.stringify([setup.table, setup.terrain, setup.facts]);
  if (!cached || cached.key !== key) cached = { setup, key, index: createSceneryIndex(setup) };
  return cached.index;
}

/**
 * The map's rows asked for, cell by cell as `landingMap` (src/core/rules/landing.ts) fills them: the
 * same grid and the same spots, so the rows of a split map are exactly those of the whole one.
 */
export function landingRows(req: Omit<LandingRequest, 'id'>, ctx: { scenery: SceneryIndexImpl }, progress?: (done: number) => void): LandingMap {
  const { width, depth } = req.state.setup.table;
  const step = req.step;
  const a = req.area ?? { x0: 0, y0: 0, x1: width, y1: depth };
  const cols = Math.max(1, Math.floor((a.x1 - a.x0) / step + 1e-9));
  const rows = Math.max(1, Math.floor((a.y1 - a.y0) / step + 1e-9));
  const map: LandingMap = { step, x0: a.x0, y0: a.y0, cols, rows, exposure: new Int16Array(cols * rows), height: new Float32Array(cols * rows) };
  const judge = new LandingJudge(req.state, ctx, req.trooper);
  const { first, every } = req.rows ?? { first: 0, every: 1 };
  const mine = Math.max(0, Math.ceil((rows - first) / every));
  let done = 0;
  for (let r = first; r < rows; r += every) {
    for (let c = 0; c < cols; c++) {
      const s = judge.spot(a.x0 + (c + 0.5) * step, a.y0 + (r + 0.5) * step);
      map.exposure[r * cols + c] = s.refusal ? -1 : s.seenBy.length;
      map.height[r * cols + c] = s.z;
    }
    progress?.(++done / mine);
  }
  if (mine === 0) progress?.(1);
  return map;
}

export function answerLandingRequest(req: LandingRequest, post: (reply: LandingReply) => void): void {
  const first = req.rows?.first ?? 0;
  try {
    const ctx = { scenery: indexFor(req.state.setup) };
    let last = 0;
    const map = landingRows(req, ctx, (done) => {
      // Progress in steps of 5%, not one message per row.
      if (done - last >= 0.05 || done === 1) {
        last = done;
        post({ id: req.id, first, kind: 'progress', done });
      }
    });
    post({ id: req.id, first, kind: 'map', map });
  } catch (e) {
    post({ id: req.id, first, kind: 'error', message: (e as Error).message });
  }
}
