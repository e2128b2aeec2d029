/**
 * The page's two editors, bound to the page's library (TOOL-9): each works on one entry of it, and
 * every kept edit is written back to that entry at once, so a reload finds the army or table as it
 * was left, in the same editor. Opening a file, a shipped army or table, or a new one makes a new
 * entry; an entry that no longer reads (storage edited by hand) is refused with its first problem.
 */
import { pageLibrary, type Library, type LibraryKind } from '../../state/editors/library';
import { ArmyEditor, armyProblem, blankArmy, NO_LIEUTENANT } from './armyEditor';
import { readArmyList } from './armyImport';
import { TableEditor } from './tableEditor';
import { blankTable } from './tableModel';
import { GameFileError } from '../../core/api';
import { type ArmyFile, parseArmyFile, parseTableFile, parseTableFileText, type TableFile } from '../../core/apiFiles';

/** An entry's file as its editor may open it, or the reason it may not. */
export function readEntry(kind: 'army', file: unknown): { army: ArmyFile } | { error: string };
export function readEntry(kind: 'table', file: unknown): { table: TableFile } | { error: string };
export function readEntry(kind: LibraryKind, file: unknown): { army: ArmyFile } | { table: TableFile } | { error: string } {
  if (kind === 'army') {
    const problem = armyProblem(file);
    // A list still without its Lieutenant is a list in the making: it opens.
    if (problem === null) return { army: parseArmyFile(file) };
    if (problem === NO_LIEUTENANT) return { army: file as ArmyFile };
    return { error: problem };
  }
  try {
    return { table: parseTableFile(file) };
  } catch (e) {
    if (e instanceof GameFileError) return { error: e.message };
    throw e;
  }
}

export function createPageEditors(library: Library) {
  const army = new ArmyEditor(blankArmy());
  const table = new TableEditor(blankTable());
  /** set while an entry is being loaded, so loading it does not write it back */
  let loading = false;

  army.store.subscribe((s, prev) => {
    const key = library.store.getState().session.army;
    if (!loading && key && s.draft !== prev.draft) library.put('army', key, s.draft);
  });
  table.store.subscribe((s, prev) => {
    const key = library.store.getState().session.table;
    if (!loading && key && s.draft !== prev.draft) library.put('table', key, s.draft);
  });

  /** Opens an entry in its editor; the reason if it does not read. */
  const open = (kind: LibraryKind, key: string): string | null => {
    const entry = library.entry(kind, key);
    if (!entry) return 'There is no such entry any more.';
    loading = true;
    try {
      if (kind === 'army') {
        const r = readEntry('army', entry.file);
        if ('error' in r) return r.error;
        army.load(r.army);
      } else {
        const r = readEntry('table', entry.file);
        if ('error' in r) return r.error;
        table.load(r.table);
      }
    } finally {
      loading = false;
    }
    library.setSession({ open: kind, [kind]: key });
    return null;
  };

  /** A new entry holding `file`, opened. */
  const create = (kind: LibraryKind, file: ArmyFile | TableFile): string => {
    const key = library.newKey(kind);
    library.put(kind, key, file);
    open(kind, key);
    return key;
  };

  return {
    army,
    table,
    open,
    newArmy: () => create('army', blankArmy(`Army ${library.list('army').length + 1}`)),
    newTable: () => create('table', blankTable(`Table ${library.list('table').length + 1}`)),
    /** A shipped army or table, or any valid file, as an entry of one's own. */
    copy: (kind: LibraryKind, file: ArmyFile | TableFile) => create(kind, JSON.parse(JSON.stringify(file)) as ArmyFile | TableFile),
    /**
     * A file's text (or what was pasted) read as an army or table file: a new entry, or the first
     * problem (nothing is kept). An army may be a bare list of troopers, or lack its Lieutenant yet.
     */
    importText(kind: LibraryKind, text: string): string | null {
      if (kind === 'army') {
        const r = readArmyList(text, `Army ${library.list('army').length + 1}`);
        if ('error' in r) return r.error;
        create('army', r.army);
        return null;
      }
      try {
        create(kind, parseTableFileText(text));
        return null;
      } catch (e) {
        if (e instanceof GameFileError) return e.message;
        throw e;
      }
    },
    /** The troopers of an army file's text (or a pasted list) added to the army open now; the first problem, if any. */
    addTroopersFrom(text: string): string | null {
      if (!library.store.getState().session.army) return 'No army is open: open or make one first.';
      const r = readArmyList(text);
      if ('error' in r) return r.error;
      return army.importTroopers(r.army);
    },
    remove(kind: LibraryKind, key: string): void {
      library.remove(kind, key);
    },
    /** After a reload: the editor that was open comes back on its entry. */
    restore(): void {
      const s = library.store.getState().session;
      for (const kind of ['army', 'table'] as const) {
        const key = s[kind];
        if (key && open(kind, key) !== null) library.setSession({ [kind]: null });
      }
      library.setSession({ open: s.open });
    },
  };
}

export type PageEditors = ReturnType<typeof createPageEditors>;

export const pageEditors = createPageEditors(pageLibrary);
pageEditors.restore();
