import { tableToThree } from './coords';
import { TABLE_DEPTH, TABLE_THICKNESS, TABLE_WIDTH } from './tableDimensions';

const MAT_COLOUR = '#3b4a42';
const EDGE_COLOUR = '#262e2a';

/** The empty playing surface: a dark green-grey mat whose top face is at table z = 0. */
export function Table() {
  const centre = tableToThree(TABLE_WIDTH / 2, TABLE_DEPTH / 2, -TABLE_THICKNESS / 2);
  const skirt = tableToThree(TABLE_WIDTH / 2, TABLE_DEPTH / 2, -TABLE_THICKNESS - 0.5);
  return (
    <group name="table">
      <mesh position={centre} receiveShadow>
        <boxGeometry args={[TABLE_WIDTH, TABLE_THICKNESS, TABLE_DEPTH]} />
        <meshStandardMaterial color={MAT_COLOUR} roughness={0.95} metalness={0} />
      </mesh>
      {/* A slightly larger, darker base so the table edge reads clearly. */}
      <mesh position={skirt}>
        <boxGeometry args={[TABLE_WIDTH + 1, 1, TABLE_DEPTH + 1]} />
        <meshStandardMaterial color={EDGE_COLOUR} roughness={1} metalness={0} />
      </mesh>
    </group>
  );
}
