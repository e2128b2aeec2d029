/**
 * The page's Combat Jump tool, bound to the page's stores, and the landing-map workers that feed it:
 * one for the whole table, one for the finer map over the part in view, so a refinement never holds up
 * (or throws away) the whole-table map. A newer request replaces an older one still running.
 */
import { viewEvents } from '../core/view';
import type { LandingReply, LandingRequest } from '../spatial/landingWorker';
import { gameStore } from '../state/gameStore';
import { matchStore } from '../state/matchStore';
import { COARSE_STEP, createJumpTool, FINE_STEP } from './jump';
import { knownState } from './knowledge';

/** The player who may jump now: the active player of the game, while at the screen. */
export function jumpingPlayer() {
  const { state, viewer } = gameStore.getState();
  const m = matchStore.getState();
  if (state.phase !== 'game' || !state.active) return null;
  if (m.mode === 'hotseat') return m.handOverTo === null && m.seat === state.active ? state.active : null;
  return viewer === null || viewer === state.active ? state.active : null;
}

export const jumpTool = createJumpTool({
  state: () => gameStore.getState().state,
  ctx: () => gameStore.getState().ctx,
  player: jumpingPlayer,
  preview: (c) => gameStore.getState().preview(c),
  dispatch: (c) => gameStore.getState().dispatch(c),
  seenEvents: (player) => {
    const last = gameStore.getState().history.at(-1);
    return last ? viewEvents(last.events, last.before, last.after, player) : [];
  },
});

gameStore.subscribe(() => jumpTool.sync());
matchStore.subscribe(() => jumpTool.sync());

type Area = NonNullable<LandingRequest['area']>;

class MapWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private running = false;
  constructor(private readonly fine: boolean) {}

  request(area?: Area) {
    const s = jumpTool.snapshot;
    if (!s.trooper || !s.player || typeof Worker === 'undefined') return;
    // A request still running is dropped with its worker; the new one starts at once.
    if (this.running) this.stop();
    if (!this.worker) {
      this.worker = new Worker(new URL('../spatial/landing.worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (e: MessageEvent<LandingReply>) => this.reply(e.data);
    }
    const id = ++this.seq;
    this.running = true;
    jumpTool.progress(0, this.fine);
    // The map counts only what the jumping player may know (hidden troopers, who a marker is).
    const state = knownState(gameStore.getState().state, s.player);
    const req: LandingRequest = { id, state, trooper: s.trooper, step: this.fine ? FINE_STEP : COARSE_STEP, ...(area ? { area } : {}) };
    this.worker.postMessage(req);
  }

  private reply(r: LandingReply) {
    if (r.id !== this.seq) return;
    if (r.kind === 'progress') jumpTool.progress(r.done, this.fine);
    else if (r.kind === 'map') {
      this.running = false;
      jumpTool.setMap(r.map, this.fine);
    } else {
      this.running = false;
      jumpTool.store.setState({ error: `The landing map failed: ${r.message}`, progress: null, fineProgress: null });
    }
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
    this.running = false;
  }
}

export const mapWorkers = { coarse: new MapWorker(false), fine: new MapWorker(true) };

// A trooper taken up asks for its whole-table map; dropping it stops the workers.
jumpTool.store.subscribe((s, prev) => {
  if (s.phase === 'aiming' && (prev.phase !== 'aiming' || prev.trooper !== s.trooper)) mapWorkers.coarse.request();
  if (s.phase !== 'aiming' && prev.phase === 'aiming') {
    mapWorkers.coarse.stop();
    mapWorkers.fine.stop();
  }
});

/** The part of the table in view, for the finer map: the scene sets how to read it off the camera. */
export const inView: { area: () => Area | undefined } = { area: () => undefined };

/** A finer map (0.25") over the part of the table in view. */
export function refine() {
  if (jumpTool.snapshot.phase === 'aiming') mapWorkers.fine.request(inView.area());
}
