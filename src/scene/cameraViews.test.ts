import { describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import { namedView, projectedBounds, readingRotation, type ViewInput } from './cameraViews';
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
