import { useEffect, useMemo } from 'react';
import type { ThreeEvent } from '@react-three/fiber';
import type { CanvasTexture } from 'three';
import type { PlayerId } from '../core/model/types';
import type { Piece } from '../state/pieces';
import { sessionStore } from '../state/sessionStore';
import { tableTools } from '../tools/page';
import { deployTool } from '../tools/pageTools';
import { tableToThree } from './coords';
import { noRaycast } from './overlayParts';
import { repeatedClick } from './Troopers';
import { textTexture } from './labelTexture';
import { PALETTE, PLAYER_COLOURS, PLAYER_LIGHT } from './palette';

/** Thickness of a cardboard token, inches. */
const TOKEN_HEIGHT = 0.08;

interface TokensProps {
  /** markers, and (for their owner only: the view never holds an enemy's) hidden troopers */
  pieces: Piece[];
}

function handlersFor(key: string) {
  return {
    onPointerMove(e: ThreeEvent<PointerEvent>) {
      e.stopPropagation();
      sessionStore.getState().hover(key);
    },
    onPointerOut() {
      if (sessionStore.getState().hovered === key) sessionStore.getState().hover(null);
    },
    onClick(e: ThreeEvent<MouseEvent>) {
      // With a trooper in hand a click places it (the deployment tool); it selects nothing; nor does
      // the second click of a double click (it would pick up the trooper just placed).
      if (deployTool.snapshot.phase !== 'idle' || repeatedClick(e)) return;
      e.stopPropagation();
      // While measuring or placing a template, a click on a piece is the tool's, not a selection.
      if (tableTools.selectsOnClick()) sessionStore.getState().select(key);
    },
  };
}

type Faces = Record<PlayerId, { marker: CanvasTexture; hidden: CanvasTexture; markerBadge: CanvasTexture; hiddenBadge: CanvasTexture }>;

function makeFaces(): Faces {
  const face = (p: PlayerId, text: string, dashed: boolean) =>
    textTexture(text, {
      colour: PLAYER_LIGHT[p],
      disc: dashed ? 'rgba(20,24,28,0.35)' : '#1a1e23',
      ring: PLAYER_COLOURS[p],
      outline: dashed ? '#1a1e23' : undefined,
      fontScale: 0.4,
    });
  // The badge over a token: the same words, bold on a solid disc, so it reads at any zoom.
  const badge = (p: PlayerId, text: string, dashed: boolean) =>
    textTexture(text, { colour: '#ffffff', disc: dashed ? 'rgba(16,19,21,0.82)' : PLAYER_COLOURS[p], ring: dashed ? PLAYER_LIGHT[p] : '#f4efe4', dashed, outline: '#101315', fontScale: 0.44, px: 96 });
  return {
    A: { marker: face('A', 'TO', false), hidden: face('A', 'HD', true), markerBadge: badge('A', 'TO', false), hiddenBadge: badge('A', 'HD', true) },
    B: { marker: face('B', 'TO', false), hidden: face('B', 'HD', true), markerBadge: badge('B', 'TO', false), hiddenBadge: badge('B', 'HD', true) },
  };
}

/** How tall the badge over a token stands on screen (a share of the view's height), and how high above the token. */
const BADGE_SCALE = 0.036;
const BADGE_LIFT = 0.75;

/**
 * Markers as flat tokens (a TO Camouflage marker is not a model: no silhouette is drawn, and an
 * enemy marker carries only its marker id), and the owner's hidden troopers as faint "HD" tokens
 * at their recorded spot.
 */
export function Tokens({ pieces }: TokensProps) {
  const faces = useMemo(makeFaces, []);
  useEffect(
    () => () => {
      for (const f of Object.values(faces)) for (const t of Object.values(f)) t.dispose();
    },
    [faces],
  );
  return (
    <group name="tokens">
      {pieces.map((p) => {
        const hidden = p.kind === 'hidden';
        const face = hidden ? faces[p.player].hidden : faces[p.player].marker;
        return (
          <group key={p.key} name={`token-${p.key}`} userData={{ pieceKey: p.key }} position={tableToThree(p.x, p.y, p.z)} {...handlersFor(p.key)}>
            {!hidden && (
              <mesh position-y={TOKEN_HEIGHT / 2} castShadow receiveShadow>
                <cylinderGeometry args={[p.radius, p.radius, TOKEN_HEIGHT, 40]} />
                <meshStandardMaterial color={PLAYER_COLOURS[p.player]} roughness={0.6} />
              </mesh>
            )}
            <mesh position-y={hidden ? 0.03 : TOKEN_HEIGHT + 0.003} rotation-x={-Math.PI / 2} renderOrder={hidden ? 6 : 0}>
              <circleGeometry args={[p.radius, 40]} />
              <meshBasicMaterial map={face} transparent={hidden} opacity={hidden ? 0.75 : 1} depthWrite={!hidden} />
            </mesh>
            {/* A halo on the mat around it, in its player's colour, so a flat token is found at a glance. */}
            <mesh position-y={0.015} rotation-x={-Math.PI / 2} renderOrder={5} raycast={noRaycast}>
              <ringGeometry args={[p.radius * 1.12, p.radius * (hidden ? 1.7 : 1.9), 40]} />
              <meshBasicMaterial color={PLAYER_COLOURS[p.player]} transparent opacity={hidden ? 0.35 : 0.5} depthWrite={false} />
            </mesh>
            {/* And a badge over it that keeps its size on screen and shows through scenery: TO or HD. */}
            <sprite position-y={TOKEN_HEIGHT + BADGE_LIFT} scale={[BADGE_SCALE, BADGE_SCALE, 1]} renderOrder={50}>
              <spriteMaterial map={hidden ? faces[p.player].hiddenBadge : faces[p.player].markerBadge} sizeAttenuation={false} depthTest={false} depthWrite={false} transparent toneMapped={false} />
            </sprite>
          </group>
        );
      })}
    </group>
  );
}

interface ObjectivesProps {
  objectives: { id: string; x: number; y: number; r: number }[];
}

/** Mission objectives: flat violet discs, 0.1" tall (GAME-FILE.md), with a light rim. */
export function Objectives({ objectives }: ObjectivesProps) {
  return (
    <group name="objectives">
      {objectives.map((o) => (
        <group key={o.id} name={`objective-${o.id}`} position={tableToThree(o.x, o.y, 0)}>
          <mesh
            position-y={0.05}
            castShadow
            receiveShadow
            onPointerMove={(e) => {
              e.stopPropagation();
              sessionStore.getState().hover(o.id);
            }}
            onPointerOut={() => {
              if (sessionStore.getState().hovered === o.id) sessionStore.getState().hover(null);
            }}
          >
            <cylinderGeometry args={[o.r, o.r, 0.1, 40]} />
            <meshStandardMaterial color={PALETTE.objective} emissive={PALETTE.objective} emissiveIntensity={0.35} roughness={0.4} />
          </mesh>
          <mesh position-y={0.105} rotation-x={-Math.PI / 2}>
            <ringGeometry args={[o.r * 0.55, o.r * 0.8, 40]} />
            <meshBasicMaterial color={PALETTE.objectiveRing} />
          </mesh>
          {/* A faint halo on the mat, so the objective is found at a glance. */}
          <mesh position-y={0.012} rotation-x={-Math.PI / 2}>
            <ringGeometry args={[o.r * 1.1, o.r * 2.2, 48]} />
            <meshBasicMaterial color={PALETTE.objective} transparent opacity={0.35} depthWrite={false} />
          </mesh>
        </group>
      ))}
    </group>
  );
}
