import { useEffect, useMemo, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import { DoubleSide, type Group, type Mesh, MeshBasicMaterial, MeshStandardMaterial, RingGeometry } from 'three';
import type { Setup } from '../core/model/types';
import { factsFor, profileIn } from '../state/pieces';
import type { DeploySnapshot } from '../tools/deploy';
import { deployTool } from '../tools/pageTools';
import { facingToThreeRotationY, setFromTable } from './coords';
import { facingArrowGeometry, notchedBaseGeometry, silhouetteGeometry } from './trooperGeometry';

export const GHOST_COLOURS = { ok: '#2ee27a', bad: '#ff3b3b', unknown: '#c8ccd0' } as const;
const TOKEN = 0.08;

/**
 * The trooper in hand, drawn where it would stand: base, silhouette (a token for a marker or a hidden
 * trooper, only as tall as the base when Prone), facing arrow and a ring on the ground that shows
 * through scenery. Green where the engine accepts the spot, red where it refuses it. Updated outside
 * React, on every change of the tool.
 */
export function DeployGhost({ setup }: { setup: Setup }) {
  const invalidate = useThree((s) => s.invalidate);
  const group = useRef<Group>(null);
  const base = useRef<Mesh>(null);
  const body = useRef<Mesh>(null);
  const arrow = useRef<Mesh>(null);
  const ring = useRef<Mesh>(null);
  const parts = useMemo(
    () => ({
      baseGeo: notchedBaseGeometry(),
      bodyGeo: silhouetteGeometry(),
      arrowGeo: facingArrowGeometry(),
      ringGeo: new RingGeometry(1.08, 1.3, 48).rotateX(-Math.PI / 2),
      solid: new MeshStandardMaterial({ transparent: true, opacity: 0.85, roughness: 0.5 }),
      glass: new MeshStandardMaterial({ transparent: true, opacity: 0.35, depthWrite: false, side: DoubleSide }),
      flat: new MeshBasicMaterial({ color: '#ffffff', side: DoubleSide }),
      halo: new MeshBasicMaterial({ transparent: true, opacity: 0.9, depthTest: false, depthWrite: false }),
    }),
    [],
  );
  useEffect(
    () => () => {
      for (const v of Object.values(parts)) v.dispose();
    },
    [parts],
  );

  useEffect(() => {
    const facts = factsFor(setup);
    const draw = (s: DeploySnapshot) => {
      const g = group.current;
      if (!g || !base.current || !body.current || !arrow.current || !ring.current) return;
      const profile = s.trooper ? profileIn(setup, s.trooper) : undefined;
      if (s.phase === 'idle' || !s.at || !profile) {
        if (g.visible) {
          g.visible = false;
          invalidate();
        }
        return;
      }
      const sil = facts.silhouettes[profile.s];
      const r = sil.radius;
      const thin = facts.proneHeight;
      const h = s.kind === 'deploy' && s.options.as !== 'model' ? TOKEN : s.options.prone && s.kind === 'deploy' ? thin : sil.height;
      setFromTable(g.position, s.at.x, s.at.y, s.verdict?.z ?? s.at.z ?? 0);
      g.rotation.set(0, facingToThreeRotationY(s.facing), 0);
      base.current.scale.set(r, thin, r);
      body.current.scale.set(r * 0.995, Math.max(h, thin + 0.01), r * 0.995);
      arrow.current.scale.set(r, Math.max(h, thin + 0.01), r);
      // Put down by a finger, the ring is at least a finger wide: where the second tap goes, and a drag to turn it starts.
      const halo = s.touch ? Math.max(r, 1.2) : r;
      ring.current.scale.set(halo, 1, halo);
      const colour = !s.verdict ? GHOST_COLOURS.unknown : s.verdict.ok ? GHOST_COLOURS.ok : GHOST_COLOURS.bad;
      parts.solid.color.set(colour);
      parts.glass.color.set(colour);
      parts.halo.color.set(colour);
      g.visible = true;
      invalidate();
    };
    draw(deployTool.snapshot);
    return deployTool.subscribe(draw);
  }, [setup, parts, invalidate]);

  return (
    <group ref={group} visible={false} name="deploy-ghost">
      <mesh ref={ring} geometry={parts.ringGeo} material={parts.halo} position-y={0.03} renderOrder={30} />
      <mesh ref={base} geometry={parts.baseGeo} material={parts.solid} renderOrder={31} />
      <mesh ref={body} geometry={parts.bodyGeo} material={parts.glass} renderOrder={32} />
      <mesh ref={arrow} geometry={parts.arrowGeo} material={parts.flat} renderOrder={33} />
    </group>
  );
}
