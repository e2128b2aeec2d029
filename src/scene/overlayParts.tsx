/**
 * Small pieces the tools' overlays are built from: a rod between two table points, and flat rings
 * around bases. Overlays take no pointer events (their raycast is off) and draw over the table.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { CylinderGeometry, Quaternion, Vector3, type Mesh } from 'three';
import { setFromTable, tableToThree } from './coords';
import { type Vec3 } from '../core/api';

const UP = new Vector3(0, 1, 0);
const a3 = new Vector3();
const b3 = new Vector3();
const dir = new Vector3();
const q = new Quaternion();

/** One rod geometry for all rods: radius 1, height 1, centred, along y. */
export const ROD = new CylinderGeometry(1, 1, 1, 10, 1, false);

/** Places a rod mesh (ROD geometry) from table point a to b, `radius` inches thick. */
export function setRod(mesh: Mesh, a: Vec3, b: Vec3, radius: number): void {
  setFromTable(a3, a.x, a.y, a.z);
  setFromTable(b3, b.x, b.y, b.z);
  dir.subVectors(b3, a3);
  const len = dir.length();
  mesh.visible = len > 1e-4;
  if (!mesh.visible) return;
  mesh.position.addVectors(a3, b3).multiplyScalar(0.5);
  mesh.quaternion.copy(q.setFromUnitVectors(UP, dir.normalize()));
  mesh.scale.set(radius, len, radius);
}

/** No picking: the tools read the table under the overlays. */
export const noRaycast = () => undefined;

interface RodProps {
  a: Vec3;
  b: Vec3;
  radius: number;
  colour: string;
  opacity?: number;
  /** drawn over everything (no depth test) */
  onTop?: boolean;
  renderOrder?: number;
}

/** A rod between two table points, laid out when they change (the overlays' lines of sight and paths). */
export function Rod({ a, b, radius, colour, opacity = 0.95, onTop = true, renderOrder = 36 }: RodProps) {
  const ref = useRef<Mesh>(null);
  useLayoutEffect(() => {
    if (ref.current) setRod(ref.current, a, b, radius);
  }, [a, b, radius]);
  return (
    <mesh ref={ref} geometry={ROD} renderOrder={renderOrder} raycast={noRaycast}>
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthTest={!onTop} depthWrite={false} />
    </mesh>
  );
}

interface RingProps {
  x: number;
  y: number;
  z: number;
  inner: number;
  outer: number;
  colour: string;
  opacity?: number;
  /** draw over everything (a mark that must not hide behind terrain) */
  onTop?: boolean;
  /** the part of the ring to draw, radians (default the whole ring) */
  thetaStart?: number;
  thetaLength?: number;
  renderOrder?: number;
}

/** A flat ring on a table point, lying level. */
export function FlatRing({ x, y, z, inner, outer, colour, opacity = 1, onTop = false, thetaStart = 0, thetaLength = Math.PI * 2, renderOrder = 30 }: RingProps) {
  const position = useMemo(() => tableToThree(x, y, z), [x, y, z]);
  return (
    <mesh position={position} rotation-x={-Math.PI / 2} renderOrder={renderOrder} raycast={noRaycast}>
      <ringGeometry args={[inner, outer, 64, 1, thetaStart, thetaLength]} />
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthWrite={false} depthTest={!onTop} />
    </mesh>
  );
}
