import { useEffect, useMemo, useRef } from 'react';
import { useFrame } from '@react-three/fiber';
import { BufferGeometry, DoubleSide, Float32BufferAttribute, Shape, ShapeGeometry, Vector2, type Group, type MeshBasicMaterial } from 'three';
import type { Piece } from '../state/pieces';
import { tableTools } from '../tools/page';
import type { TemplateView } from '../tools/template';
import { facingToThreeRotationY, setFromTable, tableToThree } from './coords';
import { FlatRing, noRaycast } from './overlayParts';
import { TOOL_COLOURS } from './palette';
import { useTools } from './useTools';
import { stripGeometry } from './Zones';
import { type Facts, type TemplateKind, templateShape } from '../core/api';

/**
 * A template's meshes at rotation 0 around its anchor, from the core's outline: the flat fill, its
 * border, and a faint fence showing how far it reaches above and below (as tall as its radius).
 */
export function templateMeshes(kind: TemplateKind, facts: Facts) {
  const shape = templateShape({ kind, x: 0, y: 0, z: 0, rotation: 0 }, facts);
  const outline = shape.outline;
  const fill = new ShapeGeometry(new Shape(outline.map((p) => new Vector2(p.x, p.y))));
  fill.rotateX(-Math.PI / 2); // shape (x, y) -> three (x, 0, -y): table x east, y north
  const segments = outline.map((p, i) => {
    const q = outline[(i + 1) % outline.length]!;
    return { x0: p.x, y0: p.y, x1: q.x, y1: q.y };
  });
  const border = stripGeometry(segments, 0.12, 0.005);
  const pos: number[] = [];
  const r = shape.radius;
  for (const s of segments) {
    const a0 = tableToThree(s.x0, s.y0, -r);
    const b0 = tableToThree(s.x1, s.y1, -r);
    const b1 = tableToThree(s.x1, s.y1, r);
    const a1 = tableToThree(s.x0, s.y0, r);
    pos.push(...a0, ...b0, ...b1, ...a0, ...b1, ...a1);
  }
  const fence = new BufferGeometry();
  fence.setAttribute('position', new Float32BufferAttribute(pos, 3));
  return { fill, border, fence };
}

/** A template's meshes for a kind, made once and disposed of when the kind or the facts change. */
export function useTemplateMeshes(kind: TemplateKind, facts: Facts) {
  const meshes = useMemo(() => templateMeshes(kind, facts), [kind, facts]);
  useEffect(
    () => () => {
      meshes.fill.dispose();
      meshes.border.dispose();
      meshes.fence.dispose();
    },
    [meshes],
  );
  return meshes;
}

interface TemplateOverlayProps {
  pieces: Piece[];
  facts: Facts;
}

/**
 * The template in hand or put down (TOOL-3): the core's outline filled in pink, a fence for its
 * vertical reach, a pink ring on every piece it touches and a white one on the trooper it is fired
 * from. The template follows the pointer from the tools' live object in `useFrame`; the rings change
 * only when what it touches does.
 */
export function TemplateOverlay({ pieces, facts }: TemplateOverlayProps) {
  const kind = useTools((s) => s.templateKind);
  const template = useTools((s) => s.template);
  const group = useRef<Group>(null);
  const fillMaterial = useRef<MeshBasicMaterial>(null);
  const shown = useRef<TemplateView | null | undefined>(undefined);
  const meshes = useTemplateMeshes(kind, facts);

  useFrame(() => {
    const g = group.current;
    if (!g) return;
    const t = tableTools.live.template;
    g.visible = t !== null;
    if (!t || t === shown.current) return;
    shown.current = t;
    const p = t.placement;
    setFromTable(g.position, p.x, p.y, p.z + 0.03);
    g.rotation.y = facingToThreeRotationY(p.rotation);
    if (fillMaterial.current) fillMaterial.current.opacity = t.placed ? 0.45 : 0.3;
  });

  const byKey = useMemo(() => new Map(pieces.map((p) => [p.key, p])), [pieces]);
  const origin = template?.origin ? byKey.get(template.origin) : undefined;
  return (
    <group name="template-overlay">
      <group ref={group} name="template" visible={false}>
        <mesh geometry={meshes.fill} renderOrder={32} raycast={noRaycast}>
          <meshBasicMaterial ref={fillMaterial} color={TOOL_COLOURS.template} transparent opacity={0.3} depthWrite={false} side={DoubleSide} />
        </mesh>
        <mesh geometry={meshes.border} renderOrder={33} raycast={noRaycast}>
          {/* The outline shows through terrain: a template is a flat card held over the table. */}
          <meshBasicMaterial color={TOOL_COLOURS.template} transparent opacity={0.95} depthWrite={false} depthTest={false} side={DoubleSide} />
        </mesh>
        <mesh geometry={meshes.fence} renderOrder={31} raycast={noRaycast}>
          <meshBasicMaterial color={TOOL_COLOURS.template} transparent opacity={0.1} depthWrite={false} side={DoubleSide} />
        </mesh>
      </group>
      {template?.hits.map((key) => {
        const p = byKey.get(key);
        if (!p) return null;
        return (
          <group key={key} name={`hit-${key}`}>
            <FlatRing x={p.x} y={p.y} z={p.z + 0.05} inner={p.radius + 0.1} outer={p.radius + 0.42} colour={TOOL_COLOURS.templateHit} onTop />
            <FlatRing x={p.x} y={p.y} z={p.z + 0.05} inner={p.radius + 0.42} outer={p.radius + 0.5} colour="#ffffff" opacity={0.9} onTop />
            {p.kind === 'model' && <FlatRing x={p.x} y={p.y} z={p.z + p.height + 0.02} inner={p.radius * 0.7} outer={p.radius + 0.12} colour={TOOL_COLOURS.templateHit} opacity={0.95} />}
          </group>
        );
      })}
      {origin && <FlatRing x={origin.x} y={origin.y} z={origin.z + 0.05} inner={origin.radius + 0.1} outer={origin.radius + 0.26} colour={TOOL_COLOURS.origin} onTop />}
    </group>
  );
}
