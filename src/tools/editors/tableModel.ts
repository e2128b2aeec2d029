/**
 * The table editor's model (TOOL-9): a table file being made, the pieces on it (terrain, objectives,
 * exclusion and Deployment Zones), and the checks every edit must pass before it is kept: the piece
 * stays on the table, terrain overlaps no other terrain, and the whole still reads as a table file
 * (the game file's setup rules). Snapping puts edges on the inch. Pure: no React, no DOM.
 */
import type { Objective, Rect, Terrain, Zone } from '../../core/model/types';
import { GameFileError } from '../../core/api';
import { boxOffTable, footprintOverlap, fromBoxFrame, ID_PATTERN, OVERLAP_TOLERANCE, parseTableFile, rectAsBox, TABLE_FORMAT, type TableFile, toBoxFrame, type TurnedBox } from '../../core/apiFiles';

export type { TableFile };
export type ItemKind = 'terrain' | 'objective' | 'exclusion' | 'deployment';

/** A piece of the table: its kind and its id (a Deployment Zone's id is its name). */
export interface ItemRef {
  kind: ItemKind;
  id: string;
}

/** What a new piece is made as. */
export type NewPiece = 'block' | 'building' | 'ruin' | 'objective' | 'exclusion';

/** The smallest side a drag makes (a form may enter less, such as a 0.5" wall). */
export const MIN_SIDE = 1;
/** How far beyond its north side (in its own frame) a piece's rotation handle stands, inches. */
export const ROTATE_OFFSET = 1.5;

export function sameRef(a: ItemRef | null, b: ItemRef | null): boolean {
  return a !== null && b !== null && a.kind === b.kind && a.id === b.id;
}

/** A fresh table: 48" x 48", 12" zones south and north, nothing on it. */
export function blankTable(name = 'New table'): TableFile {
  return {
    format: TABLE_FORMAT,
    name,
    table: { width: 48, depth: 48 },
    zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } }, exclusion: [] },
    terrain: [],
    objectives: [],
  };
}

/** A deep copy, as plain objects. */
export function copyTable(t: TableFile): TableFile {
  return JSON.parse(JSON.stringify(t)) as TableFile;
}

function findTerrain(t: TableFile, id: string): Terrain | undefined {
  return t.terrain.find((p) => p.id === id);
}

/** The piece's footprint as a turned box (an objective: the square around its disc), or null if gone. */
export function boxOf(t: TableFile, ref: ItemRef): TurnedBox | null {
  switch (ref.kind) {
    case 'terrain': {
      const p = findTerrain(t, ref.id);
      return p ? { x: p.x, y: p.y, w: p.w, d: p.d, rotation: p.rotation } : null;
    }
    case 'objective': {
      const o = t.objectives.find((p) => p.id === ref.id);
      return o ? { x: o.x, y: o.y, w: 2 * o.r, d: 2 * o.r, rotation: 0 } : null;
    }
    case 'exclusion': {
      const z = t.zones.exclusion.find((p) => p.id === ref.id);
      return z ? rectAsBox(z) : null;
    }
    case 'deployment': {
      const z = Object.hasOwn(t.zones.deployment, ref.id) ? t.zones.deployment[ref.id] : undefined;
      return z ? rectAsBox(z) : null;
    }
  }
}

const rectOf = (b: TurnedBox): Rect => ({ x: b.x - b.w / 2, y: b.y - b.d / 2, w: b.w, d: b.d });

/** The table with one piece set to a new footprint (zones and objectives never turn). */
export function withBox(t: TableFile, ref: ItemRef, box: TurnedBox): TableFile {
  const next = copyTable(t);
  switch (ref.kind) {
    case 'terrain':
      next.terrain = next.terrain.map((p) => (p.id === ref.id ? { ...p, x: box.x, y: box.y, w: box.w, d: box.d, rotation: box.rotation } : p));
      break;
    case 'objective':
      next.objectives = next.objectives.map((o) => (o.id === ref.id ? { ...o, x: box.x, y: box.y } : o));
      break;
    case 'exclusion':
      next.zones.exclusion = next.zones.exclusion.map((z) => (z.id === ref.id ? { id: z.id, ...rectOf(box) } : z));
      break;
    case 'deployment':
      next.zones.deployment[ref.id] = rectOf(box);
      break;
  }
  return next;
}

/** Every id of the table: terrain, objectives and exclusion zones share one namespace in a game file. */
export function tableIds(t: TableFile): Set<string> {
  return new Set([...t.terrain.map((p) => p.id), ...t.objectives.map((o) => o.id), ...t.zones.exclusion.map((z) => z.id)]);
}

