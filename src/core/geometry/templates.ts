/**
 * Template shapes on the table (FACTS: Templates): the Circular Template, and the Small and Large
 * Teardrops. Each is a flat shape with a vertical extent of its radius above and below its height; it
 * touches a trooper when it overlaps or touches that trooper's silhouette.
 */
import { CONTACT, type Facts } from '../data/facts';
import { facingVector, intervalGap, type Cylinder, type Vec2 } from './shapes';

export type TemplateKind = 'circular' | 'small-teardrop' | 'large-teardrop';

export interface TemplatePlacement {
  kind: TemplateKind;
  /** the centre of a Circular Template; the narrow end (where the weapon is) of a teardrop */
  x: number;
  y: number;
  z: number;
  /** where a teardrop points, in degrees like a facing (0 is +y) */
  rotation: number;
}

export interface TemplateShape {
  /** the outline, counter-clockwise, in table inches */
  outline: Vec2[];
  /** the template's radius: how far it reaches above and below its height */
  radius: number;
  z: number;
}

const ARC_POINTS = 256;

/**
 * The outline of a placed template. A teardrop is the hull of its narrow end and the circle of its round
 * end, whose far edge lies at the template's length.
 */
export function templateShape(t: TemplatePlacement, facts: Pick<Facts, 'circularTemplateDiameter' | 'smallTeardrop' | 'largeTeardrop'>): TemplateShape {
  if (t.kind === 'circular') {
    const r = facts.circularTemplateDiameter / 2;
    const outline: Vec2[] = [];
    for (let i = 0; i < ARC_POINTS; i++) {
      const a = (i / ARC_POINTS) * 2 * Math.PI;
      outline.push({ x: t.x + r * Math.cos(a), y: t.y + r * Math.sin(a) });
    }
    return { outline, radius: r, z: t.z };
  }
  const size = t.kind === 'small-teardrop' ? facts.smallTeardrop : facts.largeTeardrop;
  const r = size.width / 2;
  const dir = facingVector(t.rotation);
  const reach = size.length - r; // from the narrow end to the round end's centre
  const c = { x: t.x + dir.x * reach, y: t.y + dir.y * reach };
  // Seen from the round end's centre, the tangents from the narrow end touch the circle at +-beta from
  // the direction back to the narrow end; the outline runs from one round the far side to the other.
  const heading = Math.atan2(dir.y, dir.x);
  const beta = Math.acos(Math.min(1, r / reach));
  const outline: Vec2[] = [{ x: t.x, y: t.y }];
  for (let i = 0; i <= ARC_POINTS; i++) {
    const a = heading - (Math.PI - beta) + (i / ARC_POINTS) * 2 * (Math.PI - beta);
    outline.push({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
  }
  return { outline, radius: r, z: t.z };
}

/** Signed distance from a point to a convex outline: below 0 inside. */
export function pointOutlineDistance(outline: Vec2[], x: number, y: number): number {
  let inside = true;
  let best = Infinity;
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i]!;
    const b = outline[(i + 1) % outline.length]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const len2 = ex * ex + ey * ey;
    if (len2 === 0) continue;
    // Counter-clockwise outline: the inside is on the left of each edge.
    if (ex * (y - a.y) - ey * (x - a.x) < 0) inside = false;
    const t = Math.max(0, Math.min(1, ((x - a.x) * ex + (y - a.y) * ey) / len2));
    best = Math.min(best, Math.hypot(x - (a.x + t * ex), y - (a.y + t * ey)));
  }
  return inside ? -best : best;
}

/** TOOL-3: whether a template overlaps or touches a silhouette. */
export function templateTouches(shape: TemplateShape, c: Cylinder): boolean {
  if (intervalGap(shape.z - shape.radius, shape.z + shape.radius, c.z, c.z + c.h) > CONTACT.touch) return false;
  return pointOutlineDistance(shape.outline, c.x, c.y) - c.r <= CONTACT.touch;
}
