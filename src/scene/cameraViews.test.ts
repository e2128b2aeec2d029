import { describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import { namedView, planView, projectedBounds, readingRotation, type ViewInput } from './cameraViews';
import { OrthographicCamera } from 'three';
import { tableToThree } from './coords';

const setup: ViewInput['setup'] = {
  table: { width: 48, depth: 48 },
  zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } }, exclusion: [] },
  terrain: [{ id: 't', kind: 'block', x: 24, y: 24, w: 4, d: 4, h: 5, rotation: 0 }],
};
const lens = { fov: 45, aspect: 1.5 };
const tableCorners = [
  [0, 0],
  [48, 0],
  [48, 48],
  [0, 48],
].map(([x, y]) => new Vector3(...tableToThree(x!, y!, 0)));

describe('namedView', () => {
  it('frames the whole table on load (reset), from the south for Player A in the south', () => {
    const pose = namedView('reset', { setup, held: { A: 'south', B: 'north' }, player: 'A', lens });
    const b = projectedBounds(lens, pose.position, pose.target, tableCorners);
    expect(b.x0).toBeGreaterThanOrEqual(-1);
    expect(b.x1).toBeLessThanOrEqual(1);
    expect(b.y0).toBeGreaterThanOrEqual(-1);
    expect(b.y1).toBeLessThanOrEqual(1);
    // Tight: the table fills most of the screen one way or the other.
    expect(Math.max(b.x1 - b.x0, b.y1 - b.y0)).toBeGreaterThan(1.6);
    // The camera is south of the table (three +z) and above it.
    expect(pose.position.z).toBeGreaterThan(0);
    expect(pose.position.y).toBeGreaterThan(10);
  });

  it('looks straight down for the top view, with north up on screen', () => {
    const pose = namedView('top', { setup, held: { A: 'south', B: 'north' }, player: 'A', lens });
    const dir = pose.target.clone().sub(pose.position).normalize();
    expect(dir.y).toBeLessThan(-0.999);
    const b = projectedBounds(lens, pose.position, pose.target, [new Vector3(...tableToThree(24, 48, 0)), new Vector3(...tableToThree(24, 0, 0))]);
    // The north edge (first point) projects above the south edge: north is up.
    expect(b.y1).toBeGreaterThan(0.5);
    expect(b.y0).toBeLessThan(-0.5);
  });

  it('takes the other side for the player in the north, with that zone in the foreground for "zone"', () => {
    const pose = namedView('zone', { setup, held: { A: 'south', B: 'north' }, player: 'B', lens });
    expect(pose.position.z).toBeLessThan(-48); // beyond the north edge (three -z)
    const zone = [
      [0, 36],
      [48, 36],
      [48, 48],
      [0, 48],
    ].map(([x, y]) => new Vector3(...tableToThree(x!, y!, 0)));
    const b = projectedBounds(lens, pose.position, pose.target, zone);
    expect(b.x0).toBeGreaterThanOrEqual(-1);
    expect(b.x1).toBeLessThanOrEqual(1);
    // The zone lies in the lower half of the screen, and looks wider than the far edge.
    expect(b.y1).toBeLessThan(0);
    const far = projectedBounds(lens, pose.position, pose.target, [new Vector3(...tableToThree(0, 0, 0)), new Vector3(...tableToThree(48, 0, 0))]);
    expect(b.x1 - b.x0).toBeGreaterThan(far.x1 - far.x0);
  });

  it('before the zones are chosen, A takes the first zone', () => {
    const pose = namedView('reset', { setup, held: null, player: 'A', lens });
    expect(pose.position.z).toBeGreaterThan(0);
  });
});

describe('readingRotation', () => {
  it('turns table text to read upright from the player\'s own edge', () => {
    const held = { A: 'south', B: 'north' } as const;
    expect(readingRotation(setup, held, 'A')).toBe(0);
    expect(Math.abs(readingRotation(setup, held, 'B'))).toBe(180);
  });
});

describe('planView (issue 41: a true orthographic top-down view)', () => {
  const ortho = (pose: ReturnType<typeof planView>, size: { width: number; height: number }) => {
    const cam = new OrthographicCamera(-size.width / 2, size.width / 2, size.height / 2, -size.height / 2, 0.1, 2000);
    cam.position.copy(pose.position);
    cam.zoom = pose.zoom;
    cam.lookAt(pose.target);
    cam.updateMatrixWorld(true);
    cam.updateProjectionMatrix();
    // Screen pixels from the centre, y up.
    return (x: number, y: number, z = 0) => {
      const v = new Vector3(...tableToThree(x, y, z)).project(cam);
      return { x: (v.x * size.width) / 2, y: (v.y * size.height) / 2 };
    };
  };

  it('measures the table in inches: 1" is `zoom` pixels anywhere on it, at any height, and the whole table fits', () => {
    const size = { width: 1200, height: 800 };
    const pose = planView({ setup, held: { A: 'south', B: 'north' }, player: 'A' }, size);
    expect(pose.zoom).toBeCloseTo((800 * 0.9) / 48, 6);
    const at = ortho(pose, size);
    for (const [x, y] of [[1, 1], [24, 24], [40, 10]] as const) {
      const a = at(x, y);
      const b = at(x + 1, y);
      const c = at(x, y + 1);
      expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeCloseTo(pose.zoom, 3);
      expect(Math.hypot(c.x - a.x, c.y - a.y)).toBeCloseTo(pose.zoom, 3);
      // No perspective: a roof 5" up lies where its foot does.
      const up = at(x, y, 5);
      expect(Math.hypot(up.x - a.x, up.y - a.y)).toBeLessThan(0.01);
    }
    // North up for a player in the south; the table within the screen.
    expect(at(24, 48).y).toBeGreaterThan(at(24, 0).y);
    expect(Math.abs(at(0, 0).x)).toBeLessThanOrEqual(600);
    expect(Math.abs(at(48, 48).y)).toBeLessThanOrEqual(400);
  });

  it('turns the table for a player in the north: their edge at the bottom', () => {
    const size = { width: 900, height: 900 };
    const at = ortho(planView({ setup, held: { A: 'north', B: 'south' }, player: 'A' }, size), size);
    expect(at(24, 48).y).toBeLessThan(at(24, 0).y);
  });
});
