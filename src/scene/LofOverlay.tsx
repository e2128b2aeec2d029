import { useEffect, useMemo } from 'react';
import { useFrame } from '@react-three/fiber';
import { BufferGeometry, DoubleSide, Float32BufferAttribute } from 'three';
import type { LofMark, LofResult, LofVerdict } from '../tools/lof';
import type { Setup } from '../core/model/types';
import { sceneryName, type Piece } from '../state/pieces';
import { tableToThree } from './coords';
import { FlatRing, noRaycast, Rod } from './overlayParts';
import { TOOL_COLOURS } from './palette';
import { placeLabel, useScreenLabel } from './screenLabel';
import { useTools } from './useTools';
import { type Vec3 } from '../core/api';

export const VERDICT_COLOURS: Record<LofVerdict, string> = {
  seen: TOOL_COLOURS.seen,
  cover: TOOL_COLOURS.cover,
  unseen: TOOL_COLOURS.unseen,
};

export const VERDICT_WORDS: Record<LofVerdict, string> = {
  seen: 'Seen',
  cover: 'Seen, Partial Cover',
  unseen: 'Not seen',
};


/**
 * The patches of the target's silhouette that are wholly seen (LofDetail.seenPatches), as quads
 * pushed a hair off the surface so they lie on it without flickering.
 */
function SeenPatches({ mark }: { mark: LofMark }) {
  const geometry = useMemo(() => {
    const c = mark.c;
    const top = c.z + c.h;
    const lift = (p: Vec3) => {
      if (Math.abs(p.z - top) < 1e-6) return tableToThree(p.x, p.y, p.z + 0.02);
      const dx = p.x - c.x;
      const dy = p.y - c.y;
      const d = Math.hypot(dx, dy) || 1;
      return tableToThree(p.x + (dx / d) * 0.02, p.y + (dy / d) * 0.02, p.z);
    };
    const pos: number[] = [];
    for (const q of mark.answer.seenPatches) {
      const [p0, p1, p2, p3] = q.map(lift);
      if (!p0 || !p1 || !p2 || !p3) continue;
      pos.push(...p0, ...p1, ...p2, ...p0, ...p2, ...p3);
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(pos, 3));
    return g;
  }, [mark]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <mesh geometry={geometry} renderOrder={37} raycast={noRaycast}>
      <meshBasicMaterial color={VERDICT_COLOURS[mark.verdict]} transparent opacity={0.85} side={DoubleSide} depthWrite={false} />
    </mesh>
  );
}

/** The picked trooper's arc on its base: the front half for a model, all round for a marker (TOC-8). */
function Arc({ lof }: { lof: LofResult }) {
  const { c, facing } = lof;
  const z = c.z + 0.06;
  if (facing === null) return <FlatRing x={c.x} y={c.y} z={z} inner={c.r + 0.08} outer={c.r + 0.5} colour={TOOL_COLOURS.arc} opacity={0.85} onTop />;
  const start = (facing * Math.PI) / 180;
  const side = { x: Math.cos(start), y: Math.sin(start) };
  const reach = c.r + 1.2;
  return (
    <group>
      <FlatRing x={c.x} y={c.y} z={z} inner={0} outer={c.r + 0.5} colour={TOOL_COLOURS.arc} opacity={0.55} onTop thetaStart={start} thetaLength={Math.PI} />
      {/* The line that bounds the front half, across the base and beyond. */}
      <Rod a={{ x: c.x - side.x * reach, y: c.y - side.y * reach, z }} b={{ x: c.x + side.x * reach, y: c.y + side.y * reach, z }} radius={0.035} colour={TOOL_COLOURS.arc} opacity={0.95} />
    </group>
  );
}

