import { useEffect } from 'react';
import { sessionStore } from '../state/sessionStore';
import { tableTools } from '../tools/page';
import { pressKey, shortcutFor } from '../tools/shortcuts';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
}

/** The table's keyboard shortcuts (the list is `SHORTCUTS`: tools, zones, camera, help). */
export function useTableKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      // Holding Q or E keeps turning a template; no other key repeats.
      if (e.repeat && shortcutFor(e.key)?.action.do !== 'turn') return;
      const s = sessionStore.getState();
      const handled = pressKey(e.key, e.shiftKey, {
        tools: tableTools,
        camera: (view) => s.requestCamera(view),
        helpOpen: () => sessionStore.getState().help,
        setHelp: (open) => sessionStore.getState().setHelp(open),
        clearSelection: () => s.select(null),
      });
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