/** `base-1`, `base-2`...: the first not taken. */
export function nextId(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A new piece centred on (x, y), with an id of its own; not yet on the table. */
export function newPiece(t: TableFile, kind: NewPiece, x: number, y: number): { ref: ItemRef; table: TableFile } {
  const next = copyTable(t);
  const taken = tableIds(t);
  switch (kind) {
    case 'block':
    case 'building':
    case 'ruin': {
      const id = nextId(kind, taken);
      const base = { id, x, y, rotation: 0 };
      const piece: Terrain =
        kind === 'block' ? { ...base, kind: 'block', w: 4, d: 2, h: 2 } : { ...base, kind: 'building', w: 6, d: 6, h: kind === 'building' ? 4 : 3, roof: kind === 'building' };
      next.terrain.push(piece);
      return { ref: { kind: 'terrain', id }, table: next };
    }
    case 'objective': {
      const id = nextId('objective', taken);
      next.objectives.push({ id, x, y, r: 0.5 });
      return { ref: { kind: 'objective', id }, table: next };
    }
    case 'exclusion': {
      const id = nextId('exclusion', taken);
      next.zones.exclusion.push({ id, x: x - 4, y: y - 2, w: 8, d: 4 });
      return { ref: { kind: 'exclusion', id }, table: next };
    }
  }
}

/** A copy of a piece beside it, with an id of its own. */
export function copyPiece(t: TableFile, ref: ItemRef): { ref: ItemRef; table: TableFile } | null {
  const next = copyTable(t);
  const taken = tableIds(t);
  const base = ref.id.replace(/-\d+$/, '');
  if (ref.kind === 'terrain') {
    const p = findTerrain(t, ref.id);
    if (!p) return null;
    const id = nextId(base, taken);
    next.terrain.push({ ...p, id });
    return { ref: { kind: 'terrain', id }, table: next };
  }
  if (ref.kind === 'objective') {
    const o = t.objectives.find((q) => q.id === ref.id);
    if (!o) return null;
    const id = nextId(base, taken);
    next.objectives.push({ ...o, id });
    return { ref: { kind: 'objective', id }, table: next };
  }
  if (ref.kind === 'exclusion') {
    const z = t.zones.exclusion.find((q) => q.id === ref.id);
    if (!z) return null;
    const id = nextId(base, taken);
    next.zones.exclusion.push({ ...z, id });
    return { ref: { kind: 'exclusion', id }, table: next };
  }
  return null;
}

/** The table without a piece (a Deployment Zone cannot go: a game needs both). */
export function withoutPiece(t: TableFile, ref: ItemRef): TableFile {
  const next = copyTable(t);
  if (ref.kind === 'terrain') next.terrain = next.terrain.filter((p) => p.id !== ref.id);
  if (ref.kind === 'objective') next.objectives = next.objectives.filter((o) => o.id !== ref.id);
  if (ref.kind === 'exclusion') next.zones.exclusion = next.zones.exclusion.filter((z) => z.id !== ref.id);
  return next;
}

// ------------------------------------------------------------------ snapping

/** A centre that puts the two edges of a side `extent` long on whole inches. */
export function snapCentre(value: number, extent: number): number {
  return Math.round(value - extent / 2) + extent / 2;
}

/** Degrees from 0 up to (not including) 360, to a thousandth. */
export function normalDegrees(deg: number): number {
  const d = Math.round((((deg % 360) + 360) % 360) * 1000) / 1000;
  return d >= 360 ? 0 : d;
}

/**
 * Snaps a footprint's centre to the inch: a piece square to the table (turned by a multiple of 90°)
 * gets its edges on whole inches; one turned otherwise gets its centre on a whole inch.
 */
export function snapBox(box: TurnedBox): TurnedBox {
  const r = normalDegrees(box.rotation);
  if (r % 90 === 0) {
    const across = r % 180 === 0 ? { ex: box.w, ey: box.d } : { ex: box.d, ey: box.w };
    return { ...box, x: snapCentre(box.x, across.ex), y: snapCentre(box.y, across.ey) };
  }
  return { ...box, x: Math.round(box.x), y: Math.round(box.y) };
}

/** A side dragged to `length`: whole inches, at least MIN_SIDE. */
export function snapSide(length: number): number {
  return Math.max(MIN_SIDE, Math.round(length));
}

/** The handles of a footprint: its corners and side middles (local signs), and the rotation handle. */
export type Handle = { sx: -1 | 0 | 1; sy: -1 | 0 | 1 } | 'rotate';

export const RESIZE_HANDLES: { sx: -1 | 0 | 1; sy: -1 | 0 | 1 }[] = [
  { sx: -1, sy: -1 },
  { sx: 0, sy: -1 },
  { sx: 1, sy: -1 },
  { sx: 1, sy: 0 },
  { sx: 1, sy: 1 },
  { sx: 0, sy: 1 },
  { sx: -1, sy: 1 },
  { sx: -1, sy: 0 },
];

/** Where a handle stands on the table. */
export function handlePoint(box: TurnedBox, h: Handle): { x: number; y: number } {
  if (h === 'rotate') return fromBoxFrame(box, 0, box.d / 2 + ROTATE_OFFSET);
  return fromBoxFrame(box, (h.sx * box.w) / 2, (h.sy * box.d) / 2);
}

/**
 * A footprint resized by dragging handle `h` to (x, y): the opposite side stays where it is, the
 * dragged sides go to whole inches.
 */
export function resizeBox(box: TurnedBox, h: { sx: number; sy: number }, x: number, y: number): TurnedBox {
  const p = toBoxFrame(box, x, y);
  const w = h.sx === 0 ? box.w : snapSide(h.sx * p.x + box.w / 2);
  const d = h.sy === 0 ? box.d : snapSide(h.sy * p.y + box.d / 2);
  const cx = h.sx === 0 ? 0 : (-h.sx * box.w) / 2 + (h.sx * w) / 2;
  const cy = h.sy === 0 ? 0 : (-h.sy * box.d) / 2 + (h.sy * d) / 2;
  const c = fromBoxFrame(box, cx, cy);
  return { x: round(c.x), y: round(c.y), w, d, rotation: box.rotation };
}

/** The rotation that points a piece's north side at (x, y): in `step` degree steps. */
export function rotationToward(box: TurnedBox, x: number, y: number, step: number): number {
  const deg = (Math.atan2(-(x - box.x), y - box.y) * 180) / Math.PI;
  return normalDegrees(Math.round(deg / step) * step);
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

// ------------------------------------------------------------------ checks

function inches(v: number): string {
  return `${Math.round(v * 10) / 10}"`;
}

/** How a message names a piece. */
export function pieceName(ref: ItemRef): string {
  switch (ref.kind) {
    case 'terrain':
      return `"${ref.id}"`;
    case 'objective':
      return `Objective "${ref.id}"`;
    case 'exclusion':
      return `Exclusion zone "${ref.id}"`;
    case 'deployment':
      return `Deployment Zone "${ref.id}"`;
  }
}

/** Why one piece may not stand where it is: off the table, or overlapping other terrain. */
function pieceProblem(t: TableFile, ref: ItemRef): string | null {
  const box = boxOf(t, ref);
  if (!box) return null;
  const off = ref.kind === 'objective' ? offForDisc(t, ref.id) : boxOffTable(box, t.table.width, t.table.depth);
  if (off > 0.005) return `${pieceName(ref)} would stick out of the ${t.table.width}" x ${t.table.depth}" table by ${inches(off)}.`;
  if (ref.kind === 'terrain') {
    for (const other of t.terrain) {
      if (other.id === ref.id) continue;
      if (footprintOverlap(box, other) > OVERLAP_TOLERANCE) return `"${ref.id}" would overlap "${other.id}": terrain pieces may touch but not overlap.`;
    }
  }
  return null;
}

function offForDisc(t: TableFile, id: string): number {
  const o: Objective | undefined = t.objectives.find((p) => p.id === id);
  if (!o) return 0;
  return Math.max(o.r - o.x, o.r - o.y, o.x + o.r - t.table.width, o.y + o.r - t.table.depth);
}

/** Every piece of the table, in the order the checks name them. */
export function allRefs(t: TableFile): ItemRef[] {
  return [
    ...t.terrain.map((p) => ({ kind: 'terrain' as const, id: p.id })),
    ...t.objectives.map((o) => ({ kind: 'objective' as const, id: o.id })),
    ...t.zones.exclusion.map((z: Zone) => ({ kind: 'exclusion' as const, id: z.id })),
    ...Object.keys(t.zones.deployment).map((id) => ({ kind: 'deployment' as const, id })),
  ];
}

/**
 * Why a table may not be kept as it is, or null: the piece just edited first (in the editor's words),
 * then every other piece, then the table file's own reading (ids, names, the game file's rules).
 */
export function tableProblem(t: TableFile, focus: ItemRef | null = null): string | null {
  if (focus) {
    const p = pieceProblem(t, focus);
    if (p) return p;
  }
  for (const ref of allRefs(t)) {
    const p = pieceProblem(t, ref);
    if (p) return p;
  }
  try {
    parseTableFile(t);
  } catch (e) {
    if (e instanceof GameFileError) return e.message;
    throw e;
  }
  return null;
}

/** An id a piece may be renamed to, or why not. */
export function idProblem(t: TableFile, ref: ItemRef, id: string): string | null {
  if (!ID_PATTERN.test(id)) return 'An id is 1 to 64 letters, digits, "-", "_" or ".".';
  if (id === ref.id) return null;
  const taken = ref.kind === 'deployment' ? new Set(Object.keys(t.zones.deployment)) : tableIds(t);
  return taken.has(id) ? `The id "${id}" is taken already.` : null;
}

/** The table with a piece renamed (its id checked by the caller). */
export function renamed(t: TableFile, ref: ItemRef, id: string): TableFile {
  const next = copyTable(t);
  if (ref.kind === 'terrain') next.terrain = next.terrain.map((p) => (p.id === ref.id ? { ...p, id } : p));
  if (ref.kind === 'objective') next.objectives = next.objectives.map((o) => (o.id === ref.id ? { ...o, id } : o));
  if (ref.kind === 'exclusion') next.zones.exclusion = next.zones.exclusion.map((z) => (z.id === ref.id ? { ...z, id } : z));
  if (ref.kind === 'deployment') {
    next.zones.deployment = Object.fromEntries(Object.entries(next.zones.deployment).map(([k, v]) => [k === ref.id ? id : k, v]));
  }
  return next;
}

/**
 * The table at a new size. Zones keep to the edges they touched: one along the whole of a side stays
 * along the whole of it, one against the north (or east) edge moves with that edge. Terrain stays put.
 */
export function resizedTable(t: TableFile, width: number, depth: number): TableFile {
  const next = copyTable(t);
  const { width: w0, depth: d0 } = t.table;
  const fit = (r: Rect): Rect => {
    const out = { ...r };
    const eps = 1e-6;
    const west = Math.abs(r.x) < eps;
    const east = Math.abs(r.x + r.w - w0) < eps;
    const south = Math.abs(r.y) < eps;
    const north = Math.abs(r.y + r.d - d0) < eps;
    if (west && east) out.w = width;
    else if (east) out.x = r.x + (width - w0);
    if (south && north) out.d = depth;
    else if (north) out.y = r.y + (depth - d0);
    return out;
  };
  for (const k of Object.keys(next.zones.deployment)) next.zones.deployment[k] = fit(next.zones.deployment[k]!);
  next.zones.exclusion = next.zones.exclusion.map((z) => ({ ...z, ...fit(z) }));
  next.table = { width, depth };
  return next;
}

/** The two Deployment Zones laid along two opposite edges, `depth` inches deep. */
export function withZoneLayout(t: TableFile, layout: 'south-north' | 'west-east', depth: number): TableFile {
  const next = copyTable(t);
  const { width: w, depth: d } = t.table;
  next.zones.deployment =
    layout === 'south-north'
      ? { south: { x: 0, y: 0, w, d: depth }, north: { x: 0, y: d - depth, w, d: depth } }
      : { west: { x: 0, y: 0, w: depth, d }, east: { x: w - depth, y: 0, w: depth, d } };
  return next;
}

/** The topmost piece under a point: objectives over terrain over exclusion zones over Deployment Zones. */
export function pieceAtPoint(t: TableFile, x: number, y: number): ItemRef | null {
  for (let i = t.objectives.length - 1; i >= 0; i--) {
    const o = t.objectives[i]!;
    if (Math.hypot(x - o.x, y - o.y) <= Math.max(o.r, 0.6)) return { kind: 'objective', id: o.id };
  }
  const inBox = (b: TurnedBox) => {
    const p = toBoxFrame(b, x, y);
    return Math.abs(p.x) <= b.w / 2 && Math.abs(p.y) <= b.d / 2;
  };
  for (let i = t.terrain.length - 1; i >= 0; i--) if (inBox(t.terrain[i]!)) return { kind: 'terrain', id: t.terrain[i]!.id };
  for (let i = t.zones.exclusion.length - 1; i >= 0; i--) if (inBox(rectAsBox(t.zones.exclusion[i]!))) return { kind: 'exclusion', id: t.zones.exclusion[i]!.id };
  for (const [id, r] of Object.entries(t.zones.deployment)) if (inBox(rectAsBox(r))) return { kind: 'deployment', id };
  return null;
}
