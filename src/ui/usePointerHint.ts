import { useEffect, useRef } from 'react';

/**
 * A hint that follows the pointer over the table, updated outside React: `show(el)` writes it (class and
 * text) whenever `subscribe`'s source changes. Returns the ref for the hint's element.
 */
export function usePointerHint(container: HTMLElement | null, subscribe: (listener: () => void) => () => void, show: (el: HTMLDivElement) => void) {
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
    const update = () => show(el);
    container.addEventListener('pointermove', onMove);
    const off = subscribe(update);
    update();
    return () => {
      container.removeEventListener('pointermove', onMove);
      off();
    };
    // `subscribe` and `show` are module-level functions in their callers: the hint is wired once.
  }, [container]);
  return ref;
}
