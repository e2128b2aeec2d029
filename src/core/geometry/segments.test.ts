import { describe, expect, it } from 'vitest';
import { crossesCylinder, segmentCylinder, type Vec3 } from './segments';
import type { Cylinder } from './shapes';

/** A small seeded stream, so the cases are the same on every run. */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('crossesCylinder', () => {
  it('answers as segmentCylinder does (a pair or null), for segments through, past, along and above cylinders', () => {
    const r = stream(36);
    const c: Cylinder = { x: 0, y: 0, z: 0, r: 0.5, h: 1.6 };
    let crossing = 0;
    for (let i = 0; i < 20000; i++) {
      // Ends on a coarse grid now and then, so vertical, level and grazing segments come up too.
      const p = (): number => (r() < 0.3 ? Math.round((r() * 4 - 2) * 4) / 4 : r() * 4 - 2);
      const a: Vec3 = { x: p(), y: p(), z: p() + 1 };
      const b: Vec3 = r() < 0.1 ? { x: a.x, y: a.y, z: p() + 1 } : r() < 0.1 ? { x: p(), y: p(), z: a.z } : { x: p(), y: p(), z: p() + 1 };
      for (const margin of [0, 0.001, 0.6]) {
        const yes = crossesCylinder(a, b, c, margin);
        expect(yes).toBe(segmentCylinder(a, b, c, margin) !== null);
        if (yes) crossing++;
      }
    }
    expect(crossing).toBeGreaterThan(1000);
  });
});
