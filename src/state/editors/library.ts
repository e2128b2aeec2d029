/**
 * Armies and tables of one's own, kept in the browser's storage (TOOL-9), and which editor is open on
 * which of them, so a reload comes back to the same edit. Each entry is the army or table file as it
 * stands after the last kept edit: the editors write it on every change, so nothing made is lost.
 * Keys of its own, apart from the game's autosave (`infinity-table/autosave`):
 *   `infinity-table/armies`, `infinity-table/tables`: `{ version: 1, items: [{ key, file, updated }] }`
 *   `infinity-table/editors`: `{ open: "army" | "table" | null, army: key | null, table: key | null }`
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { StorageLike } from '../saves';

export const ARMIES_KEY = 'infinity-table/armies';
export const TABLES_KEY = 'infinity-table/tables';
export const EDITORS_KEY = 'infinity-table/editors';

export type LibraryKind = 'army' | 'table';

export interface LibraryEntry {
  key: string;
  /** the army or table file, as the editor last kept it */
  file: unknown;
  /** when it was last written, ms since 1970 */
  updated: number;
}

export interface EditorsSession {
  /** the editor on screen, or null */
  open: LibraryKind | null;
  /** the entry each editor works on */
  army: string | null;
  table: string | null;
}

export interface LibraryState {
  armies: LibraryEntry[];
  tables: LibraryEntry[];
  session: EditorsSession;
  /** set when the browser refused to store something: what was made is on screen but not kept */
  storageError: string | null;
}

const NO_SESSION: EditorsSession = { open: null, army: null, table: null };

function readItems(storage: StorageLike | null, key: string): LibraryEntry[] {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return [];
    const data = JSON.parse(raw) as { version?: unknown; items?: unknown };
    if (data.version !== 1 || !Array.isArray(data.items)) return [];
    return data.items.filter((e): e is LibraryEntry => !!e && typeof e.key === 'string' && typeof e.updated === 'number' && 'file' in e);
  } catch {
    return [];
  }
}

function readSession(storage: StorageLike | null): EditorsSession {
  try {
    const raw = storage?.getItem(EDITORS_KEY);
    if (!raw) return NO_SESSION;
    const s = JSON.parse(raw) as Partial<EditorsSession>;
    const kind = (v: unknown) => (v === 'army' || v === 'table' ? v : null);
    const key = (v: unknown) => (typeof v === 'string' ? v : null);
    return { open: kind(s.open), army: key(s.army), table: key(s.table) };
  } catch {
    return NO_SESSION;
  }
}

export type Library = ReturnType<typeof createLibrary>;

export function createLibrary(storage: StorageLike | null) {
  const store: StoreApi<LibraryState> = createStore<LibraryState>()(() => ({
    armies: readItems(storage, ARMIES_KEY),
    tables: readItems(storage, TABLES_KEY),
    session: readSession(storage),
    storageError: null,
  }));

  const write = (key: string, value: unknown): boolean => {
    if (!storage) return true;
    try {
      storage.setItem(key, JSON.stringify(value));
      if (store.getState().storageError) store.setState({ storageError: null });
      return true;
    } catch {
      store.setState({ storageError: "The browser's storage refused to keep this (is it full?): download it to keep it." });
      return false;
    }
  };

  const listKey = (kind: LibraryKind) => (kind === 'army' ? 'armies' : 'tables');
  const storageKey = (kind: LibraryKind) => (kind === 'army' ? ARMIES_KEY : TABLES_KEY);

  const list = (kind: LibraryKind): LibraryEntry[] => store.getState()[listKey(kind)];

  const lib = {
    store,
    list,
    entry(kind: LibraryKind, key: string | null): LibraryEntry | undefined {
      return key === null ? undefined : list(kind).find((e) => e.key === key);
    },
    /** Writes an entry (a new one goes last). False when the browser would not keep it. */
    put(kind: LibraryKind, key: string, file: unknown, now = Date.now()): boolean {
      const items = list(kind);
      const entry: LibraryEntry = { key, file, updated: now };
      const next = items.some((e) => e.key === key) ? items.map((e) => (e.key === key ? entry : e)) : [...items, entry];
      store.setState({ [listKey(kind)]: next } as Pick<LibraryState, 'armies'>);
      return write(storageKey(kind), { version: 1, items: next });
    },
    remove(kind: LibraryKind, key: string): void {
      const next = list(kind).filter((e) => e.key !== key);
      store.setState({ [listKey(kind)]: next } as Pick<LibraryState, 'armies'>);
      write(storageKey(kind), { version: 1, items: next });
      const s = store.getState().session;
      if (s[kind] === key) lib.setSession({ [kind]: null });
    },
    /** A key no entry of that kind has. */
    newKey(kind: LibraryKind): string {
      const taken = new Set(list(kind).map((e) => e.key));
      for (let n = list(kind).length + 1; ; n++) if (!taken.has(`${kind}-${n}`)) return `${kind}-${n}`;
    },
    setSession(change: Partial<EditorsSession>): void {
      const next = { ...store.getState().session, ...change };
      store.setState({ session: next });
      write(EDITORS_KEY, next);
    },
  };
  return lib;
}

function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The page's library, in localStorage. */
export const pageLibrary = createLibrary(pageStorage());

export function useLibrary<T>(selector: (s: LibraryState) => T): T {
  return useStore(pageLibrary.store, selector);
}

/** Opens an editor (the start panel's and the New game dialog's buttons). */
export function openEditor(kind: LibraryKind): void {
  pageLibrary.setSession({ open: kind });
}
