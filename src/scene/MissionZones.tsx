/**
 * The mission on the mat (MIS-20): each zone a tinted rectangle with a border, in the colour of the side
 * that held it at the last count (grey when nobody did), with its name; each objective a ring in the
 * colours of the sides that have activated it. Drawn from the viewer's view only.
 */
import { useEffect, useMemo } from 'react';
import { DoubleSide } from 'three';
import type { Setup } from '../core/model/types';
import type { StateView } from '../core/api';
import { tableToThree } from './coords';
import { textTexture } from './labelTexture';
import { noRaycast } from './overlayParts';
import { PALETTE, PLAYER_COLOURS } from './palette';
import { stripGeometry } from './Zones';
import { rectSides } from './zones';

const LIFT = 0.012;

function ZoneMark({ zone, colour, label }: { zone: { x: number; y: number; w: number; d: number }; colour: string; label: string }) {
  const border = useMemo(() => stripGeometry(rectSides(zone), 0.15, LIFT * 2), [zone]);
  const texture = useMemo(() => textTexture(label, { colour, outline: 'rgba(10,12,14,0.85)', fontScale: 0.3 }), [label, colour]);
  useEffect(
    () => () => {
      border.dispose();
      texture.dispose();
    },
    [border, texture],
  );
  return (
    <group raycast={noRaycast}>
      <mesh position={tableToThree(zone.x + zone.w / 2, zone.y + zone.d / 2, LIFT)} rotation-x={-Math.PI / 2} renderOrder={0} raycast={noRaycast}>
        <planeGeometry args={[zone.w, zone.d]} />
        <meshBasicMaterial color={colour} transparent opacity={0.12} depthWrite={false} />
      </mesh>
      <mesh geometry={border} renderOrder={3} raycast={noRaycast}>
        <meshBasicMaterial color={colour} transparent opacity={0.7} depthWrite={false} side={DoubleSide} />
      </mesh>
      <mesh position={tableToThree(zone.x + 1.4, zone.y + zone.d - 1.2, LIFT * 5)} rotation-x={-Math.PI / 2} renderOrder={4} raycast={noRaycast}>
        <planeGeometry args={[2.4, 2.4]} />
        <meshBasicMaterial map={texture} transparent depthWrite={false} />
      </mesh>
    </group>
  );
}

export function MissionZones({ setup, view }: { setup: Setup; view: StateView }) {
  const m = setup.mission;
  if (!m || !view.score) return null;
  return (
    <group name="mission" raycast={noRaycast}>
      {m.zones.map((z) => {
        const held = view.score!.zones[z.id]?.dominatedBy ?? null;
        return <ZoneMark key={z.id} zone={z} colour={held ? PLAYER_COLOURS[held] : PALETTE.neutralZone} label={z.name} />;
      })}
      {m.objectives.map((o) => {
        const at = setup.objectives.find((x) => x.id === o.id);
        const sides = view.score!.activated[o.id] ?? [];
        if (!at) return null;
        return sides.map((p, i) => (
          <mesh key={`${o.id}-${p}`} position={tableToThree(at.x, at.y, 0.15 + i * 0.05)} rotation-x={-Math.PI / 2} raycast={noRaycast}>
            <ringGeometry args={[at.r + 0.15 + i * 0.2, at.r + 0.3 + i * 0.2, 32]} />
            <meshBasicMaterial color={PLAYER_COLOURS[p]} side={DoubleSide} />
          </mesh>
        ));
      })}
    </group>
  );
}
