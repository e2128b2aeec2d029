import { describe, expect, it } from 'vitest';
import { centreLine, dashes, rectSides, zoneOf, zoneShapes } from './zones';

const setup = {
  table: { width: 48, depth: 48 },
  zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } }, exclusion: [] },
};

describe('zones', () => {
  it('TOOL-5 the centre line runs midway between the two Deployment Zones, across the table', () => {
    expect(centreLine(setup)).toEqual({ x0: 0, y0: 24, x1: 48, y1: 24 });
    const sideways = { ...setup, zones: { deployment: { w: { x: 0, y: 0, w: 12, d: 48 }, e: { x: 36, y: 0, w: 12, d: 48 } }, exclusion: [] } };
    expect(centreLine(sideways)).toEqual({ x0: 24, y0: 0, x1: 24, y1: 48 });
  });

  it('tints each zone for the player holding it, none before the choice', () => {
    expect(zoneShapes(setup, null).map((z) => z.player)).toEqual([null, null]);
    const held = zoneShapes(setup, { A: 'north', B: 'south' });
    expect(held.find((z) => z.name === 'north')?.player).toBe('A');
    expect(held.find((z) => z.name === 'south')?.player).toBe('B');
  });

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
