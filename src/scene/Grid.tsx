import { useEffect, useMemo } from 'react';
import { BufferGeometry, Float32BufferAttribute } from 'three';
import { tableToThree } from './coords';
import { PALETTE } from './palette';

/** Height of the grid above the mat, in inches, to avoid z-fighting. */
const LIFT = 0.02;

interface GridProps {
  width: number;
  depth: number;
  /** Spacing of the faint lines, in inches (default 1). */
  step?: number;
  /** Spacing of the stronger lines, in inches (default 12). */
  majorStep?: number;
}

function buildLines(width: number, depth: number, step: number, keep: (inches: number) => boolean): BufferGeometry {
  const positions: number[] = [];
  for (let x = 0; x <= width + 1e-9; x += step) {
    if (!keep(x)) continue;
    positions.push(...tableToThree(x, 0, LIFT), ...tableToThree(x, depth, LIFT));
  }
  for (let y = 0; y <= depth + 1e-9; y += step) {
    if (!keep(y)) continue;
    positions.push(...tableToThree(0, y, LIFT), ...tableToThree(width, y, LIFT));
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return geometry;
}

/** Measuring grid on the mat: faint lines every inch, stronger ones every 12". */
export function Grid({ width, depth, step = 1, majorStep = 12 }: GridProps) {
  const minor = useMemo(() => buildLines(width, depth, step, (v) => v % majorStep !== 0), [width, depth, step, majorStep]);
  const major = useMemo(() => buildLines(width, depth, majorStep, () => true), [width, depth, majorStep]);

  useEffect(() => () => minor.dispose(), [minor]);
  useEffect(() => () => major.dispose(), [major]);

  return (
    <group name="grid">
      <lineSegments geometry={minor} renderOrder={1}>
        <lineBasicMaterial color={PALETTE.gridMinor} transparent opacity={0.13} depthWrite={false} />
      </lineSegments>
      <lineSegments geometry={major} renderOrder={2}>
        <lineBasicMaterial color={PALETTE.gridMajor} transparent opacity={0.5} depthWrite={false} />
      </lineSegments>
    </group>
  );
}
