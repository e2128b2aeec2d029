/**
 * The Combat Jump tool (TOOL-4 and the CJ Order on the table): the airborne trooper in hand, its landing
 * map, the answer for the spot under the pointer, the spot it will jump to, the options of the jump,
 * and what the engine did with it.
 *
 *   idle ──take──▶ aiming ──click a legal spot──▶ aiming (pinned) ──jump──▶ (combatJump) ──▶ done
 *                                                                           └─ failed roll ─▶ fallback ──click──▶ done
 *
 * The states' paths are `jump.idle`, `jump.aiming`, `jump.fallback`, `jump.done`; the pointer, on the
 * surface under it (see `Tool`), goes to the tool while it is aiming or owes its fallback. A drag is no
 * click (it turns the camera). Once a spot is pinned (and in the fallback) the wheel and Q/E turn the
 * trooper; Escape puts an aimed jump down.
 *
 * Every answer comes from the core: the hover answer from `LandingJudge` (the same checks as
 * `combatJump`) run on the state as the jumping player knows it (`knownState`: nothing they may not know
 * counts), the fallback's ghost from the engine's `preview` of the `fallback` command, and the jump
 * itself from the engine's `apply`. The tool holds no rule of its own.
 */
import { createStore } from 'zustand/vanilla';
import type { Command, GameEvent, GameState, PlayerId, Point, Rejection } from '../core/model/types';
import { knownState } from './knowledge';
import { snapToZoneEdge } from './tableEdge';
import { Tool, type StateHandlers, type TablePointer, type ToolKey } from './tool';
import { type ApplyResult, type EngineContext, isOnTable, knownProfiles, LandingJudge, type LandingMap, combatJumpOdds } from '../core/api';

/** The coarse map over the whole table, and the finer one over the part in view. */
export const COARSE_STEP = 0.5;
export const FINE_STEP = 0.25;

export type JumpPhase = 'idle' | 'aiming' | 'fallback' | 'done';

export interface HoverAnswer {
  x: number;
  y: number;
  z: number;
  legal: boolean;
  rule: string | null;
  message: string;
  /** the enemies that would see it there, as the jumping player knows them (marker ids for markers) */
  seenBy: string[];
}

export interface JumpResult {
  trooper: string;
  /** the events of the jump (and of its fallback), as the jumping player may see them */
  events: GameEvent[];
  /** two machines: the jump went out, its dice come from both machines; the events follow with the game */
  waiting?: boolean;
}

export interface JumpState {
  phase: JumpPhase;
  trooper: string | null;
  player: PlayerId | null;
  map: LandingMap | null;
  fine: LandingMap | null;
  /** share of the map done, 0..1, while the worker computes; null when idle */
  progress: number | null;
  fineProgress: number | null;
  /** the answer for the spot under the pointer */
  hover: HoverAnswer | null;
  /** the spot clicked: the trooper jumps there */
  pinned: HoverAnswer | null;
  facing: number;
  as: 'model' | 'marker';
  explosion: boolean;
  /** the enemy hacker declaring a Controlled Jump ARO, set by both players before the roll */
  controlledJump: string | null;
  /** fallback: the spot under the pointer (or where a finger's tap put the ghost down) */
  fallbackAt: Point | null;
  fallbackVerdict: { ok: boolean; rule: string | null; message: string; z: number | null } | null;
  /** why the last action did nothing */
  error: string | null;
  result: JumpResult | null;
  /** the last tap on the table was a finger's: a fallback's ghost waits for a second tap (or Place here) */
  touch: boolean;
}

export interface JumpHost {
  state(): GameState;
  ctx(): EngineContext;
  /** the player who may jump now (the active player, at the screen), or null */
  player(): PlayerId | null;
  preview(command: Command): ApplyResult;
  dispatch(command: Command): ApplyResult;
  /** the events of the last command as the jumping player may see them */
  seenEvents(player: PlayerId): GameEvent[];
  /** the events of the trooper's latest Combat Jump in the game, as the player may see them (null: none yet) */
  jumpEvents(player: PlayerId, trooper: string): GameEvent[] | null;
}

