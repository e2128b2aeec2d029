import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { MOUSE, OrthographicCamera, Raycaster, TOUCH, Vector2 } from 'three';
import { pieceAt } from '../tools/knowledge';
import { tableTools } from '../tools/page';
import { tableInput } from '../tools/pageInput';
import type { TablePointer } from '../tools/tool';
import { FINGER_PIXELS, inchesBetween, PointerFeed, pieceUnder, surfaceUnder, type DomPointer } from './tablePointer';

/** The orbit controls' input the adapter sets: which button (and one finger) turns the camera. */
interface OrbitInput {
  mouseButtons: { LEFT?: MOUSE | null; MIDDLE?: MOUSE | null; RIGHT?: MOUSE | null };
  touches: { ONE?: TOUCH | null; TWO?: TOUCH | null };
}

/** Whether a key goes to a box being typed in (then it is no tool's). */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'file'].includes((el as HTMLInputElement).type);
  return el.isContentEditable || ['SELECT', 'TEXTAREA'].includes(el.tagName);
}

/**
 * The table's one pointer adapter: every pointer event on the canvas (a mouse, a pen, a finger) becomes
 * a `TablePointer` in table inches for the tool holding the pointer (`tableInput`, the router), found
 * the way that tool reads the table (the piece or point the ray touches, or the surface a base would
 * stand on). Moves go at most once an animation frame; a finger's tap is a click, its drag a drag, a
 * second finger is the camera's (a pinch). The wheel and the tool's keys (Q/E, Escape, Enter, Backspace)
 * go to that tool first; the main button (one finger) is the tool's while it drags, else the camera's.
 * Nothing of this goes through React state; the tools' live output asks for a frame when it changes.
 */
export function TableInput({ table }: { table: { width: number; depth: number } }) {
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const controls = useThree((s) => s.controls) as unknown as OrbitInput | null;

  useEffect(() => {
    tableTools.onLive = () => invalidate();
    return () => {
      tableTools.onLive = null;
    };
  }, [invalidate]);

  useEffect(() => {
    const el = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const beside = new Vector2();
    const feed = new PointerFeed(
      tableInput,
      (e, reads) => {
        const r = el.getBoundingClientRect();
        ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
        let p: Pick<TablePointer, 'x' | 'y' | 'z' | 'piece'> | null;
        if (reads === 'pieces') p = pieceUnder(ndc, camera, scene, (x, y, z) => pieceAt(tableTools.knowledge(), x, y, z), raycaster);
        else {
          const s = surfaceUnder(ndc, camera, ['terrain-solids', 'terrain-roofs'].map((n) => scene.getObjectByName(n)).filter((o) => o !== undefined), table, raycaster);
          p = s ? { x: s.x, y: s.y, z: s.z ?? 0, piece: null } : null;
        }
        if (!p || e.pointerType !== 'touch') return p;
        // A finger: how far its touch spans on the table there, so a tap near the ghost counts as on it.
        beside.set(ndc.x + (FINGER_PIXELS / r.width) * 2, ndc.y);
        const reach = inchesBetween(ndc, beside, camera, p.z, raycaster);
        return reach === null ? p : { ...p, reach };
      },
      { request: (f) => requestAnimationFrame(f), cancel: (id) => cancelAnimationFrame(id) },
    );
    // The main button and one finger: the tool's while it drags (the ruler, a template), else the camera's.
    const orbit = () => {
      if (!controls) return;
      const drags = tableInput.owner()?.usesDrag() ?? false;
      // The plan view never turns (issue 41): there the main button and one finger pan.
      const plan = camera instanceof OrthographicCamera;
      controls.mouseButtons = { ...controls.mouseButtons, LEFT: drags ? null : plan ? MOUSE.PAN : MOUSE.ROTATE };
      controls.touches = { ...controls.touches, ONE: drags ? null : plan ? TOUCH.PAN : TOUCH.ROTATE };
    };
    // The tool sees the press first, then says whether its drag is its own (a finger on the deployment
    // ghost turns it): caught on the way down, before the orbit controls read their buttons.
    const onDown = (e: PointerEvent) => {
      feed.down(e as DomPointer);
      orbit();
    };
    const onMove = (e: PointerEvent) => feed.move(e);
    const onUp = (e: PointerEvent) => feed.up(e);
    const onCancel = (e: PointerEvent) => feed.cancel(e);
    const onLeave = (e: PointerEvent) => feed.leave(e);
    const onWheel = (e: WheelEvent) => {
      if (!feed.wheel(e.deltaY)) return;
      // Caught on the way down, before the orbit controls see it: the trooper turns, the camera does not zoom.
      e.preventDefault();
      e.stopPropagation();
    };
    const onKey = (e: KeyboardEvent) => {
      if (!feed.key(e, typing(e.target))) return;
      // The tool took it: the table's shortcuts do not see it too.
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    el.addEventListener('pointerdown', onDown, { capture: true });
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onCancel);
    el.addEventListener('pointerleave', onLeave);
    const parent = el.parentElement ?? el;
    parent.addEventListener('wheel', onWheel, { capture: true, passive: false });
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      el.removeEventListener('pointerdown', onDown, { capture: true });
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onCancel);
      el.removeEventListener('pointerleave', onLeave);
      parent.removeEventListener('wheel', onWheel, { capture: true });
      window.removeEventListener('keydown', onKey, { capture: true });
      feed.dispose();
    };
  }, [gl, camera, scene, controls, table]);

  return null;
}
