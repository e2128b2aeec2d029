import { describe, expect, it } from 'vitest';
import { facingTowards } from './template';
import { TestTable } from './testing/TestTable';
import { facingVector, resolveFacts, templateHits, templateShape } from '../core/api';

describe('templates', () => {
  it('TOOL-3 a Circular Template put down between two demo troopers highlights both, as the core\'s templateHits says', () => {
    const t = TestTable.demo();
    t.key('c');
    expect(t.path).toBe('template.idle');
    // It follows the pointer before it is put down.
    t.move({ x: 10, y: 30 });
    expect(t.tools.live.template?.placement).toMatchObject({ kind: 'circular', x: 10, y: 30 });
    expect(t.snapshot.template?.placed).toBe(false);
    // Captain Varro (28, 3) and Bulwark Heavy (30, 6): a 3" template between them touches both.
    t.move({ x: 29, y: 4.5 });
    t.down({ x: 29, y: 4.5 });
    expect(t.path).toBe('template.pointing');
    t.up({ x: 29, y: 4.5 });
    expect(t.path).toBe('template.placed');
    const placement = { kind: 'circular' as const, x: 29, y: 4.5, z: 0, rotation: 0 };
    expect(t.snapshot.template).toEqual({ kind: 'circular', hits: ['a-bulwark', 'a-varro'], origin: null, placed: true });
    expect(t.snapshot.template!.hits).toEqual(templateHits(t.state, placement));
    // Its outline is the core's.
    expect(t.tools.live.template!.shape).toEqual(templateShape(placement, resolveFacts()));
    // Put down, it no longer follows the pointer.
    t.move({ x: 10, y: 30 });
    expect(t.tools.live.template?.placement.x).toBe(29);
    // Over a trooper, a Circular Template centres on it.
    t.click('b-strider');
    expect(t.tools.live.template?.placement).toMatchObject({ x: 32, y: 38.5 });
    expect(t.snapshot.template!.hits).toContain('b-strider');
  });

  it('TOOL-3 a Teardrop fired from a trooper hangs from its base edge the way it faces; a drag aims it, Q and E turn it', () => {
    const t = TestTable.demo();
    t.key('s');
    expect(t.snapshot.templateKind).toBe('small-teardrop');
    // Captain Varro faces north (0): the narrow end sits on his base's front edge.
    t.click('a-varro');
    expect(t.path).toBe('template.placed');
    const live = t.tools.live.template!;
    expect(live.origin).toBe('a-varro');
    expect(live.placement).toMatchObject({ kind: 'small-teardrop', rotation: 0, z: 0 });
    expect(live.placement.x).toBeCloseTo(28, 9);
    expect(live.placement.y).toBeCloseTo(3.5, 9);
    // The trooper it is fired from is not among the hits.
    expect(t.snapshot.template!.hits).toEqual(templateHits(t.state, live.placement).filter((h) => h !== 'a-varro'));

    // Drag from Varro towards Bulwark Heavy: the teardrop turns to point at it and covers it.
    t.down('a-varro');
    t.move({ x: 29, y: 4.5 });
    expect(t.path).toBe('template.aiming');
    t.move('a-bulwark');
    t.up('a-bulwark');
    const aimed = t.tools.live.template!.placement;
    const towards = facingTowards({ x: 28, y: 3 }, { x: 30, y: 6 });
    expect(aimed.rotation).toBeCloseTo(towards, 9);
    const dir = facingVector(towards);
    expect(aimed.x).toBeCloseTo(28 + dir.x * 0.5, 9);
    expect(aimed.y).toBeCloseTo(3 + dir.y * 0.5, 9);
    expect(t.snapshot.template!.hits).toContain('a-bulwark');

    t.key('q');
    expect(t.tools.live.template!.placement.rotation).toBeCloseTo(towards + 15, 9);
    t.key('e', true);
    expect(t.tools.live.template!.placement.rotation).toBeCloseTo(towards + 10, 9);
    // The Large Teardrop, in the same spot.
    t.key('g');
    expect(t.tools.live.template!.placement.kind).toBe('large-teardrop');
    expect(t.snapshot.template!.hits).toEqual(templateHits(t.state, t.tools.live.template!.placement).filter((h) => h !== 'a-varro'));
  });

  it('TOOL-3 facings point where they should: 0 north, 90 west, 180 south', () => {
    expect(facingTowards({ x: 0, y: 0 }, { x: 0, y: 5 })).toBeCloseTo(0, 9);
    expect(facingTowards({ x: 0, y: 0 }, { x: -5, y: 0 })).toBeCloseTo(90, 9);
    expect(facingTowards({ x: 0, y: 0 }, { x: 0, y: -5 })).toBeCloseTo(180, 9);
  });

  it('TOOL-3 HD-2 a template never touches a hidden trooper, and names an enemy marker by its marker id', () => {
    // Wraith Operative (B, hidden) stands at (44, 37.5).
    const asB = TestTable.demo('B');
    asB.key('c');
    asB.click({ x: 44, y: 37.5 });
    expect(asB.snapshot.template!.hits).toEqual([]);
    asB.click('A-m1');
    expect(asB.snapshot.template!.hits).toEqual(['A-m1']);
    expect(JSON.stringify(asB.snapshot)).not.toMatch(/a-veil|Veil/);
  });

  it('TOOL-3 picking the template in use again, or Escape, puts it away', () => {
    const t = TestTable.demo();
    t.key('c');
    t.click({ x: 29, y: 4.5 });
    t.key('c');
    expect(t.path).toBe('select');
    expect(t.snapshot.template).toBeNull();
    t.key('g');
    t.click({ x: 29, y: 4.5 });
    expect(t.snapshot.template?.kind).toBe('large-teardrop');
    t.key('Escape');
    expect(t.path).toBe('select');
    expect(t.tools.live.template).toBeNull();
  });
});
