import { describe, expect, it } from 'vitest';
import { cloneData, cloneFlatRecords, dict } from './dict';

describe('records keyed by ids', () => {
  it('cloneFlatRecords copies each record whole, apart from the original, and keeps a record without a prototype so', () => {
    const d = dict<{ x: number; y: number; on: boolean }>();
    d['a'] = { x: 1, y: 2, on: true };
    d['constructor'] = { x: 3, y: 4, on: false };
    const c = cloneFlatRecords(d);
    expect(Object.getPrototypeOf(c)).toBeNull();
    expect(c).toEqual(d);
    expect(Object.keys(c)).toEqual(['a', 'constructor']);
    c.a!.x = 9;
    (c.constructor as unknown as { on: boolean }).on = true;
    expect(d.a!.x).toBe(1);
    expect((d.constructor as unknown as { on: boolean }).on).toBe(false);
    // A plain record stays plain.
    expect(Object.getPrototypeOf(cloneFlatRecords({ a: { x: 1 } }))).toBe(Object.prototype);
  });

  it('cloneFlatRecords keeps a __proto__ key an ordinary key', () => {
    const d = dict<{ x: number }>();
    d['__proto__'] = { x: 1 };
    d['b'] = { x: 2 };
    const c = cloneFlatRecords(d);
    expect(Object.getPrototypeOf(c)).toBeNull();
    expect(Object.hasOwn(c, '__proto__')).toBe(true);
    expect(c['__proto__']).toEqual({ x: 1 });
    c['__proto__']!.x = 5;
    expect(d['__proto__']!.x).toBe(1);
  });

  it('a plain record holding a __proto__ key of its own comes back without a prototype, the key an ordinary one', () => {
    const d = JSON.parse('{"__proto__": {"x": 1}, "b": {"x": 2}}') as Record<string, { x: number }>;
    for (const c of [cloneFlatRecords(d), cloneData(d)]) {
      expect(Object.getPrototypeOf(c)).toBeNull();
      expect(Object.keys(c)).toEqual(['__proto__', 'b']);
      expect(c['__proto__']).toEqual({ x: 1 });
      expect(c['__proto__']).not.toBe(d['__proto__']);
    }
  });
});
