import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../data/facts';
import type { Terrain } from '../model/types';
import { lineOfFireDetail, hasLineOfFire, type LofBlocker, type LofQuery } from './lof';
import { AnalyticScenery, buildSceneryModel } from './scenery';
import type { Cylinder } from './shapes';

const facts = resolveFacts();
const S2 = facts.silhouettes[2];
const S6 = facts.silhouettes[6];

function scene(terrain: Terrain[]) {
  return new AnalyticScenery(buildSceneryModel({ table: { width: 48, depth: 48 }, terrain }, facts));
}
const block = (id: string, x: number, y: number, w: number, d: number, h: number, rotation = 0): Terrain => ({ id, kind: 'block', x, y, w, d, h, rotation });
const s2 = (x: number, y: number, z = 0, prone = false): Cylinder => ({ x, y, z, r: S2.radius, h: prone ? facts.proneHeight : S2.height });

function ask(terrain: Terrain[], shooter: Cylinder, target: Cylinder, facing: number | null = 0, blockers: LofBlocker[] = []) {
  const q: LofQuery = { shooter, facing, target, blockers, patch: facts.lofPatch };
  const rays = scene(terrain);
  const detail = lineOfFireDetail(q, rays);
  // The fast yes/no always agrees with the detailed answer.
  expect(hasLineOfFire(q, rays)).toBe(detail.visible);
  return detail;
}

describe('Line of Fire between silhouettes', () => {
  it('TOOL-2 a tall wall between two troopers blocks, and the open table does not', () => {
    const wall = block('wall', 10, 15, 6, 0.5, 3);
    expect(ask([wall], s2(10, 10), s2(10, 20)).visible).toBe(false);
    const open = ask([], s2(10, 10), s2(10, 20));
    expect(open.visible).toBe(true);
    expect(open.fraction).toBe(1);
    expect(open.witness).not.toBeNull();
  });

  it('TOOL-2 a wall wide enough to hide the target from every point of the shooter, but not when the target steps 1" aside of its end', () => {
    const wall = block('wall', 10, 15, 6, 0.5, 3); // from x 7 to 13
    expect(ask([wall], s2(10, 10), s2(12, 20)).visible).toBe(false);
    expect(ask([wall], s2(10, 10), s2(15.5, 20)).visible).toBe(true);
  });

  it('TOOL-2 a low wall one sees over', () => {
    // 1" tall wall midway; S2 silhouettes are 1.6" tall: the upper part of the target is seen.
    const low = block('low', 10, 15, 6, 0.5, 1);
    const d = ask([low], s2(10, 10), s2(10, 20));
    expect(d.visible).toBe(true);
    expect(d.fraction).toBeGreaterThan(0.2);
    expect(d.fraction).toBeLessThan(1);
    expect(d.hiddenBy).toEqual(['low']);
  });

  it('TOOL-2 a gap between two blocks lets Line of Fire through; closing it blocks', () => {
    const left = block('left', 7, 15, 5, 1, 5); // x 4.5 to 9.5
    const right = block('right', 13, 15, 5, 1, 5); // x 10.5 to 15.5: a 1" gap around x = 10
    expect(ask([left, right], s2(10, 10), s2(10, 20)).visible).toBe(true);
    const closed = block('right', 11.9, 15, 5, 1, 5); // x 9.4 to 14.4: the two overlap
    expect(ask([left, closed], s2(10, 10), s2(10, 20)).visible).toBe(false);
  });

  it('TOOL-2 a rooftop shooter sees over a wall that hides the target from the ground', () => {
    const tower = block('tower', 10, 8, 4, 4, 4); // top at 4", from y 6 to 10
    const wall = block('wall', 10, 14, 8, 0.5, 2); // 2" tall, from y 13.75 to 14.25
    const target = s2(10, 14.8); // behind the wall, 0.05" from it
    expect(ask([tower, wall], s2(10, 9, 4), target).visible).toBe(true);
    expect(ask([tower, wall], s2(10, 11), target).visible).toBe(false);
  });

  it('TOOL-2 a model sees only its front half; the rear half is out of its Line of Fire', () => {
    expect(ask([], s2(10, 10), s2(10, 20), 0).visible).toBe(true);
    expect(ask([], s2(10, 10), s2(10, 20), 180).visible).toBe(false);
    // Facing east (270): a target due north sits 90 degrees off, its half beyond the plane counts.
    expect(ask([], s2(10, 10), s2(10, 20), 270).visible).toBe(true);
    // Turned a little further, the target is wholly behind the plane.
    expect(ask([], s2(10, 10), s2(10, 20), 260).visible).toBe(false);
  });

  it('TOC-8 a marker sees all round', () => {
    expect(ask([], s2(10, 10), s2(10, 20), null).visible).toBe(true);
    expect(ask([], s2(10, 20), s2(10, 10), null).visible).toBe(true);
  });

  it('TOOL-2 a Prone target right behind a low wall is not seen; standing, it is', () => {
    const low = block('low', 10, 15, 6, 0.5, 1); // y 14.75 to 15.25
    expect(ask([low], s2(10, 10), s2(10, 15.8, 0, true)).visible).toBe(false);
    expect(ask([low], s2(10, 10), s2(10, 15.8)).visible).toBe(true);
  });

  it('TOOL-2 a model standing in the way blocks; the same trooper beside the line does not', () => {
    const mech: LofBlocker = { id: 'mech', c: { x: 10, y: 15, z: 0, r: S6.radius, h: S6.height } };
    const d = ask([], s2(10, 10), s2(10, 20), 0, [mech]);
    // The S6 is wider than the S2s: it hides the target from every point of the shooter.
    expect(d.visible).toBe(false);
    expect(d.hiddenByModels).toEqual(['mech']);
    const aside: LofBlocker = { id: 'mech', c: { ...mech.c, x: 13 } };
    expect(ask([], s2(10, 10), s2(10, 20), 0, [aside]).visible).toBe(true);
  });

  it('TOOL-2 a target behind the corner of a block is seen in part', () => {
    const corner = block('corner', 8, 15, 4, 4, 4); // x 6 to 10, y 13 to 17
    const d = ask([corner], s2(12, 8), s2(9.5, 18.5));
    expect(d.visible).toBe(true);
    expect(d.fraction).toBeLessThan(1);
  });
});

