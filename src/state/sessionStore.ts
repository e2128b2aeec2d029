/**
 * The session: what this screen is doing with the table, apart from the game itself. Selection and
 * hover name a piece by its key (a trooper id, or a marker id such as "B-m1" for a marker); camera
 * requests carry a sequence number so pressing the same view twice moves the camera twice.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { PlayerId } from '../core/model/types';

/** `plan`: the true orthographic top-down view (issue 41); the others look through a perspective camera. */
export type CameraMode = 'reset' | 'top' | 'zone' | 'plan';

export interface CameraRequest {
  mode: CameraMode;
  /** grows with every request */
  seq: number;
  /** jump there at once instead of animating */
  instant: boolean;
  /** a camera put back where a seat left it (issue 41): this place, not the named view's */
  pose?: SeatView;
}

/** A camera as a Hotseat seat left it at a hand-over (issue 41), put back when that seat has the screen again. */
export interface SeatView {
  /** the named view it showed, or 'free' where the player had moved it by hand */
  view: CameraMode | 'free';
  /** whether it looked through the plan view's orthographic camera */
  plan: boolean;
  position: [number, number, number];
  target: [number, number, number];
  /** the orthographic camera's zoom (1 for the perspective one) */
  zoom: number;
}

export interface SessionState {
  selected: string | null;
  hovered: string | null;
  /** the last camera view asked for; the camera rig answers it */
  camera: CameraRequest;
  /** the view the camera shows now: one of the named ones, or 'free' once the user has moved it */
  cameraView: CameraMode | 'free';
  /** the keyboard help over the table */
  help: boolean;
  /** the roofs of buildings one may enter lifted off: their inside shows and is reached by the pointer (issue 37) */
  roofsOff: boolean;
  /** the start panel (New game, the demo, Load) the page opens on when no game was autosaved */
  startPanel: boolean;
  /** each Hotseat seat's camera as it left it at its last hand-over */
  seatViews: Partial<Record<PlayerId, SeatView>>;

  select(key: string | null): void;
  hover(key: string | null): void;
  requestCamera(mode: CameraMode, instant?: boolean): void;
  setCameraView(view: CameraMode | 'free'): void;
  setHelp(open: boolean): void;
  setRoofsOff(off: boolean): void;
  setStartPanel(open: boolean): void;
  /** keeps `seat`'s camera as it leaves the screen */
  saveSeatView(seat: PlayerId, view: SeatView): void;
  /**
   * The camera for `seat` taking the screen: where that seat left it (its named view framed again, or
   * the very place it had moved to), else its own side's default view. `newGame` (or no seat): every
   * seat's camera forgotten first.
   */
  seatCamera(seat: PlayerId | null, newGame?: boolean): void;
}

export function createSessionStore() {
  return createStore<SessionState>()((set, get) => ({
    selected: null,
    hovered: null,
    camera: { mode: 'reset', seq: 0, instant: true },
    cameraView: 'reset',
    help: false,
    roofsOff: false,
    startPanel: false,
    seatViews: {},
    select(key) {
      if (get().selected !== key) set({ selected: key });
    },
    hover(key) {
      if (get().hovered !== key) set({ hovered: key });
    },
    requestCamera(mode, instant = false) {
      set({ camera: { mode, seq: get().camera.seq + 1, instant } });
    },
    setCameraView(view) {
      if (get().cameraView !== view) set({ cameraView: view });
    },
    setHelp(open) {
      if (get().help !== open) set({ help: open });
    },
    setRoofsOff(off) {
      if (get().roofsOff !== off) set({ roofsOff: off });
    },
    setStartPanel(open) {
      if (get().startPanel !== open) set({ startPanel: open });
    },
    saveSeatView(seat, view) {
      set({ seatViews: { ...get().seatViews, [seat]: view } });
    },
    seatCamera(seat, newGame = false) {
      if (newGame || seat === null) set({ seatViews: {} });
      const saved = seat === null ? undefined : get().seatViews[seat];
      const seq = get().camera.seq + 1;
      // The view is set with the request: the camera rig, mounted again as the table comes back,
      // frames again whatever view the session says it shows.
      if (!saved) set({ camera: { mode: 'reset', seq, instant: true }, cameraView: 'reset' });
      else if (saved.view !== 'free') set({ camera: { mode: saved.view, seq, instant: true }, cameraView: saved.view });
      else set({ camera: { mode: saved.plan ? 'plan' : 'reset', seq, instant: true, pose: saved }, cameraView: 'free' });
    },
  }));
}

export const sessionStore = createSessionStore();

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
