import { gameStore } from '../state/gameStore';
import { jumpOdds } from '../tools/jump';
import { jumpTool } from '../tools/jumpPage';
import { usePointerHint } from './usePointerHint';
import { knownProfiles } from '../core/api';

const subscribe = (listener: () => void) => jumpTool.store.subscribe(listener);

function show(el: HTMLDivElement): void {
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
  const odds = jumpOdds(gameStore.getState().state, s.trooper, s.controlledJump);
  const seen = h.seenBy.length ? `Seen by ${h.seenBy.map((id) => known[id]?.name ?? id).join(', ')}` : 'No known enemy sees it here';
  el.className = 'placement-hint shown ok';
  el.textContent = `${seen} · PH ${Math.round(odds.success * 100)}%`;
}

/**
 * Next to the pointer while a Combat Jump is being aimed: why the spot is refused (the rule and the
 * engine's sentence), or who would see the trooper land there and the PH roll's chances; during the
 * fallback, the engine's verdict on the table-edge spot. Updated outside React on every move.
 */
export function JumpHint({ container }: { container: HTMLElement | null }) {
  const ref = usePointerHint(container, subscribe, show);
  return <div ref={ref} className="placement-hint" data-testid="jump-hint" role="status" />;
}
