import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../core/data/facts';
import { parseGameFileText } from '../core/gamefile';
import { hasLineOfFire } from '../core/geometry/lof';
import { hiddenAtEvery } from '../core/geometry/lofRun';
import type { Cylinder } from '../core/geometry/shapes';
import { createSceneryIndex } from './sceneryIndex';

const demo = parseGameFileText(readFileSync(join(__dirname, '../../examples/demo-setup.json'), 'utf8'));
const facts = resolveFacts();
const S = [facts.silhouettes[1], facts.silhouettes[2], facts.silhouettes[5]];

describe('Line of Fire along a run through the BVH', () => {
  it('TOOL-2 a run proven hidden is hidden at every point for the BVH rays too, on the demo table', () => {
    const index = createSceneryIndex(demo);
    const at = fc.record({ x: fc.double({ min: 1, max: 47, noNaN: true }), y: fc.double({ min: 1, max: 47, noNaN: true }) });
    let proven = 0;
    fc.assert(
      fc.property(at, at, fc.integer({ min: 0, max: 2 }), fc.double({ min: 0.3, max: 6, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.option(fc.integer({ min: 0, max: 359 })), (s, t, k, len, a, facing) => {
        const sil = S[k]!;
        const shooter: Cylinder = { x: s.x, y: s.y, z: 0, r: facts.silhouettes[2].radius, h: facts.silhouettes[2].height };
        const n = Math.max(1, Math.round(len / 0.1));
        const targets = Array.from({ length: n + 1 }, (_, i) => ({ x: t.x + (len * Math.cos(a) * i) / n, y: t.y + (len * Math.sin(a) * i) / n, z: 0, r: sil.radius, h: sil.height }));
        if (!hiddenAtEvery(shooter, facing, targets, [], index)) return;
        proven++;
        for (const target of targets) expect(hasLineOfFire({ shooter, facing, target, blockers: [], patch: facts.lofPatch }, index)).toBe(false);
      }),
      { numRuns: 600, seed: 9 },
    );
    expect(proven).toBeGreaterThan(100);
  });
});
