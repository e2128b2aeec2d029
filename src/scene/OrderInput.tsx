import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { Raycaster, Vector2 } from 'three';
import { orderTool } from '../tools/pageTools';
import { surfaceUnder } from './DeployInput';

/** A press that moves further than this (CSS pixels) turns the camera, and is no click. */
const CLICK_PIXELS = 5;

/**
 * Feeds the Order tool while a path is drawn or a template aimed: pointer moves (one a frame at most)
 * and clicks on the table, as table points.
 */
export function OrderInput({ table }: { table: { width: number; depth: number } }) {
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  useEffect(() => {
    const el = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const active = () => orderTool.snapshot.phase !== 'idle';
    const at = (e: PointerEvent) => {
      const r = el.getBoundingClientRect();
      ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
      const p = surfaceUnder(ndc, camera, scene.getObjectByName('terrain-solids'), table, raycaster);
      return p ? { x: p.x, y: p.y } : null;
    };
    let pending: PointerEvent | null = null;
    let frame = 0;
    const onMove = (e: PointerEvent) => {
      if (!active()) return;
      pending = e;
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (pending && active()) orderTool.send({ type: 'move', at: at(pending) });
        pending = null;
      });
    };
    let down: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => {
      if (e.button === 0 && active()) down = { x: e.clientX, y: e.clientY };
    };
    const onUp = (e: PointerEvent) => {
      if (e.button !== 0 || !down || !active()) return;
      const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y) > CLICK_PIXELS;
      down = null;
      if (!moved) orderTool.send({ type: 'click', at: at(e) });
    };
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointerup', onUp);
    return () => {
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointerup', onUp);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [camera, gl, scene, table]);
  return null;
}
