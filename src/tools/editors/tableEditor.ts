/**
 * The table editor (TOOL-9): a small state machine, like the table's tools, fed with pointer events in
 * table inches by a top view (or by a headless test).
 *
 *   idle --down on a handle--> resizing | rotating --up--> idle (kept, or refused)
 *   idle --down on a piece--> pointing --move--> moving --up--> idle (kept, or refused)
 *                                 \--up--> idle (the piece is selected)
 *   idle --add / duplicate--> placing --click--> idle (placed) | placing (refused, try elsewhere)
 *
 * While a piece is moved, resized, turned or placed the editor shows it where it would go and says
 * why that spot would be refused (off the table, over other terrain, anything the table file's rules
 * refuse). Letting go there leaves the table exactly as it was, with the reason. Every kept edit can be
 * undone. Positions snap so edges fall on the inch; sides snap to whole inches; a turn snaps to 15°
 * (1° with Shift).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { toBoxFrame, type TurnedBox } from '../../core/geometry/shapes';
import { DRAG_INCHES, DRAG_PIXELS } from '../tool';
import {
  boxOf,
  copyPiece,
  copyTable,
  handlePoint,
  idProblem,
  newPiece,
  normalDegrees,
  pieceAtPoint,
  pieceName as label,
  renamed,
  resizeBox,
  resizedTable,
  RESIZE_HANDLES,
  rotationToward,
  snapBox,
  tableProblem,
  withBox,
  withoutPiece,
  withZoneLayout,
  type Handle,
  type ItemRef,
  type NewPiece,
  type TableFile,
} from './tableModel';

export type TableEditorState = 'idle' | 'pointing' | 'moving' | 'resizing' | 'rotating' | 'placing';

/** A pointer event over the top view, in table inches. */
export interface EditorPointer {
  x: number;
  y: number;
  /** CSS pixels on screen: tells a click from a drag (headless tests leave it out: inches then) */
  screen?: { x: number; y: number };
  /** how near a handle, in inches, the pointer catches it (a few pixels of the view) */
  reach?: number;
  /** Shift held: turn in 1° steps */
  shift?: boolean;
}

export interface EditorNotice {
  tone: 'info' | 'error';
  text: string;
}

export interface TableEditorSnapshot {
  /** `table.idle`, `table.moving`... */
  path: string;
  /** the table as kept (what is saved) */
  draft: TableFile;
  /** what the view draws: the draft, or the draft with the edit in progress */
  shown: TableFile;
  selected: ItemRef | null;
  /** the piece being moved, resized, turned or placed */
  live: ItemRef | null;
  /** why the edit in progress would be refused, or null */
  problem: string | null;
  notice: EditorNotice | null;
  /** what is being placed: a new piece, or a copy */
  placing: NewPiece | 'copy' | null;
  canUndo: boolean;
  canRedo: boolean;
}

const HISTORY = 200;
/** Which pieces a drag may move, resize or turn. */
const MOVES: Record<ItemRef['kind'], boolean> = { terrain: true, objective: true, exclusion: true, deployment: false };
const RESIZES: Record<ItemRef['kind'], boolean> = { terrain: true, objective: false, exclusion: true, deployment: true };

/** Snapping: an objective's centre on a whole inch; any other piece by `snapBox`. */
function snapFor(ref: ItemRef, box: TurnedBox): TurnedBox {
  return ref.kind === 'objective' ? { ...box, x: Math.round(box.x), y: Math.round(box.y) } : snapBox(box);
}

function far(a: EditorPointer, b: EditorPointer): boolean {
  if (a.screen && b.screen) return Math.hypot(a.screen.x - b.screen.x, a.screen.y - b.screen.y) >= DRAG_PIXELS;
  return Math.hypot(a.x - b.x, a.y - b.y) >= DRAG_INCHES;
}

export class TableEditor {
  readonly store: StoreApi<TableEditorSnapshot>;
  private state: TableEditorState = 'idle';
  private draft: TableFile;
  private selected: ItemRef | null = null;
  private preview: { table: TableFile; ref: ItemRef; problem: string | null } | null = null;
  private notice: EditorNotice | null = null;
  private placing: { kind: NewPiece | 'copy'; source: ItemRef | null } | null = null;
  private undoStack: TableFile[] = [];
  private redoStack: TableFile[] = [];
  /** the press that started a drag, and the piece's footprint then */
  private press: { at: EditorPointer; ref: ItemRef; box: TurnedBox; handle: Handle | null } | null = null;

  constructor(table: TableFile) {
    this.draft = copyTable(table);
    this.store = createStore<TableEditorSnapshot>()(() => this.snapshot());
  }

  get path(): string {
    return `table.${this.state}`;
  }

  get table(): TableFile {
    return this.draft;
  }

