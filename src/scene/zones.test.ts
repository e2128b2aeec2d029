import { describe, expect, it } from 'vitest';
import { dashes, rectSides, zoneOf } from './zones';

const setup = {
  table: { width: 48, depth: 48 },
  zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } }, exclusion: [] },
};

describe('zones', () => {
  it('finds a player\'s zone, and falls back to the first zone for A before the choice', () => {
    expect(zoneOf(setup, { A: 'north', B: 'south' }, 'A')).toEqual(setup.zones.deployment.north);
    expect(zoneOf(setup, null, 'A')).toEqual(setup.zones.deployment.south);
    expect(zoneOf(setup, null, 'B')).toEqual(setup.zones.deployment.north);
  });

  it('cuts lines into dashes and rectangles into sides', () => {
    const d = dashes({ x0: 0, y0: 0, x1: 10, y1: 0 }, 1, 1);
    expect(d).toHaveLength(5);
    expect(d[1]).toEqual({ x0: 2, y0: 0, x1: 3, y1: 0 });
    expect(rectSides({ x: 0, y: 0, w: 2, d: 1 })).toHaveLength(4);
  });
});
