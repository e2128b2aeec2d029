import { useEffect, type RefObject } from 'react';

/** The nearest box holding `el` that scrolls its content (the side panel's top part, the phone's sheet). */
function scroller(el: HTMLElement): HTMLElement | null {
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY)) return box;
  }
  return null;
}

/**
 * Keeps the element whole in its scrolling box each time `key` changes: the box scrolls by as little as
 * it takes, its foot first (where a form's Declare button is). On a short screen a form opened at the
 * foot of the side panel (a Move's verdict and its Declare) would otherwise stay under the fold.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>, key: string): void {
  useEffect(() => {
    const el = ref.current;
    const box = el ? scroller(el) : null;
    if (!el || !box) return;
    const b = box.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
    else if (r.top < b.top) box.scrollTop -= b.top - r.top;
  }, [ref, key]);
}
