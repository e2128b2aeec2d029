/**
 * A headless table for testing tools, as tldraw tests its tools with a headless editor: a game (the
 * demo, or any state), a viewer, a selection, and fake pointer events in table inches. A pointer aimed
 * at a piece or a point is resolved to the piece under it with the same `pieceAt` the browser uses.
 */
import { replay } from '../../core/engine';
import type { GameFile, GameState } from '../../core/model/types';
import type { EngineContext } from '../../core/ports';
import type { Viewer } from '../../core/view';
import { demoGame } from '../../state/demo';
import { createSceneryIndex } from '../../spatial/sceneryIndex';
import { ToolController } from '../controller';
import { knowledgeOf, knownPiece, pieceAt, type TableKnowledge } from '../knowledge';
import { pressKey, type CameraView } from '../shortcuts';
import type { TablePointer } from '../tool';

/** Where a fake pointer goes: a piece (its base centre, on top of its base) or a table point. */
export type Aim = string | { x: number; y: number; z?: number };

export class TestTable {
  readonly tools: ToolController;
  selected: string | null = null;
  help = false;
  readonly cameraRequests: CameraView[] = [];
  private knowledgeCache: TableKnowledge;

  constructor(
    public state: GameState,
    readonly ctx: EngineContext,
    public viewer: Viewer = null,
  ) {
    this.knowledgeCache = knowledgeOf(state, viewer, ctx);
    this.tools = new ToolController({
      knowledge: () => this.knowledgeCache,
      selected: () => this.selected,
      select: (key) => this.select(key),
    });
  }

  /** The demo table, deployed and waiting for Round 1, as the page opens on it. */
  static demo(viewer: Viewer = null): TestTable {
    const file = demoGame();
    return TestTable.fromFile(file, viewer);
  }

  static fromFile(file: GameFile, viewer: Viewer = null): TestTable {
    const ctx = { scenery: createSceneryIndex(file) };
    const { state, rejected } = replay(file, ctx);
    if (rejected) throw new Error(`the game does not replay: ${rejected.code} ${rejected.message}`);
    return new TestTable(state, ctx, viewer);
  }

  get knowledge(): TableKnowledge {
    return this.knowledgeCache;
  }

  get path(): string {
    return this.tools.path;
  }

  /** Shows the table to another player, or after the game changed. */
  setGame(state: GameState, viewer: Viewer = this.viewer): void {
    this.state = state;
    this.viewer = viewer;
    this.knowledgeCache = knowledgeOf(state, viewer, this.ctx);
    if (this.selected && !knownPiece(this.knowledgeCache, this.selected)) this.selected = null;
    this.tools.refresh();
  }

  select(key: string | null): void {
    if (this.selected === key) return;
    this.selected = key;
    this.tools.selectionChanged(key);
  }

  /** A pointer over a piece (the middle of its base's top) or a table point, with what lies under it. */
  pointer(aim: Aim): TablePointer {
    if (typeof aim === 'string') {
      const p = knownPiece(this.knowledgeCache, aim);
      if (!p) throw new Error(`no piece ${aim} in this view`);
      return { x: p.c.x, y: p.c.y, z: p.c.z, piece: p.key };
    }
    const z = aim.z ?? 0;
    return { x: aim.x, y: aim.y, z, piece: pieceAt(this.knowledgeCache, aim.x, aim.y, z) };
  }

  down(aim: Aim): this {
    this.tools.pointerDown(this.pointer(aim));
    return this;
  }

  move(aim: Aim): this {
    this.tools.pointerMove(this.pointer(aim));
    return this;
  }

  up(aim: Aim): this {
    this.tools.pointerUp(this.pointer(aim));
    return this;
  }

  /** Press on one spot, move to the other in a few steps, release there. */
  drag(from: Aim, to: Aim): this {
    const a = this.pointer(from);
    const b = this.pointer(to);
    this.tools.pointerDown(a);
    for (const t of [0.25, 0.5, 0.75]) {
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      this.tools.pointerMove({ x, y, z: 0, piece: pieceAt(this.knowledgeCache, x, y, 0) });
    }
    this.tools.pointerMove(b);
    this.tools.pointerUp(b);
    return this;
  }

  click(aim: Aim): this {
    return this.down(aim).up(aim);
  }

  key(key: string, shift = false): boolean {
    return pressKey(key, shift, {
      tools: this.tools,
      camera: (v) => this.cameraRequests.push(v),
      helpOpen: () => this.help,
      setHelp: (open) => (this.help = open),
      clearSelection: () => this.select(null),
    });
  }

  get snapshot() {
    return this.tools.store.getState();
  }
}
