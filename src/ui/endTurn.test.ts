import { describe, expect, it } from 'vitest';
import { ordersLeft } from './Banner';

describe('End turn asks before Orders are lost', () => {
  it('ORD-6 counts the Orders left in the pool as its player sees it', () => {
    expect(ordersLeft(null).total).toBe(0);
    expect(ordersLeft({ groups: { '1': 4, '2': 1 }, irregular: { 'a-irr': 1 }, lieutenant: 1 })).toEqual({ total: 7, regular: 5, irregular: 1, lieutenant: 1 });
    expect(ordersLeft({ groups: { '1': 0 }, irregular: {}, lieutenant: 0 }).total).toBe(0);
    // The opponent's view of a pool: markers' Irregular Orders summed.
    expect(ordersLeft({ groups: { '1': 2 }, irregular: {}, markersIrregular: 1 }).total).toBe(3);
  });
});
