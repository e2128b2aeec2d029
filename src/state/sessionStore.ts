/**
 * The session: what this screen is doing with the table, apart from the game itself. Selection and
 * hover name a piece by its key (a trooper id, or a marker id such as "B-m1" for a marker); camera
 * requests carry a sequence number so pressing the same view twice moves the camera twice.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** `plan`: the true orthographic top-down view (issue 41); the others look through a perspective camera. */
export type CameraMode = 'reset' | 'top' | 'zone' | 'plan';

export interface CameraRequest {
  mode: CameraMode;
  /** grows with every request */
  seq: number;
  /** jump there at once instead of animating */
  instant: boolean;
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

  select(key: string | null): void;
  hover(key: string | null): void;
  requestCamera(mode: CameraMode, instant?: boolean): void;
  setCameraView(view: CameraMode | 'free'): void;
  setHelp(open: boolean): void;
  setRoofsOff(off: boolean): void;
  setStartPanel(open: boolean): void;
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
  }));
}

export const sessionStore = createSessionStore();

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
