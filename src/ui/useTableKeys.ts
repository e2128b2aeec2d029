import { useEffect } from 'react';
import { sessionStore } from '../state/sessionStore';
import { tableTools } from '../tools/page';
import { pressKey, shortcutFor } from '../tools/shortcuts';
import { TURN_STEP } from '../tools/deployTypes';
import { deployTool, orderTool } from '../tools/pageTools';
import { FACING_STEP } from '../tools/order';
import { overlayHoldsKeys } from './modal';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'file'].includes((el as HTMLInputElement).type);
  return el.isContentEditable || ['SELECT', 'TEXTAREA'].includes(el.tagName);
}

/** The table's keyboard shortcuts (the list is `SHORTCUTS`: tools, zones, camera, help). */
export function useTableKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // An overlay over the table (a dialog, the editors, the hand-over) keeps the keys: none reaches the table behind it.
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || overlayHoldsKeys()) return;
      // Holding Q or E keeps turning a template; no other key repeats.
      if (e.repeat && shortcutFor(e.key)?.action.do !== 'turn') return;
      const s = sessionStore.getState();
      // With a trooper in hand (deployment), Q/E turn it and Escape puts it back; otherwise the
      // table's shortcuts (tools, camera, help) apply.
      const key = e.key.toLowerCase();
      const holding = deployTool.snapshot.phase !== 'idle';
      if (holding && (key === 'q' || key === 'e')) {
        deployTool.send({ type: 'turn', by: key === 'q' ? TURN_STEP : -TURN_STEP });
        e.preventDefault();
        return;
      }
      if (holding && e.key === 'Escape') {
        deployTool.send({ type: 'cancel' });
        e.preventDefault();
        return;
      }
      // Drawing a Move's path: Q/E turn its end facing (MOV-19), Enter declares it, Backspace takes the
      // last waypoint back, Escape drops it.
      if (orderTool.snapshot.phase === 'drawing' && (key === 'q' || key === 'e')) {
        orderTool.send({ type: 'turn', by: key === 'q' ? FACING_STEP : -FACING_STEP });
        e.preventDefault();
        return;
      }
      if (orderTool.snapshot.phase !== 'idle') {
        const input = e.key === 'Enter' ? 'declare' : e.key === 'Backspace' ? 'back' : e.key === 'Escape' ? 'cancel' : null;
        if (input) {
          orderTool.send({ type: input });
          e.preventDefault();
          return;
        }
      }
      const handled = pressKey(e.key, e.shiftKey, {
        tools: tableTools,
        camera: (view) => s.requestCamera(view),
        helpOpen: () => sessionStore.getState().help,
        setHelp: (open) => sessionStore.getState().setHelp(open),
        clearSelection: () => s.select(null),
        roofs: () => s.setRoofsOff(!sessionStore.getState().roofsOff),
      });
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
