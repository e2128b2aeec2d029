import { useEffect } from 'react';
import { sessionStore } from '../state/sessionStore';

/** Keys on the table: T top-down, Z my zone, R reset the view, Escape clears the selection. */
export const TABLE_KEYS = { top: 't', zone: 'z', reset: 'r' } as const;

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
}

export function useTableKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const s = sessionStore.getState();
      const key = e.key.toLowerCase();
      if (e.key === 'Escape') s.select(null);
      else if (key === TABLE_KEYS.top) s.requestCamera('top');
      else if (key === TABLE_KEYS.zone) s.requestCamera('zone');
      else if (key === TABLE_KEYS.reset) s.requestCamera('reset');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
