/**
 * Heights for movement in three dimensions (docs/rules/movement.md, MOV-7 to MOV-10, MOV-21): what a
 * base stands on, how much of it is held, what it meets, which openings it passes and which ladders
 * it touches. The rules reach it as `ctx.scenery.stance` (ports.ts); it is built once per table from
 * the scenery model (scenery.ts, structures.ts).
 *
 * API (lengths in inches, table coordinates, z up; a base is a disc of radius r centred at x, y):
 * - `surfacesUnder(x, y, r)`: every surface (table top, block top, roof, wall top, window sill, floor)
 *   under some part of the disc, highest first, each with the share of the disc's area over it (0..1).
 * - `supportShare(x, y, r, lo, hi)`: the share of the disc's area over surfaces whose heights lie from
 *   lo to hi (MOV-7: "at least half the disc on surfaces between stance - v and the stance").
 * - `stanceAt(x, y, r, zPrev, v)`: MOV-7's stance at a sample after one at zPrev: the highest surface
 *   under any part of the disc at most v above zPrev, and the share held between it - v and it; null
 *   where no surface lies under the disc (off the table). A floor or roof slab whose underside is above
 *   zPrev is overhead, not a step: it is passed over (`Surface.from`).
 * - `solidsMeeting(c)`: every solid (block, wall piece, floor slab, roof) the silhouette cylinder
 *   overlaps, in the model's order (MOV-7 tells `too-high` from `blocked-path` by their heights).
 * - `openingsMeeting(c)`, `openingsCrossed(a, b, c)`: MOV-10: the openings whose hole the cylinder
 *   overlaps at one point, or at any point of the straight move from a to b (its z, r, h from c); each
 *   carries `access` (`narrow`: Silhouette 2 or lower only).
 * - `laddersNear(x, y, r, z)`: MOV-9: the ladders a base at height z touches (within CONTACT.touch of
 *   the ladder's room, `PlacedLadder.box`), at its foot (z at `from`, on the climber's side of the
 *   face) or at its top (z at `to`), each within the surface tolerance.
 * - `ladders`, `openings`: all of them, placed (structures.ts), for the scene and the tools.
 *
 * Shares are counted on 256 points of equal area over the disc (8 rings of 32): exact for a disc
 * wholly on or off a surface, to about 1% otherwise, and exactly one half for an edge through the
 * centre that misses every point.
 */
import { CONTACT } from '../data/facts';
import type { ScenerySolid } from './solid';
import { frameBoxDistance, intervalGap, type Cylinder, type TurnedBox, type Vec2 } from './shapes';
import type { PlacedLadder, PlacedOpening, Surface } from './structures';

export interface SurfaceUnder {
  /** the terrain piece, or 'table' */
  id: string;
  height: number;
  /** the share of the base's area over it, 0 to 1 */
  share: number;
}

export interface LadderContact {
  ladder: PlacedLadder;
  end: 'foot' | 'top';
}

export interface StanceQueries {
  surfacesUnder(x: number, y: number, r: number): SurfaceUnder[];
  supportShare(x: number, y: number, r: number, lo: number, hi: number): number;
  stanceAt(x: number, y: number, r: number, zPrev: number, v: number): { z: number; support: number } | null;
  solidsMeeting(c: Cylinder): ScenerySolid[];
  openingsMeeting(c: Cylinder): PlacedOpening[];
  openingsCrossed(a: Vec2, b: Vec2, c: Pick<Cylinder, 'z' | 'r' | 'h'>): PlacedOpening[];
  laddersNear(x: number, y: number, r: number, z: number): LadderContact[];
  readonly ladders: readonly PlacedLadder[];
  readonly openings: readonly PlacedOpening[];
}

/** What the stance queries are built from: the scenery model's lists. */
export interface StanceModel {
  solids: readonly ScenerySolid[];
  surfaces: readonly Surface[];
  openings: readonly PlacedOpening[];
  ladders: readonly PlacedLadder[];
}

const RINGS = 8;
const SPOKES = 32;
/** The sample points of a unit disc, x, y by point: equal areas (ring k at radius sqrt((k + 0.5) / RINGS)). */
const UNIT = (() => {
  const pts = new Float64Array(2 * RINGS * SPOKES);
  let i = 0;
  for (let k = 0; k < RINGS; k++) {
    const rad = Math.sqrt((k + 0.5) / RINGS);
    // Each ring turned by a different small angle, so that no straight edge lines up with many points.
    const turn = ((k * 0.618034) % 1) * ((2 * Math.PI) / SPOKES);
    for (let j = 0; j < SPOKES; j++) {
      const a = turn + (j * 2 * Math.PI) / SPOKES;
      pts[i++] = rad * Math.cos(a);
      pts[i++] = rad * Math.sin(a);
    }
  }
  return pts;
})();
const COUNT = RINGS * SPOKES;

interface Prepared<T extends TurnedBox> {
  box: T;
  cos: number;
  sin: number;
  reach: number;
}

function prepare<T extends TurnedBox>(box: T): Prepared<T> {
  const a = (-box.rotation * Math.PI) / 180;
  return { box, cos: Math.cos(a), sin: Math.sin(a), reach: Math.hypot(box.w / 2, box.d / 2) };
}

/** The signed distance from (x, y) to the footprint (below 0 inside), after a cheap test of the circle round it. */
function distance(p: Prepared<TurnedBox>, x: number, y: number, r: number): number {
  const dx = x - p.box.x;
  const dy = y - p.box.y;
  const far = p.reach + r + 1e-6;
  if (dx * dx + dy * dy > far * far) return Infinity;
  return frameBoxDistance(p.box, dx * p.cos - dy * p.sin, dx * p.sin + dy * p.cos);
}

