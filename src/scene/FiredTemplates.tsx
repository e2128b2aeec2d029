import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useThree } from '@react-three/fiber';
import { DoubleSide } from 'three';
import type { GameEvent } from '../core/model/types';
import { selectLog, useGame } from '../state/gameStore';
import type { Piece } from '../state/pieces';
import { orderTool } from '../tools/pageTools';
import { facingToThreeRotationY, tableToThree } from './coords';
import { FlatRing, noRaycast } from './overlayParts';
import { TOOL_COLOURS } from './palette';
import { useTemplateMeshes } from './TemplateOverlay';
import { facingTowards, type Facts, type TemplateKind } from '../core/api';

function Outline({ kind, x, y, z, rotation, facts, opacity }: { kind: TemplateKind; x: number; y: number; z: number; rotation: number; facts: Facts; opacity: number }) {
  const meshes = useTemplateMeshes(kind, facts);
  const at = tableToThree(x, y, z + 0.03);
  return (
    <group position={at} rotation={[0, facingToThreeRotationY(rotation), 0]}>
      <mesh geometry={meshes.fill} renderOrder={32} raycast={noRaycast}>
        <meshBasicMaterial color={TOOL_COLOURS.template} transparent opacity={opacity} depthWrite={false} side={DoubleSide} />
      </mesh>
      <mesh geometry={meshes.border} renderOrder={33} raycast={noRaycast}>
        <meshBasicMaterial color={TOOL_COLOURS.template} transparent opacity={0.95} depthWrite={false} depthTest={false} side={DoubleSide} />
      </mesh>
    </group>
  );
}

/** A direct template aimed from a piece towards a point: its narrow end at the base's edge, as the pointer draws it. */
function aimedFrom(p: Piece, at: { x: number; y: number }, kind: TemplateKind) {
  const rotation = facingTowards(p, at);
  const r = (rotation * Math.PI) / 180;
  return { kind, x: p.x - p.radius * Math.sin(r), y: p.y + p.radius * Math.cos(r), z: p.z + p.height / 2, rotation };
}

/**
 * TPL-1 to TPL-4 on the table: the templates the last command laid (as the viewer sees its events), a
 * ring on each piece they caught; and while a direct template is aimed, its outline from the trooper
 * towards the pointer (in a Coordinated Order, those the participants before it aimed too, fainter).
 */
export function FiredTemplates({ pieces, facts }: { pieces: Piece[]; facts: Facts }) {
  const log = useGame(selectLog);
  const snap = useSyncExternalStore(
    (l) => orderTool.subscribe(l),
    () => orderTool.snapshot,
  );
  const invalidate = useThree((s) => s.invalidate);
  const byKey = useMemo(() => new Map(pieces.map((p) => [p.key, p])), [pieces]);
  const fired = useMemo(() => {
    const last = log.at(-1)?.index;
    return log.filter((e): e is Extract<GameEvent, { type: 'template' }> => e.type === 'template' && e.index === last);
  }, [log]);
  useEffect(() => invalidate(), [fired, snap, invalidate]);
  const setup = useGame((s) => s.setup);
  const p = snap.phase === 'aiming' && snap.trooper ? byKey.get(snap.trooper) : undefined;
  const aim = p && snap.hover && snap.template ? aimedFrom(p, snap.hover, snap.template) : null;
  // COORD-13: the templates the participants before this one aimed, as they will be laid.
  const kept =
    snap.phase === 'aiming' && snap.coord
      ? Object.entries(snap.coord.done).flatMap(([id, f]) => {
          const q = byKey.get(id);
          const kind = 'aim' in f && f.aim && 'weapon' in f ? [...setup.players.A.troopers, ...setup.players.B.troopers].find((t) => t.id === id)?.weapons.find((w) => w.id === f.weapon)?.template : undefined;
          return q && kind && 'aim' in f && f.aim ? [{ id, ...aimedFrom(q, f.aim, kind) }] : [];
        })
      : [];
  return (
    <group name="fired-templates">
      {fired.map((t, i) => (
        <group key={i}>
          <Outline kind={t.shape} x={t.x} y={t.y} z={t.z} rotation={t.facing ?? 0} facts={facts} opacity={0.35} />
          {t.hits.map((key) => {
            const p = byKey.get(key);
            return p ? <FlatRing key={key} x={p.x} y={p.y} z={p.z + 0.05} inner={p.radius + 0.1} outer={p.radius + 0.4} colour={TOOL_COLOURS.templateHit} onTop /> : null;
          })}
        </group>
      ))}
      {aim && <Outline {...aim} facts={facts} opacity={0.25} />}
      {kept.map(({ id, ...o }) => (
        <Outline key={`kept-${id}`} {...o} facts={facts} opacity={0.2} />
      ))}
    </group>
  );
}
