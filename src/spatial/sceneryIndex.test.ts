import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../core/data/facts';
import { lineOfFireDetail } from '../core/geometry/lof';
import { AnalyticScenery, buildSceneryModel } from '../core/geometry/scenery';
import type { Setup } from '../core/model/types';
import { createSceneryIndex } from './sceneryIndex';

const setup: Pick<Setup, 'table' | 'terrain' | 'facts'> = {
  table: { width: 48, depth: 48 },
  facts: {},
  terrain: [
    { id: 'tower', kind: 'block', x: 16, y: 20, w: 5, d: 5, h: 6, rotation: 0 },
    { id: 'crates', kind: 'block', x: 32, y: 28, w: 3, d: 2, h: 1.2, rotation: 30 },
    { id: 'hab', kind: 'building', x: 34, y: 16, w: 6, d: 4, h: 3, rotation: 0, roof: true },
    { id: 'shell', kind: 'building', x: 12, y: 34, w: 5, d: 5, h: 3, rotation: 15, roof: false },
  ],
};

const exact = new AnalyticScenery(buildSceneryModel(setup, resolveFacts()));
const point = fc.record({ x: fc.double({ min: 0, max: 48, noNaN: true }), y: fc.double({ min: 0, max: 48, noNaN: true }), z: fc.double({ min: 0, max: 7, noNaN: true }) });

describe('the scenery index', () => {
  for (const kind of ['bvh', 'plain'] as const) {
    it(`TOOL-2 ${kind} rays hit the same solids as the exact box test`, () => {
      const index = createSceneryIndex(setup, kind);
      fc.assert(
        fc.property(point, point, (a, b) => {
          const want = exact.sceneryHit(a, b);
          const got = index.sceneryHit(a, b);
          // Float32 vertices can disagree only on rays grazing an edge: accept either answer there.
          if ((want?.id ?? null) !== (got?.id ?? null)) {
            const shift = (p: typeof a, d: number) => ({ x: p.x + d, y: p.y + d, z: p.z + d });
            const near = [1e-3, -1e-3].some((d) => (exact.sceneryHit(shift(a, d), shift(b, d))?.id ?? null) === (got?.id ?? null));
            expect(near).toBe(true);
          }
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('TOOL-2 Line of Fire through the BVH index agrees with the exact answer', () => {
    const index = createSceneryIndex(setup);
    const f = resolveFacts();
    const s2 = (x: number, y: number) => ({ x, y, z: 0, r: f.silhouettes[2].radius, h: f.silhouettes[2].height });
    const pairs: [number, number, number, number][] = [
      [16, 10, 16, 30], // behind the tower
      [10, 10, 30, 40],
      [34, 10, 34, 22], // behind the hab
      [5, 5, 40, 40],
    ];
    for (const [ax, ay, bx, by] of pairs) {
      const q = { shooter: s2(ax, ay), facing: null, target: s2(bx, by), blockers: [], patch: f.lofPatch };
      const a = lineOfFireDetail(q, exact);
      const b = lineOfFireDetail(q, index);
      expect(b.visible).toBe(a.visible);
      expect(b.fraction).toBeCloseTo(a.fraction, 1);
    }
  });

  it('answers placement queries like the exact model', () => {
    const index = createSceneryIndex(setup);
    expect(index.supportHeight(34, 16, 0.5, 3)).toBe(3);
    expect(index.enclosing(12, 34, 0.5, 0)).toBe('shell');
    expect(index.overlapping({ x: 16, y: 20, z: 0, r: 0.5, h: 1.6 })?.id).toBe('tower');
  });
});
