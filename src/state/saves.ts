/**
 * Saves and undo for the page's game: nothing a player did may be lost, and nothing may be taken back
 * once the other player has seen the screen.
 *
 * - Autosave: after every command (and every change of mode or seat) the game file (setup + recorded
 *   commands, GAME-FILE.md) and the match mode and seat are written to storage; the demo is never saved,
 *   so "Reset to demo" clears it. On load the page restores it by replaying the commands through the
 *   engine; in Hotseat the hand-over screen comes first.
 * - Hotseat with PINs (pins.ts): the autosave holds the game sealed (sealedSave.ts): the public log, and
 *   each seat's private choices only as seals whose openings are encrypted under that seat's PIN. It
 *   comes back locked: the page asks every seat's PIN, then the core's audit judges the openings and
 *   the game is replayed. A sealed file loaded from disk goes the same way.
 * - Undo: the player who gave the last command that changed the game may take it back while the core's
 *   `undoable` holds (no die rolled, play not passed) and no hand-over screen has been shown since that
 *   command. Undo replays every command but that one through the engine.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { replay } from '../core/engine';
import { GameFileError, parseGameFile, parseGameFileText } from '../core/gamefile';
import { lastChange, toGameFile, undoable } from '../core/history';
import { commandPlayer, type GameFile, type PlayerId, type Rejection } from '../core/model/types';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import type { GameStoreState } from './gameStore';
import type { MatchMode, MatchState } from './matchStore';
import type { PinState, SeatLock } from './pins';
import { isSealedGame, type SealedGame } from './sealedShape';

/** The sealing code, loaded when a game is first sealed or opened (not before the first frame). */
const loadSealing = () => import('./sealedSave');

export const AUTOSAVE_KEY = 'infinity-table/autosave';

/** What the autosave holds: the game file, or (Hotseat with PINs) the game sealed. */
export type Autosave =
  | { version: 1; mode: Exclude<MatchMode, 'demo'>; seat: PlayerId | null; file: GameFile; table?: TableSave }
  | { version: 2; mode: 'hotseat'; seat: PlayerId | null; sealed: SealedGame };

/** A game against the table: the side the table plays and its level, so a reload brings it back as one. */
export interface TableSave {
  side: PlayerId;
  level: string;
}

/** A sealed game waiting for its seats' PINs: from the autosave, or a file being loaded. */
export interface Locked {
  sealed: SealedGame;
  seat: PlayerId | null;
  from: 'autosave' | 'file';
  name: string;
  /** whether the page asks for the PINs now (a locked autosave put aside stays stored, not asked) */
  asking: boolean;
}

/** The part of `Storage` the saves use (localStorage in the page, a Map in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SavesState {
  /** the game's length (commands applied) when a hand-over screen last went up; -1: never */
  handOverAt: number;
  /** a sealed game waiting for its PINs, or null */
  locked: Locked | null;
}

/** A command of a file the engine refused, as `<path>: <problem>`, with the rule that refused it. */
export function refusalAt(index: number, r: Pick<Rejection, 'rule' | 'message'>): string {
  return `commands[${index}]: refused${r.rule ? ` by ${r.rule}` : ''}: ${r.message}`;
}

/**
 * Reads a game file's text: the `<path>: <problem>` of the first thing wrong, or the file. A file with
 * commands must replay without a refusal.
 */
export function checkGameFile(json: unknown): { file: GameFile } | { error: string } {
  return checkParsed(() => parseGameFile(json));
}

/** The same for a file's text: a JSON syntax error is reported like any other problem. */
export function readGameFile(text: string): { file: GameFile } | { error: string } {
  return checkParsed(() => parseGameFileText(text));
}

function checkParsed(parse: () => GameFile): { file: GameFile } | { error: string } {
  let file: GameFile;
  try {
    file = parse();
  } catch (e) {
    if (e instanceof GameFileError) return { error: e.message };
    throw e;
  }
  if (file.commands.length > 0) {
    const r = replay(file, { scenery: createSceneryIndex(file) });
    if (r.rejected) return { error: refusalAt(r.rejected.index, r.rejected) };
  }
  return { file };
}

/**
 * The player who may undo now, or null. `undoable` (core) says whether the last command that changed
 * the game may be taken back by its player; besides, no hand-over may have been shown since it, and in
 * Hotseat that player must be the one at the screen.
 */
