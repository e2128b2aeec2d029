/**
 * The one base of every table tool, in the manner of tldraw's StateNode: the ruler, Line of Fire,
 * templates, deployment, Orders, Combat Jump and the table editor are each a small state machine in one
 * named state at a time, its `path` written `<tool>.<state>` (`ruler.dragging`, `deploy.placing`,
 * `order.drawing`, `table.moving`). Pointer events, all of one shape (`TablePointer`, in table inches),
 * go to the handlers of the current state, which may move the tool to another; so do the keys and the
 * wheel the tool takes. No React, no three.js, no DOM: a headless `TestTable` drives the same code as
 * the browser, whose one pointer adapter (`src/scene/TableInput.tsx`) turns the canvas's DOM events
 * into `TablePointer`s for whichever tool holds the pointer (`ToolRouter`).
 *
 * What a click is lives here, once for every tool: a press and a release that did not move past
 * `DRAG_PIXELS` on screen (a finger gets more room), or `DRAG_INCHES` on the table where a headless
 * test gives no screen position. A press that moved further is a drag.
 */
import type { TableKnowledge } from './knowledge';

export type ToolId = 'select' | 'ruler' | 'lof' | 'template';

/** One pointer event on the table, in table inches (z up): the same shape for every tool. */
export interface TablePointer {
  x: number;
  y: number;
  /** the height of what the pointer touched (a tool reading the `surface`: the top a base would stand on) */
  z: number;
  /** the piece under the pointer (its selection key), snapped within `SNAP` of its base edge, or null */
  piece: string | null;
  /** where on screen, in CSS pixels: tells a click from a drag. Headless tests leave it out (inches then). */
  screen?: { x: number; y: number };
  /** a mouse, a pen or a finger (a finger gets more room for a tap); left out: a mouse */
  pointerType?: 'mouse' | 'pen' | 'touch';
  /** Shift held (finer steps) */
  shift?: boolean;
  /** how many inches a few pixels span at the pointer: how near a handle catches it (the editors' top view) */
  reach?: number;
}

/**
 * Which point of the table a tool's pointer names:
 * - `pieces`: what the pointer touches first, a piece winning over the scenery around it (ruler, Line of
 *   Fire, templates): `x, y, z` on the silhouette, roof, wall or mat, `piece` the piece's key;
 * - `surface`: where a base would stand under the pointer (deployment, Orders, Combat Jump): a block top,
 *   a roof or the table top, never a silhouette; off the table there is no point (`pointerLeave`).
 */
export type PointerTarget = 'pieces' | 'surface';

/** How far the pointer must move with the button down before a press becomes a drag (a mouse, a pen). */
export const DRAG_PIXELS = 5;
/** The same for a finger, which wanders more within a tap. */
export const DRAG_PIXELS_TOUCH = 10;
/** The same in table inches, where a headless test gives no screen position. */
export const DRAG_INCHES = 0.2;

/** Whether the pointer moved from `a` to `b` far enough for a drag. */
export function movedEnough(a: TablePointer, b: TablePointer): boolean {
  if (a.screen && b.screen) {
    const limit = a.pointerType === 'touch' ? DRAG_PIXELS_TOUCH : DRAG_PIXELS;
    return Math.hypot(a.screen.x - b.screen.x, a.screen.y - b.screen.y) >= limit;
  }
  return Math.hypot(a.x - b.x, a.y - b.y) >= DRAG_INCHES;
}

/** A key for a tool: `key` as `KeyboardEvent.key`, letters in lower case (`q`, `escape`, `enter`, `backspace`). */
export interface ToolKey {
  key: string;
  shift: boolean;
}

/** What one state of a tool does with the input it gets; what it leaves out it ignores. */
export interface StateHandlers {
  onEnter?(from: string): void;
  onExit?(to: string): void;
  onPointerDown?(p: TablePointer): void;
  onPointerMove?(p: TablePointer): void;
  /** `click`: the press did not move far enough to be a drag (see `movedEnough`) */
  onPointerUp?(p: TablePointer, click: boolean): void;
  /** the pointer left the table (or the view) */
  onPointerLeave?(): void;
  /** the press ended without a release on the table: a second finger came down, or the browser took the touch */
  onCancelPress?(): void;
  /** a key; true if the tool took it */
  onKeyDown?(k: ToolKey): boolean;
  /** wheel notches (+1 away from the player, which turns counter-clockwise); true if the tool took them */
  onWheel?(notches: number): boolean;
}

/**
 * What the pointer adapter and the router need of anything that takes pointer events: a tool, or the
 * table tools' controller (which hands them on to the ruler, Line of Fire or template in use).
 */
