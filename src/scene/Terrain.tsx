import { useEffect, useMemo } from 'react';
import { DoubleSide } from 'three';
import type { Setup } from '../core/model/types';
import { rotationToThreeY, tableToThree } from './coords';
import { textTexture } from './labelTexture';
import { PALETTE, TERRAIN_COLOURS } from './palette';
import { buildTerrainMeshes } from './terrainGeometry';
import { type Facts } from '../core/api';
import { useSession } from '../state/sessionStore';

interface TerrainProps {
  setup: Setup;
  facts: Facts;
  /** turn of the height labels (degrees CCW from above) so they read upright from the viewer's edge */
  readFrom?: number;
}

/** A piece's height written flat on its top (or on a ruin's floor), upright for the viewer. */
function HeightLabel({ text, x, y, z, size, turn }: { text: string; x: number; y: number; z: number; size: number; turn: number }) {
  const texture = useMemo(() => textTexture(text, { colour: '#20242a', outline: 'rgba(255,255,255,0.55)', fontScale: 0.5 }), [text]);
  useEffect(() => () => texture.dispose(), [texture]);
  return (
    <mesh position={tableToThree(x, y, z)} rotation={[-Math.PI / 2, 0, rotationToThreeY(turn)]} renderOrder={5}>
      <planeGeometry args={[size, size]} />
      <meshBasicMaterial map={texture} transparent depthWrite={false} opacity={0.8} />
    </mesh>
  );
}

/**
 * Every terrain piece as shaded solids with dark edges: blocks, buildings' four walls and roof, and
 * roofless ruins showing their walls and the empty floor inside; buildings one may enter with their
 * walls cut round doors, windows and breaches, their floor slabs and ladders (terrainGeometry.ts).
 * Heights are written on top. With the roofs off (the session's `roofsOff`, issue 37) the roofs of
 * buildings one may enter are not drawn, so their inside shows and the pointer reaches it.
 */
export function Terrain({ setup, facts, readFrom = 0 }: TerrainProps) {
  const meshes = useMemo(() => buildTerrainMeshes(setup, facts), [setup, facts]);
  const roofsOff = useSession((s) => s.roofsOff);
  const roofed = useMemo(() => new Set(setup.terrain.filter((t) => t.kind === 'building' && t.roof && t.interior === 'open').map((t) => t.id)), [setup]);
  useEffect(
    () => () => {
      meshes.solids.dispose();
      meshes.edges.dispose();
      meshes.roofs.dispose();
      meshes.roofEdges.dispose();
    },
    [meshes],
  );
  return (
    <group name="terrain">
      <mesh geometry={meshes.solids} castShadow receiveShadow name="terrain-solids">
        <meshStandardMaterial vertexColors roughness={0.85} metalness={0.05} />
      </mesh>
      <lineSegments geometry={meshes.edges} name="terrain-edges">
        <lineBasicMaterial color={PALETTE.terrainEdge} transparent opacity={0.9} />
      </lineSegments>
      <mesh geometry={meshes.roofs} castShadow receiveShadow name="terrain-roofs" visible={!roofsOff}>
        <meshStandardMaterial vertexColors roughness={0.85} metalness={0.05} />
      </mesh>
      <lineSegments geometry={meshes.roofEdges} name="terrain-roof-edges" visible={!roofsOff}>
        <lineBasicMaterial color={PALETTE.terrainEdge} transparent opacity={0.9} />
      </lineSegments>
      {meshes.floors.map((f) => (
        <mesh
          key={f.id}
          position={tableToThree(f.x, f.y, 0.015)}
          rotation={[-Math.PI / 2, 0, rotationToThreeY(f.rotation)]}
          receiveShadow
          name={`floor-${f.id}`}
        >
          <planeGeometry args={[f.w, f.d]} />
          <meshStandardMaterial color={TERRAIN_COLOURS.ruinFloor} roughness={1} side={DoubleSide} />
        </mesh>
      ))}
      {meshes.labels.filter((l) => !(roofsOff && roofed.has(l.id))).map((l) => (
        <HeightLabel key={l.id} text={l.text} x={l.x} y={l.y} z={l.z} size={l.size} turn={readFrom} />
      ))}
    </group>
  );
}
