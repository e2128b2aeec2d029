import { useEffect, useMemo } from 'react';
import { BufferGeometry, Float32BufferAttribute } from 'three';
import { tableToThree } from './coords';
import { TABLE_DEPTH, TABLE_WIDTH } from './tableDimensions';

/** Height of the grid above the mat, in inches, to avoid z-fighting. */
const LIFT = 0.02;

interface GridProps {
  /** Spacing of the faint lines, in inches. */
  step?: number;
  /** Spacing of the stronger lines, in inches. */
  majorStep?: number;
}

function buildLines(step: number, keep: (inches: number) => boolean): BufferGeometry {
  const positions: number[] = [];
  for (let x = 0; x <= TABLE_WIDTH; x += step) {
    if (!keep(x)) continue;
    positions.push(...tableToThree(x, 0, LIFT), ...tableToThree(x, TABLE_DEPTH, LIFT));
  }
  for (let y = 0; y <= TABLE_DEPTH; y += step) {
    if (!keep(y)) continue;
    positions.push(...tableToThree(0, y, LIFT), ...tableToThree(TABLE_WIDTH, y, LIFT));
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return geometry;
}

/** Measuring grid on the mat: faint lines every inch, stronger ones every 12". */
export function Grid({ step = 1, majorStep = 12 }: GridProps) {
  const minor = useMemo(() => buildLines(step, (v) => v % majorStep !== 0), [step, majorStep]);
  const major = useMemo(() => buildLines(majorStep, () => true), [majorStep]);

  useEffect(() => () => minor.dispose(), [minor]);
  useEffect(() => () => major.dispose(), [major]);

  return (
    <group name="grid">
      <lineSegments geometry={minor} renderOrder={1}>
        <lineBasicMaterial color="#9fc2ae" transparent opacity={0.16} depthWrite={false} />
      </lineSegments>
      <lineSegments geometry={major} renderOrder={2}>
        <lineBasicMaterial color="#c8e3d3" transparent opacity={0.55} depthWrite={false} />
      </lineSegments>
    </group>
  );
}
