import { useRef } from 'react';
import { useFrame } from '@react-three/fiber';
import type { Group, Mesh } from 'three';
import type { RulerReading } from '../tools/ruler';
import { tableTools } from '../tools/page';
import { setFromTable } from './coords';
import { noRaycast, ROD, setRod } from './overlayParts';
import { TOOL_COLOURS } from './palette';
import { placeLabel, useScreenLabel } from './screenLabel';

/** How a distance reads on the ruler: inches to a tenth. */
export function inchesText(n: number): string {
  return `${n.toFixed(1)}"`;
}

/** Upright parts smaller than this are not worth a second line. */
const FLAT = 0.05;

/**
 * The ruler (TOOL-1): a bright rod between the closest points of its two ends, a dot at each end, a
 * ring on each piece it snapped to, faint level and upright legs when the ends differ in height, and
 * a label with the distance (and its level and upright parts). Everything is read from the tools'
 * live object in `useFrame` and moved by hand: a drag re-renders no React.
 */
export function RulerOverlay() {
  const group = useRef<Group>(null);
  const rod = useRef<Mesh>(null);
  const dotA = useRef<Mesh>(null);
  const dotB = useRef<Mesh>(null);
  const level = useRef<Mesh>(null);
  const upright = useRef<Mesh>(null);
  const ringA = useRef<Mesh>(null);
  const ringB = useRef<Mesh>(null);
  const label = useScreenLabel('ruler-label', 'ruler-label');
  const shown = useRef<RulerReading | null | undefined>(undefined);

  useFrame(({ camera, size }) => {
    const r = tableTools.live.ruler;
    const g = group.current;
    const el = label.current;
    if (!g) return;
    g.visible = r !== null;
    if (el) el.hidden = r === null;
    if (!r) {
      shown.current = null;
      return;
    }
    if (r !== shown.current) {
      shown.current = r;
      setRod(rod.current!, r.a, r.b, 0.09);
      setFromTable(dotA.current!.position, r.a.x, r.a.y, r.a.z);
      setFromTable(dotB.current!.position, r.b.x, r.b.y, r.b.z);
      const corner = { x: r.b.x, y: r.b.y, z: r.a.z };
      const stepped = r.vertical > FLAT && r.horizontal > FLAT;
      level.current!.visible = upright.current!.visible = stepped;
      if (stepped) {
        setRod(level.current!, r.a, corner, 0.03);
        setRod(upright.current!, corner, r.b, 0.03);
      }
      r.ends.forEach((c, i) => {
        const ring = (i === 0 ? ringA : ringB).current!;
        ring.visible = c.r > 0;
        if (c.r > 0) {
          setFromTable(ring.position, c.x, c.y, c.z + 0.05);
          ring.scale.setScalar(c.r + 0.1);
        }
      });
      if (el) {
        const parts = r.vertical > FLAT ? `<span class="parts">level ${inchesText(r.horizontal)} · up/down ${inchesText(r.vertical)}</span>` : '';
        el.innerHTML = `<b data-testid="ruler-inches">${inchesText(r.inches)}</b>${parts}`;
      }
    }
    if (el) placeLabel(el, camera, size, (r.a.x + r.b.x) / 2, (r.a.y + r.b.y) / 2, (r.a.z + r.b.z) / 2);
  });

  return (
    <group ref={group} name="ruler" visible={false}>
      <mesh ref={rod} geometry={ROD} renderOrder={40} raycast={noRaycast}>
        <meshBasicMaterial color={TOOL_COLOURS.ruler} depthTest={false} depthWrite={false} transparent opacity={0.95} />
      </mesh>
      {[dotA, dotB].map((ref, i) => (
        <mesh key={i} ref={ref} renderOrder={41} raycast={noRaycast}>
          <sphereGeometry args={[0.16, 16, 12]} />
          <meshBasicMaterial color={TOOL_COLOURS.ruler} depthTest={false} depthWrite={false} transparent />
        </mesh>
      ))}
      {[level, upright].map((ref, i) => (
        <mesh key={i} ref={ref} geometry={ROD} renderOrder={39} raycast={noRaycast}>
          <meshBasicMaterial color={TOOL_COLOURS.rulerParts} depthTest={false} depthWrite={false} transparent opacity={0.55} />
        </mesh>
      ))}
      {[ringA, ringB].map((ref, i) => (
        <mesh key={i} ref={ref} rotation-x={-Math.PI / 2} renderOrder={38} raycast={noRaycast}>
          <ringGeometry args={[1, 1.14, 64]} />
          <meshBasicMaterial color={TOOL_COLOURS.ruler} depthTest={false} depthWrite={false} transparent opacity={0.9} />
        </mesh>
      ))}
    </group>
  );
}
