/**
 * The game store: one GameState that changes only through the engine's `apply`, and the player
 * the table is shown to. Everything the scene draws comes from `viewFor(state, viewer)`, so secrets
 * (hidden troopers, which trooper a marker is) are filtered in the core, never by hiding meshes.
 *
 * Vanilla zustand (`createStore`) so tests and non-React code use it directly; React binds at the
 * edge through `useGame`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { apply, createGame, isQuery, type ApplyResult } from '../core/engine';
import { commandPlayer, type Command, type GameEvent, type GameFile, type GameState, type Phase, type PlayerId, type Rejection, type Setup } from '../core/model/types';
import type { EngineContext } from '../core/ports';
import { viewEvents, viewFor, ViewNumbering, type StateView, type Viewer } from '../core/view';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { demoGame } from './demo';

/** One applied command: what it was (as recorded, with any rolls), and what it did. */
export interface HistoryEntry {
  command: Command;
  events: GameEvent[];
  before: GameState;
  after: GameState;
}

export type LoadRejection = Rejection & { index: number; player: PlayerId | null };

/**
 * What `dispatch` answers: the engine's result; in a game across two machines (`pending`) the command
 * has gone out and the game changes once both machines have it, `state` is still the one before, and
 * `events` are those this player may already see (none for a command whose dice both machines roll).
 */
export type DispatchResult = ApplyResult & { pending?: true };

export interface GameStoreState {
  /** the game's setup: table, terrain, objectives, rosters, dice */
  setup: Setup;
  /** the state after the last applied command */
  state: GameState;
  /** every applied command, in order */
  history: HistoryEntry[];
  /** who is looking at the table: a player, or null for solo (sees everything) */
  viewer: Viewer;
  /** the last command the engine refused, if the latest attempt was refused */
  lastRejection: LoadRejection | null;
  /** the scenery queries of this game's table (the tools ask the core with them too) */
  ctx: EngineContext;

  /** Starts over from a game file, replaying its commands through the engine. */
  load(file: GameFile): LoadRejection | null;
  /** Applies one command through the engine; on refusal the state stays as it was. */
  dispatch(command: Command): DispatchResult;
  /**
   * Asks the engine what a command would do, without doing it: `apply` on the current state, its
   * result discarded. Random dice come up 1 here (a preview rolls nothing for real). The interface
   * judges ghosts and buttons with this, never with a copy of the rules.
   */
  preview(command: Command): ApplyResult;
  setViewer(viewer: Viewer): void;
  /**
   * A game across two machines (state/net/table.ts): the commands that change the game go to it
   * instead of `apply` here, and it puts the game as this machine knows it back into the store.
   */
  remote: ((command: Command) => DispatchResult) | null;
  setRemote(remote: ((command: Command) => DispatchResult) | null): void;
}


/** Replays a file's commands with `apply`, keeping each step (for views of the log). */
function replayWithHistory(file: GameFile, ctx: EngineContext) {
  const { commands, ...setup } = file;
  let state = createGame(setup);
  const history: HistoryEntry[] = [];
  let rejected: LoadRejection | null = null;
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i]!;
    const r = apply(state, cmd, ctx);
    if (!r.ok) {
      rejected = { index: i, player: commandPlayer(cmd), ...r.rejection };
      break;
    }
    history.push({ command: r.command, events: r.events, before: state, after: r.state });
    state = r.state;
  }
  return { setup, state, history, rejected };
}

export function createGameStore(file: GameFile, viewer: Viewer = null): StoreApi<GameStoreState> {
  let ctx: EngineContext = { scenery: createSceneryIndex(file) };
  let previewCtx: EngineContext = { scenery: ctx.scenery, randomD20: () => 1 };
  const first = replayWithHistory(file, ctx);
  return createStore<GameStoreState>()((set, get) => ({
    setup: first.setup,
    state: first.state,
    history: first.history,
    viewer,
    lastRejection: first.rejected,
    ctx,

    load(next) {
      ctx = { scenery: createSceneryIndex(next) };
      previewCtx = { scenery: ctx.scenery, randomD20: () => 1 };
      const r = replayWithHistory(next, ctx);
      set({ setup: r.setup, state: r.state, history: r.history, lastRejection: r.rejected, ctx });
      return r.rejected;
    },

    dispatch(command) {
      const { state, history, remote } = get();
      if (remote && !isQuery(command)) return remote(command);
      const r = apply(state, command, ctx);
      if (!r.ok) {
        set({ lastRejection: { index: state.applied, player: commandPlayer(command), ...r.rejection } });
        return r;
      }
      set({
        state: r.state,
        history: [...history, { command: r.command, events: r.events, before: state, after: r.state }],
        lastRejection: null,
      });
      return r;
    },

    preview(command) {
      return apply(get().state, command, previewCtx);
    },
    setViewer(v) {
      set({ viewer: v });
    },
    remote: null,
    setRemote(remote) {
      set({ remote });
    },
  }));
}

/** The game file of the store's current game: its setup and the commands as applied. */
export function gameFileOf(s: Pick<GameStoreState, 'setup' | 'history'>): GameFile {
  return { ...s.setup, commands: s.history.map((h) => h.command) };
}

// ------------------------------------------------------------------ views, cached per state

/** `compute`, run once per (object, viewer) and kept while the object lives, so selectors return a stable value. */
function perViewer<K extends object, V>(compute: (key: K, viewer: Viewer) => V): (key: K, viewer: Viewer) => V {
  const cache = new WeakMap<K, Map<Viewer, V>>();
  return (key, viewer) => {
    let byViewer = cache.get(key);
    if (!byViewer) {
      byViewer = new Map();
      cache.set(key, byViewer);
    }
    if (!byViewer.has(viewer)) byViewer.set(viewer, compute(key, viewer));
    return byViewer.get(viewer)!;
  };
}

/** `viewFor`, computed once per (state, viewer). */
export const viewOf: (state: GameState, viewer: Viewer) => StateView = perViewer(viewFor);

/**
 * One command as the viewer may read it in the log: the command (the history holds it), the phase it
 * was given in (public), and its events as the viewer may see them. The events say what happened; the
 * command and phase say what for (which roll, which placement).
 */
export interface LogEntry {
  command: Command;
  phase: Phase;
  events: GameEvent[];
}

/** The log as the viewer may read it, one entry per command (`viewEvents`, judged as each command was applied). */
export const visibleLog: (history: HistoryEntry[], viewer: Viewer) => LogEntry[] = perViewer((history, viewer) =>
  {
    const numbering = new ViewNumbering(viewer);
    return history.map((h, i) => ({ command: h.command, phase: h.before.phase, events: numbering.number(i, viewEvents(h.events, h.before, h.after, viewer, h.command)) }));
  },
);

/** The events the viewer may see, judged as each command was applied (GAME-FILE.md: Views). */
export const visibleEvents: (history: HistoryEntry[], viewer: Viewer) => GameEvent[] = perViewer((history, viewer) =>
  visibleLog(history, viewer).flatMap((e) => e.events),
);

export const selectView = (s: GameStoreState): StateView => viewOf(s.state, s.viewer);
export const selectLogEntries = (s: GameStoreState): LogEntry[] => visibleLog(s.history, s.viewer);
export const selectLog = (s: GameStoreState): GameEvent[] => visibleEvents(s.history, s.viewer);

// ------------------------------------------------------------------ the page's store

/** The page's game: it opens on the demo deployment, replayed through the engine. */
export const gameStore = createGameStore(demoGame());

/** React binding of the page's game store. */
export function useGame<T>(selector: (s: GameStoreState) => T): T {
  return useStore(gameStore, selector);
}