describe('Line of Fire past several occluders at once', () => {
  it('TOOL-2 a target behind a low wall and between two posts, and past a model: the yes or no agrees with the whole answer as the gap opens', () => {
    // No one occluder hides the target: the wall its legs, each post a side, the model a part. The yes
    // or no looks point by point at what they leave (every answer is checked by ask against the whole).
    const shooter = s2(10, 10);
    const target = s2(10, 20);
    let seen = 0;
    let hidden = 0;
    for (let k = 0; k <= 30; k++) {
      const gap = 0.01 * k;
      const terrain = [
        block('wall', 10, 19.2, 3, 0.2, 0.8),
        block('left', 10 - gap / 2 - 0.5, 18.5, 1, 0.2, 3),
        block('right', 10 + gap / 2 + 0.5, 18.5, 1, 0.2, 3, 5 * k),
      ];
      for (const blockers of [[], [{ id: 'm', c: { ...s2(10.3, 16.5), r: 0.25 } }]]) {
        if (ask(terrain, shooter, target, 0, blockers).visible) seen++;
        else hidden++;
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(0);
  });
});

describe('Line of Fire from a point', () => {
  it('TOOL-2 a point of the table sees what no scenery hides from it, even with scenery nearby', () => {
    const point: Cylinder = { x: 14, y: 12.5, z: 0.8, r: 0, h: 0 };
    // A block beside the line, not across it: the point still sees the target.
    expect(ask([block('beside', 17, 14, 2, 2, 1)], point, s2(15.5, 19), null).visible).toBe(true);
    // Across it: hidden.
    expect(ask([block('across', 14.7, 16, 3, 0.5, 3)], point, s2(15.5, 19), null).visible).toBe(false);
  });
  it('TOOL-2 a sliver of the target over a wall or past its end, narrower than a patch, is no Line of Fire; a patch of it is', () => {
    const shooter = s2(10, 10);
    const target = s2(10, 20);
    // Whether any line from a point of the shooter to a point of the target's side that faces it is clear.
    const partlyShows = (t: Terrain[]) => {
      const rays = scene(t);
      for (let i = -4; i <= 4; i++) {
        for (const ez of [0.5, 0.99]) {
          const eye = { x: 10 + (i / 4) * (shooter.r - 0.01), y: 10, z: ez * shooter.h };
          for (let a = -85; a <= 85; a += 1) {
            const th = ((-90 + a) * Math.PI) / 180;
            const p = { x: 10 + target.r * Math.cos(th), y: 20 + target.r * Math.sin(th) };
            if ((eye.x - p.x) * Math.cos(th) + (eye.y - p.y) * Math.sin(th) <= 0) continue;
            for (const z of [0.25, 0.5, 0.75, 0.999]) if (rays.sceneryHit(eye, { ...p, z: z * target.h }) === null) return true;
          }
        }
      }
      return false;
    };
    // Over a wall just in front of the target, raised in steps of 0.02", and past the end of a tall
    // wall moved across in steps of 0.01": the answer turns from seen to not seen once less than a
    // patch shows, while a part of the target still shows.
    const over = (k: number) => block('wall', 10, 19, 4, 0.2, S2.height - 0.4 + 0.02 * k);
    const past = (k: number) => block('wall', 12 + target.r + 0.2 - 0.01 * k, 19, 4, 0.2, 3);
    for (const [wallAt, steps] of [[over, 25], [past, Math.round(200 * target.r + 40)]] as const) {
      let sliverHidden = 0;
      let last = true;
      for (let k = 0; k <= steps; k++) {
        const wall = wallAt(k);
        const seen = ask([wall], shooter, target).visible;
        expect(seen && !last).toBe(false); // once hidden, it is never seen again as the wall covers more
        last = seen;
        if (!seen && partlyShows([wall])) sliverHidden++;
      }
      expect(last).toBe(false);
      expect(sliverHidden).toBeGreaterThan(0);
    }
  });
});
