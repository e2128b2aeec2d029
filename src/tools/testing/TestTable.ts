/**
 * A headless table for testing tools, as tldraw tests its tools with a headless editor: a game store on
 * a game file (the demo, or any file), a viewer, a selection, every table tool bound to them as the page
 * binds them (the ruler, Line of Fire and templates through their controller; deployment, Orders and
 * Combat Jump with the player who may act), one `ToolRouter` in front of them as on the page, and fake
 * pointer events in table inches. A pointer aimed at a piece or a point is resolved to the piece under
 * it with the same `pieceAt` the browser uses.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Command, GameFile, GameState, PlayerId } from '../../core/model/types';
import { demoGame } from '../../state/demo';
import { createGameStore, type GameStoreState } from '../../state/gameStore';
import { ToolController } from '../controller';
import { DeployTool } from '../deploy';
import { JumpTool } from '../jump';
import { knowledgeOf, knownPiece, pieceAt, type TableKnowledge } from '../knowledge';
import { OrderTool } from '../order';
import { ToolRouter } from '../router';
import { pressKey, type CameraView } from '../shortcuts';
import type { TablePointer, Tool } from '../tool';
import { actingPlayer, type ApplyResult, type EngineContext, knownProfiles, snapWaypoint, type Viewer, viewEvents } from '../../core/api';

/** Where a fake pointer goes: a piece (its base centre, on top of its base) or a table point. */
export type Aim = string | { x: number; y: number; z?: number };

/** How a fake pointer is given: by default a mouse with no screen position (a drag is then told in inches). */
export interface PointerStyle {
  pointerType?: TablePointer['pointerType'];
  /** screen pixels for the pointer: a click or a drag is told by them, as in the browser */
  screen?: { x: number; y: number };
  shift?: boolean;
}

export class TestTable {
  readonly game: StoreApi<GameStoreState>;
  readonly tools: ToolController;
  readonly deploy: DeployTool;
  readonly order: OrderTool;
  readonly jump: JumpTool;
  readonly router: ToolRouter;
  selected: string | null = null;
  help = false;
  readonly cameraRequests: CameraView[] = [];
  private knowledgeCache: TableKnowledge;

  constructor(file: GameFile, viewer: Viewer = null) {
    this.game = createGameStore(file, viewer);
    const g = () => this.game.getState();
    this.knowledgeCache = knowledgeOf(g().state, g().viewer, g().ctx);
    this.tools = new ToolController({
      knowledge: () => this.knowledgeCache,
      selected: () => this.selected,
      select: (key) => this.select(key),
    });
    const engine = {
      state: () => g().state,
      preview: (c: Command) => g().preview(c),
      dispatch: (c: Command) => g().dispatch(c),
      snap: (c: Command) => snapWaypoint(g().state, c, g().ctx),
    };
    this.deploy = new DeployTool({
      ...engine,
      player: () => this.placingPlayer(),
      name: (id) => knownProfiles(g().state, g().viewer)[id]?.name ?? id,
    });
    this.order = new OrderTool({ ...engine, knowledge: () => this.knowledgeCache, player: () => this.orderingPlayer() });
    this.jump = new JumpTool({
      ...engine,
      ctx: () => g().ctx,
      player: () => this.jumpingPlayer(),
      seenEvents: (player) => {
        const last = g().history.at(-1);
        return last ? viewEvents(last.events, last.before, last.after, player) : [];
      },
      jumpEvents: (player, trooper) => {
        const h = g().history;
        for (let i = h.length - 1; i >= 0; i--) {
          const e = h[i]!;
          if (e.command.do === 'combatJump' && e.command.trooper === trooper) return viewEvents(e.events, e.before, e.after, player);
        }
        return null;
      },
    });
    this.router = new ToolRouter([this.tools, this.deploy, this.order, this.jump]);
    // As the page: the tools answer again whenever the game or the viewer changes.
    this.game.subscribe((s, prev) => {
      if (s.state !== prev.state || s.viewer !== prev.viewer || s.ctx !== prev.ctx) {
        this.knowledgeCache = knowledgeOf(s.state, s.viewer, s.ctx);
        if (this.selected && !knownPiece(this.knowledgeCache, this.selected)) this.selected = null;
        this.tools.refresh();
      }
      this.deploy.send({ type: 'sync' });
      this.order.send({ type: 'sync' });
      this.jump.sync();
    });
  }

  /** The demo table, deployed and waiting for Round 1, as the page opens on it. */
  static demo(viewer: Viewer = null): TestTable {
    return TestTable.fromFile(demoGame(), viewer);
  }

  static fromFile(file: GameFile, viewer: Viewer = null): TestTable {
    const t = new TestTable(file, viewer);
    const rejected = t.game.getState().lastRejection;
    if (rejected) throw new Error(`the game does not replay: ${rejected.code} ${rejected.message}`);
    return t;
  }

