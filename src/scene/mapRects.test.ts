import { describe, expect, it } from 'vitest';
import type { LandingMap } from '../core/api';
import { mapRects } from './mapRects';

/** A map of `cols` x `rows` cells from a function of the cell. */
function mapOf(cols: number, rows: number, step: number, cell: (c: number, r: number) => [number, number]): LandingMap {
  const exposure = new Int16Array(cols * rows);
  const height = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const [n, z] = cell(c, r);
      exposure[r * cols + c] = n;
      height[r * cols + c] = z;
    }
  return { step, x0: 2, y0: 1, cols, rows, exposure, height };
}

/** Which rectangle holds each cell's middle: every cell in exactly one, alike to it. */
function coverage(map: LandingMap, skip: (x: number, y: number) => boolean = () => false) {
  const rects = mapRects(map, skip);
  for (let r = 0; r < map.rows; r++)
    for (let c = 0; c < map.cols; c++) {
      const x = map.x0 + (c + 0.5) * map.step;
      const y = map.y0 + (r + 0.5) * map.step;
      const holding = rects.filter((q) => Math.abs(x - q.x) < q.w / 2 && Math.abs(y - q.y) < q.d / 2);
      const i = r * map.cols + c;
      if (skip(x, y)) expect(holding).toEqual([]);
      else {
        expect(holding).toHaveLength(1);
        expect(holding[0]!.n).toBe(Math.max(-1, map.exposure[i]!));
        expect(holding[0]!.z).toBe(map.height[i]);
      }
    }
  const area = rects.reduce((a, q) => a + q.w * q.d, 0);
  return { rects, area };
}

describe('the landing map drawn as rectangles of alike cells', () => {
  it('covers every cell once, with its exposure and height, in far fewer squares', () => {
    // Bands of exposure, a roof, refused cells of several values (all drawn alike).
    const map = mapOf(40, 30, 0.5, (c, r) => (c >= 10 && c < 16 && r >= 5 && r < 12 ? [c % 2 ? -1 : -3, 0] : r >= 20 && c >= 30 ? [1, 2.5] : [Math.floor(c / 8), 0]));
    const { rects, area } = coverage(map);
    expect(area).toBeCloseTo(40 * 30 * 0.25, 9);
    expect(rects.length).toBeLessThan(20);
  });

  it('leaves out what a finer map draws, and keeps a checkerboard cell by cell', () => {
    const map = mapOf(12, 9, 1, (c, r) => [(c + r) % 2, 0]);
    const skip = (x: number, y: number) => x > 5 && x < 9 && y > 3 && y < 6;
    const { rects } = coverage(map, skip);
    expect(rects).toHaveLength(12 * 9 - 4 * 3);
    coverage(mapOf(7, 5, 0.25, () => [2, 1]));
    expect(mapRects(mapOf(7, 5, 0.25, () => [2, 1]))).toEqual([{ x: 2 + 3.5 * 0.25, y: 1 + 2.5 * 0.25, z: 1, w: 1.75, d: 1.25, n: 2 }]);
  });
});
