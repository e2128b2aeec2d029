import type { OrderToolSnapshot } from '../tools/order';
import { FlatRing, Rod } from './overlayParts';

const COLOUR = '#7fd4ff';

/**
 * MOV-19 on the table: the arrow at the end of the path being drawn (at the trooper before any
 * waypoint), pointing the way the trooper will face when the Move ends. A drag from it, Q/E or the
 * wheel turn it (the Order tool); the ring round its foot is where a press takes it.
 */
export function FacingArrow({ snap }: { snap: OrderToolSnapshot }) {
  if (snap.phase !== 'drawing' || !snap.end || snap.endFacing === null) return null;
  const rad = (snap.endFacing * Math.PI) / 180;
  // A facing of 0 looks along +y, 90 along -x (the engine's facingTowards).
  const dx = -Math.sin(rad);
  const dy = Math.cos(rad);
  const z = snap.end.z + 0.2;
  const a = { x: snap.end.x, y: snap.end.y, z };
  const tip = { x: a.x + dx * 1.4, y: a.y + dy * 1.4, z };
  const side = (s: number) => ({ x: tip.x - dx * 0.45 + -dy * s * 0.3, y: tip.y - dy * 0.45 + dx * s * 0.3, z });
  return (
    <group name="facing-arrow">
      <FlatRing x={a.x} y={a.y} z={snap.end.z + 0.04} inner={1.0} outer={1.12} colour={COLOUR} opacity={0.5} onTop renderOrder={46} />
      <Rod a={a} b={tip} radius={0.06} colour={COLOUR} renderOrder={47} />
      <Rod a={side(1)} b={tip} radius={0.06} colour={COLOUR} renderOrder={47} />
      <Rod a={side(-1)} b={tip} radius={0.06} colour={COLOUR} renderOrder={47} />
    </group>
  );
}
