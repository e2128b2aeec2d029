/**
 * A tool the page fetches after its first frame (docs/speed.md, "Bundle size"), standing in for it
 * until then: in the router (`pageInput.ts`) it is never engaged, so the pointer turns the camera or
 * selects; once the tool's module has run it `attach`es the tool here, and everything is the tool's.
 * The page starts fetching such tools as it mounts (`lazyTools.ts`): they are there well before a
 * trooper can be taken up.
 */
import type { InputTarget, PointerTarget, TablePointer, ToolKey } from './tool';

export class LazyTarget<T extends InputTarget> implements InputTarget {
  protected tool: T | null = null;

  /** `rest`: the path it answers before the tool is there (the tool's resting state's). */
  constructor(
    private readonly rest: string,
    readonly reads: PointerTarget,
  ) {}

  /** The tool, once its module has run. */
  get loaded(): T | null {
    return this.tool;
  }

  /** The tool's module hands it over (again, if the module runs again: the dev server's hot reload). */
  attach(tool: T): void {
    this.tool = tool;
    this.attached(tool);
  }

  /** What a handle does once its tool is there: follow it, bring it up to date with the game. */
  protected attached(_tool: T): void {}

  get path(): string {
    return this.tool?.path ?? this.rest;
  }
  get engagedAt(): number {
    return this.tool?.engagedAt ?? 0;
  }
  engaged(): boolean {
    return this.tool?.engaged() ?? false;
  }
  pointerDown(p: TablePointer): void {
    this.tool?.pointerDown(p);
  }
  pointerMove(p: TablePointer): void {
    this.tool?.pointerMove(p);
  }
  pointerUp(p: TablePointer): void {
    this.tool?.pointerUp(p);
  }
  pointerLeave(): void {
    this.tool?.pointerLeave();
  }
  cancelPress(): void {
    this.tool?.cancelPress();
  }
  keyDown(k: ToolKey): boolean {
    return this.tool?.keyDown(k) ?? false;
  }
  wheel(notches: number): boolean {
    return this.tool?.wheel(notches) ?? false;
  }
  usesDrag(): boolean {
    return this.tool?.usesDrag() ?? false;
  }
  usesWheel(): boolean {
    return this.tool?.usesWheel() ?? false;
  }
}
