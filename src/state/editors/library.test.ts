import { describe, expect, it } from 'vitest';
import { AUTOSAVE_KEY } from '../saves';
import { shippedArmies, shippedTables } from './assets';
import { ARMIES_KEY, createLibrary, EDITORS_KEY, TABLES_KEY } from './library';

function memory() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('the library of armies and tables (TOOL-9)', () => {
  it('TOOL-9 keeps entries and the open editor under keys of its own, and reads them back after a reload', () => {
    const storage = memory();
    storage.setItem(AUTOSAVE_KEY, '{"the game": true}');
    const lib = createLibrary(storage);
    const key = lib.newKey('army');
    expect(key).toBe('army-1');
    lib.put('army', key, { format: 'infinity-table-army/1', name: 'Mine', troopers: [] }, 5);
    lib.put('table', lib.newKey('table'), { name: 'A table' }, 6);
    lib.setSession({ open: 'army', army: key });
    expect([...storage.m.keys()].sort()).toEqual([ARMIES_KEY, EDITORS_KEY, TABLES_KEY, AUTOSAVE_KEY].sort());
    expect(storage.getItem(AUTOSAVE_KEY)).toBe('{"the game": true}');
    const again = createLibrary(storage);
    expect(again.list('army')).toEqual([{ key: 'army-1', file: { format: 'infinity-table-army/1', name: 'Mine', troopers: [] }, updated: 5 }]);
    expect(again.list('table')).toHaveLength(1);
    expect(again.store.getState().session).toEqual({ open: 'army', army: 'army-1', table: null });
    // A second put of the same key replaces it; remove forgets it and the session's hold on it.
    again.put('army', 'army-1', { name: 'Renamed' }, 9);
    expect(again.list('army')).toEqual([{ key: 'army-1', file: { name: 'Renamed' }, updated: 9 }]);
    again.remove('army', 'army-1');
    expect(createLibrary(storage).list('army')).toEqual([]);
    expect(createLibrary(storage).store.getState().session.army).toBeNull();
  });

  it('TOOL-9 storage that is broken or full loses nothing on screen and says so', () => {
    const storage = memory();
    storage.setItem(ARMIES_KEY, 'not json');
    storage.setItem(EDITORS_KEY, '{"open": "sideways"}');
    const lib = createLibrary(storage);
    expect(lib.list('army')).toEqual([]);
    expect(lib.store.getState().session.open).toBeNull();
    const full = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
    const cramped = createLibrary(full);
    expect(cramped.put('army', 'army-1', { name: 'x' })).toBe(false);
    expect(cramped.list('army')).toHaveLength(1);
    expect(cramped.store.getState().storageError).toContain('download it to keep it');
  });

  it('TOOL-9 the app loads the shipped armies and tables from assets/, each read by its own parser', async () => {
    const armies = await shippedArmies();
    expect(armies.map((a) => [a.path, a.file.name])).toEqual([
      ['assets/armies/ember-directorate.json', 'Ember Directorate'],
      ['assets/armies/tidewater-concord.json', 'Tidewater Concord'],
    ]);
    const tables = await shippedTables();
    expect(tables.map((t) => [t.file.name, t.file.table.width, t.file.table.depth])).toEqual([
      ['Foundry Ridge', 48, 48],
      ['Harbour Quarter', 48, 32],
      ['Nexus Station', 48, 48],
    ]);
  });
});
