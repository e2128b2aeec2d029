import { describe, expect, it } from 'vitest';
import { sharedTables } from './lofGrids';

describe('the shared buffer for a query\'s tables', () => {
  it('is held by one query at a time, hands out cleared views that do not overlap, and grows without spoiling views already handed out', () => {
    const t = sharedTables.take();
    expect(t).not.toBeNull();
    // While it is held, another query is told to make its own tables.
    expect(sharedTables.take()).toBeNull();
    const a = t!.u8(5);
    const b = t!.f64(3);
    const c = t!.u16(4);
    a.fill(7);
    b.fill(1.5);
    c.fill(9);
    expect([...a]).toEqual([7, 7, 7, 7, 7]);
    expect([...b]).toEqual([1.5, 1.5, 1.5]);
    expect([...c]).toEqual([9, 9, 9, 9]);
    // More than the buffer holds: the views already handed out keep their values.
    const big = t!.f64(100_000);
    expect(big.every((x) => x === 0)).toBe(true);
    expect([...a]).toEqual([7, 7, 7, 7, 7]);
    expect([...b]).toEqual([1.5, 1.5, 1.5]);
    sharedTables.give();
    // The next query starts from the beginning, every view cleared.
    const again = sharedTables.take()!;
    expect(again.u8(5).every((x) => x === 0)).toBe(true);
    expect(again.f64(3).every((x) => x === 0)).toBe(true);
    sharedTables.give();
  });
});
