/**
 * The landing map's cells merged into rectangles for drawing (issue 41): neighbouring cells alike (the
 * same exposure, or both refused, on the same surface height) are drawn as one square stretched over
 * them, so a map of thousands of cells is drawn with a few hundred, and looks the same. A software
 * renderer (SwiftShader) spent most of the frame that first showed the 0.5" map on its 9,216 squares.
 */
import type { LandingMap } from '../core/api';

/** A rectangle of alike cells: its middle and size (inches, table coordinates), its surface and exposure. */
export interface MapRect {
  x: number;
  y: number;
  z: number;
  /** its size along x and along y */
  w: number;
  d: number;
  /** the exposure of its cells (any value below 0 is given as -1: refused) */
  n: number;
}

/**
 * The cells of `map` as rectangles of alike cells (greedy: each rectangle as wide as its first row's run
 * of alike cells, then as deep as the rows below match it), leaving out the cells `skip` says (whose
 * middle is drawn by a finer map). Every cell is in exactly one rectangle.
 */
export function mapRects(map: LandingMap, skip: (x: number, y: number) => boolean = () => false): MapRect[] {
  const { cols, rows, step } = map;
  // Each cell's kind: NaN where it is left out; cells alike have the same exposure and height.
  const n = new Float64Array(cols * rows);
  const done = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const e = map.exposure[i]!;
      n[i] = skip(map.x0 + (c + 0.5) * step, map.y0 + (r + 0.5) * step) ? Number.NaN : e < 0 ? -1 : e;
    }
  }
  const alike = (i: number, j: number) => !done[j] && n[j] === n[i] && map.height[j] === map.height[i];
  const out: MapRect[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (done[i] || Number.isNaN(n[i]!)) continue;
      let w = 1;
      while (c + w < cols && alike(i, i + w)) w++;
      let d = 1;
      grow: while (r + d < rows) {
        for (let k = 0; k < w; k++) if (!alike(i, (r + d) * cols + c + k)) break grow;
        d++;
      }
      for (let dr = 0; dr < d; dr++) done.fill(1, (r + dr) * cols + c, (r + dr) * cols + c + w);
      out.push({ x: map.x0 + (c + w / 2) * step, y: map.y0 + (r + d / 2) * step, z: map.height[i]!, w: w * step, d: d * step, n: n[i]! });
    }
  }
  return out;
}
