/**
 * The table editor's top-down view (TOOL-9): a 2D SVG drawing of the table in inches (north up), the
 * inch grid with 12" lines, the zones, the terrain (blocks, roofed buildings, ruins with their walls),
 * the objectives, and the selected piece's handles. Pointer events go to the table editor as the
 * tools' `TablePointer`s (table inches, where on screen, mouse or finger, Shift), mapped by the view's own
 * 2D transform; a second finger (a pinch) or the browser taking the touch ends a drag with nothing kept.
 */
import { useEffect, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import { useStore } from 'zustand';
import type { Terrain } from '../../core/model/types';
import { pageEditors } from '../../tools/editors/pageEditors';
import type { TablePointer } from '../../tools/tool';
import { boxOf, handlePoint, RESIZE_HANDLES, sameRef, type ItemRef, type TableFile } from '../../tools/editors/tableModel';

/** The margin drawn around the table, inches: room for the handles. */
const MARGIN = 2.5;
/** How near a handle the pointer catches it, pixels. */
const REACH_PX = 9;

declare global {
  interface Window {
    /** for the browser tests: where a table point of the editor's view is on screen */
    __tableEditor?: { toScreen(x: number, y: number): { x: number; y: number } };
  }
}

function Piece({ t, selected, live, bad }: { t: Terrain; selected: boolean; live: boolean; bad: boolean }) {
  const cls = `ed-terrain ${t.kind === 'block' ? 'block' : t.roof ? 'roofed' : 'ruin'}${selected ? ' selected' : ''}${live ? (bad ? ' refused' : ' live') : ''}`;
  const wall = 0.25;
  return (
    <g transform={`translate(${t.x} ${t.y}) rotate(${t.rotation})`} className={cls} data-piece={t.id}>
      <rect x={-t.w / 2} y={-t.d / 2} width={t.w} height={t.d} className="body" />
      {t.kind === 'building' && t.roof && <rect x={-t.w / 2 + 0.6} y={-t.d / 2 + 0.6} width={Math.max(0, t.w - 1.2)} height={Math.max(0, t.d - 1.2)} className="roof" />}
      {t.kind === 'building' && !t.roof && (
        <rect x={-t.w / 2 + wall / 2} y={-t.d / 2 + wall / 2} width={Math.max(0, t.w - wall)} height={Math.max(0, t.d - wall)} className="walls" strokeWidth={wall} />
      )}
      <Inside t={t} wall={wall} />
    </g>
  );
}

/**
 * A rectangle on a side of the unturned footprint (MOV-24): from `at - w/2` to `at + w/2` along the
 * side, from `c0` to `c1` inwards from its outer face (negative: outside it).
 */
function sideRect(t: Terrain, side: 'n' | 'e' | 's' | 'w', at: number, w: number, c0: number, c1: number) {
  const along = side === 'n' || side === 's';
  const sign = side === 'n' || side === 'e' ? 1 : -1;
  const half = (along ? t.d : t.w) / 2;
  const a = sign * (half - c0);
  const b = sign * (half - c1);
  const lo = Math.min(a, b);
  const span = Math.abs(a - b);
  return along ? { x: at - w / 2, y: lo, width: w, height: span } : { x: lo, y: at - w / 2, width: span, height: w };
}

/** An open building's floors (dashed), its openings cut in the walls, and any piece's ladders. */
function Inside({ t, wall }: { t: Terrain; wall: number }) {
  const open = t.kind === 'building' && t.interior === 'open' ? t : null;
  return (
    <>
      {open?.floors?.map((f, i) => {
        const w = f.w ?? t.w - 2 * wall;
        const d = f.d ?? t.d - 2 * wall;
        return <rect key={`f${i}`} x={(f.x ?? 0) - w / 2} y={(f.y ?? 0) - d / 2} width={w} height={d} className="floor" />;
      })}
      {open?.openings?.map((o, i) => (
        <rect key={`o${i}`} {...sideRect(t, o.side, o.at, o.w, -0.05, wall + 0.05)} className={`opening ${o.kind}`} />
      ))}
      {t.ladders?.map((l, i) => (
        <rect key={`l${i}`} {...sideRect(t, l.side, l.at, l.w ?? 1, l.inside ? wall : -0.35, l.inside ? wall + 0.35 : 0)} className="ladder" />
      ))}
    </>
  );
}

export function TopView() {
  const editor = pageEditors.table;
  const snap = useStore(editor.store);
  const svg = useRef<SVGSVGElement>(null);
  const [ppi, setPpi] = useState(10);
  const t: TableFile = snap.shown;
  const { width: W, depth: D } = t.table;

  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const measure = () => setPpi(Math.max(1, Math.min(el.clientWidth / (W + 2 * MARGIN), el.clientHeight / (D + 2 * MARGIN))));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [W, D]);

  // Browser tests find table points on screen through this, as the table's TestHook does.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    const hook = {
      toScreen: (x: number, y: number) => {
        const el = svg.current!;
        const m = el.getScreenCTM()!;
        const p = new DOMPoint(x, D - y).matrixTransform(m);
        return { x: p.x, y: p.y };
      },
    };
    window.__tableEditor = hook;
    return () => {
      if (window.__tableEditor === hook) delete window.__tableEditor;
    };
  }, [D]);

  const toTable = (e: PointerEvent): TablePointer => {
    const el = svg.current!;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(el.getScreenCTM()!.inverse());
    const pointerType = e.pointerType === 'touch' ? 'touch' : e.pointerType === 'pen' ? 'pen' : 'mouse';
    return { x: p.x, y: D - p.y, z: 0, piece: null, screen: { x: e.clientX, y: e.clientY }, pointerType, reach: REACH_PX / ppi, shift: e.shiftKey };
  };

  const px = (n: number) => n / ppi;
  const selected = snap.selected;
  const selBox = selected ? boxOf(t, selected) : null;
  const grid: ReactElement[] = [];
  for (let x = 0; x <= W; x++) grid.push(<line key={`x${x}`} x1={x} y1={0} x2={x} y2={D} className={x % 12 === 0 ? 'major' : 'minor'} />);
  for (let y = 0; y <= D; y++) grid.push(<line key={`y${y}`} x1={0} y1={y} x2={W} y2={y} className={y % 12 === 0 ? 'major' : 'minor'} />);
  const isLive = (ref: ItemRef) => sameRef(snap.live, ref);
  const isSel = (ref: ItemRef) => sameRef(selected, ref);

  return (
    <svg
      ref={svg}
      className={`ed-topview${snap.path === 'table.placing' ? ' placing' : ''}`}
      viewBox={`${-MARGIN} ${-MARGIN} ${W + 2 * MARGIN} ${D + 2 * MARGIN}`}
      preserveAspectRatio="xMidYMid meet"
      data-testid="table-topview"
      data-path={snap.path}
      style={{ ['--px' as string]: px(1), touchAction: 'none' }}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        // A second finger: not the editor's; whatever the first one was dragging is dropped.
        if (!e.isPrimary) return editor.cancelPress();
        svg.current?.setPointerCapture(e.pointerId);
        editor.pointerDown(toTable(e));
      }}
      onPointerMove={(e) => e.isPrimary && editor.pointerMove(toTable(e))}
      onPointerUp={(e) => {
        if (e.button !== 0 || !e.isPrimary) return;
        editor.pointerUp(toTable(e));
      }}
      onPointerCancel={() => editor.cancelPress()}
    >
      <g transform={`translate(0 ${D}) scale(1 -1)`} strokeWidth={px(1)}>
        <rect x={0} y={0} width={W} height={D} className="ed-mat" />
        <g className="ed-grid-lines">{grid}</g>
        {Object.entries(t.zones.deployment).map(([id, z]) => (
          <rect key={`dz-${id}`} x={z.x} y={z.y} width={z.w} height={z.d} className={`ed-zone deployment${isSel({ kind: 'deployment', id }) ? ' selected' : ''}${isLive({ kind: 'deployment', id }) ? (snap.problem ? ' refused' : ' live') : ''}`} strokeWidth={px(1.5)} />
        ))}
        {t.zones.exclusion.map((z) => (
          <rect key={`ex-${z.id}`} x={z.x} y={z.y} width={z.w} height={z.d} className={`ed-zone exclusion${isSel({ kind: 'exclusion', id: z.id }) ? ' selected' : ''}${isLive({ kind: 'exclusion', id: z.id }) ? (snap.problem ? ' refused' : ' live') : ''}`} strokeWidth={px(1.5)} />
        ))}
        {/* The piece being moved or placed is drawn over the others, so a refused spot shows. */}
        {[...t.terrain]
          .sort((a, b) => Number(isLive({ kind: 'terrain', id: a.id })) - Number(isLive({ kind: 'terrain', id: b.id })))
          .map((p) => (
            <Piece key={p.id} t={p} selected={isSel({ kind: 'terrain', id: p.id })} live={isLive({ kind: 'terrain', id: p.id })} bad={snap.problem !== null} />
          ))}
        {t.objectives.map((o) => (
          <circle key={`ob-${o.id}`} cx={o.x} cy={o.y} r={o.r} className={`ed-objective${isSel({ kind: 'objective', id: o.id }) ? ' selected' : ''}${isLive({ kind: 'objective', id: o.id }) ? (snap.problem ? ' refused' : ' live') : ''}`} strokeWidth={px(1.5)} />
        ))}
        {selBox && selected && snap.path !== 'table.placing' && snap.path !== 'table.moving' && (
          <g className="ed-handles">
            {selected.kind === 'terrain' && (
              <>
                <line x1={handlePoint(selBox, { sx: 0, sy: 1 }).x} y1={handlePoint(selBox, { sx: 0, sy: 1 }).y} x2={handlePoint(selBox, 'rotate').x} y2={handlePoint(selBox, 'rotate').y} strokeWidth={px(1)} />
                <circle cx={handlePoint(selBox, 'rotate').x} cy={handlePoint(selBox, 'rotate').y} r={px(4)} className="rotate" strokeWidth={px(1)} data-handle="rotate" />
              </>
            )}
            {selected.kind === 'objective' && <circle cx={selBox.x} cy={selBox.y} r={selBox.w / 2 + px(4)} className="ring" strokeWidth={px(1.5)} />}
            {selected.kind !== 'objective' &&
              RESIZE_HANDLES.map((h) => {
                const q = handlePoint(selBox, h);
                return <rect key={`${h.sx},${h.sy}`} x={q.x - px(3)} y={q.y - px(3)} width={px(6)} height={px(6)} strokeWidth={px(1)} data-handle={`${h.sx},${h.sy}`} />;
              })}
          </g>
        )}
      </g>
      <g className="ed-labels" fontSize={Math.max(px(10), 0.8)}>
        {Object.entries(t.zones.deployment).map(([id, z]) => (
          <text key={`dzl-${id}`} x={z.x + z.w / 2} y={D - (z.y + z.d / 2)} className="zone-label">
            {id}
          </text>
        ))}
        {t.terrain.map((p) => (
          <text key={`tl-${p.id}`} x={p.x} y={D - p.y} className="height-label">
            {`${p.h}"`}
          </text>
        ))}
      </g>
    </svg>
  );
}
