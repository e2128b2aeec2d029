import { describe, expect, it } from 'vitest';
import { TestTable } from './testing/TestTable';
import { silhouetteOf, tableZones, zoneOfControl } from '../core/api';

describe('zone toggles', () => {
  it('DEP-7 the Deployment Zones, Forward Deployment areas, centre line and exclusion zones are the core\'s, each on a key', () => {
    const t = TestTable.demo('A');
    expect(t.snapshot.zones.zones).toEqual(tableZones(t.state));
    expect(t.snapshot.zones.zones.centre).toEqual({ x0: 0, y0: 24, x1: 48, y1: 24 });
    expect(t.snapshot.layers).toEqual({ deployment: true, forward: false, centre: true, exclusion: true, zoc: false });
    for (const [key, layer] of [['1', 'deployment'], ['2', 'forward'], ['3', 'centre'], ['4', 'exclusion']] as const) {
      const before = t.snapshot.layers[layer];
      expect(t.key(key)).toBe(true);
      expect(t.snapshot.layers[layer], layer).toBe(!before);
    }
    // Toggles work whatever tool is in use.
    t.key('m');
    t.key('2');
    expect(t.snapshot.layers.forward).toBe(false);
    expect(t.path).toBe('ruler.idle');
  });

  it('TOOL-5 the Zone of Control of the selected trooper is the core\'s zoneOfControl of its silhouette', () => {
    const t = TestTable.demo();
    t.key('5');
    expect(t.snapshot.layers.zoc).toBe(true);
    expect(t.snapshot.zones.zoc).toBeNull();
    // Rifleman Osei, on the bunker's roof 3" up: 8" around, and 8" above and below.
    t.select('a-osei');
    const zoc = t.snapshot.zones.zoc!;
    expect(zoc.key).toBe('a-osei');
    expect(zoc.reach).toEqual(zoneOfControl(silhouetteOf(t.state, 'a-osei')!));
    expect(zoc.reach).toMatchObject({ x: 39, y: 6, z: -5, r: 8.5 });
    t.select(null);
    expect(t.snapshot.zones.zoc).toBeNull();
  });

  it('TOOL-5 HD-2 no Zone of Control for a trooper the viewer does not know; the owner sees its hidden trooper\'s', () => {
    const asA = TestTable.demo('A');
    asA.select('b-wraith');
    expect(asA.snapshot.zones.zoc).toBeNull();
    const asB = TestTable.demo('B');
    asB.select('b-wraith');
    expect(asB.snapshot.zones.zoc?.reach).toEqual(zoneOfControl(silhouetteOf(asB.state, 'b-wraith')!));
  });
});
