/**
 * The table editor's edits made at once (a form's field, a key, a button), as pure functions of the
 * table: each gives the table it would make, the piece to check and to select, and what to say; or the
 * reason it is refused before the table is even checked; or null when there is nothing to do. The
 * editor (`tableEditor.ts`) checks the result with `tableProblem`, keeps it or refuses it, and keeps the
 * undo history (`EditHistory`).
 */
import {
  boxOf,
  copyTable,
  idProblem,
  normalDegrees,
  pieceName as label,
  renamed,
  resizedTable,
  snapBox,
  withBox,
  withoutPiece,
  withZoneLayout,
  type ItemRef,
  type TableFile,
} from './tableModel';
import { type TurnedBox } from '../../core/apiFiles';

/** An edit to try: the table it makes, the piece to check (`focus`), the selection after it, and what to say if kept. */
export interface Edit {
  table: TableFile;
  focus: ItemRef | null;
  /** the selection once kept; left out: it stays as it is */
  selected?: ItemRef | null;
  text: string;
}

/**
 * What an edit by command comes to: an edit to check, a refusal with its reason (and what follows it in
 * the notice: "Nothing was changed." unless said otherwise), or nothing to do.
 */
export type EditResult = Edit | { refused: string; after?: string } | null;

/** Which pieces a drag may move, resize or turn. */
export const MOVES: Record<ItemRef['kind'], boolean> = { terrain: true, objective: true, exclusion: true, deployment: false };
export const RESIZES: Record<ItemRef['kind'], boolean> = { terrain: true, objective: false, exclusion: true, deployment: true };

/** Snapping: an objective's centre on a whole inch; any other piece by `snapBox`. */
export function snapFor(ref: ItemRef, box: TurnedBox): TurnedBox {
  return ref.kind === 'objective' ? { ...box, x: Math.round(box.x), y: Math.round(box.y) } : snapBox(box);
}

export function removeEdit(draft: TableFile, ref: ItemRef | null): EditResult {
  if (!ref) return null;
  if (ref.kind === 'deployment') return { refused: 'A game needs both Deployment Zones: resize this one instead.', after: '' };
  return { table: withoutPiece(draft, ref), focus: null, selected: null, text: `${label(ref)} deleted.` };
}

export function turnEdit(draft: TableFile, ref: ItemRef | null, deg: number): EditResult {
  if (!ref || ref.kind !== 'terrain') return null;
  const box = boxOf(draft, ref)!;
  return { table: withBox(draft, ref, { ...box, rotation: normalDegrees(box.rotation + deg) }), focus: ref, text: `${label(ref)} turned.` };
}

export function nudgeEdit(draft: TableFile, ref: ItemRef | null, dx: number, dy: number): EditResult {
  if (!ref || !MOVES[ref.kind]) return null;
  const box = boxOf(draft, ref)!;
  return { table: withBox(draft, ref, { ...box, x: box.x + dx, y: box.y + dy }), focus: ref, text: `${label(ref)} moved.` };
}

/**
 * A field of a piece set from a form: `x`, `y`, `w`, `d`, `h`, `rotation`, `r` (numbers), `id`, or
 * `type` (`block`, `building`, `ruin`).
 */
