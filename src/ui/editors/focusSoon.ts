/**
 * The next box a player types in, given the focus as soon as React has drawn it (issue 43): after New
 * army, the army's name; after Add trooper or Duplicate, the new trooper's name. Its text is selected,
 * so typing replaces it. React draws a key's or a click's changes in a microtask queued before this
 * one, so the box is usually there at once (and the next key press already finds it); else on the
 * next frame.
 */
export function focusSoon(testId: string): void {
  const go = (): boolean => {
    const el = document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
    if (!el) return false;
    el.focus();
    el.select?.();
    return true;
  };
  queueMicrotask(() => {
    if (!go() || document.activeElement?.getAttribute('data-testid') !== testId) requestAnimationFrame(() => void go());
  });
}
