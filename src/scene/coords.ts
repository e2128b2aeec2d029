/**
 * Conversions between table coordinates and three.js world coordinates.
 *
 * Table coordinates (used by the rules engine): inches, z up,
 * (0, 0, 0) is the south-west corner of the table, x points east,
 * y points north.
 *
 * three.js world: 1 unit = 1 inch, y up. The table maps as
 *   table (x, y, z) -> three (x, z, -y)
 * so north is three's -z (into the screen when viewed from the south).
 */

import type { Vector3 } from 'three';

export type Vec3 = [number, number, number];

/** Table (x east, y north, z up) in inches -> three.js world position. */
export function tableToThree(x: number, y: number, z: number): Vec3 {
  // `0 - y` rather than `-y` so that y = 0 gives +0, not -0.
  return [x, z, 0 - y];
}

/** three.js world position -> table (x east, y north, z up) in inches. */
export function threeToTable(x: number, y: number, z: number): Vec3 {
  return [x, 0 - z, y];
}

/**
 * Facing in degrees, counter-clockwise seen from above, 0 = north (+y),
 * 90 = west (-x) -> rotation about three's y axis in radians.
 *
 * Convention: a model's "front" is its local -z axis (same as three.js
 * cameras). With this rotation, facing 0 points to three -z (north) and
 * facing 90 points to three -x (west).
 */
export function facingToThreeRotationY(facingDeg: number): number {
  const normalised = ((facingDeg % 360) + 360) % 360;
  return (normalised * Math.PI) / 180;
}

/**
 * A terrain piece's `rotation` (degrees, counter-clockwise seen from above, GAME-FILE.md) -> rotation
 * about three's y axis. Same convention as a facing, so it is the same conversion.
 */
export const rotationToThreeY = facingToThreeRotationY;

/** `tableToThree` written into an existing vector (no allocation on hot paths). */
export function setFromTable(out: Vector3, x: number, y: number, z: number): Vector3 {
  const [a, b, c] = tableToThree(x, y, z);
  return out.set(a, b, c);
}
