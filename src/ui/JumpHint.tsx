import { useEffect, useRef } from 'react';
import { knownProfiles } from '../core/view';
import { gameStore } from '../state/gameStore';
import { jumpOdds } from '../tools/jump';
import { jumpTool } from '../tools/jumpPage';

/**
 * Next to the pointer while a Combat Jump is being aimed: why the spot is refused (the rule and the
 * engine's sentence), or who would see the trooper land there and the PH roll's chances; during the
 * fallback, the engine's verdict on the table-edge spot. Updated outside React on every move.
 */
export function JumpHint({ container }: { container: HTMLElement | null }) {
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
      const s = jumpTool.snapshot;
      if (s.phase === 'fallback' && s.fallbackVerdict) {
        const v = s.fallbackVerdict;
        el.className = `placement-hint shown ${v.ok ? 'ok' : 'bad'}`;
        el.textContent = v.ok ? v.message : `${v.rule ? `${v.rule}: ` : ''}${v.message}`;
        return;
      }
      const h = s.phase === 'aiming' ? s.hover : null;
      if (!h || !s.player || !s.trooper) {
        el.className = 'placement-hint';
        return;
      }
      if (!h.legal) {
        el.className = 'placement-hint shown bad';
        el.textContent = `${h.rule ? `${h.rule}: ` : ''}${h.message}`;
        return;
      }
      const known = knownProfiles(gameStore.getState().state, s.player);
      const odds = jumpOdds(known[s.trooper]?.ph ?? 0, s.controlledJump !== null);
      const seen = h.seenBy.length ? `Seen by ${h.seenBy.map((id) => known[id]?.name ?? id).join(', ')}` : 'No known enemy sees it here';
      el.className = 'placement-hint shown ok';
      el.textContent = `${seen} · PH ${Math.round(odds.success * 100)}%`;
    };
    container.addEventListener('pointermove', onMove);
    const off = jumpTool.store.subscribe(show);
    show();
    return () => {
      container.removeEventListener('pointermove', onMove);
      off();
    };
  }, [container]);
  return <div ref={ref} className="placement-hint" data-testid="jump-hint" role="status" />;
}
