/**
 * The reactive player's ARO window, shared by its panel (src/ui/AroPanel.tsx) and its drawing on the
 * table (src/scene/AroWindowOverlay.tsx): the points of the declared path each reactor may take its ARO
 * at (the engine's verdicts, worked out by the panel), the one chosen for each (ARO-5), and the reactor
 * whose point a click on the table chooses now. `window` names the window these belong to, so a new
 * window starts afresh.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type PathPoint = { x: number; y: number };

export interface AroPickState {
  window: string | null;
  /** the path points each reactor's chosen ARO may be taken at (empty: it takes no point) */
  allowed: Record<string, PathPoint[]>;
  /** the point chosen for each reactor; none: the engine's default, the last point it sees */
  chosen: Record<string, PathPoint | undefined>;
  /** the reactor whose point a click on a path point chooses */
  picking: string | null;
  /** A window opened (or another one): forgets the last one's points. */
  open(window: string): void;
  setAllowed(reactor: string, points: PathPoint[]): void;
  choose(reactor: string, point: PathPoint | undefined): void;
  pick(reactor: string | null): void;
}

export const aroPick = createStore<AroPickState>()((set, get) => ({
  window: null,
  allowed: {},
  chosen: {},
  picking: null,
  open(window) {
    if (get().window !== window) set({ window, allowed: {}, chosen: {}, picking: null });
  },
  setAllowed(reactor, points) {
    const was = get().allowed[reactor];
    if (was && was.length === points.length && was.every((p, i) => p.x === points[i]!.x && p.y === points[i]!.y)) return;
    const chosen = get().chosen[reactor];
    const keep = chosen && points.some((p) => p.x === chosen.x && p.y === chosen.y);
    set({ allowed: { ...get().allowed, [reactor]: points }, chosen: { ...get().chosen, [reactor]: keep ? chosen : undefined } });
  },
  choose(reactor, point) {
    set({ chosen: { ...get().chosen, [reactor]: point }, picking: null });
  },
  pick(reactor) {
    set({ picking: reactor });
  },
}));

export function useAroPick<T>(selector: (s: AroPickState) => T): T {
  return useStore(aroPick, selector);
}