export function undoPlayer(
  game: Pick<GameStoreState, 'history'>,
  match: Pick<MatchState, 'mode' | 'seat' | 'handOverTo'>,
  saves: Pick<SavesState, 'handOverAt'>,
): PlayerId | null {
  const i = lastChange(game.history);
  if (i < 0) return null;
  const cmd = game.history[i]!.command;
  const player = commandPlayer(cmd);
  if (player === null) return null;
  if (!undoable(game.history, player)) return null;
  if (saves.handOverAt > i) return null;
  if (match.mode === 'hotseat' && (match.handOverTo !== null || match.seat !== player)) return null;
  return player;
}

/** `onTable`: a restored game against the table is handed to the bot at its level (the page starts botStore). */
export function createSaves(
  game: StoreApi<GameStoreState>,
  match: StoreApi<MatchState>,
  storage: StorageLike | null,
  pins?: StoreApi<PinState>,
  onTable?: (level: string) => void,
) {
  const store = createStore<SavesState>()(() => ({ handOverAt: -1, locked: null }));
  /** grows with every write, so a sealed write that finishes after a later one is dropped */
  let writes = 0;
  let sealing: Promise<void> = Promise.resolve();

  const sealed = () => match.getState().mode === 'hotseat' && pins?.getState().enabled === true;

  const write = () => {
    if (!storage) return;
    // A locked autosave stays as it is until it is opened or another game starts.
    if (store.getState().locked?.from === 'autosave') return;
    const m = match.getState();
    // A two-machine game is kept by each machine's own session (state/net/session.ts), never here.
    if (m.remote !== null) return;
    const n = ++writes;
    try {
      if (m.mode === 'demo') {
        storage.removeItem(AUTOSAVE_KEY);
        return;
      }
      const g = game.getState();
      if (sealed()) {
        const seat = m.seat;
        sealing = loadSealing()
          .then(({ sealGame }) => sealGame(g.setup, g.history, pins!.getState().locks))
          .then((box) => {
          if (n !== writes) return;
          if ('error' in box) {
            // A game file with secrets started with PINs, before every seat has chosen one: nothing can
            // be stored sealed yet, and an older autosave (another game) must not come back in its place.
            storage.removeItem(AUTOSAVE_KEY);
            return;
          }
          const save: Autosave = { version: 2, mode: 'hotseat', seat, sealed: box };
          try {
            storage.setItem(AUTOSAVE_KEY, JSON.stringify(save));
          } catch {
            // as below
          }
        });
        return;
      }
      const save: Autosave = { version: 1, mode: m.mode, seat: m.seat, file: toGameFile(g.setup, g.history.map((h) => h.command)) };
      if (m.bot !== null) save.table = { side: m.bot, level: m.botLevel };
      storage.setItem(AUTOSAVE_KEY, JSON.stringify(save));
    } catch {
      // Storage full or refused: the game goes on; only the autosave is missing.
    }
  };

  /** Waits for the sealed write under way, if any (tests, and Save). */
  const flush = async () => {
    let last: Promise<void> | null = null;
    while (last !== sealing) {
      last = sealing;
      await last;
    }
  };

  const noteHandOver = () => {
    if (match.getState().handOverTo !== null) store.setState({ handOverAt: game.getState().history.length });
  };

  /** The autosaved game, restored by replay; false when there is none or it no longer replays. */
  const restore = (): boolean => {
    if (!storage) return false;
    let raw: string | null;
    try {
      raw = storage.getItem(AUTOSAVE_KEY);
    } catch {
      return false;
    }
    if (!raw) return false;
    let save: Autosave;
    try {
      save = JSON.parse(raw) as Autosave;
    } catch {
      storage.removeItem(AUTOSAVE_KEY);
      return false;
    }
    if (save && save.version === 2 && save.mode === 'hotseat' && isSealedGame(save.sealed) && pins) {
      // Sealed: it waits for its PINs (the page asks for them), and the autosave stays as it is meanwhile.
      store.setState({ locked: { sealed: save.sealed, seat: save.seat, from: 'autosave', name: 'the autosaved game', asking: true } });
      return true;
    }
    const checked = save && save.version === 1 && (save.mode === 'solo' || save.mode === 'hotseat') ? checkGameFile(save.file) : null;
    if (!checked || 'error' in checked) {
      storage.removeItem(AUTOSAVE_KEY);
      return false;
    }
    pins?.getState().reset(false);
    const t = save.version === 1 ? save.table : undefined;
    if (t && (t.side === 'A' || t.side === 'B') && typeof t.level === 'string') {
      match.getState().startAgainstBot(checked.file, t.side === 'A' ? 'B' : 'A');
      match.setState({ botLevel: t.level });
      onTable?.(t.level);
      write();
      return true;
    }
    resume(checked.file, save.mode, save.seat);
    return true;
  };

  /** Starts a restored game: in Hotseat the hand-over comes first, to whoever acts (or, if nobody does, whoever sat there). */
  const resume = (file: GameFile, mode: Exclude<MatchMode, 'demo'>, seat: PlayerId | null) => {
    match.getState().start(file, mode);
    if (mode === 'hotseat' && match.getState().handOverTo === null && seat && game.getState().state.phase !== 'initiative') {
      match.getState().passTo(seat);
    }
    noteHandOver();
    write();
  };

  /** A sealed file to load: it waits for its PINs like a sealed autosave. */
  const lockFile = (g: SealedGame, name: string) => store.setState({ locked: { sealed: g, seat: null, from: 'file', name, asking: true } });

  /** Leaves a sealed game locked: a file is dropped; a locked autosave stays stored until another game starts. */
  const cancelLocked = () => {
    const l = store.getState().locked;
    if (l?.from === 'file') store.setState({ locked: null });
    else if (l) store.setState({ locked: { ...l, asking: false } });
  };

  /** Asks for the PINs of a locked autosave put aside with "Not now" again. */
  const askLocked = () => {
    const l = store.getState().locked;
    if (l && !l.asking) store.setState({ locked: { ...l, asking: true } });
  };

  /**
   * Opens the locked game with every locked seat's lock: null when it is on the table (Hotseat, PINs
   * on, behind the hand-over), else what is wrong; then nothing changes.
   */
  const unlock = async (locks: Partial<Record<PlayerId, SeatLock>>): Promise<string | null> => {
    const l = store.getState().locked;
    if (!l) return 'There is no locked game.';
    const r = await (await loadSealing()).unsealGame(l.sealed, locks);
    if ('error' in r) return r.error;
    store.setState({ locked: null });
    pins?.getState().reset(true, locks);
    resume(r.file, 'hotseat', l.seat);
    return null;
  };

  const undo = (): boolean => {
    const g = game.getState();
    if (undoPlayer(g, match.getState(), store.getState()) === null) return false;
    const i = lastChange(g.history);
    g.load({ ...g.setup, commands: g.history.slice(0, i).map((h) => h.command) });
    return true;
  };

  const clear = () => {
    store.setState({ locked: null });
    storage?.removeItem(AUTOSAVE_KEY);
  };

  game.subscribe((s, prev) => {
    if (s.history !== prev.history) write();
  });
  match.subscribe((s, prev) => {
    if (s.handOverTo !== null && s.handOverTo !== prev.handOverTo) noteHandOver();
    // Another game started over a locked autosave: that one is given up for it.
    if (s.gameSeq !== prev.gameSeq && store.getState().locked) store.setState({ locked: null });
    if (s.mode !== prev.mode || s.seat !== prev.seat || s.gameSeq !== prev.gameSeq || s.bot !== prev.bot || s.botLevel !== prev.botLevel) write();
  });
  // A PIN chosen (a seat's first hand-over) is written into the sealed autosave at once.
  pins?.subscribe((s, prev) => {
    if (s.locks !== prev.locks) write();
  });

  return { store, restore, undo, clear, write, flush, lockFile, cancelLocked, askLocked, unlock, sealedNow: sealed };
}

export type Saves = ReturnType<typeof createSaves>;

/** The game file of the game on the table, as Save writes it. */
export function currentGameFile(game: Pick<GameStoreState, 'setup' | 'history'>): GameFile {
  return toGameFile(game.setup, game.history.map((h) => h.command));
}

/** React binding: the player who may undo now, or null. */
export function useUndoPlayer(saves: Saves, game: StoreApi<GameStoreState>, match: StoreApi<MatchState>): PlayerId | null {
  const history = useStore(game, (s) => s.history);
  const mode = useStore(match, (s) => s.mode);
  const seat = useStore(match, (s) => s.seat);
  const handOverTo = useStore(match, (s) => s.handOverTo);
  const handOverAt = useStore(saves.store, (s) => s.handOverAt);
  return undoPlayer({ history }, { mode, seat, handOverTo }, { handOverAt });
}
