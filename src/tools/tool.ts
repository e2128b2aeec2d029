/**
 * The shape every table tool shares: a tiny state machine in the manner of tldraw's StateNode. A tool
 * is in one named state at a time (`ruler.idle`, `ruler.pointing`, `ruler.dragging`); pointer events,
 * in table inches, go to the handlers of the current state, which may move it to another. No React,
 * no three.js: a headless `TestTable` drives the same code as the browser.
 */
import type { TableKnowledge } from './knowledge';

export type ToolId = 'select' | 'ruler' | 'lof' | 'template';

/** One pointer event on the table, in table inches (z up). */
export interface TablePointer {
  x: number;
  y: number;
  /** the height of the surface or silhouette the pointer touched */
  z: number;
  /** the piece under the pointer (its selection key), snapped within `SNAP` of its base edge, or null */
  piece: string | null;
  /** where on screen, in CSS pixels: tells a click from a drag. Headless tests leave it out (inches then). */
  screen?: { x: number; y: number };
}

/** How far the pointer must move with the button down before a press becomes a drag. */
export const DRAG_PIXELS = 4;
export const DRAG_INCHES = 0.2;

export function movedEnough(a: TablePointer, b: TablePointer): boolean {
  if (a.screen && b.screen) return Math.hypot(a.screen.x - b.screen.x, a.screen.y - b.screen.y) >= DRAG_PIXELS;
  return Math.hypot(a.x - b.x, a.y - b.y) >= DRAG_INCHES;
}

export interface StateHandlers {
  onEnter?(): void;
  onPointerDown?(p: TablePointer): void;
  onPointerMove?(p: TablePointer): void;
  onPointerUp?(p: TablePointer): void;
}

/** What a tool may call on the table around it. */
export interface ToolHost {
  /** the game as the viewer knows it, and the scenery queries */
  knowledge(): TableKnowledge;
  /** the selected piece's key, or null */
  selected(): string | null;
  /** selects a piece (the profile card follows) */
  select(key: string | null): void;
}

export abstract class Tool<S extends string = string> {
  abstract readonly id: ToolId;
  protected abstract readonly states: Record<S, StateHandlers>;
  private current: S;

  constructor(
    protected readonly host: ToolHost,
    initial: S,
  ) {
    this.current = initial;
  }

  get state(): S {
    return this.current;
  }

  /** `tool.state`, as tldraw writes a path through its state tree */
  get path(): string {
    return `${this.id}.${this.current}`;
  }

  protected transition(to: S): void {
    this.current = to;
    this.states[to].onEnter?.();
  }

  pointerDown(p: TablePointer): void {
    this.states[this.current].onPointerDown?.(p);
  }

  pointerMove(p: TablePointer): void {
    this.states[this.current].onPointerMove?.(p);
  }

  pointerUp(p: TablePointer): void {
    this.states[this.current].onPointerUp?.(p);
  }

  /** The tool is picked: start fresh. */
  abstract enter(): void;
  /** The tool is left (Escape, another tool): drop whatever it shows. */
  abstract exit(): void;
  /** The game or the viewer changed: answer again from the new knowledge. */
  refresh(): void {}
  /** The selection changed from outside the tool (a click in the roster, say). */
  selectionChanged(_key: string | null): void {}
}
