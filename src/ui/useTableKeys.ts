import { useEffect } from 'react';
import { sessionStore } from '../state/sessionStore';
import { TURN_STEP } from '../tools/deploy';
import { deployTool } from '../tools/pageTools';

/**
 * Keys on the table: T top-down, Z my zone, R reset the view, Escape clears the selection (or puts
 * back the trooper in hand); with a trooper in hand, Q and E turn it.
 */
export const TABLE_KEYS = { top: 't', zone: 'z', reset: 'r', turnLeft: 'q', turnRight: 'e' } as const;

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'file'].includes((el as HTMLInputElement).type);
  return el.isContentEditable || ['SELECT', 'TEXTAREA'].includes(el.tagName);
}

export function useTableKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const s = sessionStore.getState();
      const key = e.key.toLowerCase();
      const holding = deployTool.snapshot.phase !== 'idle';
      if (holding && (key === TABLE_KEYS.turnLeft || key === TABLE_KEYS.turnRight)) {
        deployTool.send({ type: 'turn', by: key === TABLE_KEYS.turnLeft ? TURN_STEP : -TURN_STEP });
      } else if (e.key === 'Escape' && holding) deployTool.send({ type: 'cancel' });
      else if (e.key === 'Escape') s.select(null);
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
