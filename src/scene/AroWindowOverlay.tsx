import { useEffect, useMemo } from 'react';
import { useThree, type ThreeEvent } from '@react-three/fiber';
import { openWindow } from '../core/api';
import { useGame } from '../state/gameStore';
import { aroPick, useAroPick } from '../state/aroPick';
import type { Piece } from '../state/pieces';
import { tableToThree } from './coords';
import { FlatRing, Rod } from './overlayParts';
import { PLAYER_COLOURS } from './palette';

const LIFT = 0.15;

/**
 * ARO-1, ARO-5 on the table, for the reactive player at the screen (or in Solo): what the active
 * trooper declared, drawn as the window tells this player of it (the path from where it set out, each
 * waypoint a dot), the point each of their reactors would take its ARO at (a ring, and a faint line from
 * the reactor), and, while the panel's "Choose on the table" waits, the points that reactor may choose,
 * each a disc to click.
 */
export function AroWindowOverlay({ pieces }: { pieces: Piece[] }) {
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const invalidate = useThree((s) => s.invalidate);
  const allowed = useAroPick((s) => s.allowed);
  const chosen = useAroPick((s) => s.chosen);
  const picking = useAroPick((s) => s.picking);
  const open = useMemo(() => openWindow(state, viewer), [state, viewer]);
  useEffect(() => invalidate(), [open, allowed, chosen, picking, invalidate]);
  const byKey = useMemo(() => new Map(pieces.map((p) => [p.key, p])), [pieces]);
  if (!open || (viewer !== null && viewer !== open.player)) return null;
  const mover = byKey.get(open.trooper);
  const z = (mover?.z ?? 0) + LIFT;
  const active = open.player === 'A' ? 'B' : 'A';
  // COORD-6: a Coordinated Order's window draws every participant's path, each at its own height.
  const lines = Object.entries(open.paths ?? { [open.trooper]: open.path }).map(([key, path]) => {
    const lift = (byKey.get(key)?.z ?? 0) + LIFT;
    return { key, pts: path.map((p) => ({ x: p.x, y: p.y, z: lift })) };
  });
  const mine = PLAYER_COLOURS[open.player];
  const choosable = picking ? (allowed[picking] ?? []) : [];
  return (
    <group name="aro-window-overlay">
      {lines.map(({ key, pts }) => (
        <group key={`l${key}`} name={`aro-path-${key}`}>
          {pts.slice(1).map((b, i) => (
            <Rod key={`s${i}`} a={pts[i]!} b={b} radius={0.08} colour={PLAYER_COLOURS[active]} renderOrder={44} />
          ))}
          {pts.map((p, i) => (
            <FlatRing key={`p${i}`} x={p.x} y={p.y} z={p.z} inner={0.1} outer={i === pts.length - 1 ? 0.3 : 0.2} colour="#ffffff" onTop renderOrder={45} />
          ))}
        </group>
      ))}
      {Object.entries(allowed).map(([id, points]) => {
        const at = chosen[id] ?? points.at(-1);
        const piece = byKey.get(id);
        if (!at) return null;
        return (
          <group key={`r${id}`}>
            <FlatRing x={at.x} y={at.y} z={z} inner={0.32} outer={0.46} colour={mine} onTop renderOrder={46} />
            {piece && <Rod a={{ x: piece.x, y: piece.y, z: piece.z + piece.height * 0.8 }} b={{ x: at.x, y: at.y, z: z + 0.5 }} radius={0.03} colour={mine} opacity={0.6} renderOrder={44} />}
          </group>
        );
      })}
      {choosable.map((p) => (
        <PickDisc key={`c${p.x},${p.y}`} x={p.x} y={p.y} z={z} colour={mine} onPick={() => aroPick.getState().choose(picking!, p)} />
      ))}
    </group>
  );
}

/** A path point the reactor may take its ARO at: a disc that takes the click (and keeps it from the table). */
function PickDisc({ x, y, z, colour, onPick }: { x: number; y: number; z: number; colour: string; onPick: () => void }) {
  const position = useMemo(() => tableToThree(x, y, z + 0.02), [x, y, z]);
  return (
    <mesh
      position={position}
      rotation-x={-Math.PI / 2}
      renderOrder={47}
      name={`aro-pick-${x}-${y}`}
      onClick={(e: ThreeEvent<MouseEvent>) => {
        e.stopPropagation();
        onPick();
      }}
    >
      <circleGeometry args={[0.45, 32]} />
      <meshBasicMaterial color={colour} transparent opacity={0.75} depthWrite={false} depthTest={false} />
    </mesh>
  );
}
