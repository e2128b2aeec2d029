import { ARROW_LENGTH, type OrderToolSnapshot } from '../tools/order';
import { useGame } from '../state/gameStore';
import { silhouetteAt } from '../core/api';
import { FlatRing, Rod } from './overlayParts';

const COLOUR = '#7fd4ff';

/**
 * MOV-19 on the table: the arrow at the end of the path being drawn (at the trooper before any
 * waypoint), pointing the way the trooper will face when the Move ends. A drag from it, Q/E or the
 * wheel turn it (the Order tool). It starts at the base's edge, so it is never hidden under the model
 * and a press on it is never a press on the base (which draws the path on); the faint band round the
 * base is where a press takes it.
 */
export function FacingArrow({ snap }: { snap: OrderToolSnapshot }) {
  const state = useGame((g) => g.state);
  if (snap.phase !== 'drawing' || !snap.end || snap.endFacing === null || !snap.trooper) return null;
  const r = silhouetteAt(state, snap.trooper, snap.end.x, snap.end.y, snap.end.z, false).r;
  const rad = (snap.endFacing * Math.PI) / 180;
  // A facing of 0 looks along +y, 90 along -x (the engine's facingTowards).
  const dx = -Math.sin(rad);
  const dy = Math.cos(rad);
  const z = snap.end.z + 0.2;
  const a = { x: snap.end.x + dx * (r + 0.05), y: snap.end.y + dy * (r + 0.05), z };
  const tip = { x: snap.end.x + dx * (r + ARROW_LENGTH), y: snap.end.y + dy * (r + ARROW_LENGTH), z };
  const side = (s: number) => ({ x: tip.x - dx * 0.5 + -dy * s * 0.35, y: tip.y - dy * 0.5 + dx * s * 0.35, z });
  return (
    <group name="facing-arrow">
      <FlatRing x={snap.end.x} y={snap.end.y} z={snap.end.z + 0.04} inner={r + 0.05} outer={r + ARROW_LENGTH + 0.3} colour={COLOUR} opacity={0.1} onTop renderOrder={46} />
      <FlatRing x={snap.end.x} y={snap.end.y} z={snap.end.z + 0.04} inner={r + ARROW_LENGTH + 0.25} outer={r + ARROW_LENGTH + 0.33} colour={COLOUR} opacity={0.45} onTop renderOrder={46} />
      <Rod a={a} b={tip} radius={0.09} colour={COLOUR} renderOrder={47} />
      <Rod a={side(1)} b={tip} radius={0.09} colour={COLOUR} renderOrder={47} />
      <Rod a={side(-1)} b={tip} radius={0.09} colour={COLOUR} renderOrder={47} />
    </group>
  );
}