const IDLE: JumpState = {
  phase: 'idle',
  trooper: null,
  player: null,
  map: null,
  fine: null,
  progress: null,
  fineProgress: null,
  hover: null,
  pinned: null,
  facing: 0,
  as: 'model',
  explosion: false,
  controlledJump: null,
  fallbackAt: null,
  fallbackVerdict: null,
  error: null,
  result: null,
  touch: false,
};

const norm = (deg: number) => Math.round((((deg % 360) + 360) % 360) * 1000) / 1000;

/** The airborne troopers a player may bring in now: its own, off the table, with Combat Jump. */
export function airborne(state: GameState, player: PlayerId): string[] {
  const profiles = knownProfiles(state, player);
  return Object.entries(state.troopers)
    .filter(([id, t]) => t.player === player && t.status === 'off-table' && profiles[id]?.skills.some((s) => s === 'combat-jump' || s === 'combat-jump-explosion'))
    .map(([id]) => id);
}

/**
 * The enemy hackers with Controlled Jump the jumping player knows on the table (CJ-11): models whose
 * profile it may read. A marker's skills are secret; its player names it when declaring.
 */
export function controlledJumpHackers(state: GameState, player: PlayerId): string[] {
  const profiles = knownProfiles(state, player);
  return Object.entries(state.troopers)
    .filter(([id, t]) => t.player !== player && isOnTable(t) && t.status === 'model' && profiles[id]?.skills.includes('controlled-jump'))
    .map(([id]) => id);
}

/** The PH roll's target and chances, Controlled Jump included: the engine's (api.combatJumpOdds). */
export function jumpOdds(state: GameState, jumper: string, hacker: string | null): { target: number; success: number; critical: number } {
  return combatJumpOdds(state, jumper, hacker);
}

/** Where the pointer is, as a map cell: the value of the finest map that holds it (-1: illegal), or null. */
export function cellAt(map: LandingMap | null, x: number, y: number): { exposure: number; height: number } | null {
  if (!map) return null;
  const c = Math.floor((x - map.x0) / map.step);
  const r = Math.floor((y - map.y0) / map.step);
  if (c < 0 || r < 0 || c >= map.cols || r >= map.rows) return null;
  const i = r * map.cols + c;
  return { exposure: map.exposure[i]!, height: map.height[i]! };
}

function refusalText(r: Rejection): string {
  return r.message;
}

/** One wheel notch or one Q/E press turns the jumper this far (as a trooper in hand at deployment). */
export const JUMP_TURN_STEP = 15;
/** A finger's second tap this near the fallback's ghost (inches, besides the finger's `reach`) places it. */
export const FALLBACK_REACH = 1;

const pointOf = (p: TablePointer): Point => ({ x: p.x, y: p.y, z: p.z });

export class JumpTool extends Tool<JumpPhase, JumpHost> {
  readonly id = 'jump';
  override readonly reads = 'surface' as const;
  readonly store = createStore<JumpState>()(() => IDLE);
  private judgeKey: { state: GameState; trooper: string } | null = null;
  private landing: LandingJudge | null = null;
  /** set while the tool's own command is with the engine: the game's change is answered by the tool itself */
  private dispatching = false;

  protected readonly states: Record<JumpPhase, StateHandlers> = {
    idle: {},
    aiming: {
      // A finger moves only while pressed (turning the camera): it has no hover, its tap answers.
      onPointerMove: (p) => p.pointerType !== 'touch' && this.hover(pointOf(p)),
      onPointerLeave: () => this.hover(null),
      onPointerUp: (p, click) => click && this.click(pointOf(p)),
      onKeyDown: (k) => {
        if (k.key === 'escape') {
          this.cancel();
          return true;
        }
        return this.turnKey(k);
      },
      onWheel: (n) => this.turnWheel(n),
    },
    fallback: {
      onPointerMove: (p) => p.pointerType !== 'touch' && this.hover(pointOf(p)),
      onPointerLeave: () => this.hover(null),
      onPointerUp: (p, click) => click && (p.pointerType === 'touch' ? this.tapFallback(p) : this.click(pointOf(p))),
      onKeyDown: (k) => this.turnKey(k),
      onWheel: (n) => this.turnWheel(n),
    },
    done: {},
  };

