import { describe, expect, it } from 'vitest';
import { knownPieces, knownState, pieceAt } from './knowledge';
import { TestTable } from './testing/TestTable';
import { silhouetteOf } from '../core/api';

describe('what the tools may know', () => {
  it('HD-2 the tools work on the viewer\'s knowledge: no enemy hidden or airborne trooper, no name behind an enemy marker', () => {
    const t = TestTable.demo();
    const asA = JSON.stringify(knownState(t.state, 'A'));
    expect(asA).not.toMatch(/b-wraith|Wraith|b-harrier|Harrier/);
    const asB = knownState(t.state, 'B');
    expect(JSON.stringify(asB)).not.toMatch(/a-veil|Veil|a-skyfall|Skyfall/);
    // The marker stands under its marker id, with the silhouette it keeps (TOC-9).
    expect(asB.troopers['A-m1']).toMatchObject({ player: 'A', status: 'marker', x: 16.5, y: 21.5 });
    expect(silhouetteOf(asB, 'A-m1')).toEqual(silhouetteOf(t.state, 'a-veil'));
    // Solo knows everything, and keys markers by marker id too, as the table selects them.
    const solo = knownState(t.state, null);
    expect(solo.troopers['A-m1']).toBeDefined();
    expect(solo.troopers['a-veil']).toBeUndefined();
    expect(solo.troopers['b-wraith']?.status).toBe('hidden');
  });

  it('TOOL-1 the piece under the pointer: on its base or silhouette, or within a quarter inch of its edge', () => {
    const t = TestTable.demo();
    const k = t.knowledge;
    expect(pieceAt(k, 28, 3, 0)).toBe('a-varro');
    expect(pieceAt(k, 28.5, 3, 1.2)).toBe('a-varro'); // on the silhouette's side
    expect(pieceAt(k, 28.74, 3, 0)).toBe('a-varro');
    expect(pieceAt(k, 28.76, 3, 0)).toBeNull();
    expect(pieceAt(k, 28, 3, 5)).toBeNull(); // far above it
    expect(pieceAt(k, 39, 6, 3)).toBe('a-osei'); // on the roof
    expect(knownPieces(k).find((p) => p.key === 'b-wraith')?.onTable).toBe(false);
  });
});
