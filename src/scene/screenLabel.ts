import { useEffect, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import { Vector3, type Camera } from 'three';
import { setFromTable } from './coords';

const v = new Vector3();

/**
 * One DOM label over the table view, made once and moved by hand from `useFrame` (no React render
 * per frame, unlike a React root per label). It lives in the canvas's own wrapper and takes no
 * pointer events.
 */
export function useScreenLabel(className: string, testId: string) {
  const gl = useThree((s) => s.gl);
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const host = gl.domElement.parentElement;
    if (!host) return;
    const el = document.createElement('div');
    el.className = `table-label ${className}`;
    el.dataset.testid = testId;
    el.hidden = true;
    host.appendChild(el);
    ref.current = el;
    return () => {
      el.remove();
      ref.current = null;
    };
  }, [gl, className, testId]);
  return ref;
}

/** Puts a label over a table point (inches, z up); hides it when the point is behind the camera. */
export function placeLabel(el: HTMLElement, camera: Camera, size: { width: number; height: number }, x: number, y: number, z: number): void {
  setFromTable(v, x, y, z).project(camera);
  if (v.z > 1) {
    el.style.visibility = 'hidden';
    return;
  }
  el.style.visibility = '';
  const sx = ((v.x + 1) / 2) * size.width;
  const sy = ((1 - v.y) / 2) * size.height;
  el.style.transform = `translate(-50%, -100%) translate(${sx.toFixed(1)}px, ${(sy - 10).toFixed(1)}px)`;
}
