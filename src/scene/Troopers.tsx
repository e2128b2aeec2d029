import { useEffect, useLayoutEffect, useMemo } from 'react';
import type { ThreeEvent } from '@react-three/fiber';
import { useThree } from '@react-three/fiber';
import { Color, DoubleSide, InstancedMesh, Matrix4, MeshBasicMaterial, MeshStandardMaterial, Quaternion, Vector3 } from 'three';
import type { Piece } from '../state/pieces';
import { sessionStore } from '../state/sessionStore';
import { tableTools } from '../tools/page';
import { deployTool } from '../tools/pageTools';
import { facingToThreeRotationY, setFromTable } from './coords';
import { PLAYER_COLOURS, PLAYER_LIGHT } from './palette';
import { capGeometry, facingArrowGeometry, notchedBaseGeometry, rimGeometry, silhouetteGeometry } from './trooperGeometry';

interface TroopersProps {
  /** the models to draw (markers and hidden troopers are drawn as tokens elsewhere) */
  pieces: Piece[];
  /** instances to make room for: the most models that can be on the table */
  capacity: number;
  /** the base's thickness, inches */
  baseHeight: number;
}

const position = new Vector3();
const scale = new Vector3();
const quaternion = new Quaternion();
const up = new Vector3(0, 1, 0);
const matrix = new Matrix4();
const colour = new Color();

/** The second (or later) click of a double click: one act, not a new one. */
export function repeatedClick(e: ThreeEvent<MouseEvent>): boolean {
  return e.nativeEvent.detail > 1;
}

/** Hover and click on an instance name the piece behind it (instanceId -> key). */
export function pickHandlers(keys: string[]) {
  const keyOf = (e: ThreeEvent<PointerEvent | MouseEvent>) => (e.instanceId === undefined ? undefined : keys[e.instanceId]);
  return {
    onPointerMove(e: ThreeEvent<PointerEvent>) {
      const key = keyOf(e);
      if (key === undefined) return;
      e.stopPropagation();
      sessionStore.getState().hover(key);
    },
    onPointerOut(e: ThreeEvent<PointerEvent>) {
      const key = keyOf(e);
      if (key !== undefined && sessionStore.getState().hovered === key) sessionStore.getState().hover(null);
    },
    onClick(e: ThreeEvent<MouseEvent>) {
      const key = keyOf(e);
      // With a trooper in hand a click places it (the deployment tool); it selects nothing. The second
      // click of a double click selects nothing either: it would pick up the trooper just placed.
      if (key === undefined || deployTool.snapshot.phase !== 'idle' || repeatedClick(e)) return;
      e.stopPropagation();
      // While measuring or placing a template, a click on a piece is the tool's, not a selection.
      if (tableTools.selectsOnClick()) sessionStore.getState().select(key);
    },
  };
}

/**
 * Every model on the table in five instanced meshes: notched base discs, translucent silhouette
 * cylinders of the right height, their top caps and rims, and a facing arrow on top. Each
 * instance takes its player's colour; picking maps an instance back to its trooper.
 */
export function Troopers({ pieces, capacity, baseHeight }: TroopersProps) {
  const invalidate = useThree((s) => s.invalidate);
  const meshes = useMemo(() => {
    const n = Math.max(1, capacity);
    const base = new InstancedMesh(notchedBaseGeometry(), new MeshStandardMaterial({ roughness: 0.55, metalness: 0.1 }), n);
    const silhouette = new InstancedMesh(
      silhouetteGeometry(),
      new MeshStandardMaterial({ transparent: true, opacity: 0.3, depthWrite: false, side: DoubleSide, roughness: 0.6 }),
      n,
    );
    const cap = new InstancedMesh(capGeometry(), new MeshStandardMaterial({ transparent: true, opacity: 0.42, depthWrite: false, roughness: 0.6 }), n);
    const rim = new InstancedMesh(rimGeometry(), new MeshBasicMaterial({ side: DoubleSide }), n);
    const arrow = new InstancedMesh(facingArrowGeometry(), new MeshBasicMaterial({ color: '#fbf7ee', side: DoubleSide }), n);
    base.name = 'trooper-bases';
    silhouette.name = 'trooper-silhouettes';
    cap.name = 'trooper-caps';
    rim.name = 'trooper-rims';
    arrow.name = 'trooper-arrows';
    base.castShadow = base.receiveShadow = true;
    silhouette.castShadow = true;
    silhouette.renderOrder = 10;
    cap.renderOrder = 11;
    rim.renderOrder = 12;
    arrow.renderOrder = 13;
    for (const m of [cap, rim, arrow]) m.raycast = () => undefined; // picking goes through bases and silhouettes
    return { base, silhouette, cap, rim, arrow };
  }, [capacity]);

  useEffect(
    () => () => {
      for (const m of Object.values(meshes)) {
        m.geometry.dispose();
        (m.material as MeshStandardMaterial).dispose();
        m.dispose();
      }
    },
    [meshes],
  );

  const keys = useMemo(() => pieces.map((p) => p.key), [pieces]);

  useLayoutEffect(() => {
    const { base, silhouette, cap, rim, arrow } = meshes;
    const count = Math.min(pieces.length, capacity);
    pieces.slice(0, count).forEach((p, i) => {
      setFromTable(position, p.x, p.y, p.z);
      quaternion.setFromAxisAngle(up, facingToThreeRotationY(p.facing ?? 0));
      matrix.compose(position, quaternion, scale.set(p.radius, baseHeight, p.radius));
      base.setMatrixAt(i, matrix);
      matrix.compose(position, quaternion, scale.set(p.radius * 0.995, Math.max(p.height, baseHeight + 0.01), p.radius * 0.995));
      silhouette.setMatrixAt(i, matrix);
      cap.setMatrixAt(i, matrix);
      rim.setMatrixAt(i, matrix);
      arrow.setMatrixAt(i, matrix);
      base.setColorAt(i, colour.set(PLAYER_COLOURS[p.player]).multiplyScalar(0.8));
      silhouette.setColorAt(i, colour.set(PLAYER_COLOURS[p.player]));
      cap.setColorAt(i, colour.set(PLAYER_COLOURS[p.player]));
      rim.setColorAt(i, colour.set(PLAYER_LIGHT[p.player]));
    });
    for (const m of [base, silhouette, cap, rim, arrow]) {
      m.count = count;
      m.instanceMatrix.needsUpdate = true;
      if (m.instanceColor) m.instanceColor.needsUpdate = true;
      m.computeBoundingSphere();
      m.computeBoundingBox();
    }
    invalidate();
  }, [meshes, pieces, capacity, baseHeight, invalidate]);

  const handlers = useMemo(() => pickHandlers(keys), [keys]);
  // The tools' pointer reads which piece an instance is from the mesh itself (see `pieceKeyOfHit`).
  useLayoutEffect(() => {
    meshes.base.userData.pieceKeys = keys;
    meshes.silhouette.userData.pieceKeys = keys;
  }, [meshes, keys]);

  return (
    <group name="troopers">
      <primitive object={meshes.base} {...handlers} />
      <primitive object={meshes.silhouette} {...handlers} />
      <primitive object={meshes.cap} />
      <primitive object={meshes.rim} />
      <primitive object={meshes.arrow} />
    </group>
  );
}
