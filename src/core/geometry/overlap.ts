/**
 * Whether two turned boxes' footprints overlap, and by how much: the separating axis test over the
 * four edge directions of the two rectangles. Touching (a shared side) is not overlapping.
 */
import { boxCorners, type TurnedBox, type Vec2 } from './shapes';

function axes(corners: Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i < 2; i++) {
    const a = corners[i]!;
    const b = corners[i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    out.push({ x: -(b.y - a.y) / len, y: (b.x - a.x) / len });
  }
  return out;
}

/**
 * How deep two footprints overlap along the axis where they overlap least: 0 or less when they are
 * apart or only touch (minus the gap along the best separating axis).
 */
export function footprintOverlap(a: TurnedBox, b: TurnedBox): number {
  const ca = boxCorners(a);
  const cb = boxCorners(b);
  let least = Infinity;
  for (const n of [...axes(ca), ...axes(cb)]) {
    let a0 = Infinity;
    let a1 = -Infinity;
    let b0 = Infinity;
    let b1 = -Infinity;
    for (const p of ca) {
      const d = p.x * n.x + p.y * n.y;
      a0 = Math.min(a0, d);
      a1 = Math.max(a1, d);
    }
    for (const p of cb) {
      const d = p.x * n.x + p.y * n.y;
      b0 = Math.min(b0, d);
      b1 = Math.max(b1, d);
    }
    least = Math.min(least, Math.min(a1, b1) - Math.max(a0, b0));
  }
  return least;
}

/** How far a turned box reaches beyond a width x depth table (0 or less: wholly on it). */
export function boxOffTable(box: TurnedBox, width: number, depth: number): number {
  let worst = -Infinity;
  for (const c of boxCorners(box)) worst = Math.max(worst, -c.x, -c.y, c.x - width, c.y - depth);
  return worst;
}
