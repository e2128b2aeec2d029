import { useEffect, useMemo } from 'react';
import { BufferGeometry, DoubleSide, Float32BufferAttribute } from 'three';
import type { Rect, Setup } from '../core/model/types';
import type { ZoneLayers, ZoneOverlay } from '../tools/zones';
import { rotationToThreeY, tableToThree } from './coords';
import { textTexture } from './labelTexture';
import { noRaycast } from './overlayParts';
import { PALETTE, PLAYER_COLOURS, PLAYER_LIGHT, TOOL_COLOURS } from './palette';
import { dashes, rectSides, type Segment } from './zones';
import { type Cylinder } from '../core/api';

const LIFT = 0.01;

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

/** A short text lying flat on the mat, upright for the viewer. */
function MatTag({ text, x, y, colour, turn }: { text: string; x: number; y: number; colour: string; turn: number }) {
  const texture = useMemo(() => textTexture(text, { colour, outline: 'rgba(10,12,14,0.85)', fontScale: 0.34 }), [text, colour]);
  useEffect(() => () => texture.dispose(), [texture]);
  return (
    <mesh position={tableToThree(x, y, LIFT * 5)} rotation={[-Math.PI / 2, 0, rotationToThreeY(turn)]} renderOrder={4} raycast={noRaycast}>
      <planeGeometry args={[2.2, 2.2]} />
      <meshBasicMaterial map={texture} transparent depthWrite={false} />
    </mesh>
  );
}

/** The strip a Forward Deployment area adds to its zone (the area less the zone), or null. */
function bandBeyond(area: Rect, zone: Rect): Rect | null {
  if (area.x === zone.x && area.w === zone.w) {
    if (area.y < zone.y) return { x: area.x, y: area.y, w: area.w, d: zone.y - area.y };
    const top = zone.y + zone.d;
    return area.y + area.d > top ? { x: area.x, y: top, w: area.w, d: area.y + area.d - top } : null;
  }
  if (area.y === zone.y && area.d === zone.d) {
    if (area.x < zone.x) return { x: area.x, y: area.y, w: zone.x - area.x, d: area.d };
    const right = zone.x + zone.w;
    return area.x + area.w > right ? { x: right, y: area.y, w: area.x + area.w - right, d: area.d } : null;
  }
  return null;
}

/** The sides of a rectangle that are not table edges: where a Forward Deployment area ends. */
function innerSides(rect: Rect, width: number, depth: number): Segment[] {
  const onEdge = (s: Segment) =>
    (s.x0 === s.x1 && (s.x0 <= 0 || s.x0 >= width)) || (s.y0 === s.y1 && (s.y0 <= 0 || s.y0 >= depth));
  return rectSides(rect).filter((s) => !onEdge(s));
}

interface ZonesProps {
  setup: Setup;
  /** the core's zones of the table, and the selected piece's Zone of Control */
  overlay: ZoneOverlay;
  /** which of them are drawn */
  layers: ZoneLayers;
  /** turn of the tags (degrees CCW from above) so they read upright from the viewer's edge */
  readFrom?: number;
}

/**
 * What players may measure at any time (DEP-7, TOOL-5), each on its toggle: Deployment Zones tinted
 * in their players' colours, the Forward Deployment areas (+4", +8") dashed, exclusion zones, the
 * dashed centre line, and the selected trooper's Zone of Control. Every zone is the core's
 * `tableZones`; nothing here works a zone out.
 */
