import { describe, expect, it } from 'vitest';
import { Euler, Vector3, type BufferGeometry } from 'three';
import { facingToThreeRotationY } from './coords';
import { facingArrowGeometry, notchedBaseGeometry, silhouetteGeometry } from './trooperGeometry';

/** How far the geometry reaches along a direction on the table plane, after turning it to a facing. */
function reach(g: BufferGeometry, facing: number, dir: Vector3): number {
  const pos = g.getAttribute('position');
  const v = new Vector3();
  const turn = new Euler(0, facingToThreeRotationY(facing), 0);
  let best = -Infinity;
  for (let i = 0; i < pos.count; i++) {
    v.fromBufferAttribute(pos, i).applyEuler(turn);
    // Only points near the line through the centre along dir.
    const along = v.x * dir.x + v.z * dir.z;
    const across = Math.abs(v.x * dir.z - v.z * dir.x);
    if (across < 0.05) best = Math.max(best, along);
  }
  return best;
}

describe('trooper geometry', () => {
  it('cuts the notch at the front of the base: facing 0 to the north (-z), facing 90 to -x on screen', () => {
    const base = notchedBaseGeometry();
    expect(reach(base, 0, new Vector3(0, 0, -1))).toBeLessThan(0.75); // the notch: the front edge is cut in
    expect(reach(base, 0, new Vector3(0, 0, 1))).toBeCloseTo(1, 2); // the back is whole
    expect(reach(base, 90, new Vector3(-1, 0, 0))).toBeLessThan(0.75);
    expect(reach(base, 90, new Vector3(1, 0, 0))).toBeCloseTo(1, 2);
  });

  it('points the facing arrow to the front', () => {
    const arrow = facingArrowGeometry();
    arrow.computeBoundingBox();
    expect(arrow.boundingBox!.min.z).toBeLessThan(-0.8);
    expect(arrow.boundingBox!.max.z).toBeLessThan(0);
  });

  it('gives unit sizes: the base 1 tall from y = 0, the silhouette from y = 0 to 1, radius 1', () => {
    for (const g of [notchedBaseGeometry(), silhouetteGeometry()]) {
      g.computeBoundingBox();
      expect(g.boundingBox!.min.y).toBeCloseTo(0);
      expect(g.boundingBox!.max.y).toBeCloseTo(1);
      expect(g.boundingBox!.max.x).toBeCloseTo(1, 2);
    }
  });
});
