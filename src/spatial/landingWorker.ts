/**
 * The landing map (TOOL-4) off the main thread: a Web Worker keeps its own scenery index per table and
 * answers map requests row by row, reporting progress, so the table stays responsive while it works.
 * `answerLandingRequest` is the worker's whole job, kept apart from the worker's global so tests can
 * call it directly.
 */
import type { GameState } from '../core/model/types';
import { landingMap, type LandingMap } from '../core/rules/landing';
import { createSceneryIndex, type SceneryIndexImpl } from './sceneryIndex';

export interface LandingRequest {
  /** echoed in every reply, so a newer request can supersede an older one */
  id: number;
  state: GameState;
  trooper: string;
  step: number;
  area?: { x0: number; y0: number; x1: number; y1: number };
}

export type LandingReply = { id: number; kind: 'progress'; done: number } | { id: number; kind: 'map'; map: LandingMap } | { id: number; kind: 'error'; message: string };

let cached: { setup: GameState['setup']; key: string; index: SceneryIndexImpl } | null = null;

/** The scenery index for this table, built once and kept while the table stays the same. */
function indexFor(setup: GameState['setup']): SceneryIndexImpl {
  const key = JSON.stringify([setup.table, setup.terrain, setup.facts]);
  if (!cached || cached.key !== key) cached = { setup, key, index: createSceneryIndex(setup) };
  return cached.index;
}

export function answerLandingRequest(req: LandingRequest, post: (reply: LandingReply) => void): void {
  try {
    const ctx = { scenery: indexFor(req.state.setup) };
    let last = 0;
    const map = landingMap(req.state, ctx, req.trooper, req.step, req.area, (done) => {
      // Progress in steps of 5%, not one message per row.
      if (done - last >= 0.05 || done === 1) {
        last = done;
        post({ id: req.id, kind: 'progress', done });
      }
    });
    post({ id: req.id, kind: 'map', map });
  } catch (e) {
    post({ id: req.id, kind: 'error', message: (e as Error).message });
  }
}