export function fieldEdit(draft: TableFile, ref: ItemRef, field: string, value: number | string): EditResult {
  if (field === 'id') {
    const id = String(value);
    const bad = idProblem(draft, ref, id);
    if (bad) return { refused: bad };
    const next = { ...ref, id };
    return { table: renamed(draft, ref, id), focus: next, selected: next, text: `${label(ref)} is now "${id}".` };
  }
  const next = copyTable(draft);
  if (field === 'type') {
    next.terrain = next.terrain.map((p) => {
      if (p.id !== ref.id) return p;
      const { roof: _, ...rest } = p as typeof p & { roof?: boolean };
      if (value !== 'block') return { ...rest, kind: 'building', roof: value === 'building' };
      // A block has no inside (MOV-21): its interior, floors, openings and inside ladders go.
      const { interior: _i, floors: _f, openings: _o, ladders, ...solid } = rest as typeof rest & { interior?: unknown; floors?: unknown; openings?: unknown };
      const outside = (ladders ?? []).filter((l) => !l.inside);
      return outside.length ? { ...solid, kind: 'block', ladders: outside } : { ...solid, kind: 'block' };
    });
    return { table: next, focus: ref, text: `${label(ref)} changed.` };
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return { refused: 'Expected a number.' };
  if (['w', 'd', 'h', 'r'].includes(field) && value <= 0) return { refused: 'Expected a number above 0.' };
  const set = (o: Record<string, unknown>) => (o[field] = field === 'rotation' ? normalDegrees(value) : value);
  if (ref.kind === 'terrain') next.terrain.forEach((p) => p.id === ref.id && set(p as unknown as Record<string, unknown>));
  if (ref.kind === 'objective') next.objectives.forEach((o) => o.id === ref.id && set(o as unknown as Record<string, unknown>));
  if (ref.kind === 'exclusion') next.zones.exclusion.forEach((z) => z.id === ref.id && set(z as unknown as Record<string, unknown>));
  if (ref.kind === 'deployment' && next.zones.deployment[ref.id]) set(next.zones.deployment[ref.id] as unknown as Record<string, unknown>);
  return { table: next, focus: ref, text: `${label(ref)} changed.` };
}

export function nameEdit(draft: TableFile, name: string): EditResult {
  return { table: { ...copyTable(draft), name }, focus: null, text: 'Table renamed.' };
}

/** The table's size; zones along its edges follow them (see `resizedTable`). */
export function sizeEdit(draft: TableFile, width: number, depth: number): EditResult {
  if (!(width > 0 && depth > 0)) return { refused: 'The table needs a width and a depth above 0.' };
  return { table: resizedTable(draft, width, depth), focus: null, text: `The table is now ${width}" x ${depth}".` };
}

export function zoneLayoutEdit(draft: TableFile, layout: 'south-north' | 'west-east', depth: number): EditResult {
  if (!(depth > 0)) return { refused: 'A Deployment Zone needs a depth above 0.' };
  return { table: withZoneLayout(draft, layout, depth), focus: null, selected: null, text: 'Deployment Zones laid out.' };
}

const HISTORY = 200;

/** The kept tables before and after the one in the editor: undo and redo. */
export class EditHistory {
  private undoStack: TableFile[] = [];
  private redoStack: TableFile[] = [];

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** A new table is kept: the one it replaces can be undone back to; nothing is left to redo. */
  kept(before: TableFile): void {
    this.undoStack.push(before);
    if (this.undoStack.length > HISTORY) this.undoStack.shift();
    this.redoStack = [];
  }

  /** The table to go back to from `current`, or null. */
  undo(current: TableFile): TableFile | null {
    return this.travel(this.undoStack, this.redoStack, current);
  }

  redo(current: TableFile): TableFile | null {
    return this.travel(this.redoStack, this.undoStack, current);
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
  }

  private travel(from: TableFile[], to: TableFile[], current: TableFile): TableFile | null {
    const back = from.pop();
    if (!back) return null;
    to.push(current);
    return back;
  }
}

/** What a key does in the editor, or null: Delete, Escape, Q/E (15°, 1° with Shift), arrows (1"), Ctrl+Z, Ctrl+Y, Ctrl+D. */
export type EditorKeyAction =
  | { do: 'undo' | 'redo' | 'duplicate' | 'remove' | 'cancel' }
  | { do: 'turn'; deg: number }
  | { do: 'nudge'; dx: number; dy: number };

export function editorKeyAction(key: string, mods: { shift?: boolean; ctrl?: boolean } = {}): EditorKeyAction | null {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (mods.ctrl) {
    if (k === 'z') return { do: mods.shift ? 'redo' : 'undo' };
    if (k === 'y') return { do: 'redo' };
    if (k === 'd') return { do: 'duplicate' };
    return null;
  }
  const step = mods.shift ? 1 : 15;
  switch (k) {
    case 'Delete':
    case 'Backspace':
      return { do: 'remove' };
    case 'Escape':
      return { do: 'cancel' };
    case 'q':
      return { do: 'turn', deg: step };
    case 'e':
      return { do: 'turn', deg: -step };
    case 'ArrowLeft':
      return { do: 'nudge', dx: -1, dy: 0 };
    case 'ArrowRight':
      return { do: 'nudge', dx: 1, dy: 0 };
    case 'ArrowUp':
      return { do: 'nudge', dx: 0, dy: 1 };
    case 'ArrowDown':
      return { do: 'nudge', dx: 0, dy: -1 };
  }
  return null;
}
