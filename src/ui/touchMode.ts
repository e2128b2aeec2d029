import { useSyncExternalStore } from 'react';

/**
 * Whether the page is used by touch, and whether it is laid out for a phone: what the panels say ("tap"
 * or "click"), whether the table's tool bar with its Done button shows, and whether the side panel is a
 * sheet over the table. Touch: the last press anywhere on the page was a finger's (before any press, the
 * device's main pointer is coarse). A phone: the window is at most `PHONE_WIDTH` wide.
 */
export const PHONE_WIDTH = 640;

const media = (q: string) => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(q) : null);

let touch = media('(pointer: coarse)')?.matches ?? false;
const touchListeners = new Set<() => void>();

/** The page's root says it too (`html.touch`): the stylesheet makes the buttons a finger's size and drops the key hints. */
function mark(): void {
  if (typeof document !== 'undefined') document.documentElement.classList.toggle('touch', touch);
}
mark();

if (typeof window !== 'undefined') {
  window.addEventListener(
    'pointerdown',
    (e) => {
      const now = e.pointerType === 'touch';
      if (now === touch) return;
      touch = now;
      mark();
      for (const l of touchListeners) l();
    },
    { capture: true, passive: true },
  );
}

/** Whether the last press was a finger's (read outside React). */
export function usingTouch(): boolean {
  return touch;
}

/** Whether the last press was a finger's, kept up to date. */
export function useTouch(): boolean {
  return useSyncExternalStore(
    (l) => {
      touchListeners.add(l);
      return () => touchListeners.delete(l);
    },
    () => touch,
  );
}

const phoneQuery = media(`(max-width: ${PHONE_WIDTH}px)`);

/** Whether the window is a phone's (the side panel is a sheet over the table), kept up to date. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    (l) => {
      phoneQuery?.addEventListener('change', l);
      return () => phoneQuery?.removeEventListener('change', l);
    },
    () => phoneQuery?.matches ?? false,
  );
}