export interface InputTarget {
  /** the state path, `<tool>.<state>` */
  readonly path: string;
  /** which point of the table its pointer events name */
  readonly reads: PointerTarget;
  /** when it last became engaged (a tick of `engagedNow`): the latest engaged one holds the pointer */
  readonly engagedAt: number;
  /** whether it takes the pointer now (a tool in use, a trooper in hand, a path being drawn) */
  engaged(): boolean;
  pointerDown(p: TablePointer): void;
  pointerMove(p: TablePointer): void;
  pointerUp(p: TablePointer): void;
  pointerLeave(): void;
  cancelPress(): void;
  keyDown(k: ToolKey): boolean;
  wheel(notches: number): boolean;
  /** whether a drag with the main button (one finger) is the tool's; else it turns the camera */
  usesDrag(): boolean;
  /** whether the wheel is the tool's now; else it zooms */
  usesWheel(): boolean;
}

let clock = 0;
/** A tick of the engagement clock: later ticks are greater. */
export function engagedNow(): number {
  return ++clock;
}

/** What the table tools (ruler, Line of Fire, templates) may call on the table around them. */
export interface ToolHost {
  /** the game as the viewer knows it, and the scenery queries */
  knowledge(): TableKnowledge;
  /** the selected piece's key, or null */
  selected(): string | null;
  /** selects a piece (the profile card follows) */
  select(key: string | null): void;
}

/**
 * The base of every tool. `S` names its states; `rest` is the one it rests in (not engaged). A subclass
 * lists its states' handlers in `states`, moves between them with `transition`, and keeps whatever it
 * shows in its own outlet (a store, a snapshot) for the page to read.
 */
export abstract class Tool<S extends string = string, H = ToolHost> implements InputTarget {
  abstract readonly id: string;
  protected abstract readonly states: Record<S, StateHandlers>;
  readonly reads: PointerTarget = 'pieces';
  engagedAt = 0;
  private current: S;
  private pressed: { down: TablePointer; dragging: boolean } | null = null;
  private readonly pathListeners = new Set<(path: string, prev: string) => void>();

  constructor(
    protected readonly host: H,
    private readonly rest: S,
  ) {
    this.current = rest;
  }

  get state(): S {
    return this.current;
  }

  /** `<tool>.<state>`, as tldraw writes a path through its state tree */
  get path(): string {
    return `${this.id}.${this.current}`;
  }

  /** Engaged: out of its resting state. A tool may say otherwise (Combat Jump's `done` rests too). */
  engaged(): boolean {
    return this.current !== this.rest;
  }

  /** Calls `listener` with the new path and the old one at every change of state; returns the unsubscribe. */
  onPath(listener: (path: string, prev: string) => void): () => void {
    this.pathListeners.add(listener);
    return () => this.pathListeners.delete(listener);
  }

  /** Moves to another state: the old one's `onExit`, then the new one's `onEnter`. Moving to the same state does nothing. */
  protected transition(to: S): void {
    const from = this.current;
    if (from === to) return;
    const prevPath = this.path;
    const was = this.engaged();
    this.states[from].onExit?.(to);
    this.current = to;
    if (!was && this.engaged()) this.engagedAt = engagedNow();
    this.states[to].onEnter?.(from);
    for (const l of this.pathListeners) l(this.path, prevPath);
  }

  private handlers(): StateHandlers {
    return this.states[this.current];
  }

  /** Whether a button is held down since a press on the table. */
  get pressing(): boolean {
    return this.pressed !== null;
  }

  /** Whether the press in progress has moved far enough to be a drag. */
  get dragging(): boolean {
    return this.pressed?.dragging ?? false;
  }

  /** Where the press in progress began, or null. */
  protected get pressedAt(): TablePointer | null {
    return this.pressed?.down ?? null;
  }

  pointerDown(p: TablePointer): void {
    this.pressed = { down: p, dragging: false };
    this.handlers().onPointerDown?.(p);
  }

  pointerMove(p: TablePointer): void {
    const pr = this.pressed;
    if (pr && !pr.dragging && movedEnough(pr.down, p)) pr.dragging = true;
    this.handlers().onPointerMove?.(p);
  }

  pointerUp(p: TablePointer): void {
    const pr = this.pressed;
    this.pressed = null;
    const click = !!pr && !pr.dragging && !movedEnough(pr.down, p);
    this.handlers().onPointerUp?.(p, click);
  }

  pointerLeave(): void {
    this.handlers().onPointerLeave?.();
  }

  cancelPress(): void {
    if (!this.pressed) return;
    this.pressed = null;
    this.handlers().onCancelPress?.();
  }

  keyDown(k: ToolKey): boolean {
    return this.handlers().onKeyDown?.(k) ?? false;
  }

  wheel(notches: number): boolean {
    return this.handlers().onWheel?.(notches) ?? false;
  }

  usesDrag(): boolean {
    return false;
  }

  usesWheel(): boolean {
    return false;
  }

  /** Forgets a press in progress (the tool was reset from outside: a new trooper taken up, Escape). */
  protected dropPress(): void {
    this.pressed = null;
  }

  /** The tool is picked: start fresh (the table tools). */
  enter(): void {}
  /** The tool is left (Escape, another tool): drop whatever it shows. */
  exit(): void {}
  /** The game or the viewer changed: answer again from the new knowledge. */
  refresh(): void {}
  /** The selection changed from outside the tool (a click in the roster, say). */
  selectionChanged(_key: string | null): void {}
}
