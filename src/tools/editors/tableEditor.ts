/**
 * The table editor (TOOL-9): a tool on the same base as the table's (`Tool`), its path `table.<state>`,
 * fed with pointer events in table inches by a top view (or by a headless test).
 *
 *   idle --down on a handle--> resizing | rotating --up--> idle (kept, or refused)
 *   idle --down on a piece--> pointing --move (a drag)--> moving --up--> idle (kept, or refused)
 *                                 \--up--> idle (the piece is selected)
 *   idle --add / duplicate--> placing --click--> idle (placed) | placing (refused, try elsewhere)
 *
 * While a piece is moved, resized, turned or placed the editor shows it where it would go and says
 * why that spot would be refused (off the table, over other terrain, anything the table file's rules
 * refuse). Letting go there leaves the table exactly as it was, with the reason. Every kept edit can be
 * undone. Positions snap so edges fall on the inch; sides snap to whole inches; a turn snaps to 15°
 * (1° with Shift). The edits made at once (forms, keys) are built in `tableEdits.ts`.
 */
import { structureEdit, type StructureChange } from './structureEdits';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { Tool, type StateHandlers, type TablePointer } from '../tool';
import {
  editorKeyAction,
  EditHistory,
  fieldEdit,
  MOVES,
  nameEdit,
  nudgeEdit,
  removeEdit,
  RESIZES,
  sizeEdit,
  snapFor,
  turnEdit,
  zoneLayoutEdit,
  type EditResult,
} from './tableEdits';
import {
  boxOf,
  copyPiece,
  copyTable,
  handlePoint,
  newPiece,
  pieceAtPoint,
  pieceName as label,
  resizeBox,
  RESIZE_HANDLES,
  rotationToward,
  tableProblem,
  withBox,
  type Handle,
  type ItemRef,
  type NewPiece,
  type TableFile,
} from './tableModel';
import { toBoxFrame, type TurnedBox } from '../../core/apiFiles';

export type TableEditorState = 'idle' | 'pointing' | 'moving' | 'resizing' | 'rotating' | 'placing';

/**
 * A pointer event over the top view: a `TablePointer` (in table inches, `reach` the inches a few pixels
 * span there, `shift` for 1° turns), whose height and piece the flat view leaves out.
 */
export type EditorPointer = Omit<TablePointer, 'z' | 'piece'> & Partial<Pick<TablePointer, 'z' | 'piece'>>;

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

const onTable = (p: EditorPointer): TablePointer => ({ z: 0, piece: null, ...p });

export class TableEditor extends Tool<TableEditorState, null> {
  readonly id = 'table';
  readonly store: StoreApi<TableEditorSnapshot>;
  private draft: TableFile;
  private selected: ItemRef | null = null;
  private preview: { table: TableFile; ref: ItemRef; problem: string | null } | null = null;
  private notice: EditorNotice | null = null;
  private placing: { kind: NewPiece | 'copy'; source: ItemRef | null } | null = null;
  private readonly history = new EditHistory();
  /** the press that started a drag, and the piece's footprint then */
  private press: { at: TablePointer; ref: ItemRef; box: TurnedBox; handle: Handle | null } | null = null;

  /** Dragging a piece, a handle, or a side: the pointer shapes the edit; letting go keeps it or refuses it. */
  private readonly dragged = (what: string): StateHandlers => ({
    onPointerMove: (p) => this.dragTo(p),
    onPointerUp: (p) => {
      this.dragTo(p);
      this.press = null;
      this.transition('idle');
      this.finish(what);
    },
    // The press taken away (a second finger): nothing changes.
    onCancelPress: () => this.cancelDrag(),
  });

  protected readonly states: Record<TableEditorState, StateHandlers> = {
    idle: { onPointerDown: (p) => this.pressOn(p) },
    pointing: {
      onPointerMove: (p) => {
        if (!this.press || !this.dragging || !MOVES[this.press.ref.kind]) return;
        this.transition('moving');
        this.dragTo(p);
      },
      onPointerUp: () => {
        this.press = null;
        this.transition('idle');
      },
      onCancelPress: () => this.cancelDrag(),
    },
    moving: this.dragged('moved'),
    resizing: this.dragged('resized'),
    rotating: this.dragged('turned'),
    placing: {
      onPointerDown: (p) => this.followPointer(p),
      onPointerMove: (p) => this.followPointer(p),
      onPointerUp: (p) => {
        this.followPointer(p);
        this.finishPlacing();
      },
    },
  };

  constructor(table: TableFile) {
    super(null, 'idle');
    this.draft = copyTable(table);
    this.store = createStore<TableEditorSnapshot>()(() => this.snapshot());
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
    this.history.clear();
    this.notice = null;
    this.dropPress();
    this.transition('idle');
    this.publish();
  }

  // ---------------------------------------------------------------- pointer

  override pointerDown(p: EditorPointer): void {
    const was = this.state;
    super.pointerDown(onTable(p));
    if (was === 'idle' || was === 'placing') this.publish();
  }

  override pointerMove(p: EditorPointer): void {
    const was = this.state;
    super.pointerMove(onTable(p));
    if (was !== 'idle') this.publish();
  }

  override pointerUp(p: EditorPointer): void {
    const was = this.state;
    super.pointerUp(onTable(p));
    if (was !== 'idle') this.publish();
  }