  /** Opens another table: the selection, the edit in progress and the undo history go. */
  load(table: TableFile): void {
    this.draft = copyTable(table);
    this.selected = null;
    this.preview = null;
    this.placing = null;
    this.press = null;
    this.undoStack = [];
    this.redoStack = [];
    this.notice = null;
    this.state = 'idle';
    this.publish();
  }

  // ---------------------------------------------------------------- pointer

  pointerDown(p: EditorPointer): void {
    if (this.state === 'placing') {
      this.followPointer(p);
      return;
    }
    if (this.state !== 'idle') return;
    const handle = this.handleAt(p);
    if (handle && this.selected) {
      this.press = { at: p, ref: this.selected, box: boxOf(this.draft, this.selected)!, handle };
      this.state = handle === 'rotate' ? 'rotating' : 'resizing';
      this.publish();
      return;
    }
    const ref = pieceAtPoint(this.draft, p.x, p.y);
    this.selected = ref;
    this.notice = null;
    if (ref) {
      this.press = { at: p, ref, box: boxOf(this.draft, ref)!, handle: null };
      this.state = 'pointing';
    }
    this.publish();
  }

  pointerMove(p: EditorPointer): void {
    switch (this.state) {
      case 'pointing':
        if (!this.press || !far(this.press.at, p) || !MOVES[this.press.ref.kind]) return;
        this.state = 'moving';
        this.dragTo(p);
        break;
      case 'moving':
      case 'resizing':
      case 'rotating':
        this.dragTo(p);
        break;
      case 'placing':
        this.followPointer(p);
        break;
      case 'idle':
        return;
    }
    this.publish();
  }

  pointerUp(p: EditorPointer): void {
    switch (this.state) {
      case 'pointing':
        this.press = null;
        this.state = 'idle';
        break;
      case 'moving':
      case 'resizing':
      case 'rotating': {
        this.dragTo(p);
        const what = this.state === 'moving' ? 'moved' : this.state === 'resizing' ? 'resized' : 'turned';
        this.press = null;
        this.state = 'idle';
        this.finish(what);
        break;
      }
      case 'placing':
        this.followPointer(p);
        this.finishPlacing();
        break;
      case 'idle':
        return;
    }
    this.publish();
  }

  /** The handle of the selected piece under the pointer, if any. */
  private handleAt(p: EditorPointer): Handle | null {
    if (!this.selected) return null;
    const box = boxOf(this.draft, this.selected);
    if (!box) return null;
    // Over the piece itself a handle is caught only right at it, so a small piece can still be dragged.
    const local = toBoxFrame(box, p.x, p.y);
    const inside = Math.abs(local.x) < box.w / 2 && Math.abs(local.y) < box.d / 2;
    const reach = inside ? Math.min(p.reach ?? 0.5, Math.min(box.w, box.d) / 4) : (p.reach ?? 0.5);
    const near = (h: Handle) => {
      const q = handlePoint(box, h);
      return Math.hypot(q.x - p.x, q.y - p.y) <= reach;
    };
    if (this.selected.kind === 'terrain' && near('rotate')) return 'rotate';
    if (!RESIZES[this.selected.kind]) return null;
    return RESIZE_HANDLES.find(near) ?? null;
  }

  /** The edit in progress with the pointer at `p`. */
  private dragTo(p: EditorPointer): void {
    const press = this.press;
    if (!press) return;
    const { box, ref } = press;
    let next: TurnedBox;
    if (this.state === 'moving') next = snapFor(ref, { ...box, x: box.x + (p.x - press.at.x), y: box.y + (p.y - press.at.y) });
    else if (this.state === 'rotating') next = { ...box, rotation: rotationToward(box, p.x, p.y, p.shift ? 1 : 15) };
    else next = resizeBox(box, press.handle as { sx: number; sy: number }, p.x, p.y);
    const table = withBox(this.draft, ref, next);
    this.preview = { table, ref, problem: tableProblem(table, ref) };
  }

  /** Keeps the edit in progress, or refuses it with its reason and leaves the table as it was. */
  private finish(what: string): void {
    const pv = this.preview;
    this.preview = null;
    if (!pv) return;
    const before = boxOf(this.draft, pv.ref);
    const after = boxOf(pv.table, pv.ref);
    if (before && after && JSON.stringify(before) === JSON.stringify(after)) return;
    if (pv.problem) {
      this.notice = { tone: 'error', text: `Refused: ${pv.problem} Nothing was changed.` };
      return;
    }
    this.commit(pv.table, pv.ref, `${label(pv.ref)} ${what}.`);
  }

  private commit(table: TableFile, selected: ItemRef | null, text: string): void {
    this.undoStack.push(this.draft);
    if (this.undoStack.length > HISTORY) this.undoStack.shift();
    this.redoStack = [];
    this.draft = table;
    this.selected = selected;
    this.notice = { tone: 'info', text };
  }

