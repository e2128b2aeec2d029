import { useEffect, useRef } from 'react';
import { deployTool } from '../tools/pageTools';

/**
 * The engine's verdict on the spot under the pointer, written next to it while a trooper is in hand:
 * green "legal", or red with the rule and its sentence. Updated outside React on every move.
 */
export function PlacementHint({ container }: { container: HTMLElement | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container) return;
    const el = ref.current;
    if (!el) return;
    const onMove = (e: PointerEvent) => {
      const r = container.getBoundingClientRect();
      const x = Math.min(e.clientX - r.left + 16, r.width - el.offsetWidth - 6);
      el.style.transform = `translate(${Math.max(4, x)}px, ${e.clientY - r.top + 18}px)`;
    };
    const show = () => {
      const s = deployTool.snapshot;
      const v = s.verdict;
      if (s.phase === 'idle' || !v || !s.at) {
        el.className = 'placement-hint';
        return;
      }
      el.className = `placement-hint shown ${v.ok ? 'ok' : 'bad'}`;
      el.textContent = v.ok ? (s.phase === 'rolling' ? 'Enter the Infiltration roll' : v.message) : `${v.rule ? `${v.rule}: ` : ''}${v.message}`;
    };
    container.addEventListener('pointermove', onMove);
    const off = deployTool.subscribe(show);
    show();
    return () => {
      container.removeEventListener('pointermove', onMove);
      off();
    };
  }, [container]);
  return <div ref={ref} className="placement-hint" data-testid="ghost-hint" role="status" />;
}
