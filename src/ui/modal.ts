/**
 * Overlays that hold the page (issue 43): while one is open, everything on the page outside it is
 * `inert` (out of the Tab order, out of the pointer's reach and out of the accessibility tree), Tab and
 * Shift+Tab go round inside it, and when it closes the focus goes back where it was before it opened.
 *
 * Overlays stack: the one opened last holds the page, the ones under it are inert with the rest until
 * it closes. Only elements this module made inert are ever released, and what React adds to the page
 * while an overlay is open (a tooltip, a lazy panel) is made inert as it comes.
 */
import { useEffect, type RefObject } from 'react';

/** Where the focus goes when the overlay opens. */
export type FirstFocus =
  /** the first control that takes the focus (a dialog's first field or button) */
  | 'first'
  /** the overlay itself (it needs tabIndex -1): Tab then goes to its first control */
  | 'container'
  /** nowhere: whatever had it lets it go (the Hotseat hand-over: no key press may get past it) */
  | 'none';

export interface ModalOptions {
  focus?: FirstFocus;
  /** a selector for the control to focus first (with `focus: 'first'`) */
  initial?: string;
  /** the table's keys go on working while it is open (the help overlay: `?` and Esc close it) */
  tableKeys?: boolean;
}

interface Held {
  el: HTMLElement;
  tableKeys: boolean;
}

const stack: Held[] = [];
/** The elements this module made inert, to be released (never one that was inert before). */
const made = new Set<Element>();
let observer: MutationObserver | null = null;

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The controls of `root` that Tab stops at, in order (one radio a group: the checked one, else the first). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  const groups = new Set<string>();
  for (const el of Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE))) {
    if (el.closest('[inert]') || el.hidden || el.getClientRects().length === 0) continue;
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const key = `${el.form?.id ?? ''}/${el.name}`;
      if (groups.has(key)) continue;
      const checked = root.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]:checked`);
      if (checked && checked !== el) continue;
      groups.add(key);
    }
    out.push(el);
  }
  return out;
}

function release(): void {
  for (const el of made) el.removeAttribute('inert');
  made.clear();
}

/** Makes everything but the top overlay (and what holds it) inert. */
function apply(): void {
  release();
  const top = stack.at(-1)?.el;
  if (!top || !top.isConnected) return;
  for (let node: Element = top; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sib of Array.from(node.parentElement.children)) {
      if (sib === node || sib.hasAttribute('inert') || sib.tagName === 'SCRIPT' || sib.tagName === 'STYLE' || sib.tagName === 'LINK') continue;
      sib.setAttribute('inert', '');
      made.add(sib);
    }
  }
}

/** Tab and Shift+Tab go round the top overlay; from outside it (the body, after a hand-over), Tab goes in. */
function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const top = stack.at(-1)?.el;
  if (!top) return;
  const stops = tabStops(top);
  const active = document.activeElement as HTMLElement | null;
  if (stops.length === 0) {
    e.preventDefault();
    return;
  }
  const first = stops[0]!;
  const last = stops.at(-1)!;
  if (!active || !top.contains(active)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (e.shiftKey && (active === first || active === top)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

function start(): void {
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver((records) => {
    // Only what was added outside the top overlay matters (its own content changes freely).
    const top = stack.at(-1)?.el;
    if (records.some((r) => r.addedNodes.length > 0 && !(top && top.contains(r.target)))) apply();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('keydown', onKeyDown, true);
}

function stop(): void {
  observer?.disconnect();
  observer = null;
  document.removeEventListener('keydown', onKeyDown, true);
}

/** Opens `el` as the overlay holding the page; the returned function closes it. */
export function holdPage(el: HTMLElement, options: ModalOptions = {}): () => void {
  const before = document.activeElement as HTMLElement | null;
  const held: Held = { el, tableKeys: options.tableKeys === true };
  stack.push(held);
  start();
  apply();
  const focus = options.focus ?? 'first';
  if (focus === 'none') {
    if (document.activeElement instanceof HTMLElement && !el.contains(document.activeElement)) document.activeElement.blur();
  } else if (!el.contains(document.activeElement)) {
    const target = (options.initial ? el.querySelector<HTMLElement>(options.initial) : null) ?? (focus === 'first' ? (tabStops(el)[0] ?? null) : null) ?? el;
    target.focus({ preventScroll: true });
  }
  return () => {
    const i = stack.indexOf(held);
    if (i >= 0) stack.splice(i, 1);
    apply();
    if (stack.length === 0) stop();
    // The focus goes back where it was, if that is still on the page and not under another overlay.
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || el.contains(active);
    if (lost && before && before !== document.body && before.isConnected && !before.closest('[inert]')) before.focus({ preventScroll: true });
  };
}

/** The overlay `ref` holds the page while `open` (see `holdPage`). */
export function useModal(ref: RefObject<HTMLElement | null>, open: boolean, options: ModalOptions = {}): void {
  const { focus, initial, tableKeys } = options;
  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    return holdPage(el, { focus, initial, tableKeys });
  }, [ref, open, focus, initial, tableKeys]);
}

/**
 * True while an overlay holds the page and keeps the table's keys from it (every overlay but the
 * help): the table's shortcuts and Ctrl+Z then leave the game behind it alone.
 */
export function overlayHoldsKeys(): boolean {
  const top = stack.at(-1);
  return top !== undefined && !top.tableKeys;
}

/** For tests: how many overlays hold the page. */
export function heldOverlays(): number {
  return stack.length;
}