  // ---------------------------------------------------------------- placing

  /** Starts placing a new piece: it follows the pointer until a click puts it down. */
  add(kind: NewPiece): void {
    this.cancelDrag();
    this.placing = { kind, source: null };
    this.state = 'placing';
    const { width, depth } = this.draft.table;
    this.followPointer({ x: width / 2, y: depth / 2 });
    this.notice = { tone: 'info', text: 'Click the table to put it down; Esc to stop.' };
    this.publish();
  }

  /** Starts placing a copy of the selected piece. */
  duplicate(): void {
    const ref = this.selected;
    if (!ref || ref.kind === 'deployment') return;
    this.cancelDrag();
    this.placing = { kind: 'copy', source: ref };
    this.state = 'placing';
    const box = boxOf(this.draft, ref)!;
    this.followPointer({ x: box.x + 2, y: box.y - 2 });
    this.notice = { tone: 'info', text: 'Click the table to put the copy down; Esc to stop.' };
    this.publish();
  }

  private followPointer(p: EditorPointer): void {
    const placing = this.placing;
    if (!placing) return;
    const made = placing.source ? copyPiece(this.draft, placing.source) : newPiece(this.draft, placing.kind as NewPiece, p.x, p.y);
    if (!made) return;
    const box = boxOf(made.table, made.ref)!;
    const table = withBox(made.table, made.ref, snapFor(made.ref, { ...box, x: p.x, y: p.y }));
    this.preview = { table, ref: made.ref, problem: tableProblem(table, made.ref) };
  }

  private finishPlacing(): void {
    const pv = this.preview;
    if (!pv) return;
    if (pv.problem) {
      this.notice = { tone: 'error', text: `Refused: ${pv.problem} Try another spot, or Esc to stop.` };
      return;
    }
    this.placing = null;
    this.preview = null;
    this.state = 'idle';
    this.commit(pv.table, pv.ref, `${label(pv.ref)} placed.`);
  }

  private cancelDrag(): void {
    this.preview = null;
    this.press = null;
    this.placing = null;
    this.state = 'idle';
  }

  /** Escape: stops placing or dragging (nothing changes); else clears the selection. */
  cancel(): void {
    if (this.state === 'idle') this.selected = null;
    this.cancelDrag();
    this.notice = null;
    this.publish();
  }

  // ---------------------------------------------------------------- edits by command

  select(ref: ItemRef | null): void {
    if (this.state !== 'idle') this.cancelDrag();
    this.selected = ref && boxOf(this.draft, ref) ? ref : null;
    this.publish();
  }

  /** An edit made at once (a form, a key): kept, or refused with its reason. Returns the reason. */
  private edit(next: TableFile, focus: ItemRef | null, text: string, selected: ItemRef | null = this.selected): string | null {
    if (this.state !== 'idle') this.cancelDrag();
    const problem = tableProblem(next, focus);
    if (problem) {
      this.notice = { tone: 'error', text: `Refused: ${problem} Nothing was changed.` };
      this.publish();
      return problem;
    }
    this.commit(next, selected, text);
    this.publish();
    return null;
  }

  remove(): string | null {
    const ref = this.selected;
    if (!ref) return null;
    if (ref.kind === 'deployment') {
      const text = 'A game needs both Deployment Zones: resize this one instead.';
      this.notice = { tone: 'error', text: `Refused: ${text}` };
      this.publish();
      return text;
    }
    return this.edit(withoutPiece(this.draft, ref), null, `${label(ref)} deleted.`, null);
  }

  rotateBy(deg: number): string | null {
    const ref = this.selected;
    if (!ref || ref.kind !== 'terrain') return null;
    const box = boxOf(this.draft, ref)!;
    return this.edit(withBox(this.draft, ref, { ...box, rotation: normalDegrees(box.rotation + deg) }), ref, `${label(ref)} turned.`);
  }

  nudge(dx: number, dy: number): string | null {
    const ref = this.selected;
    if (!ref || !MOVES[ref.kind]) return null;
    const box = boxOf(this.draft, ref)!;
    return this.edit(withBox(this.draft, ref, { ...box, x: box.x + dx, y: box.y + dy }), ref, `${label(ref)} moved.`);
  }

