import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT, resolveFacts } from '../data/facts';
import type { Terrain } from '../model/types';
import { AnalyticScenery, buildSceneryModel } from './scenery';
import { discBoxGap, discBoxProtrusion, intervalGap, type Cylinder } from './shapes';

const facts = resolveFacts();
const terrain: Terrain[] = [
  { id: 'block', kind: 'block', x: 10, y: 10, w: 4, d: 2, h: 3, rotation: 30 },
  { id: 'hab', kind: 'building', x: 30, y: 20, w: 8, d: 6, h: 4, rotation: 15, roof: true },
  { id: 'ruin', kind: 'building', x: 20, y: 35, w: 6, d: 6, h: 3, rotation: 0, roof: false },
  { id: 'sliver', kind: 'block', x: 40, y: 40, w: 0.2, d: 5, h: 1, rotation: 77 },
];
const model = buildSceneryModel({ table: { width: 48, depth: 48 }, terrain }, facts);
const scenery = new AnalyticScenery(model);

/** The answers as the gap to each box, solid by solid with no first test: what the index must give. */
function overlappingByGaps(c: Cylinder): string | null {
  for (const s of model.solids) {
    if (intervalGap(c.z, c.z + c.h, s.z0, s.z1) >= -CONTACT.overlap) continue;
    if (discBoxGap(s, c.x, c.y, c.r) < -CONTACT.overlap) return `${s.id}/${s.part}`;
  }
  return null;
}
function enclosingByGaps(x: number, y: number, r: number, z: number): string | null {
  for (const i of model.interiors) {
    if (discBoxGap(i, x, y, r) >= -CONTACT.overlap) continue;
    if (!i.roof || z < i.h - CONTACT.contain) return i.id;
  }
  return null;
}

function supportByProtrusion(x: number, y: number, r: number, z: number): number | null {
  let best: number | null = null;
  for (const s of model.surfaces) {
    if (Math.abs(s.height - z) > CONTACT.surfaceHeight) continue;
    if (discBoxProtrusion(s, x, y, r) > CONTACT.contain) continue;
    if (best === null || Math.abs(s.height - z) < Math.abs(best - z)) best = s.height;
  }
  return best;
}

describe('scenery: which solid a base overlaps, which building it stands in, what it stands on', () => {
  it('MOV-2 the answers are those of the gap to every box, near and far, at every turn', () => {
    fc.assert(
      // Anywhere on the table and off it, and (most runs) round one of the pieces, where the answers change.
      // Drawn as whole numbers and scaled: evenly over the ranges (doubles would favour their ends).
      fc.property(fc.integer({ min: -200, max: 5000 }), fc.integer({ min: -200, max: 5000 }), fc.integer({ min: -1, max: terrain.length - 1 }), fc.integer({ min: 0, max: 3599 }), fc.integer({ min: 0, max: 7000 }), fc.constantFrom(0, 0.5, 0.8, 1.1, 2, 2.5), fc.constantFrom(0, 2.9, 3, 4), (ax, ay, piece, turn, out, r, z) => {
        const t = terrain[piece];
        const a = (turn / 1800) * Math.PI;
        const x = t ? t.x + (out / 1000) * Math.cos(a) : ax / 100;
        const y = t ? t.y + (out / 1000) * Math.sin(a) : ay / 100;
        const c = { x, y, z, r, h: 1.6 };
        const hit = scenery.overlapping(c);
        expect(hit ? `${hit.id}/${hit.part}` : null).toBe(overlappingByGaps(c));
        expect(scenery.enclosing(x, y, r, z)).toBe(enclosingByGaps(x, y, r, z));
        expect(scenery.supportHeight(x, y, r, z)).toBe(supportByProtrusion(x, y, r, z));
      }),
      { numRuns: 6000 },
    );
  });

  it('MOV-2 a base just touching a turned block does not overlap it; a hair further in does', () => {
    // The block turned 30 degrees: its east face's middle, from its centre, along the turn.
    const a = (30 * Math.PI) / 180;
    const at = (out: number) => ({ x: 10 + (2 + out) * Math.cos(a), y: 10 + (2 + out) * Math.sin(a), z: 0, r: 0.5, h: 1.6 });
    expect(scenery.overlapping(at(0.5))).toBeNull();
    expect(scenery.overlapping(at(0.5 - 1e-3))?.id).toBe('block');
    expect(scenery.overlapping(at(5))).toBeNull();
  });
});
