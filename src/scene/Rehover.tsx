import { useEffect, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import { frame } from '../state/frame';
import type { Piece } from '../state/pieces';

interface ChangeSource {
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

/**
 * Hover labels follow what lies under the pointer, not only the pointer's moves: when the camera moves
 * (a named view, the wheel) or the pieces change (placed, undone, discovered) while the pointer rests,
 * the table is asked again what is under it, by the same pointer move event every hover listens to
 * (the tooltip, the Line of Fire label, the ghosts' hints). Not while a button is held: a drag moves
 * the pointer anyway.
 */
export function Rehover({ pieces }: { pieces: Piece[] }) {
  const gl = useThree((s) => s.gl);
  const controls = useThree((s) => s.controls) as unknown as ChangeSource | null;
  const ask = useRef<() => void>(() => undefined);

  useEffect(() => {
    const el = gl.domElement;
    let buttons = 0;
    let queued = 0;
    const onButtons = (e: PointerEvent) => {
      buttons = e.buttons;
    };
    const again = () => {
      queued = 0;
      if (!frame.pointer.inside || buttons !== 0) return;
      const r = el.getBoundingClientRect();
      el.dispatchEvent(
        new PointerEvent('pointermove', { clientX: r.left + frame.pointer.x, clientY: r.top + frame.pointer.y, bubbles: true, pointerType: 'mouse', isPrimary: true }),
      );
    };
    // Once per frame at most, after the frame's changes are in.
    ask.current = () => {
      if (!queued) queued = requestAnimationFrame(again);
    };
    const onChange = () => ask.current();
    el.addEventListener('pointerdown', onButtons);
    window.addEventListener('pointerup', onButtons);
    controls?.addEventListener('change', onChange);
    return () => {
      cancelAnimationFrame(queued);
      el.removeEventListener('pointerdown', onButtons);
      window.removeEventListener('pointerup', onButtons);
      controls?.removeEventListener('change', onChange);
      ask.current = () => undefined;
    };
  }, [gl, controls]);

  useEffect(() => ask.current(), [pieces]);
  return null;
}