  /**
   * A field of a piece set from a form: `x`, `y`, `w`, `d`, `h`, `rotation`, `r` (numbers), `id`, or
   * `type` (`block`, `building`, `ruin`). Returns why it was refused, or null.
   */
  setField(ref: ItemRef, field: string, value: number | string): string | null {
    if (field === 'id') {
      const id = String(value);
      const bad = idProblem(this.draft, ref, id);
      if (bad) return this.refuse(bad);
      const next = { ...ref, id };
      return this.edit(renamed(this.draft, ref, id), next, `${label(ref)} is now "${id}".`, next);
    }
    const next = copyTable(this.draft);
    if (field === 'type') {
      next.terrain = next.terrain.map((p) => {
        if (p.id !== ref.id) return p;
        const { roof: _, ...rest } = p as typeof p & { roof?: boolean };
        return value === 'block' ? { ...rest, kind: 'block' } : { ...rest, kind: 'building', roof: value === 'building' };
      });
      return this.edit(next, ref, `${label(ref)} changed.`);
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.refuse('Expected a number.');
    if (['w', 'd', 'h', 'r'].includes(field) && value <= 0) return this.refuse('Expected a number above 0.');
    const set = (o: Record<string, unknown>) => (o[field] = field === 'rotation' ? normalDegrees(value) : value);
    if (ref.kind === 'terrain') next.terrain.forEach((p) => p.id === ref.id && set(p as unknown as Record<string, unknown>));
    if (ref.kind === 'objective') next.objectives.forEach((o) => o.id === ref.id && set(o as unknown as Record<string, unknown>));
    if (ref.kind === 'exclusion') next.zones.exclusion.forEach((z) => z.id === ref.id && set(z as unknown as Record<string, unknown>));
    if (ref.kind === 'deployment' && next.zones.deployment[ref.id]) set(next.zones.deployment[ref.id] as unknown as Record<string, unknown>);
    return this.edit(next, ref, `${label(ref)} changed.`);
  }

  setName(name: string): string | null {
    return this.edit({ ...copyTable(this.draft), name }, null, 'Table renamed.');
  }

  /** The table's size; zones along its edges follow them (see `resizedTable`). */
  setSize(width: number, depth: number): string | null {
    if (!(width > 0 && depth > 0)) return this.refuse('The table needs a width and a depth above 0.');
    return this.edit(resizedTable(this.draft, width, depth), null, `The table is now ${width}" x ${depth}".`);
  }

  setZoneLayout(layout: 'south-north' | 'west-east', depth: number): string | null {
    if (!(depth > 0)) return this.refuse('A Deployment Zone needs a depth above 0.');
    return this.edit(withZoneLayout(this.draft, layout, depth), null, 'Deployment Zones laid out.', null);
  }

  private refuse(problem: string): string {
    this.notice = { tone: 'error', text: `Refused: ${problem} Nothing was changed.` };
    this.publish();
    return problem;
  }

  undo(): void {
    this.travel(this.undoStack, this.redoStack, 'Undone.');
  }

  redo(): void {
    this.travel(this.redoStack, this.undoStack, 'Redone.');
  }

  /** Undo or redo: the draft on top of `from` comes back, the one it replaces goes onto `to`. */
  private travel(from: TableFile[], to: TableFile[], text: string): void {
    const back = from.pop();
    if (!back) return;
    this.cancelDrag();
    to.push(this.draft);
    this.draft = back;
    if (this.selected && !boxOf(back, this.selected)) this.selected = null;
    this.notice = { tone: 'info', text };
    this.publish();
  }

  /** The editor's keys: Delete, Escape, Q/E (turn 15°, 1° with Shift), arrows (1"), Ctrl+Z, Ctrl+Y, Ctrl+D. */
  key(key: string, mods: { shift?: boolean; ctrl?: boolean } = {}): boolean {
    const k = key.length === 1 ? key.toLowerCase() : key;
    if (mods.ctrl) {
      if (k === 'z') mods.shift ? this.redo() : this.undo();
      else if (k === 'y') this.redo();
      else if (k === 'd') this.duplicate();
      else return false;
      return true;
    }
    const step = mods.shift ? 1 : 15;
    switch (k) {
      case 'Delete':
      case 'Backspace':
        this.remove();
        return true;
      case 'Escape':
        this.cancel();
        return true;
      case 'q':
        this.rotateBy(step);
        return true;
      case 'e':
        this.rotateBy(-step);
        return true;
      case 'ArrowLeft':
        this.nudge(-1, 0);
        return true;
      case 'ArrowRight':
        this.nudge(1, 0);
        return true;
      case 'ArrowUp':
        this.nudge(0, 1);
        return true;
      case 'ArrowDown':
        this.nudge(0, -1);
        return true;
    }
    return false;
  }

  private snapshot(): TableEditorSnapshot {
    const pv = this.preview;
    return {
      path: this.path,
      draft: this.draft,
      shown: pv ? pv.table : this.draft,
      selected: pv && this.state !== 'placing' ? pv.ref : this.selected,
      live: pv ? pv.ref : null,
      problem: pv ? pv.problem : null,
      notice: this.notice,
      placing: this.placing ? this.placing.kind : null,
      canUndo: this.undoStack.length > 0,
      canRedo: this.redoStack.length > 0,
    };
  }

  private publish(): void {
    this.store.setState(this.snapshot(), true);
  }
}
