/**
 * Where the table's pointer goes: to one tool at a time, the one engaged last (tldraw's current tool).
 * A trooper taken up for deployment, a Move's path begun, a Combat Jump taken up, or the ruler, Line of
 * Fire or a template picked, each takes the pointer from the one before, which gets it back when the
 * newer one is done. A press stays with the tool it began on until it is released.
 *
 * The page routes its canvas's events through one of these (`pageInput.ts`); a headless `TestTable`
 * routes its fake ones the same way.
 */
import type { InputTarget, TablePointer, ToolKey } from './tool';

export class ToolRouter {
  private pressOwner: InputTarget | null = null;

  constructor(private readonly targets: readonly InputTarget[]) {}

  /** The tool the pointer goes to now, or null (nothing engaged: a click selects, a drag turns the camera). */
  owner(): InputTarget | null {
    if (this.pressOwner) return this.pressOwner;
    let best: InputTarget | null = null;
    for (const t of this.targets) if (t.engaged() && (!best || t.engagedAt > best.engagedAt)) best = t;
    return best;
  }

  /** The owner's state path, or `select` when no tool holds the pointer. */
  get path(): string {
    return this.owner()?.path ?? 'select';
  }

  down(p: TablePointer): void {
    const o = this.owner();
    this.pressOwner = o;
    o?.pointerDown(p);
  }

  move(p: TablePointer): void {
    this.owner()?.pointerMove(p);
  }

  up(p: TablePointer): void {
    const o = this.owner();
    this.pressOwner = null;
    o?.pointerUp(p);
  }

  leave(): void {
    this.owner()?.pointerLeave();
  }

  /** The press in progress ends without a release (a second finger, the browser took the touch). */
  cancel(): void {
    const o = this.pressOwner;
    this.pressOwner = null;
    o?.cancelPress();
  }

  /** A key for the tool holding the pointer; true if it took it. */
  key(k: ToolKey): boolean {
    return this.owner()?.keyDown(k) ?? false;
  }

  /** Wheel notches for the tool holding the pointer, if it takes the wheel now; true if it did. */
  wheel(notches: number): boolean {
    const o = this.owner();
    return o !== null && o.usesWheel() && o.wheel(notches);
  }
}
