import { describe, expect, it } from 'vitest';
import { MathUtils } from 'three';
import { framedCentre, trayCloseView } from './trayView';

/** The tray's outer edge (floor 5 x 2.5 half sizes, walls 0.4 thick). */
const TRAY = { halfWidth: 5.4, halfDepth: 2.9 };

/** What a pose shows of the tray floor, across (x): its left and right edges. */
function across(view: ReturnType<typeof trayCloseView>, fov: number, aspect: number) {
  const d = view.position.distanceTo(view.target) + view.target.y;
  const half = d * Math.tan(MathUtils.degToRad(fov / 2)) * aspect;
  return { left: view.target.x - half, right: view.target.x + half, half };
}

describe('the dice tray, framed once the dice lie still', () => {
  it('TOOL-6 closes in on a die by the right wall without showing past the tray, and keeps the die in view', () => {
    for (const aspect of [170 / 96, 330 / 150]) {
      const view = trayCloseView({ x0: 3.9, x1: 3.9, z0: 0.5, z1: 0.5 }, { fov: 25, aspect }, TRAY);
      const { left, right } = across(view, 25, aspect);
      expect(right, `aspect ${aspect.toFixed(2)}`).toBeLessThanOrEqual(TRAY.halfWidth + 1e-9);
      expect(left).toBeGreaterThanOrEqual(-TRAY.halfWidth - 1e-9);
      expect(left).toBeLessThan(3.9 - 1);
      expect(right).toBeGreaterThan(3.9 + 1 - 1e-9);
    }
  });

  it('TOOL-6 centres the tray when the view is wider than it: the same margin on both sides', () => {
    const view = trayCloseView({ x0: -4, x1: 4, z0: -1, z1: 1.5 }, { fov: 25, aspect: 3 }, TRAY);
    const { left, right, half } = across(view, 25, 3);
    expect(half).toBeGreaterThan(TRAY.halfWidth);
    expect(left + right).toBeCloseTo(0, 9);
  });

  it('keeps a centre inside the tray, or at its middle', () => {
    expect(framedCentre(4, 2, 5)).toBe(3);
    expect(framedCentre(-4, 2, 5)).toBe(-3);
    expect(framedCentre(1, 2, 5)).toBe(1);
    expect(framedCentre(4, 6, 5)).toBe(0);
  });
});
