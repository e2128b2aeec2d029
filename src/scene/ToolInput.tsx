import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { Mesh, Plane, Raycaster, Vector2, Vector3, type Intersection, type Object3D } from 'three';
import { pieceAt } from '../tools/knowledge';
import { tableTools } from '../tools/page';
import type { TablePointer } from '../tools/tool';
import { threeToTable } from './coords';

/** The parts of the scene a tool's pointer may land on: the mat, terrain, models, markers. */
const PICKABLE = ['table', 'terrain', 'troopers', 'tokens'];

/**
 * The piece a ray hit names, or null: a model's instance (its mesh lists the keys by instance), or a
 * token (its group holds the key). Only what a hover reacts to counts (bases, silhouettes, tokens).
 */
export function pieceKeyOfHit(hit: Intersection): string | null {
  const keys = hit.object.userData.pieceKeys as string[] | undefined;
  if (keys && hit.instanceId !== undefined) return keys[hit.instanceId] ?? null;
  for (let o: Object3D | null = hit.object; o; o = o.parent) {
    const key = o.userData.pieceKey as string | undefined;
    if (key !== undefined) return key;
  }
  return null;
}

const raycaster = new Raycaster();
const ndc = new Vector2();
const hits: Intersection[] = [];
const onMat = new Plane(new Vector3(0, 1, 0), 0);
const scratch = new Vector3();

/**
 * Feeds the tools: each pointer event over the canvas becomes a `TablePointer` in table inches, with
 * the surface point it landed on (mat, roof, silhouette) and the piece under it. The tools' live
 * output changes outside React; this asks for a frame when it does. Per-move data never goes through
 * React state.
 */
export function ToolInput() {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);

  useEffect(() => {
    tableTools.onLive = () => invalidate();
    return () => {
      tableTools.onLive = null;
    };
  }, [invalidate]);

  useEffect(() => {
    const el = gl.domElement;
    const toPointer = (e: PointerEvent): TablePointer | null => {
      const rect = el.getBoundingClientRect();
      ndc.set(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const roots = PICKABLE.map((n) => scene.getObjectByName(n)).filter((o): o is Object3D => o !== undefined);
      hits.length = 0;
      raycaster.intersectObjects(roots, true, hits);
      const visible = hits.filter((h) => (h.object as Mesh).isMesh && h.object.visible);
      // A piece under the pointer wins over the scenery in front of or behind it, as its hover label
      // does (the label comes from the pieces alone): the tools answer for what the label names.
      const onPiece = visible.find((h) => pieceKeyOfHit(h) !== null);
      const hit = onPiece ?? visible[0];
      const point: Vector3 | null = hit ? hit.point : raycaster.ray.intersectPlane(onMat, scratch);
      if (!point) return null;
      const [x, y, z] = threeToTable(point.x, point.y, point.z);
      const lift = Math.max(0, z);
      const piece = onPiece ? pieceKeyOfHit(onPiece) : pieceAt(tableTools.knowledge(), x, y, lift);
      return { x, y, z: lift, piece, screen: { x: e.clientX, y: e.clientY } };
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 || tableTools.active === 'select') return;
      const p = toPointer(e);
      if (p) tableTools.pointerDown(p);
    };
    const onMove = (e: PointerEvent) => {
      if (tableTools.active === 'select') return;
      const p = toPointer(e);
      if (p) tableTools.pointerMove(p);
    };
    const onUp = (e: PointerEvent) => {
      if (e.button !== 0 || tableTools.active === 'select') return;
      const p = toPointer(e);
      if (p) tableTools.pointerUp(p);
    };
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    return () => {
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
    };
  }, [gl, camera, scene]);

  return null;
}
