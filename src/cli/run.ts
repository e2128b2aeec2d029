/**
 * The runner's work without the process around it, so tests can call it directly.
 */
import { replay } from '../core/engine';
import { GameFileError, parseGameFileText } from '../core/gamefile';
import type { GameEvent } from '../core/model/types';
import { viewFor, viewRejection, type StateView, type Viewer } from '../core/view';
import { createSceneryIndex } from '../spatial/sceneryIndex';

export interface SimOutput {
  ok: boolean;
  rejected: { index: number; rule: string | null; code: string | null; message: string } | null;
  events: GameEvent[];
  state: StateView;
}

export type SimRun = { ok: true; output: SimOutput } | { ok: false; error: string };

export function runGameText(text: string, viewer: Viewer = null): SimRun {
  let file;
  try {
    file = parseGameFileText(text);
  } catch (e) {
    if (e instanceof GameFileError) return { ok: false, error: e.message };
    throw e;
  }
  const result = replay(file, { scenery: createSceneryIndex(file) }, viewer);
  return {
    ok: true,
    output: {
      ok: result.rejected === null,
      rejected: result.rejected ? viewRejection({ ...result.rejected, index: result.rejected.viewIndex }, viewer) : null,
      events: result.events,
      state: viewFor(result.state, viewer),
    },
  };
}
