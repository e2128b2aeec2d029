import { useEffect, useMemo } from 'react';
import { BufferGeometry, Float32BufferAttribute } from 'three';
import { tableToThree } from './coords';
import { PALETTE } from './palette';
import { TABLE_THICKNESS } from './tableDimensions';

/** How far the frame around the mat reaches past the table edge, inches. */
const FRAME = 1.2;

interface TableProps {
  width: number;
  depth: number;
}

/** Inch ticks on the frame around the mat, longer every 6", longest every 12", like a ruler. */
function buildTicks(width: number, depth: number): BufferGeometry {
  const z = 0.01;
  const p: number[] = [];
  const len = (i: number) => (i % 12 === 0 ? 0.9 : i % 6 === 0 ? 0.6 : 0.3);
  for (let x = 0; x <= width; x++) {
    p.push(...tableToThree(x, 0, z), ...tableToThree(x, -len(x), z));
    p.push(...tableToThree(x, depth, z), ...tableToThree(x, depth + len(x), z));
  }
  for (let y = 0; y <= depth; y++) {
    p.push(...tableToThree(0, y, z), ...tableToThree(-len(y), y, z));
    p.push(...tableToThree(width, y, z), ...tableToThree(width + len(y), y, z));
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(p, 3));
  return g;
}

/** The playing surface: a mat whose top face is at table z = 0, in a frame with inch ticks. */
export function Table({ width, depth }: TableProps) {
  const centre = tableToThree(width / 2, depth / 2, -TABLE_THICKNESS / 2);
  const frame = tableToThree(width / 2, depth / 2, -TABLE_THICKNESS / 2 - 0.01);
  const ticks = useMemo(() => buildTicks(width, depth), [width, depth]);
  useEffect(() => () => ticks.dispose(), [ticks]);
  return (
    <group name="table">
      <mesh position={centre} receiveShadow>
        <boxGeometry args={[width, TABLE_THICKNESS, depth]} />
        <meshStandardMaterial color={PALETTE.mat} roughness={0.95} metalness={0} />
      </mesh>
      {/* The frame: a slightly larger, darker board so the table edge reads clearly. */}
      <mesh position={frame} receiveShadow>
        <boxGeometry args={[width + 2 * FRAME, TABLE_THICKNESS, depth + 2 * FRAME]} />
        <meshStandardMaterial color={PALETTE.matEdge} roughness={1} metalness={0} />
      </mesh>
      <lineSegments geometry={ticks}>
        <lineBasicMaterial color={PALETTE.gridMajor} transparent opacity={0.7} />
      </lineSegments>
    </group>
  );
}
