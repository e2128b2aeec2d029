/**
 * The page's Combat Jump tool as the first frame knows it: the tool (`jump.ts`) and its landing-map
 * workers (`jumpPage.ts`) are fetched after that frame (docs/speed.md, "Bundle size"). The router holds
 * this handle, never engaged until the tool is there; the phone's sheet hears the tool's changes through
 * it. The panels that take a trooper up (the Combat Jump panel, the Order dice, the tool dock) are
 * fetched later still and use `jumpPage.ts` itself.
 */
import type { JumpTool } from './jump';
import { LazyTarget } from './lazyTarget';

export class JumpHandle extends LazyTarget<JumpTool> {
  private readonly listeners = new Set<() => void>();
  private follow: (() => void) | null = null;

  constructor() {
    super('jump.idle', 'surface');
  }

  /** Called on every change of the tool's state, once the tool is there. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected override attached(tool: JumpTool): void {
    this.follow?.();
    this.follow = tool.store.subscribe(() => {
      for (const l of this.listeners) l();
    });
    // A failed jump of a restored game owes its fallback first (CJ-7): the tool reads the game as it is.
    tool.sync();
  }
}

export const jumpHandle = new JumpHandle();
