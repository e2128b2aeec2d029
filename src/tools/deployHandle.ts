/**
 * The page's deployment tool as the first frame knows it: the tool itself (`deploy.ts`, with its
 * ghost, its snapping and its notices) is fetched after that frame (`deployPage.ts`, docs/speed.md
 * "Bundle size"). Until it is there the handle is at rest: its snapshot is the idle one, the router
 * never gives it the pointer, a `sync` is nothing to do, and what the page asks of it (a trooper picked
 * in the roster, say) waits and is handed on, in order, as soon as the tool arrives.
 */
import type { DeployTool } from './deploy';
import { IDLE_SNAPSHOT, type DeployInput, type DeploySnapshot } from './deployTypes';
import { LazyTarget } from './lazyTarget';

type Listener = (s: DeploySnapshot, prev: DeploySnapshot) => void;

export class DeployHandle extends LazyTarget<DeployTool> {
  private readonly listeners = new Set<Listener>();
  private waiting: DeployInput[] = [];
  private follow: (() => void) | null = null;

  constructor() {
    super('deploy.idle', 'surface');
  }

  get snapshot(): DeploySnapshot {
    return this.tool?.snapshot ?? IDLE_SNAPSHOT;
  }

  /** Bound, as the tool's is: the page passes it on as it is (`useSyncExternalStore`). */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly send = (input: DeployInput): void => {
    if (this.tool) this.tool.send(input);
    else if (input.type !== 'sync') this.waiting.push(input);
  };

  protected override attached(tool: DeployTool): void {
    this.follow?.();
    this.follow = tool.subscribe((s, prev) => {
      for (const l of this.listeners) l(s, prev);
    });
    // The game as it stands now (an owed fallback of a restored game, say), then what waited.
    tool.send({ type: 'sync' });
    const waiting = this.waiting;
    this.waiting = [];
    for (const input of waiting) tool.send(input);
  }
}
