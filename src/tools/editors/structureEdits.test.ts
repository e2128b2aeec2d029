import { describe, expect, it } from 'vitest';
import { TableEditor } from './tableEditor';
import { blankTable, type ItemRef } from './tableModel';
import type { BuildingTerrain } from '../../core/model/types';

function editor() {
  const t = blankTable();
  t.terrain.push({ id: 'ruin', kind: 'building', x: 24, y: 24, w: 8, d: 6, h: 4, rotation: 0, roof: false });
  return new TableEditor(t);
}
const ruin: ItemRef = { kind: 'terrain', id: 'ruin' };
const piece = (e: TableEditor) => e.store.getState().draft.terrain.find((p) => p.id === 'ruin') as BuildingTerrain;

describe('the table editor: inside, floors, openings and ladders (MOV-24, TOOL-9)', () => {
  it('MOV-24 opens a building\'s inside, adds a door, a floor and a ladder, and changes them field by field', () => {
    const e = editor();
    expect(e.setStructure(ruin, { op: 'add', list: 'openings' })).toBe('An opening needs a building whose inside is open.');
    expect(e.setStructure(ruin, { op: 'interior', value: 'open' })).toBeNull();
    expect(e.setStructure(ruin, { op: 'add', list: 'openings' })).toBeNull();
    expect(e.setStructure(ruin, { op: 'add', list: 'floors' })).toBeNull();
    expect(e.setStructure(ruin, { op: 'add', list: 'ladders' })).toBeNull();
    expect(piece(e)).toMatchObject({
      interior: 'open',
      openings: [{ side: 's', at: 0, w: 1.5, z: 0, h: 2, kind: 'door' }],
      floors: [{ z: 2 }],
      ladders: [{ side: 's', at: 0 }],
    });
    expect(e.setStructure(ruin, { op: 'set', list: 'openings', index: 0, field: 'kind', value: 'window' })).toBeNull();
    expect(e.setStructure(ruin, { op: 'set', list: 'openings', index: 0, field: 'z', value: 1 })).toBeNull();
    expect(e.setStructure(ruin, { op: 'set', list: 'openings', index: 0, field: 'access', value: 'narrow' })).toBeNull();
    expect(e.setStructure(ruin, { op: 'set', list: 'ladders', index: 0, field: 'inside', value: true })).toBeNull();
    expect(e.setStructure(ruin, { op: 'set', list: 'ladders', index: 0, field: 'to', value: 2 })).toBeNull();
    expect(piece(e).openings![0]).toEqual({ side: 's', at: 0, w: 1.5, z: 1, h: 2, kind: 'window', access: 'narrow' });
    expect(piece(e).ladders![0]).toEqual({ side: 's', at: 0, inside: true, to: 2 });
    // Wide is the default: not written.
    expect(e.setStructure(ruin, { op: 'set', list: 'openings', index: 0, field: 'access', value: 'wide' })).toBeNull();
    expect(piece(e).openings![0]).not.toHaveProperty('access');
  });

  it('MOV-24 refuses what the table file refuses, and keeps the table as it was', () => {
    const e = editor();
    e.setStructure(ruin, { op: 'interior', value: 'open' });
    e.setStructure(ruin, { op: 'add', list: 'openings' });
    const before = JSON.stringify(piece(e));
    expect(e.setStructure(ruin, { op: 'set', list: 'openings', index: 0, field: 'at', value: 3.5 })).toMatch(/^terrain\[0\]\.openings\[0\]: the opening reaches past 3\.75/);
    expect(e.setStructure(ruin, { op: 'set', list: 'openings', index: 0, field: 'h', value: 5 })).toBe('terrain[0].openings[0]: the opening\'s top (5) is above the building\'s (4)');
    expect(e.setStructure(ruin, { op: 'set', list: 'openings', index: 0, field: 'kind', value: 'hatch' })).toBe('Expected one of door, window, gap.');
    expect(JSON.stringify(piece(e))).toBe(before);
    expect(e.store.getState().notice?.text).toMatch(/^Refused: Expected one of door, window, gap\./);
  });

  it('MOV-24 writes the new fields only when set: removing the last item or closing the inside leaves the piece as before', () => {
    const e = editor();
    const before = JSON.stringify(piece(e));
    e.setStructure(ruin, { op: 'interior', value: 'open' });
    e.setStructure(ruin, { op: 'add', list: 'openings' });
    e.setStructure(ruin, { op: 'add', list: 'ladders' });
    e.setStructure(ruin, { op: 'remove', list: 'openings', index: 0 });
    expect(piece(e)).not.toHaveProperty('openings');
    e.setStructure(ruin, { op: 'remove', list: 'ladders', index: 0 });
    e.setStructure(ruin, { op: 'interior', value: 'closed' });
    expect(JSON.stringify(piece(e))).toBe(before);
    // Made a block, a building loses its inside but keeps its outside ladders.
    e.setStructure(ruin, { op: 'interior', value: 'open' });
    e.setStructure(ruin, { op: 'add', list: 'floors' });
    e.setStructure(ruin, { op: 'add', list: 'ladders' });
    expect(e.setField(ruin, 'type', 'block')).toBeNull();
    expect(Object.keys(piece(e)).sort()).toEqual(['d', 'h', 'id', 'kind', 'ladders', 'rotation', 'w', 'x', 'y']);
  });
});
