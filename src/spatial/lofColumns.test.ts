import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../core/data/facts';
import { parseGameFileText } from '../core/gamefile';
import { LineOfFire } from '../core/geometry/lof';
import type { Cylinder } from '../core/geometry/shapes';
import { createSceneryIndex } from './sceneryIndex';

const mid = parseGameFileText(readFileSync(join(__dirname, '../../examples/midgame.json'), 'utf8'));
const facts = resolveFacts();
const S = [facts.silhouettes[1], facts.silhouettes[2], facts.silhouettes[5]];

describe('the yes/no search with its eyes proven hidden a column at a time', () => {
  it('LOF-1 answers as the whole answer does (which looks from every eye), through the BVH on the mid-game table', () => {
    const index = createSceneryIndex(mid);
    const at = fc.record({ x: fc.double({ min: 1, max: 47, noNaN: true }), y: fc.double({ min: 1, max: 47, noNaN: true }) });
    let seen = 0;
    let unseen = 0;
    fc.assert(
      fc.property(at, at, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.option(fc.integer({ min: 0, max: 359 })), (s, t, i, j, facing) => {
        const shooter: Cylinder = { x: s.x, y: s.y, z: 0, r: S[i]!.radius, h: S[i]!.height };
        const target: Cylinder = { x: t.x, y: t.y, z: 0, r: S[j]!.radius, h: S[j]!.height };
        const q = { shooter, facing, target, blockers: [], patch: facts.lofPatch };
        const yes = new LineOfFire(q, index).visible();
        expect(yes).toBe(new LineOfFire(q, index).detail().visible);
        if (yes) seen++;
        else unseen++;
      }),
      { numRuns: 400, seed: 36 },
    );
    expect(seen).toBeGreaterThan(20);
    expect(unseen).toBeGreaterThan(100);
  });
});
