/**
 * Exact plane and solid geometry the rules need: discs, rectangles, turned boxes and vertical
 * cylinders. Inches, z up, angles in degrees counter-clockwise seen from above.
 */
export interface Vec2 {
  x: number;
  y: number;
}

/**
 * A rectangle on the table: (x, y) its south-west corner, w along x, d along y. The same shape as the
 * model's Rect (model/types.ts), written here so that this module needs nothing from the model: the
 * model imports templates.ts, which imports this module, and an import back would close a circle.
 */
export interface Rect {
  x: number;
  y: number;
  w: number;
  d: number;
}

/** A rectangle centred on (x, y), w along its own x, d along its own y, turned by `rotation` degrees. */
export interface TurnedBox {
  x: number;
  y: number;
  w: number;
  d: number;
  rotation: number;
}

/** A vertical cylinder: base centre (x, y), underside at z, radius r, height h. */
export interface Cylinder {
  x: number;
  y: number;
  z: number;
  r: number;
  h: number;
}

const DEG = Math.PI / 180;

export function degToRad(deg: number): number {
  return deg * DEG;
}

/** The unit vector a facing points along: 0 is +y, 90 is -x, 180 is -y. */
export function facingVector(facingDeg: number): Vec2 {
  const a = degToRad(facingDeg);
  return { x: -Math.sin(a), y: Math.cos(a) };
}

/** A point in the box's own frame (centre at the origin, unturned). */
export function toBoxFrame(box: TurnedBox, x: number, y: number): Vec2 {
  const a = -degToRad(box.rotation);
  const dx = x - box.x;
  const dy = y - box.y;
  return { x: dx * Math.cos(a) - dy * Math.sin(a), y: dx * Math.sin(a) + dy * Math.cos(a) };
}

/** A point of the box's own frame back on the table. */
export function fromBoxFrame(box: TurnedBox, lx: number, ly: number): Vec2 {
  const a = degToRad(box.rotation);
  return { x: box.x + lx * Math.cos(a) - ly * Math.sin(a), y: box.y + lx * Math.sin(a) + ly * Math.cos(a) };
}

export function boxCorners(box: TurnedBox): Vec2[] {
  const hw = box.w / 2;
  const hd = box.d / 2;
  return [
    fromBoxFrame(box, -hw, -hd),
    fromBoxFrame(box, hw, -hd),
    fromBoxFrame(box, hw, hd),
    fromBoxFrame(box, -hw, hd),
  ];
}

/**
 * Signed distance from a point to a turned box's footprint: positive outside (the true distance),
 * negative inside (minus the distance to the nearest side).
 */
export function pointBoxDistance(box: TurnedBox, x: number, y: number): number {
  const p = toBoxFrame(box, x, y);
  return frameBoxDistance(box, p.x, p.y);
}

/** pointBoxDistance for a point already in the box's own frame (px, py). */
export function frameBoxDistance(box: Pick<TurnedBox, 'w' | 'd'>, px: number, py: number): number {
  const qx = Math.abs(px) - box.w / 2;
  const qy = Math.abs(py) - box.d / 2;
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside > 0 ? outside : Math.max(qx, qy);
}

/** Signed gap between a disc and a turned box's footprint: below 0 they overlap. */
export function discBoxGap(box: TurnedBox, x: number, y: number, r: number): number {
  return pointBoxDistance(box, x, y) - r;
}

/** How far a disc reaches beyond a turned box's footprint (0 or less: wholly inside). */
export function discBoxProtrusion(box: TurnedBox, x: number, y: number, r: number): number {
  const p = toBoxFrame(box, x, y);
  return frameBoxProtrusion(box, p.x, p.y, r);
}

/** discBoxProtrusion for a disc centred at a point already in the box's own frame (px, py). */
export function frameBoxProtrusion(box: Pick<TurnedBox, 'w' | 'd'>, px: number, py: number, r: number): number {
  return Math.max(Math.abs(px) + r - box.w / 2, Math.abs(py) + r - box.d / 2);
}

/** A zone rectangle (south-west corner, w, d) as a turned box. */
export function rectAsBox(rect: Rect): TurnedBox {
  return { x: rect.x + rect.w / 2, y: rect.y + rect.d / 2, w: rect.w, d: rect.d, rotation: 0 };
}

/** How far a disc reaches beyond an axis-aligned rectangle (0 or less: wholly inside). */
export function discRectProtrusion(rect: Rect, x: number, y: number, r: number): number {
  return Math.max(rect.x - (x - r), x + r - (rect.x + rect.w), rect.y - (y - r), y + r - (rect.y + rect.d));
}

/** The gap between two intervals [a0, a1] and [b0, b1]: below 0 they overlap by that much. */
export function intervalGap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(b0 - a1, a0 - b1);
}

/**
 * Signed gap between two vertical cylinders. Where they are apart it is the exact distance between
 * their closest points in 3D (a cylinder is a disc times an interval, so the horizontal and vertical
 * gaps combine by Pythagoras); where they overlap it is below 0.
 */
export function cylinderGap(a: Cylinder, b: Cylinder): number {
  const horizontal = Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r;
  const vertical = intervalGap(a.z, a.z + a.h, b.z, b.z + b.h);
  if (horizontal <= 0 && vertical <= 0) return Math.max(horizontal, vertical);
  return Math.hypot(Math.max(horizontal, 0), Math.max(vertical, 0));
}

/** A level box: x0..x1 by y0..y1. */
export interface LevelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The level box around the points. */
export function boxAround(points: readonly Vec2[]): LevelBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x0, y0, x1, y1 };
}

/** The level distance from (x, y) to the box (0 inside it). */
export function boxDistance(b: LevelBox, x: number, y: number): number {
  return Math.hypot(Math.max(b.x0 - x, 0, x - b.x1), Math.max(b.y0 - y, 0, y - b.y1));
}
