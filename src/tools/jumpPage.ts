/**
 * The page's Combat Jump tool, bound to the page's stores, and the landing-map workers that feed it:
 * two for the whole table (each filling every other row, on machines with two cores), one for the
 * finer map over the part in view, so a refinement never holds up (or throws away) the whole-table
 * map. A newer request replaces an older one still running.
 */
import { SplitLandingMap, workersFor } from '../spatial/landingSplit';
import type { LandingReply, LandingRequest } from '../spatial/landingWorker';
import { gameStore } from '../state/gameStore';
import { matchStore } from '../state/matchStore';
import { COARSE_STEP, createJumpTool, FINE_STEP } from './jump';
import { jumpHandle } from './jumpHandle';
import { knownState } from './knowledge';
import { viewEvents } from '../core/api';
import type { PlayerId } from '../core/model/types';

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
  jumpEvents: (player, trooper) => {
    const h = gameStore.getState().history;
    for (let i = h.length - 1; i >= 0; i--) {
      const e = h[i]!;
      if (e.command.do === 'combatJump' && e.command.trooper === trooper) return viewEvents(e.events, e.before, e.after, player);
    }
    return null;
  },
});

gameStore.subscribe(() => jumpTool.sync());
matchStore.subscribe(() => jumpTool.sync());
// The router and the phone's sheet hold the handle since the first frame: the tool is theirs from now.
jumpHandle.attach(jumpTool);

type Area = NonNullable<LandingRequest['area']>;

/** The first whole-table map's step, inches: ready in a quarter of the 0.5" map's time. */
const QUICK_STEP = 1;

/** What waits for the table to have drawn the map it was given (`afterMapDrawn`). */
let waitingForMap: (() => void) | null = null;

/** Called by the table as it draws a landing map (the scene's map overlay): what waited for that runs. */
export function mapDrawn(): void {
  const f = waitingForMap;
  waitingForMap = null;
  f?.();
}

/**
 * Runs `f` once the table has drawn the map just given to it, after that frame's task (where a software
 * renderer's frame is read back), or after `wait` ms where no frame comes (no table drawn); at once
 * where there are no frames (Node, the tests). Two animation frames were not enough (issue 41): the map
 * overlay asks for its frame from an effect React may run a frame later, and the frame then shared the
 * two cores with the workers started meanwhile.
 */
function afterMapDrawn(f: () => void, wait = 1000): void {
  if (typeof requestAnimationFrame === 'undefined') return f();
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (waitingForMap === go) waitingForMap = null;
    // The rest of the frame's task (the commit, the read back) first.
    setTimeout(f, 0);
  };
  const timer = setTimeout(go, wait);
  waitingForMap = go;
}

class MapWorker {
  private maps: SplitLandingMap | null = null;
  private warmed: unknown = null;
  constructor(private readonly fine: boolean) {}

  private create(): SplitLandingMap {
    return new SplitLandingMap(
      (onReply) => {
        const w = new Worker(new URL('../spatial/landing.worker.ts', import.meta.url), { type: 'module' });
        w.onmessage = (e: MessageEvent<LandingReply>) => onReply(e.data);
        return w;
      },
      this.fine ? 1 : workersFor(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency),
    );
  }

  request(area?: Area) {
    const s = jumpTool.snapshot;
    if (!s.trooper || !s.player || typeof Worker === 'undefined') return;
    // The whole-table map is split between two workers where there are two cores (landingSplit.ts).
    this.maps ??= this.create();
    jumpTool.progress(0, this.fine);
    // The map counts only what the jumping player may know (hidden troopers, who a marker is).
    const state = knownState(gameStore.getState().state, s.player);
    const maps = this.maps;
    const trooper = s.trooper;
    // The whole table: a 1" map first (a quarter of the cells: the player has a map to read at once,
    // issue 41), then the 0.5" one in its place, with no progress bar of its own.
    const steps = this.fine ? [FINE_STEP] : area ? [COARSE_STEP] : [QUICK_STEP, COARSE_STEP];
    // The 0.5" map after the 1" one: the player has a map to read, and the page keeps a core for its
    // frames (a software renderer draws on the CPU; issue 41) while one worker fewer fills it.
    const split = (k: number) => (k > 0 ? maps.count - 1 : maps.count);
    const ask = (k: number) =>
      // A request still running is dropped with its workers; the new one starts at once.
      maps.request(
        { state, trooper, step: steps[k]!, ...(area ? { area } : {}) },
        {
          progress: (done) => {
            if (k === 0) jumpTool.progress(done, this.fine);
          },
          map: (map) => {
            const now = jumpTool.snapshot;
            if (now.phase !== 'aiming' || now.trooper !== trooper) return;
            jumpTool.setMap(map, this.fine);
            // The finer map is started once the page has drawn this one: a software renderer draws on
            // the CPU, and with the workers on every core its frame held the page for seconds (issue 41).
            if (k + 1 < steps.length) afterMapDrawn(() => ask(k + 1));
          },
          error: (message) => jumpTool.store.setState({ error: `The landing map failed: ${message}`, progress: null, fineProgress: null }),
        },
        false,
        split(k),
      );
    ask(0);
  }

  stop() {
    this.maps?.stop();
  }

  /**
   * Starts the workers ahead of the first map, with a map of a few cells that nobody reads: their code
   * is loaded and compiled and the table's scenery index built while the player is still choosing
   * (issue 41: a cold worker's first map took three times as long). Nothing is done while one runs.
   */
  warm(player: PlayerId, trooper: string) {
    if (typeof Worker === 'undefined' || this.maps?.busy || this.warmed === gameStore.getState().state.setup) return;
    this.maps ??= this.create();
    this.warmed = gameStore.getState().state.setup;
    const state = knownState(gameStore.getState().state, player);
    this.maps.request({ state, trooper, step: 8 }, { progress: () => undefined, map: () => undefined, error: () => undefined }, true);
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

/** Warms the map workers up for an airborne trooper of `player`'s, ahead of its first map (see MapWorker.warm). */
export function warmLandingMaps(player: PlayerId, trooper: string): void {
  mapWorkers.coarse.warm(player, trooper);
}
