/**
 * What the core needs from outside, and nothing more. The engine stays pure: the scenery queries
 * and the random source come in through `EngineContext`.
 */
import type { Vec3 } from './geometry/segments';
import type { Cylinder } from './geometry/shapes';
import type { ScenerySolid } from './geometry/solid';
import type { StanceQueries } from './geometry/surfaces';

export type { ScenerySolid } from './geometry/solid';

export interface SceneryIndex {
  /**
   * The exact height of the one surface (table top, block top, closed roof, wall top) that wholly
   * supports a base of radius r centred at (x, y), within the surface tolerance of z; null if none.
   */
  supportHeight(x: number, y: number, r: number, z: number): number | null;
  /** The heights of the surfaces whose footprint holds the point, highest first (the table top last). */
  surfacesAt(x: number, y: number): number[];
  /** The first scenery solid the cylinder overlaps, or null. */
  overlapping(c: Cylinder): ScenerySolid | null;
  /**
   * The building whose interior a base of radius r at (x, y, z) lies in (GAME-FILE.md), or null. An
   * open building's interior (MOV-21) is one a base may stand in: it counts only with `open` true
   * (Combat Jump's CJ-5, which refuses every building's inside).
   */
  enclosing(x: number, y: number, r: number, z: number, open?: boolean): string | null;
  /** The nearest side of scenery to the cylinder and the signed gap to it, or null when there is none. */
  nearestSide(c: Cylinder): { solid: ScenerySolid; gap: number } | null;
  /** Every scenery solid, as the rules see them. */
  readonly solids: readonly ScenerySolid[];
  /**
   * Convex solids that block every line passing through them: blocks, closed buildings as whole boxes
   * (a line into one crosses a wall or the roof), and the walls of open ones. Line of Fire uses them to
   * prove a whole region hidden at once.
   */
  readonly occluders: readonly ScenerySolid[];
  /** The first scenery solid the segment a -> b passes through, ignoring hits at its very ends (LoF rays). */
  sceneryHit(a: Vec3, b: Vec3): ScenerySolid | null;
  /** Heights, support, openings and ladders for movement in three dimensions (geometry/surfaces.ts). */
  readonly stance: StanceQueries;
}

export interface EngineContext {
  scenery: SceneryIndex;
  /** a fair d20 for `{ random: true }` games; defaults to the platform's cryptographic generator */
  randomD20?: () => number;
}
