import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { Plane, Raycaster, Vector2, Vector3, type Camera, type Object3D } from 'three';
import type { Point } from '../core/model/types';
import { TURN_STEP } from '../tools/deploy';
import { deployTool } from '../tools/pageTools';
import { threeToTable } from './coords';

const TABLE_PLANE = new Plane(new Vector3(0, 1, 0), 0);
/** Points this far past the table edge still move the ghost (so "over the edge" can be shown); beyond, it hides. */
const EDGE_SLACK = 3;

const round = (n: number, step: number) => Math.round(n / step) * step;

/**
 * The table point under a screen position: the first terrain surface or the table top the pointer ray
 * meets. On a roof or block top, z is that top's height; on a wall's side, the ground at its foot.
 */
export function surfaceUnder(
  ndc: Vector2,
  camera: Camera,
  terrain: Object3D | undefined,
  table: { width: number; depth: number },
  raycaster = new Raycaster(),
): Point | null {
  raycaster.setFromCamera(ndc, camera);
  let best: Point | null = null;
  let bestDistance = Infinity;
  if (terrain) {
    const hit = raycaster.intersectObject(terrain, false)[0];
    if (hit) {
      bestDistance = hit.distance;
      const [x, y, z] = threeToTable(hit.point.x, hit.point.y, hit.point.z);
      const top = !!hit.face && Math.abs(hit.face.normal.y) > 0.7;
      best = { x, y, z: top ? round(z, 0.001) : 0 };
    }
  }
  const onTable = new Vector3();
  if (raycaster.ray.intersectPlane(TABLE_PLANE, onTable)) {
    const d = onTable.distanceTo(raycaster.ray.origin);
    if (d < bestDistance) {
      const [x, y] = threeToTable(onTable.x, onTable.y, onTable.z);
      best = { x, y, z: 0 };
    }
  }
  if (!best) return null;
  if (best.x < -EDGE_SLACK || best.y < -EDGE_SLACK || best.x > table.width + EDGE_SLACK || best.y > table.depth + EDGE_SLACK) return null;
  return { x: round(best.x, 0.01), y: round(best.y, 0.01), z: best.z };
}

/**
 * Feeds the deployment tool while a trooper is in hand: pointer moves, presses and releases on the
 * table as table points, and the wheel to turn the ghost (the camera's zoom waits meanwhile).
 */
export function DeployInput({ table }: { table: { width: number; depth: number } }) {
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const controls = useThree((s) => s.controls) as unknown as { enableZoom: boolean } | null;

  useEffect(() => {
    const el = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const holding = () => deployTool.snapshot.phase !== 'idle';
    const at = (e: PointerEvent): Point | null => {
      const r = el.getBoundingClientRect();
      ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
      return surfaceUnder(ndc, camera, scene.getObjectByName('terrain-solids'), table, raycaster);
    };
    const screen = (e: PointerEvent) => ({ x: e.clientX, y: e.clientY });
    const onMove = (e: PointerEvent) => {
      if (holding()) deployTool.send({ type: 'move', at: at(e), screen: screen(e) });
    };
    const onDown = (e: PointerEvent) => {
      if (e.button === 0 && holding()) deployTool.send({ type: 'down', at: at(e), screen: screen(e) });
    };
    const onUp = (e: PointerEvent) => {
      if (e.button === 0 && holding()) deployTool.send({ type: 'up', at: at(e), screen: screen(e) });
    };
    const onLeave = () => {
      if (holding()) deployTool.send({ type: 'move', at: null });
    };
    const onWheel = (e: WheelEvent) => {
      if (!holding()) return;
      e.preventDefault();
      e.stopPropagation();
      deployTool.send({ type: 'turn', by: e.deltaY > 0 ? -TURN_STEP : TURN_STEP });
    };
    const zoom = () => {
      if (controls) controls.enableZoom = !holding();
    };
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointerleave', onLeave);
    // Caught on the way down, before the orbit controls on the canvas see it.
    const parent = el.parentElement ?? el;
    parent.addEventListener('wheel', onWheel, { capture: true, passive: false });
    const off = deployTool.subscribe(zoom);
    zoom();
    return () => {
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointerleave', onLeave);
      parent.removeEventListener('wheel', onWheel, { capture: true });
      off();
      if (controls) controls.enableZoom = true;
    };
  }, [camera, gl, scene, controls, table]);

  return null;
}