  override cancelPress(): void {
    const was = this.state;
    super.cancelPress();
    if (was !== 'idle') this.publish();
  }

  /** A press in idle: a handle of the selected piece starts resizing or turning; a piece is selected and may be dragged. */
  private pressOn(p: TablePointer): void {
    const handle = this.handleAt(p);
    if (handle && this.selected) {
      this.press = { at: p, ref: this.selected, box: boxOf(this.draft, this.selected)!, handle };
      this.transition(handle === 'rotate' ? 'rotating' : 'resizing');
      return;
    }
    const ref = pieceAtPoint(this.draft, p.x, p.y);
    this.selected = ref;
    this.notice = null;
    if (ref) {
      this.press = { at: p, ref, box: boxOf(this.draft, ref)!, handle: null };
      this.transition('pointing');
    }
  }

  /** The handle of the selected piece under the pointer, if any. */
  private handleAt(p: TablePointer): Handle | null {
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
  private dragTo(p: TablePointer): void {
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
    this.history.kept(this.draft);
    this.draft = table;
    this.selected = selected;
    this.notice = { tone: 'info', text };
  }

  // ---------------------------------------------------------------- placing

  /** Starts placing a new piece: it follows the pointer until a click puts it down. */
  add(kind: NewPiece): void {
    this.cancelDrag();
    this.placing = { kind, source: null };
    this.transition('placing');
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
    this.transition('placing');
    const box = boxOf(this.draft, ref)!;
    this.followPointer({ x: box.x + 2, y: box.y - 2 });
    this.notice = { tone: 'info', text: 'Click the table to put the copy down; Esc to stop.' };
    this.publish();
  }

  private followPointer(p: { x: number; y: number }): void {
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
    this.transition('idle');
    this.commit(pv.table, pv.ref, `${label(pv.ref)} placed.`);
  }

  private cancelDrag(): void {
    this.preview = null;
    this.press = null;
    this.placing = null;
    this.dropPress();
    this.transition('idle');
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

  /** An edit made at once (a form, a key): kept, or refused with its reason. Returns the reason, or null. */
  private apply(result: EditResult): string | null {
    if (!result) return null;
    if (this.state !== 'idle') this.cancelDrag();
    if ('refused' in result) {
      this.notice = { tone: 'error', text: `Refused: ${result.refused}${result.after ?? ' Nothing was changed.'}` };
      this.publish();
      return result.refused;
    }
    const problem = tableProblem(result.table, result.focus);
    if (problem) {
      this.notice = { tone: 'error', text: `Refused: ${problem} Nothing was changed.` };
      this.publish();
      return problem;
    }
    this.commit(result.table, result.selected === undefined ? this.selected : result.selected, result.text);
    this.publish();
    return null;
  }

  remove(): string | null {
    return this.apply(removeEdit(this.draft, this.selected));
  }

  rotateBy(deg: number): string | null {
    return this.apply(turnEdit(this.draft, this.selected, deg));
  }

  nudge(dx: number, dy: number): string | null {
    return this.apply(nudgeEdit(this.draft, this.selected, dx, dy));
  }

  /** A field of a piece set from a form (see `fieldEdit`). Returns why it was refused, or null. */
  setField(ref: ItemRef, field: string, value: number | string): string | null {
    return this.apply(fieldEdit(this.draft, ref, field, value));
  }

  /** The selected piece's inside, floors, openings and ladders (see `structureEdit`). Returns why it was refused, or null. */
  setStructure(ref: ItemRef, change: StructureChange): string | null {
    return this.apply(structureEdit(this.draft, ref, change));
  }

  setName(name: string): string | null {
    return this.apply(nameEdit(this.draft, name));
  }

  /** The table's size; zones along its edges follow them (see `resizedTable`). */
  setSize(width: number, depth: number): string | null {
    return this.apply(sizeEdit(this.draft, width, depth));
  }

  setZoneLayout(layout: 'south-north' | 'west-east', depth: number): string | null {
    return this.apply(zoneLayoutEdit(this.draft, layout, depth));
  }

  undo(): void {
    this.travel(this.history.undo(this.draft), 'Undone.');
  }

  redo(): void {
    this.travel(this.history.redo(this.draft), 'Redone.');
  }

  /** Undo or redo: the table that comes back, if any. */
  private travel(back: TableFile | null, text: string): void {
    if (!back) return;
    this.cancelDrag();
    this.draft = back;
    if (this.selected && !boxOf(back, this.selected)) this.selected = null;
    this.notice = { tone: 'info', text };
    this.publish();
  }

  /** The editor's keys (see `editorKeyAction`); false if the key is not one of them. */
  key(key: string, mods: { shift?: boolean; ctrl?: boolean } = {}): boolean {
    const a = editorKeyAction(key, mods);
    if (!a) return false;
    switch (a.do) {
      case 'undo':
        this.undo();
        break;
      case 'redo':
        this.redo();
        break;
      case 'duplicate':
        this.duplicate();
        break;
      case 'remove':
        this.remove();
        break;
      case 'cancel':
        this.cancel();
        break;
      case 'turn':
        this.rotateBy(a.deg);
        break;
      case 'nudge':
        this.nudge(a.dx, a.dy);
        break;
    }
    return true;
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
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
    };
  }

  private publish(): void {
    this.store.setState(this.snapshot(), true);
  }
}
