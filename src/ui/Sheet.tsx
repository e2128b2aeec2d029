import { useEffect, useRef, useSyncExternalStore, type PointerEvent as ReactPointerEvent } from 'react';
import { tableInput } from '../tools/pageInput';
import { deployTool, orderTool } from '../tools/pageTools';
import { jumpHandle } from '../tools/jumpHandle';
import { tableTools } from '../tools/page';

/**
 * On a phone the side panel is a sheet over the table: closed (its handle only, the table takes the
 * screen), half open, or open nearly to the top. A tap on the handle opens or closes it; a drag on the
 * handle slides it, and it settles at the nearest of the three. Taking up a tool (the ruler, Line of
 * Fire, a trooper to place, a Move's path) closes it, so the table is there to tap.
 */
export type SheetState = 'closed' | 'half' | 'full';

/** The handle's height when closed (CSS: `--sheet-closed`), in pixels at the default font size. */
export const SHEET_CLOSED_PX = 44;
const TAP_PIXELS = 6;

let sheet: SheetState = 'closed';
const listeners = new Set<() => void>();

export function setSheet(next: SheetState): void {
  if (next === sheet) return;
  sheet = next;
  for (const l of listeners) l();
}

export function sheetState(): SheetState {
  return sheet;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Where a sheet of `height` pixels settles, in a body `body` pixels tall: the nearest of the three. */
export function settle(height: number, body: number): SheetState {
  const stops: [SheetState, number][] = [
    ['closed', SHEET_CLOSED_PX],
    ['half', body * 0.5],
    ['full', body - 8],
  ];
  let best = stops[0]!;
  for (const s of stops) if (Math.abs(s[1] - height) < Math.abs(best[1] - height)) best = s;
  return best[0];
}

/** What a tap on the handle does: open a closed sheet halfway, close an open one. */
export function toggled(s: SheetState): SheetState {
  return s === 'closed' ? 'half' : 'closed';
}

// A tool taken up closes the sheet: the table is what the finger needs next.
let lastTool = tableInput.path.split('.')[0];
const onTools = () => {
  const tool = tableInput.path.split('.')[0];
  if (tool !== lastTool && tool !== 'select') setSheet('closed');
  lastTool = tool;
};
tableTools.store.subscribe(onTools);
deployTool.subscribe(onTools);
orderTool.subscribe(onTools);
jumpHandle.subscribe(onTools);

/** The sheet's state, kept up to date. */
export function useSheet(): SheetState {
  return useSyncExternalStore(subscribe, () => sheet);
}

/**
 * The sheet's handle: a bar with what the panel holds, a tap to open or close it, a drag to slide it.
 * Shown only in the phone's layout (CSS); elsewhere the side panel is beside the table.
 */
export function SheetHandle({ label, panel }: { label: string; panel: () => HTMLElement | null }) {
  const state = useSheet();
  const drag = useRef<{ id: number; y0: number; h0: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  // While dragged the height follows the finger; once let go it is the state's again.
  useEffect(() => {
    const el = panel();
    if (el) el.style.height = '';
  }, [state, panel]);
  const down = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const el = panel();
    if (!el) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, y0: e.clientY, h0: el.getBoundingClientRect().height, moved: false };
    dragged.current = false;
  };
  const move = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    const el = panel();
    if (!d || d.id !== e.pointerId || !el) return;
    if (Math.abs(e.clientY - d.y0) >= TAP_PIXELS) d.moved = true;
    if (!d.moved) return;
    const body = el.parentElement?.getBoundingClientRect().height ?? window.innerHeight;
    el.style.height = `${Math.min(body, Math.max(SHEET_CLOSED_PX, d.h0 + d.y0 - e.clientY))}px`;
  };
  const up = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    const el = panel();
    drag.current = null;
    if (!d || d.id !== e.pointerId || !el || !d.moved) return;
    const body = el.parentElement?.getBoundingClientRect().height ?? window.innerHeight;
    const next = settle(el.getBoundingClientRect().height, body);
    el.style.height = '';
    dragged.current = true;
    setSheet(next);
  };
  const cancel = () => {
    drag.current = null;
    const el = panel();
    if (el) el.style.height = '';
  };
  return (
    <button
      type="button"
      className="sheet-handle"
      data-testid="sheet-handle"
      aria-expanded={state !== 'closed'}
      title={state === 'closed' ? 'Open the panel (or drag it up)' : 'Close the panel (or drag it)'}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      onClick={() => {
        // A drag already settled the sheet; a tap (or Enter, Space) opens or closes it.
        if (dragged.current) {
          dragged.current = false;
          return;
        }
        setSheet(toggled(sheet));
      }}
    >
      <span className="sheet-grip" aria-hidden="true" />
      <span className="sheet-label">{label}</span>
      <span className="sheet-chevron" aria-hidden="true">
        {state === 'closed' ? '▲' : '▼'}
      </span>
    </button>
  );
}
