import { describe, expect, it } from 'vitest';
import { createLibrary, ARMIES_KEY, TABLES_KEY } from '../../state/editors/library';
import { createPageEditors } from './pageEditors';

function memory() {
  const m = new Map<string, string>();
  return { m, getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('the editors and the browser storage (TOOL-9)', () => {
  it('TOOL-9 every kept edit is in storage at once; after a reload the same editor opens on the same army or table', () => {
    const storage = memory();
    const page = createPageEditors(createLibrary(storage));
    const armyKey = page.newArmy();
    page.army.addTrooper();
    page.army.setField(0, 'name', 'Captain Hale');
    const tableKey = page.newTable();
    page.table.add('building');
    page.table.pointerMove({ x: 10, y: 20 });
    page.table.pointerDown({ x: 10, y: 20 });
    page.table.pointerUp({ x: 10, y: 20 });
    // A refused edit writes nothing.
    const stored = storage.getItem(ARMIES_KEY);
    expect(page.army.setField(0, 's', 12)).toBe('troopers[0].s: expected at most 8');
    expect(storage.getItem(ARMIES_KEY)).toBe(stored);

    const reloaded = createPageEditors(createLibrary(storage));
    reloaded.restore();
    const lib = reloaded.army.store.getState();
    expect(lib.draft.troopers.map((t) => t.name)).toEqual(['Captain Hale']);
    expect(reloaded.table.table.terrain).toEqual([expect.objectContaining({ id: 'building-1', roof: true, x: 10, y: 20 })]);
    expect(JSON.parse(storage.getItem(TABLES_KEY)!).items[0].key).toBe(tableKey);
    expect(JSON.parse(storage.getItem(ARMIES_KEY)!).items[0].key).toBe(armyKey);
  });

  it('TOOL-9 a file that is not an army or table is refused with its first problem and nothing is added', () => {
    const storage = memory();
    const page = createPageEditors(createLibrary(storage));
    expect(page.importText('army', '{"format": "infinity-table-army/1", "name": "X", "troopers": [{"id": "a"}]}')).toBe('troopers[0].name: missing, expected a string');
    expect(page.importText('table', '{"format": "infinity-table-army/1"}')).toBe('format: expected "infinity-table-table/1"');
    expect(storage.getItem(ARMIES_KEY)).toBeNull();
    expect(page.importText('army', JSON.stringify({ format: 'infinity-table-army/1', name: 'Y', troopers: [{ id: 'a', name: 'A', s: 2, wip: 13, ph: 10, arm: 1, skills: ['lieutenant'] }] }))).toBeNull();
    expect(page.army.army.name).toBe('Y');
    // An entry spoiled in storage does not open, and says why.
    const lib = createLibrary(storage);
    lib.put('army', 'army-9', { format: 'infinity-table-army/1', name: 'Z', troopers: [{ id: 'a', s: 2 }] });
    expect(createPageEditors(lib).open('army', 'army-9')).toBe('troopers[0].name: missing, expected a string');
  });
});