  constructor(host: JumpHost) {
    super(host, 'idle');
  }

  get snapshot(): JumpState {
    return this.store.getState();
  }

  /** Aiming, or owing its fallback: the pointer is the tool's. Done, it rests. */
  override engaged(): boolean {
    return this.state === 'aiming' || this.state === 'fallback';
  }

  /** The wheel turns the trooper once a spot is pinned, and in the fallback. */
  override usesWheel(): boolean {
    const s = this.snapshot;
    return (s.phase === 'aiming' && s.pinned !== null) || s.phase === 'fallback';
  }

  /** Publishes: a `phase` given moves the tool to that state; the store's phase is always the tool's state. */
  private set(p: Partial<JumpState>): void {
    if (p.phase && p.phase !== this.state) this.transition(p.phase);
    this.store.setState({ ...p, phase: this.state });
  }

  private turnKey(k: ToolKey): boolean {
    if ((k.key !== 'q' && k.key !== 'e') || !this.usesWheel()) return false;
    this.turn(k.key === 'q' ? JUMP_TURN_STEP : -JUMP_TURN_STEP);
    return true;
  }

  private turnWheel(notches: number): boolean {
    if (!this.usesWheel()) return false;
    this.turn(notches * JUMP_TURN_STEP);
    return true;
  }

  /** The judge on the state as the player knows it, kept while the game stays the same. */
  private judgeFor(player: PlayerId, trooper: string): LandingJudge {
    const known = knownState(this.host.state(), player);
    if (!this.landing || this.judgeKey?.state !== known || this.judgeKey.trooper !== trooper) {
      this.landing = new LandingJudge(known, this.host.ctx(), trooper);
      this.judgeKey = { state: known, trooper };
    }
    return this.landing;
  }

  private answer(x: number, y: number): HoverAnswer | null {
    const s = this.snapshot;
    if (!s.player || !s.trooper) return null;
    const spot = this.judgeFor(s.player, s.trooper).spot(x, y);
    return {
      x,
      y,
      z: spot.z,
      legal: spot.refusal === null,
      rule: spot.refusal?.rule ?? null,
      message: spot.refusal ? refusalText(spot.refusal) : spot.seenBy.length ? `Seen by ${spot.seenBy.length}` : 'No known enemy would see it here.',
      seenBy: spot.seenBy,
    };
  }

  private fallbackCommand(at: Point): Command | null {
    const s = this.snapshot;
    if (!s.player || !s.trooper) return null;
    return { do: 'fallback', player: s.player, trooper: s.trooper, at: { x: at.x, y: at.y, z: at.z ?? 0 }, facing: s.facing };
  }

  /** CJ-7: the fallback's ghost stands on the table edge of the zone, not a pixel wide strip under the pointer. */
  private edgeSpot(at: Point | null): Point | null {
    const s = this.snapshot;
    if (!at || !s.player || !s.trooper) return at;
    return snapToZoneEdge(this.host.state(), s.player, s.trooper, at);
  }

  /** The tool's own command: the game changes under it, and the tool says what follows (not `sync`). */
  private dispatch(cmd: Command) {
    this.dispatching = true;
    try {
      return this.host.dispatch(cmd);
    } finally {
      this.dispatching = false;
    }
  }

  private judgeFallback(at: Point | null, touch = this.snapshot.touch): JumpState['fallbackVerdict'] {
    if (!at) return null;
    const cmd = this.fallbackCommand(at);
    if (!cmd) return null;
    const r = this.host.preview(cmd);
    if (!r.ok) return { ok: false, rule: r.rejection.rule, message: r.rejection.message, z: null };
    const placed = r.events.find((e) => e.type === 'placed');
    const message = touch ? 'At your table edge: tap it again or press Place here.' : 'Click to place it here, at your table edge.';
    return { ok: true, rule: null, message, z: placed && placed.type === 'placed' ? placed.z : null };
  }