export function Zones({ setup, overlay, layers, readFrom = 0 }: ZonesProps) {
  const { zones, zoc } = overlay;
  const { width, depth } = setup.table;
  const centre = useMemo(() => (zones.centre ? dashes(zones.centre, 1, 0.6) : []), [zones.centre]);
  return (
    <group name="zones">
      {layers.deployment &&
        zones.deployment.map((z) => {
          const colour = z.player ? PLAYER_COLOURS[z.player] : PALETTE.neutralZone;
          return (
            <group key={z.id} name={`zone-${z.id}`}>
              <Tint rect={z.rect} colour={colour} opacity={z.player ? 0.2 : 0.08} />
              <Strips segments={rectSides(z.rect)} width={0.16} colour={colour} opacity={0.95} z={LIFT * 3} />
            </group>
          );
        })}
      {layers.forward &&
        zones.forward.map((f) => {
          const own = zones.deployment.find((d) => d.player === f.player);
          const band = own ? bandBeyond(f.rect, own.rect) : null;
          const sides = innerSides(f.rect, width, depth);
          const tagAt = sides[0];
          return (
            <group key={`${f.player}-${f.inches}`} name={`forward-${f.player}-${f.inches}`}>
              {band && <Tint rect={band} colour={PLAYER_COLOURS[f.player]} opacity={0.07} />}
              <Strips segments={sides.flatMap((s) => dashes(s, 0.5, 0.35))} width={0.12} colour={PLAYER_COLOURS[f.player]} opacity={0.95} z={LIFT * 3} />
              {tagAt &&
                // At both ends of the line, so one of them shows from wherever the table is seen.
                [0, 1].map((end) => {
                  const level = tagAt.y0 === tagAt.y1;
                  const lo = level ? Math.min(tagAt.x0, tagAt.x1) : Math.min(tagAt.y0, tagAt.y1);
                  const hi = level ? Math.max(tagAt.x0, tagAt.x1) : Math.max(tagAt.y0, tagAt.y1);
                  const along = end === 0 ? lo + 1.4 : hi - 1.4;
                  const off = level ? tagAt.y0 + (f.rect.y < tagAt.y0 ? -1.1 : 1.1) : tagAt.x0 + (f.rect.x < tagAt.x0 ? -1.1 : 1.1);
                  return <MatTag key={end} text={`+${f.inches}"`} x={level ? along : off} y={level ? off : along} colour={PLAYER_LIGHT[f.player]} turn={readFrom} />;
                })}
            </group>
          );
        })}
      {layers.exclusion &&
        zones.exclusion.map((z) => (
          <group key={z.id} name={`exclusion-${z.id}`}>
            <Tint rect={z.rect} colour={PALETTE.exclusion} opacity={0.35} />
            <Strips segments={rectSides(z.rect).flatMap((s) => dashes(s, 0.5, 0.5))} width={0.08} colour={PALETTE.centreLine} opacity={0.6} z={LIFT * 3} />
          </group>
        ))}
      {layers.centre && centre.length > 0 && <Strips segments={centre} width={0.22} colour={PALETTE.centreLine} opacity={0.85} z={LIFT * 4} />}
      {layers.zoc && zoc && <ZoneOfControl reach={zoc.reach} silhouette={zoc.silhouette} colour={TOOL_COLOURS.zoc} />}
    </group>
  );
}

/**
 * A Zone of Control: 8" around the silhouette and 8" above and below it (the core's `zoneOfControl`).
 * Drawn as a ring on the mat with a faint fill, and the faint cylinder it fills above the table.
 */
function ZoneOfControl({ reach, silhouette, colour }: { reach: Cylinder; silhouette: Cylinder; colour: string }) {
  const bottom = Math.max(0, reach.z);
  const top = reach.z + reach.h;
  const ring = tableToThree(reach.x, reach.y, LIFT * 6);
  const side = tableToThree(reach.x, reach.y, (bottom + top) / 2);
  const lid = tableToThree(reach.x, reach.y, top);
  return (
    <group name="zone-of-control">
      <mesh position={ring} rotation-x={-Math.PI / 2} renderOrder={6} raycast={noRaycast}>
        <circleGeometry args={[reach.r, 96]} />
        <meshBasicMaterial color={colour} transparent opacity={0.1} depthWrite={false} />
      </mesh>
      <mesh position={ring} rotation-x={-Math.PI / 2} renderOrder={7} raycast={noRaycast}>
        <ringGeometry args={[reach.r - 0.14, reach.r, 128]} />
        <meshBasicMaterial color={colour} transparent opacity={0.95} depthWrite={false} />
      </mesh>
      <mesh position={side} renderOrder={8} raycast={noRaycast}>
        <cylinderGeometry args={[reach.r, reach.r, top - bottom, 96, 1, true]} />
        <meshBasicMaterial color={colour} transparent opacity={0.07} depthWrite={false} side={DoubleSide} />
      </mesh>
      <mesh position={lid} rotation-x={-Math.PI / 2} renderOrder={8} raycast={noRaycast}>
        <ringGeometry args={[reach.r - 0.08, reach.r, 128]} />
        <meshBasicMaterial color={colour} transparent opacity={0.5} depthWrite={false} />
      </mesh>
      {/* The 8" are measured from the silhouette: its base edge ringed too. */}
      <mesh position={tableToThree(silhouette.x, silhouette.y, silhouette.z + 0.05)} rotation-x={-Math.PI / 2} renderOrder={8} raycast={noRaycast}>
        <ringGeometry args={[silhouette.r + 0.08, silhouette.r + 0.16, 48]} />
        <meshBasicMaterial color={colour} transparent opacity={0.9} depthWrite={false} />
      </mesh>
    </group>
  );
}