  get state(): GameState {
    return this.game.getState().state;
  }

  get ctx(): EngineContext {
    return this.game.getState().ctx;
  }

  get viewer(): Viewer {
    return this.game.getState().viewer;
  }

  get knowledge(): TableKnowledge {
    return this.knowledgeCache;
  }

  /** The state path of the tool holding the pointer (`select` when none does). */
  get path(): string {
    return this.router.path;
  }

  /** A command through the game store, as a panel's button gives it. */
  dispatch(command: Command): ApplyResult {
    return this.game.getState().dispatch(command);
  }

  /** Shows the table to another player. */
  setViewer(viewer: Viewer): void {
    this.game.getState().setViewer(viewer);
  }

  /**
   * Every state path `tool` goes through from now on, starting with the one it is in: the record a
   * test asserts (`['deploy.idle', 'deploy.picking', 'deploy.placing', 'deploy.idle']`).
   */
  trace(tool: Tool<string, unknown>): string[] {
    const paths = [tool.path];
    tool.onPath((path) => paths.push(path));
    return paths;
  }

  select(key: string | null): void {
    if (this.selected === key) return;
    this.selected = key;
    this.tools.selectionChanged(key);
  }

  /** A pointer over a piece (the middle of its base's top) or a table point, with what lies under it. */
  pointer(aim: Aim, style: PointerStyle = {}): TablePointer {
    let p: TablePointer;
    if (typeof aim === 'string') {
      const k = knownPiece(this.knowledgeCache, aim);
      if (!k) throw new Error(`no piece ${aim} in this view`);
      p = { x: k.c.x, y: k.c.y, z: k.c.z, piece: k.key };
    } else {
      const z = aim.z ?? 0;
      p = { x: aim.x, y: aim.y, z, piece: pieceAt(this.knowledgeCache, aim.x, aim.y, z) };
    }
    return { ...p, ...style };
  }

  down(aim: Aim, style?: PointerStyle): this {
    this.router.down(this.pointer(aim, style));
    return this;
  }

  move(aim: Aim, style?: PointerStyle): this {
    this.router.move(this.pointer(aim, style));
    return this;
  }

  up(aim: Aim, style?: PointerStyle): this {
    this.router.up(this.pointer(aim, style));
    return this;
  }

  /** The pointer leaves the table. */
  leave(): this {
    this.router.leave();
    return this;
  }

  /** The press in progress is taken away (a second finger, the browser took the touch). */
  cancel(): this {
    this.router.cancel();
    return this;
  }

  /** Wheel notches (+1 away from the player); true if a tool took them. */
  wheel(notches: number): boolean {
    return this.router.wheel(notches);
  }

  /** Press on one spot, move to the other in a few steps, release there (a mouse's drag, or a finger's with `style`). */
  drag(from: Aim, to: Aim, style?: PointerStyle): this {
    const a = this.pointer(from, style);
    const b = this.pointer(to, style);
    this.router.down(a);
    for (const t of [0.25, 0.5, 0.75]) {
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      this.router.move({ x, y, z: 0, piece: pieceAt(this.knowledgeCache, x, y, 0), ...style });
    }
    this.router.move(b);
    this.router.up(b);
    return this;
  }

  click(aim: Aim, style?: PointerStyle): this {
    return this.down(aim, style).up(aim, style);
  }

  /** A key as the page takes it: first the tool holding the pointer, then the table's shortcuts. */
  key(key: string, shift = false): boolean {
    if (this.router.key({ key: key.toLowerCase(), shift })) return true;
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

  // ---------------------------------------------------------------- who may act (as the page's, with no hotseat)

  private placingPlayer(): PlayerId | null {
    const { state, viewer } = this.game.getState();
    if (state.phase !== 'deployment') return null;
    const acting = actingPlayer(state);
    return viewer === null || viewer === acting ? acting : null;
  }

  private orderingPlayer(): PlayerId | null {
    const { state, viewer } = this.game.getState();
    if (state.phase !== 'game' || !state.active) return null;
    // MOV-20: in stage `dodge-moves` the next dodger's player draws its move (as the page's orderingPlayer).
    const dodger = state.order?.stage === 'dodge-moves' ? state.order.dodgePlayer : undefined;
    if (dodger) return viewer === null || viewer === dodger ? dodger : null;
    if (state.order && state.order.stage !== 'second') return null;
    return viewer === null || viewer === state.active ? state.active : null;
  }

  private jumpingPlayer(): PlayerId | null {
    const { state, viewer } = this.game.getState();
    if (state.phase !== 'game' || !state.active) return null;
    return viewer === null || viewer === state.active ? state.active : null;
  }
}