  /** Takes up an airborne trooper: its map is asked for by the page (see `JumpWorkers`). */
  take(trooper: string): void {
    const player = this.host.player();
    if (!player) return;
    const t = this.host.state().troopers[trooper];
    if (!t || t.player !== player || t.status !== 'off-table') return;
    this.dropPress();
    this.set({ ...IDLE, phase: 'aiming', trooper, player, facing: player === 'A' ? 0 : 180, progress: 0 });
  }

  cancel(): void {
    if (this.state === 'fallback') return; // an owed fallback cannot be put down
    this.dropPress();
    this.set(IDLE);
  }

  /** The worker's progress and maps. */
  progress(done: number, fine: boolean): void {
    this.set(fine ? { fineProgress: done } : { progress: done });
  }

  setMap(map: LandingMap, fine: boolean): void {
    this.set(fine ? { fine: map, fineProgress: null } : { map, progress: null });
  }

  /** The spot under the pointer (null: off the table). */
  hover(at: Point | null): void {
    const s = this.snapshot;
    if (s.phase === 'aiming') {
      const a = at ? this.answer(at.x, at.y) : null;
      // A refusal from an earlier click goes once the pointer is over a spot where it may land.
      this.set(a?.legal ? { hover: a, error: null } : { hover: a });
    } else if (s.phase === 'fallback') {
      // A mouse over the table: the ghost follows it again (a finger's ghost waited for a second tap).
      const spot = this.edgeSpot(at);
      this.set({ touch: false, fallbackAt: spot, fallbackVerdict: this.judgeFallback(spot, false) });
    }
  }

  /**
   * A finger's tap in the fallback: the first puts the ghost down on the table edge with the engine's
   * verdict; a second on the ghost (or `placeFallback`, the panel's Place here) places it there.
   */
  private tapFallback(p: TablePointer): void {
    const s = this.snapshot;
    const at = s.fallbackAt;
    if (s.touch && at && Math.hypot(p.x - at.x, p.y - at.y) <= FALLBACK_REACH + Math.max(0, p.reach ?? 0)) {
      this.click(at);
      return;
    }
    const spot = this.edgeSpot(pointOf(p));
    const verdict = this.judgeFallback(spot, true);
    this.set({ touch: true, fallbackAt: spot, fallbackVerdict: verdict, error: null });
  }

  /** Places the fallback where its ghost stands (Place here). */
  placeFallback(): void {
    const s = this.snapshot;
    if (s.phase === 'fallback' && s.fallbackAt) this.click(s.fallbackAt);
  }

  /** A click on the table: aiming, it picks the landing spot; in a fallback, it places the trooper. */
  click(at: Point | null): void {
    const s = this.snapshot;
    if (!at) return;
    if (s.phase === 'aiming') {
      const a = this.answer(at.x, at.y);
      if (!a) return;
      if (!a.legal) {
        this.set({ hover: a, error: `${a.rule ? `${a.rule}: ` : ''}${a.message}` });
        return;
      }
      this.set({ hover: a, pinned: a, error: null });
      return;
    }
    if (s.phase === 'fallback') {
      at = this.edgeSpot(at)!;
      const cmd = this.fallbackCommand(at);
      if (!cmd || !s.player || !s.trooper) return;
      const r = this.dispatch(cmd);
      if (!r.ok) {
        this.set({ fallbackAt: at, fallbackVerdict: this.judgeFallback(at), error: `${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}` });
        return;
      }
      const before = s.result?.events ?? [];
      // Two machines: the game changes once both have it; the events are the command's own, as judged here.
      const after = 'pending' in r && r.pending ? r.events : this.host.seenEvents(s.player);
      this.set({ phase: 'done', trooper: s.trooper, player: s.player, error: null, fallbackAt: null, fallbackVerdict: null, result: { trooper: s.trooper, events: [...before, ...after] } });
    }
  }

