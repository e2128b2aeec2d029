/**
 * Unit geometries of a trooper, scaled per instance: a base disc of radius 1 with a notch at its
 * front, a silhouette cylinder of radius 1 and height 1, and the top cap, rim and facing arrow that
 * sit at the silhouette's top (y = 1 before scaling). A model's front is its local -z, as
 * `facingToThreeRotationY` expects.
 */
import { CircleGeometry, CylinderGeometry, ExtrudeGeometry, RingGeometry, Shape, ShapeGeometry, type BufferGeometry } from 'three';

/** Half the opening of the front notch, radians, and how deep it cuts into the disc. */
const NOTCH_HALF = 0.2;
const NOTCH_DEPTH = 0.32;
const SEGMENTS = 48;

/** A disc of radius 1 and height 1 (bottom at y = 0) with a V notch cut at its front (local -z). */
export function notchedBaseGeometry(): BufferGeometry {
  const s = new Shape();
  // In the shape's plane, +y becomes the front (-z) once the extrusion is stood up.
  const start = Math.PI / 2 + NOTCH_HALF;
  s.moveTo(Math.cos(start), Math.sin(start));
  s.absarc(0, 0, 1, start, Math.PI / 2 - NOTCH_HALF + Math.PI * 2, false);
  s.lineTo(0, 1 - NOTCH_DEPTH);
  s.closePath();
  const g = new ExtrudeGeometry(s, { depth: 1, bevelEnabled: false, curveSegments: SEGMENTS });
  g.rotateX(-Math.PI / 2); // extrusion (+z) becomes up (+y); shape +y becomes -z
  g.computeVertexNormals();
  return g;
}

/** The silhouette's side: an open cylinder of radius 1 from y = 0 to y = 1. */
export function silhouetteGeometry(): BufferGeometry {
  const g = new CylinderGeometry(1, 1, 1, SEGMENTS, 1, true);
  g.translate(0, 0.5, 0);
  return g;
}

/** The silhouette's top face, at y = 1. */
export function capGeometry(): BufferGeometry {
  const g = new CircleGeometry(1, SEGMENTS);
  g.rotateX(-Math.PI / 2);
  g.translate(0, 1, 0);
  return g;
}

/** A thin ring at the silhouette's top edge, so its height reads at a glance. */
export function rimGeometry(): BufferGeometry {
  const g = new RingGeometry(0.86, 1, SEGMENTS);
  g.rotateX(-Math.PI / 2);
  g.translate(0, 1, 0);
  return g;
}

/** An arrow head on the silhouette's top, pointing to the front (local -z). */
export function facingArrowGeometry(): BufferGeometry {
  const s = new Shape();
  s.moveTo(-0.42, 0.1);
  s.lineTo(0, 0.84);
  s.lineTo(0.42, 0.1);
  s.lineTo(0, 0.3);
  s.closePath();
  const g = new ShapeGeometry(s);
  g.rotateX(-Math.PI / 2); // shape +y -> -z (front)
  g.translate(0, 1.004, 0);
  return g;
}
