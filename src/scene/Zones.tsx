import { useEffect, useMemo } from 'react';
import { BufferGeometry, DoubleSide, Float32BufferAttribute } from 'three';
import type { PlayerId, Rect, Setup } from '../core/model/types';
import { tableToThree } from './coords';
import { PALETTE, PLAYER_COLOURS } from './palette';
import { centreLine, dashes, rectSides, zoneShapes, type Segment } from './zones';

const LIFT = 0.01;

interface ZonesProps {
  setup: Setup;
  /** zone name held by each player, once chosen */
  held: Record<PlayerId, string> | null;
}

/**
 * Flat strips on the mat along segments, `width` inches wide: unlike GL lines (one pixel wide
 * whatever the zoom), they keep their width in inches and read from far away.
 */
export function stripGeometry(segments: Segment[], width: number, z: number): BufferGeometry {
  const p: number[] = [];
  const h = width / 2;
  for (const s of segments) {
    const len = Math.hypot(s.x1 - s.x0, s.y1 - s.y0);
    if (len === 0) continue;
    // Normal on the table plane, and the strip's ends pushed out by half its width so corners close.
    const nx = (-(s.y1 - s.y0) / len) * h;
    const ny = ((s.x1 - s.x0) / len) * h;
    const ex = ((s.x1 - s.x0) / len) * h;
    const ey = ((s.y1 - s.y0) / len) * h;
    const a = tableToThree(s.x0 - ex + nx, s.y0 - ey + ny, z);
    const b = tableToThree(s.x0 - ex - nx, s.y0 - ey - ny, z);
    const c = tableToThree(s.x1 + ex - nx, s.y1 + ey - ny, z);
    const d = tableToThree(s.x1 + ex + nx, s.y1 + ey + ny, z);
    p.push(...a, ...b, ...c, ...a, ...c, ...d);
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(p, 3));
  g.computeVertexNormals();
  return g;
}

/** A flat translucent rectangle on the mat. */
function Tint({ rect, colour, opacity }: { rect: Rect; colour: string; opacity: number }) {
  const centre = tableToThree(rect.x + rect.w / 2, rect.y + rect.d / 2, LIFT);
  return (
    <mesh position={centre} rotation-x={-Math.PI / 2} renderOrder={0}>
      <planeGeometry args={[rect.w, rect.d]} />
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthWrite={false} />
    </mesh>
  );
}

function Strips({ segments, width, colour, opacity, z }: { segments: Segment[]; width: number; colour: string; opacity: number; z: number }) {
  const g = useMemo(() => stripGeometry(segments, width, z), [segments, width, z]);
  useEffect(() => () => g.dispose(), [g]);
  return (
    <mesh geometry={g} renderOrder={3}>
      <meshBasicMaterial color={colour} transparent opacity={opacity} depthWrite={false} side={DoubleSide} />
    </mesh>
  );
}

/** Deployment Zones tinted in their players' colours, exclusion zones, and the dashed centre line (TOOL-5). */
export function Zones({ setup, held }: ZonesProps) {
  const shapes = useMemo(() => zoneShapes(setup, held), [setup, held]);
  const centre = useMemo(() => {
    const s = centreLine(setup);
    return s ? dashes(s, 1, 0.6) : [];
  }, [setup]);
  return (
    <group name="zones">
      {shapes.map((z) => {
        const colour = z.player ? PLAYER_COLOURS[z.player] : PALETTE.neutralZone;
        return (
          <group key={z.name} name={`zone-${z.name}`}>
            <Tint rect={z.rect} colour={colour} opacity={z.player ? 0.2 : 0.08} />
            <Strips segments={rectSides(z.rect)} width={0.16} colour={colour} opacity={0.95} z={LIFT * 3} />
          </group>
        );
      })}
      {setup.zones.exclusion.map((z) => (
        <group key={z.id} name={`exclusion-${z.id}`}>
          <Tint rect={z} colour={PALETTE.exclusion} opacity={0.35} />
          <Strips segments={rectSides(z).flatMap((s) => dashes(s, 0.5, 0.5))} width={0.08} colour={PALETTE.centreLine} opacity={0.6} z={LIFT * 3} />
        </group>
      ))}
      {centre.length > 0 && <Strips segments={centre} width={0.22} colour={PALETTE.centreLine} opacity={0.85} z={LIFT * 4} />}
    </group>
  );
}