  turn(by: number): void {
    const s = this.snapshot;
    if (s.phase === 'aiming' || s.phase === 'fallback') {
      this.set({ facing: norm(s.facing + by) });
      if (s.phase === 'fallback') this.set({ fallbackVerdict: this.judgeFallback(s.fallbackAt) });
    }
  }

  options(p: Partial<Pick<JumpState, 'as' | 'explosion' | 'controlledJump'>>): void {
    if (this.state === 'aiming') this.set(p);
  }

  /** The Combat Jump Order through the engine; `roll` when the dice are entered by hand. */
  jump(roll?: number): void {
    const s = this.snapshot;
    if (s.phase !== 'aiming' || !s.pinned || !s.player || !s.trooper) return;
    const cmd: Command = {
      do: 'combatJump',
      player: s.player,
      trooper: s.trooper,
      at: { x: s.pinned.x, y: s.pinned.y, z: s.pinned.z },
      facing: s.facing,
      ...(s.as === 'marker' ? { as: 'marker' as const } : {}),
      ...(s.explosion ? { explosion: true as const } : {}),
      ...(s.controlledJump ? { controlledJump: s.controlledJump } : {}),
      ...(roll !== undefined ? { roll } : {}),
    };
    const r = this.dispatch(cmd);
    if (!r.ok) {
      this.set({ error: `${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}` });
      return;
    }
    if ('pending' in r && r.pending && r.events.length === 0) {
      // Two machines: the PH roll is made of both machines' dice; the result comes with the game (sync).
      this.set({ trooper: s.trooper, player: s.player, facing: s.facing, phase: 'done', result: { trooper: s.trooper, events: [], waiting: true }, error: null, hover: null, pinned: null, map: null, fine: null });
      return;
    }
    const events = this.host.seenEvents(s.player);
    const failed = r.events.some((e) => e.type === 'awaitingFallback');
    const result = { trooper: s.trooper, events };
    const who = { trooper: s.trooper, player: s.player, facing: s.facing };
    if (failed) this.set({ ...who, phase: 'fallback', result, error: null, hover: null, pinned: null, map: null, fine: null, fallbackAt: null, fallbackVerdict: null });
    else this.set({ ...who, phase: 'done', result, error: null, hover: null, pinned: null, map: null, fine: null });
  }

  /** The result read: the tool goes back to idle. */
  close(): void {
    if (this.state === 'done') this.set(IDLE);
  }

  /** The game changed underneath (a new game, a hand-over): drop what no longer holds. */
  sync(): void {
    if (this.dispatching) return;
    const s = this.snapshot;
    const owed = this.host.state().pendingFallback;
    const me = this.host.player();
    // CJ-7: a jump that failed (this page's, or one loaded from a file) owes its fallback first.
    if (me && owed && owed.player === me && owed.reason === 'combat-jump' && s.phase !== 'fallback' && s.phase !== 'aiming') {
      const events = this.host.jumpEvents(me, owed.trooper);
      this.set({ ...IDLE, phase: 'fallback', trooper: owed.trooper, player: me, facing: me === 'A' ? 0 : 180, result: events ? { trooper: owed.trooper, events } : null });
      return;
    }
    if (s.phase === 'done' && s.result?.waiting && s.player && s.trooper) {
      const events = this.host.jumpEvents(s.player, s.trooper);
      if (events) this.set({ result: { trooper: s.trooper, events } });
    }
    if (s.phase === 'idle' || s.phase === 'done') {
      if (s.phase === 'done' && this.host.player() !== s.player) this.set(IDLE);
      return;
    }
    const state = this.host.state();
    const t = s.trooper ? state.troopers[s.trooper] : undefined;
    if (this.host.player() !== s.player || !t) return this.set(IDLE);
    if (s.phase === 'aiming' && t.status !== 'off-table') return this.set(IDLE);
    if (s.phase === 'fallback' && state.pendingFallback?.trooper !== s.trooper) return this.set(IDLE);
  }
}

export function createJumpTool(host: JumpHost): JumpTool {
  return new JumpTool(host);
}