function Mark({ mark, inspected }: { mark: LofMark; inspected: boolean }) {
  const { c, verdict } = mark;
  const colour = VERDICT_COLOURS[verdict];
  const seen = verdict !== 'unseen';
  return (
    <group name={`lof-${mark.key}`}>
      <FlatRing x={c.x} y={c.y} z={c.z + 0.05} inner={c.r + 0.1} outer={c.r + (seen ? 0.45 : 0.32)} colour={colour} opacity={seen ? 1 : 0.9} onTop />
      {seen && <FlatRing x={c.x} y={c.y} z={c.z + c.h + 0.02} inner={c.r * 0.7} outer={c.r + 0.12} colour={colour} opacity={0.9} />}
      {inspected && <FlatRing x={c.x} y={c.y} z={c.z + 0.05} inner={c.r + 0.5} outer={c.r + 0.62} colour="#ffffff" opacity={0.95} onTop />}
    </group>
  );
}

interface LofOverlayProps {
  pieces: Piece[];
  setup: Setup;
}

/**
 * The Line of Fire tool on the table (TOOL-2): the picked trooper's arc; a ring on every enemy, green
 * seen, amber seen in Partial Cover, grey not seen; a faint witness line to each one seen; and for the
 * enemy under the pointer, its witness line, the seen patches of its silhouette, and a label saying
 * what it is and what hides it.
 */
export function LofOverlay({ pieces, setup }: LofOverlayProps) {
  const lof = useTools((s) => s.lof);
  const inspectedKey = useTools((s) => s.inspected);
  const label = useScreenLabel('lof-label', 'lof-label');
  const inspected = lof?.marks.find((m) => m.key === inspectedKey) ?? null;

  useEffect(() => {
    const el = label.current;
    if (!el) return;
    el.hidden = !inspected;
    if (!inspected) return;
    const name = pieces.find((p) => p.key === inspected.key)?.label ?? inspected.key;
    const { answer, verdict } = inspected;
    const why = verdict === 'unseen' ? [...answer.hiddenBy.map((id) => sceneryName(setup, id)), ...answer.hiddenByModels.map((k) => pieces.find((p) => p.key === k)?.label ?? k)] : [];
    el.dataset.verdict = verdict;
    el.textContent = '';
    const b = document.createElement('b');
    b.textContent = name;
    const s = document.createElement('span');
    s.className = 'parts';
    s.textContent =
      verdict === 'unseen'
        ? `Not seen${why.length ? `: hidden by ${why.join(', ')}` : ''}`
        : `${VERDICT_WORDS[verdict]} · ${Math.round(answer.fraction * 100)}% of it in view`;
    el.append(b, s);
  }, [label, inspected, pieces, setup]);

  useFrame(({ camera, size }) => {
    const el = label.current;
    if (!el || !inspected) return;
    const c = inspected.c;
    placeLabel(el, camera, size, c.x, c.y, c.z + c.h + 0.3);
  });

  if (!lof) return null;
  const eye = { x: lof.c.x, y: lof.c.y, z: lof.c.z + lof.c.h / 2 };
  return (
    <group name="lof">
      <Arc lof={lof} />
      {lof.marks.map((m) => (
        <Mark key={m.key} mark={m} inspected={m.key === inspectedKey} />
      ))}
      {lof.marks.map((m) =>
        m.answer.witness && m.key !== inspectedKey ? (
          <Rod key={`w-${m.key}`} a={m.answer.witness.from} b={m.answer.witness.to} radius={0.03} colour={VERDICT_COLOURS[m.verdict]} opacity={0.5} />
        ) : null,
      )}
      {inspected?.answer.witness && <Rod a={inspected.answer.witness.from} b={inspected.answer.witness.to} radius={0.06} colour={VERDICT_COLOURS[inspected.verdict]} opacity={1} />}
      {inspected && inspected.verdict !== 'unseen' && <SeenPatches mark={inspected} />}
      {inspected && inspected.verdict === 'unseen' && (
        <Rod a={eye} b={{ x: inspected.c.x, y: inspected.c.y, z: inspected.c.z + inspected.c.h / 2 }} radius={0.03} colour={TOOL_COLOURS.unseen} opacity={0.7} />
      )}
    </group>
  );
}
