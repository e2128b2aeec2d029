import type { Piece } from '../state/pieces';
import { useSession } from '../state/sessionStore';
import { tableToThree } from './coords';
import { PALETTE } from './palette';

/** A flat ring on the table around a piece's base. */
function Ring({ piece, colour, width, opacity }: { piece: Piece; colour: string; width: number; opacity: number }) {
  const r = piece.radius + 0.12;
  return (
    <mesh position={tableToThree(piece.x, piece.y, piece.z + 0.04)} rotation-x={-Math.PI / 2} renderOrder={20}>
      <ringGeometry args={[r, r + width, 48]} />
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthTest={false} depthWrite={false} />
    </mesh>
  );
}

/** CC-17: an Engaged trooper's ring, on both sides of a close combat. */
const ENGAGED = '#ff5a36';

/** The selected piece ringed in bright yellow (with a second ring at its silhouette's top), the hovered one in white; Engaged troopers in red. */
export function SelectionMarks({ pieces }: { pieces: Piece[] }) {
  const selected = useSession((s) => s.selected);
  const hovered = useSession((s) => s.hovered);
  const sel = selected ? pieces.find((p) => p.key === selected) : undefined;
  const hov = hovered && hovered !== selected ? pieces.find((p) => p.key === hovered) : undefined;
  return (
    <group name="selection">
      {pieces.filter((p) => p.engaged).map((p) => (
        <group key={`engaged-${p.key}`} name={`engaged-${p.key}`}>
          <Ring piece={p} colour={ENGAGED} width={0.1} opacity={0.9} />
        </group>
      ))}
      {sel && <Ring piece={sel} colour={PALETTE.selection} width={0.22} opacity={1} />}
      {sel && sel.kind === 'model' && (
        <mesh position={tableToThree(sel.x, sel.y, sel.z + sel.height + 0.01)} rotation-x={-Math.PI / 2} renderOrder={21}>
          <ringGeometry args={[sel.radius * 0.9, sel.radius + 0.1, 48]} />
          <meshBasicMaterial color={PALETTE.selection} transparent opacity={0.95} depthWrite={false} />
        </mesh>
      )}
      {hov && <Ring piece={hov} colour={PALETTE.hover} width={0.12} opacity={0.85} />}
    </group>
  );
}
