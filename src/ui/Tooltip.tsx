import { useEffect, useRef } from 'react';
import { selectView, useGame } from '../state/gameStore';
import { frame } from '../state/frame';
import { piecesFor } from '../state/pieces';
import { useSession } from '../state/sessionStore';
import { useTools } from '../scene/useTools';

/**
 * The hovered piece's name next to the pointer: one small DOM element for the whole table. Its
 * position follows the pointer through a native listener that writes the style directly, so a
 * pointer move never re-renders React.
 */
export function Tooltip({ container }: { container: HTMLElement | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const hovered = useSession((s) => s.hovered);
  const aiming = useTools((s) => s.active === 'ruler' || s.active === 'template');
  // The Line of Fire tool labels the enemy under the pointer itself: no second label.
  const inspected = useTools((s) => s.inspected);
  const setup = useGame((s) => s.setup);
  const view = useGame(selectView);

  useEffect(() => {
    if (!container) return;
    const place = () => {
      const el = ref.current;
      if (el) el.style.transform = `translate(${frame.pointer.x + 14}px, ${frame.pointer.y + 16}px)`;
    };
    const onMove = (e: PointerEvent) => {
      const r = container.getBoundingClientRect();
      frame.pointer.x = e.clientX - r.left;
      frame.pointer.y = e.clientY - r.top;
      frame.pointer.inside = true;
      place();
    };
    const onLeave = () => {
      frame.pointer.inside = false;
    };
    container.addEventListener('pointermove', onMove);
    container.addEventListener('pointerleave', onLeave);
    place();
    return () => {
      container.removeEventListener('pointermove', onMove);
      container.removeEventListener('pointerleave', onLeave);
    };
  }, [container]);

  useEffect(() => {
    if (!container) return;
    container.style.cursor = aiming ? 'crosshair' : hovered ? 'pointer' : '';
  }, [container, hovered, aiming]);

  let text: string | null = null;
  let player: string | null = null;
  if (hovered && hovered !== inspected) {
    const piece = piecesFor(view, setup).find((p) => p.key === hovered);
    if (piece) {
      text = piece.kind === 'hidden' ? `${piece.label} (hidden)` : piece.prone ? `${piece.label} (Prone)` : piece.label;
      player = piece.player;
    } else {
      const objective = setup.objectives.find((o) => o.id === hovered);
      if (objective) text = `Objective ${objective.id}`;
    }
  }
  return (
    <div ref={ref} className={`tooltip${text ? ' shown' : ''}`} data-player={player ?? undefined} data-testid="tooltip" role="status">
      {text}
    </div>
  );
}