/** Whether the point lies on the footprint (its edge included, to a hair). */
function holds(p: Prepared<TurnedBox>, x: number, y: number): boolean {
  const dx = x - p.box.x;
  const dy = y - p.box.y;
  const lx = dx * p.cos - dy * p.sin;
  const ly = dx * p.sin + dy * p.cos;
  return Math.abs(lx) <= p.box.w / 2 + CONTACT.contain && Math.abs(ly) <= p.box.d / 2 + CONTACT.contain;
}

/** The stance queries over a scenery model's lists (see the module's comment). */
export class Stance implements StanceQueries {
  private readonly surfaces: Prepared<Surface>[];
  private readonly solids: Prepared<ScenerySolid>[];
  private readonly holes: Prepared<PlacedOpening>[];
  private readonly rungs: (Prepared<TurnedBox> & { ladder: PlacedLadder })[];

  constructor(model: StanceModel) {
    this.surfaces = model.surfaces.map(prepare);
    this.solids = model.solids.map(prepare);
    this.holes = model.openings.map(prepare);
    this.ladders = model.ladders;
    this.rungs = model.ladders.map((ladder) => ({ ...prepare(ladder.box), ladder }));
    this.openings = model.openings;
  }

  readonly ladders: readonly PlacedLadder[];
  readonly openings: readonly PlacedOpening[];

  /** The surfaces under some part of the disc whose heights lie from lo to hi. */
  private under(x: number, y: number, r: number, lo: number, hi: number): Prepared<Surface>[] {
    const out: Prepared<Surface>[] = [];
    for (const p of this.surfaces) {
      const h = p.box.height;
      if (h < lo || h > hi) continue;
      if (distance(p, x, y, r) - r < -CONTACT.overlap) out.push(p);
    }
    return out;
  }

  /** The share of the disc's sample points over any of the footprints. */
  private share(list: readonly Prepared<Surface>[], x: number, y: number, r: number): number {
    if (list.length === 0) return 0;
    for (const p of list) if (distance(p, x, y, r) + r <= CONTACT.contain) return 1;
    let n = 0;
    for (let i = 0; i < COUNT; i++) {
      const px = x + r * UNIT[2 * i]!;
      const py = y + r * UNIT[2 * i + 1]!;
      for (const p of list) {
        if (holds(p, px, py)) {
          n++;
          break;
        }
      }
    }
    return n / COUNT;
  }

  surfacesUnder(x: number, y: number, r: number): SurfaceUnder[] {
    const list = this.under(x, y, r, -Infinity, Infinity);
    return list.map((p) => ({ id: p.box.id, height: p.box.height, share: this.share([p], x, y, r) })).sort((a, b) => b.height - a.height);
  }

  supportShare(x: number, y: number, r: number, lo: number, hi: number): number {
    return this.share(this.under(x, y, r, lo, hi), x, y, r);
  }

  stanceAt(x: number, y: number, r: number, zPrev: number, v: number): { z: number; support: number } | null {
    let z = -Infinity;
    for (const p of this.under(x, y, r, -Infinity, zPrev + v + CONTACT.contain)) {
      // A slab overhead is no step up: only what rises from at or below the base is stepped onto.
      if ((p.box.from ?? 0) > zPrev + CONTACT.surfaceHeight) continue;
      z = Math.max(z, p.box.height);
    }
    if (z === -Infinity) return null;
    return { z, support: this.supportShare(x, y, r, z - v - CONTACT.contain, z + CONTACT.contain) };
  }

  solidsMeeting(c: Cylinder): ScenerySolid[] {
    const out: ScenerySolid[] = [];
    for (const p of this.solids) {
      const s = p.box;
      if (intervalGap(c.z, c.z + c.h, s.z0, s.z1) >= -CONTACT.overlap) continue;
      if (distance(p, c.x, c.y, c.r) - c.r < -CONTACT.overlap) out.push(s);
    }
    return out;
  }

  openingsMeeting(c: Cylinder): PlacedOpening[] {
    const out: PlacedOpening[] = [];
    for (const p of this.holes) {
      const o = p.box;
      if (intervalGap(c.z, c.z + c.h, o.z0, o.z1) >= -CONTACT.overlap) continue;
      if (distance(p, c.x, c.y, c.r) - c.r < -CONTACT.overlap) out.push(o);
    }
    return out;
  }

  openingsCrossed(a: Vec2, b: Vec2, c: Pick<Cylinder, 'z' | 'r' | 'h'>): PlacedOpening[] {
    if (this.holes.length === 0) return [];
    const seen = new Set<PlacedOpening>();
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    // Every 0.05": no hole is thinner than a wall, and no wall thinner than a tenth of an inch lets a base skip it.
    const steps = Math.max(1, Math.ceil(len / 0.05));
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      for (const o of this.openingsMeeting({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y), z: c.z, r: c.r, h: c.h })) seen.add(o);
    }
    return this.openings.filter((o) => seen.has(o));
  }

  laddersNear(x: number, y: number, r: number, z: number): LadderContact[] {
    const out: LadderContact[] = [];
    for (const p of this.rungs) {
      const ladder = p.ladder;
      if (distance(p, x, y, r) - r > CONTACT.touch) continue;
      if (Math.abs(z - ladder.from) <= CONTACT.surfaceHeight) {
        // At the foot, on the climber's side of the face: not through the wall from behind it.
        const side = (x - ladder.a.x) * ladder.out.x + (y - ladder.a.y) * ladder.out.y;
        if (side >= -CONTACT.touch) out.push({ ladder, end: 'foot' });
      } else if (Math.abs(z - ladder.to) <= CONTACT.surfaceHeight) out.push({ ladder, end: 'top' });
    }
    return out;
  }
}
