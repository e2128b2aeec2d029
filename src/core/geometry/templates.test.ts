import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../data/facts';
import { templateHits } from '../rules/queries';
import { TO_DEPLOYMENT, TestGame, dep } from '../testing/fixtures';
import { pointOutlineDistance, templateShape, templateTouches } from './templates';

const facts = resolveFacts();
const s2 = (x: number, y: number, z = 0) => ({ x, y, z, r: 0.5, h: 1.6 });

describe('templates', () => {
  it('TOOL-3 lists the models and markers a template touches, never hidden or airborne troopers', () => {
    const g = new TestGame(undefined, TO_DEPLOYMENT);
    g.ok(dep('A', 'r-lt', 24, 5));
    g.ok(dep('A', 'r-gun', 26, 5));
    g.ok(dep('A', 'r-bike', 40, 10));
    expect(templateHits(g.state, { kind: 'circular', x: 25, y: 5, z: 0, rotation: 0 })).toEqual(['r-gun', 'r-lt']);
    expect(templateHits(g.state, { kind: 'small-teardrop', x: 24, y: 2, z: 0, rotation: 0 })).toEqual(['r-lt']);
    expect(templateHits(g.state, { kind: 'circular', x: 10, y: 30, z: 0, rotation: 0 })).toEqual([]);
  });

  it('TOOL-3 the Circular Template is 3" across and touches every silhouette within its reach', () => {
    const t = templateShape({ kind: 'circular', x: 10, y: 10, z: 0, rotation: 0 }, facts);
    expect(pointOutlineDistance(t.outline, 10, 10)).toBeCloseTo(-1.5, 3);
    // A base 2.05" from the centre: its edge touches the template's edge.
    expect(templateTouches(t, s2(12.04, 10))).toBe(true);
    expect(templateTouches(t, s2(12.1, 10))).toBe(false);
    // As tall as its radius above and below: a trooper on a roof 3.2" up is out of reach.
    expect(templateTouches(t, s2(10, 10, 1.5))).toBe(true);
    expect(templateTouches(t, s2(10, 10, 1.6))).toBe(false);
  });

  it('TOOL-3 a Small Teardrop reaches 8" from its narrow end, 2.5" wide at its round end, and turns with its rotation', () => {
    // Pointing north (rotation 0) from (10, 10).
    const t = templateShape({ kind: 'small-teardrop', x: 10, y: 10, z: 0, rotation: 0 }, facts);
    expect(pointOutlineDistance(t.outline, 10, 18)).toBeCloseTo(0, 3);
    expect(pointOutlineDistance(t.outline, 10 + 1.25, 18 - 1.25)).toBeCloseTo(0, 3);
    expect(templateTouches(t, s2(10, 18.5))).toBe(true);
    expect(templateTouches(t, s2(10, 18.6))).toBe(false);
    // Nothing behind the narrow end.
    expect(templateTouches(t, s2(10, 9.4))).toBe(false);
    // Turned to point west (90), it reaches x = 2.
    const west = templateShape({ kind: 'small-teardrop', x: 10, y: 10, z: 0, rotation: 90 }, facts);
    expect(templateTouches(west, s2(2.5, 10))).toBe(true);
    expect(templateTouches(west, s2(10, 18.5))).toBe(false);
  });

  it('TOOL-3 the Large Teardrop is 10" long and 3.5" wide', () => {
    const t = templateShape({ kind: 'large-teardrop', x: 0, y: 0, z: 0, rotation: 180 }, facts);
    expect(pointOutlineDistance(t.outline, 0, -10)).toBeCloseTo(0, 3);
    expect(pointOutlineDistance(t.outline, 1.75, -8.25)).toBeCloseTo(0, 3);
    expect(pointOutlineDistance(t.outline, 0, -5)).toBeLessThan(-0.5);
  });
});
