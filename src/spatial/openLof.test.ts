import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../core/data/facts';
import type { Terrain } from '../core/model/types';
import { createSceneryIndex } from './sceneryIndex';
import { hasLineOfFire, lineOfFireDetail, type LofQuery } from '../core/geometry/lof';
import { AnalyticScenery, buildSceneryModel } from '../core/geometry/scenery';
import type { Cylinder } from '../core/geometry/shapes';

const facts = resolveFacts();
const S2 = facts.silhouettes[2];
const s2 = (x: number, y: number, z = 0): Cylinder => ({ x, y, z, r: S2.radius, h: S2.height });
/** An open ruin, x 20..28, y 20..26, 5" tall: a door in the south wall at x 21.25..22.75, a window in the east wall at y 22.25..23.75 from 1" to 2.2", a slab at 2.5 over its north half. */
const ruin: Terrain = {
  id: 'ruin',
  kind: 'building',
  x: 24,
  y: 23,
  w: 8,
  d: 6,
  h: 5,
  rotation: 0,
  roof: false,
  interior: 'open',
  floors: [{ z: 2.5, y: 1.375, d: 2.75 }],
  openings: [
    { side: 's', at: -2, w: 1.5, z: 0, h: 2, kind: 'door' },
    { side: 'e', at: 0, w: 1.5, z: 1, h: 1.2, kind: 'window' },
  ],
};
const setup = { table: { width: 48, depth: 48 }, terrain: [ruin], facts: {} };
const engines = [
  ['exact boxes', new AnalyticScenery(buildSceneryModel(setup, facts))],
  ['the BVH', createSceneryIndex(setup, 'bvh')],
] as const;

function sees(rays: (typeof engines)[number][1], shooter: Cylinder, target: Cylinder, facing: number): boolean {
  const q: LofQuery = { shooter, facing, target, blockers: [], patch: facts.lofPatch };
  const d = lineOfFireDetail(q, rays);
  expect(hasLineOfFire(q, rays)).toBe(d.visible);
  return d.visible;
}

describe('Line of Fire and open buildings (MOV-10, MOV-21)', () => {
  for (const [name, rays] of engines) {
    it(`MOV-10 through a door and a window, not through the walls beside them nor through a floor slab (${name})`, () => {
      // From the south, straight through the door, at a trooper inside.
      expect(sees(rays, s2(22, 14), s2(22, 21.5), 0)).toBe(true);
      // From the south at a trooper behind the wall east of the door.
      expect(sees(rays, s2(26, 14), s2(26, 21.5), 0)).toBe(false);
      // From the east at a trooper inside, level with the window's height: through it.
      expect(sees(rays, s2(36, 23, 0.9), s2(25, 23, 0.9), 90)).toBe(true);
      // The same from the east but north of the window: the wall.
      expect(sees(rays, s2(36, 25, 0), s2(25, 25, 0), 90)).toBe(false);
      // Standing on the slab and under it: the slab between them, the walls all round.
      expect(sees(rays, s2(24, 24.5, 2.5), s2(24.5, 24.5, 0), 180)).toBe(false);
      // Two troopers on the slab see each other.
      expect(sees(rays, s2(22, 24.5, 2.5), s2(26, 24.5, 2.5), 270)).toBe(true);
    });
  }
});
