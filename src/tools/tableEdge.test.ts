import { describe, expect, it } from 'vitest';
import { fixture, SMALL_CHOICES } from './testTable';
import { TestTable } from './testing/TestTable';
import { snapToZoneEdge } from './tableEdge';

describe('the fallback spot at the table edge', () => {
  const t = TestTable.fromFile(fixture('e2e/fixtures/small-setup.json', { commands: SMALL_CHOICES }));
  const state = t.state;

  it('HD-4 CJ-7 pushes a point in the zone onto the edge the zone shares with the table, base touching it, inside the zone', () => {
    // A's zone is the south one: 0 <= y <= 12 across the table.
    expect(snapToZoneEdge(state, 'A', 'a-veil', { x: 30, y: 6 })).toEqual({ x: 30, y: 0.5, z: 0 });
    expect(snapToZoneEdge(state, 'A', 'a-veil', { x: 30, y: -2 })).toEqual({ x: 30, y: 0.5, z: 0 });
    // The nearest edge that bounds the zone wins: the zone runs the whole width, so the west edge too.
    expect(snapToZoneEdge(state, 'A', 'a-veil', { x: -1, y: 3 })).toEqual({ x: 0.5, y: 3, z: 0 });
    // Along the edge it stays inside the zone (and on the table).
    expect(snapToZoneEdge(state, 'A', 'a-veil', { x: 0.2, y: -2 })).toEqual({ x: 0.5, y: 0.5, z: 0 });
    // B's zone is the north one.
    const north = snapToZoneEdge(state, 'B', 'b-lt', { x: 20, y: 28 });
    expect(north.y).toBeCloseTo(state.setup.table.depth - 0.5, 3);
    expect(north.y + 0.5).toBeLessThanOrEqual(state.setup.table.depth);
  });

  it('leaves a point far from the zone where it is (the engine says why it is refused)', () => {
    expect(snapToZoneEdge(state, 'A', 'a-veil', { x: 30, y: 20 })).toEqual({ x: 30, y: 20 });
  });
});
