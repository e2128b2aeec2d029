import { describe, expect, it } from 'vitest';
import { TO_DEPLOYMENT, TestGame } from '../testing/fixtures';
import { tableZones, zoneOfControl } from './zones';

describe('zones players may measure', () => {
  it('DEP-7 the Deployment Zones, Forward Deployment areas, centre line and exclusion zones', () => {
    const g = new TestGame();
    g.file.zones.exclusion.push({ id: 'crater', x: 20, y: 20, w: 8, d: 8 });
    const before = tableZones(g.state);
    expect(before.deployment.map((z) => [z.id, z.player])).toEqual([['south', null], ['north', null]]);
    expect(before.centre).toEqual({ x0: 0, y0: 24, x1: 48, y1: 24 });
    expect(before.forward).toEqual([]);
    for (const c of TO_DEPLOYMENT) g.ok(c);
    const z = tableZones(g.state);
    expect(z.deployment).toEqual([
      { id: 'south', player: 'A', rect: { x: 0, y: 0, w: 48, d: 12 } },
      { id: 'north', player: 'B', rect: { x: 0, y: 36, w: 48, d: 12 } },
    ]);
    expect(z.centre).toEqual({ x0: 0, y0: 24, x1: 48, y1: 24 });
    expect(z.forward).toContainEqual({ player: 'A', inches: 4, rect: { x: 0, y: 0, w: 48, d: 16 } });
    expect(z.forward).toContainEqual({ player: 'B', inches: 8, rect: { x: 0, y: 28, w: 48, d: 20 } });
    expect(z.exclusion).toEqual([{ id: 'crater', rect: { x: 20, y: 20, w: 8, d: 8 } }]);
  });

  it('TOOL-5 a Zone of Control reaches 8" around the silhouette, and 8" above and below it', () => {
    expect(zoneOfControl({ x: 10, y: 10, z: 3, r: 0.5, h: 1.6 })).toEqual({ x: 10, y: 10, z: -5, r: 8.5, h: 17.6 });
  });
});
