/**
 * The deployment tool: picking a trooper, moving its ghost over the table, and placing it, as a small
 * state machine (`deploy.idle`, `deploy.picking`...) fed with pointer events in table inches, on the
 * surface a base would stand on (see `Tool`).
 *
 *   idle ──pick──▶ picking ──down──▶ placing ──up (a click)──▶ (deploy) ──▶ idle
 *                    ▲  ▲               │ drag: the camera moves, nothing is placed
 *                    │  └───────────────┘
 *                    └── a failed Infiltration roll: the same trooper again, for its fallback
 *   placing ──up, manual dice and a roll is due──▶ rolling ──roll──▶ (deploy) ──▶ idle
 *
 * While a trooper is in hand the wheel and Q/E turn it and Escape puts it back (an owed fallback stays).
 *
 * Whether a spot is legal, and why not, comes only from the engine: every move asks `preview` (the
 * engine's `apply` on the current state, its result thrown away) with the command a click would give.
 * The tool holds no rule of its own.
 */
import type { Command, DeployAs, GameEvent, GameState, PlayerId, Point, Skill } from '../core/model/types';
import { snapToZoneEdge } from './tableEdge';
import { Tool, type StateHandlers, type TablePointer, type ToolKey } from './tool';
import { type ApplyResult } from '../core/api';

export type DeployPhase = 'idle' | 'picking' | 'placing' | 'rolling';

export interface DeployOptions {
  /** DEP-5: any trooper may deploy Prone */
  prone: boolean;
  /** model, or (with the skill) TO Camouflage marker or Hidden Deployment */
  as: DeployAs;
  /** HD-1: a hidden trooper's private record says whether it is in Cover */
  cover: boolean;
}

/** The engine's answer for the spot under the pointer. */
export interface Verdict {
  ok: boolean;
  /** the rule refused under (RULES.md ID), or null */
  rule: string | null;
  code: string | null;
  /** the engine's sentence when refused; what a click will do when legal */
  message: string;
  /** a roll decides (Infiltration into the other half): its target */
  rollTarget: number | null;
  /** the height of the surface the base would stand on */
  z: number | null;
}

export interface Notice {
  /** info: what a click did; warning: what is owed now (a fallback); error: why a click did nothing */
  tone: 'info' | 'warning' | 'error';
  text: string;
}

export interface DeploySnapshot {
  phase: DeployPhase;
  /** the trooper in hand */
  trooper: string | null;
  /** `fallback` after a failed Infiltration roll (HD-4): the trooper goes to its own table edge */
  kind: 'deploy' | 'fallback';
  /** the spot under the pointer, table inches (z: the surface under it) */
  at: Point | null;
  /** degrees counter-clockwise from north */
  facing: number;
  options: DeployOptions;
  verdict: Verdict | null;
  /** what the last click did, or why it did nothing */
  notice: Notice | null;
}

/** What the tool needs from the page: the game, the engine's answers, and names for its notices. */
export interface DeployHost {
  state(): GameState;
  /** the player placing troopers now (the one seated), or null when nobody may */
  player(): PlayerId | null;
  preview(command: Command): ApplyResult;
  dispatch(command: Command): ApplyResult;
  name(trooper: string): string;
}

/** What the page (or a test) tells the tool besides the pointer, which comes through `Tool`'s handlers. */
export type DeployInput =
  | { type: 'pick'; trooper: string; options?: Partial<DeployOptions> }
  | { type: 'turn'; by: number }
  | { type: 'options'; options: Partial<DeployOptions> }
  | { type: 'roll'; value: number }
  | { type: 'cancel' }
  | { type: 'sync' };

/** One wheel notch or one Q/E press turns the ghost this far. */
export const TURN_STEP = 15;

const DEFAULT_OPTIONS: DeployOptions = { prone: false, as: 'model', cover: false };

function normalise(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  return Math.round(r * 1000) / 1000;
}

const pointOf = (p: TablePointer): Point => ({ x: p.x, y: p.y, z: p.z });

/** Facing towards the middle of the table from the player's Deployment Zone: where troopers usually look. */
export function facingTowardsCentre(state: GameState, player: PlayerId): number {
  const zoneName = state.initiative.zones?.[player];
  const zone = zoneName ? state.setup.zones.deployment[zoneName] : undefined;
  if (!zone) return 0;
  const { width, depth } = state.setup.table;
  const dx = width / 2 - (zone.x + zone.w / 2);
  const dy = depth / 2 - (zone.y + zone.d / 2);
  if (Math.abs(dy) >= Math.abs(dx)) return dy >= 0 ? 0 : 180;
  return dx >= 0 ? 270 : 90;
}

export class DeployTool extends Tool<DeployPhase, DeployHost> {
  readonly id = 'deploy';
  override readonly reads = 'surface' as const;
  private snap: DeploySnapshot = { phase: 'idle', trooper: null, kind: 'deploy', at: null, facing: 0, options: DEFAULT_OPTIONS, verdict: null, notice: null };
  private readonly listeners = new Set<(s: DeploySnapshot, prev: DeploySnapshot) => void>();

  /** With a trooper in hand: Q/E turn it, Escape puts it back, the wheel turns it. */
  private readonly inHand: StateHandlers = {
    onKeyDown: (k) => this.inHandKey(k),
    onWheel: (notches) => {
      this.send({ type: 'turn', by: notches * TURN_STEP });
      return true;
    },
  };

  protected readonly states: Record<DeployPhase, StateHandlers> = {
    idle: {},
    picking: {
      ...this.inHand,
      onPointerMove: (p) => this.hover(pointOf(p)),
      onPointerLeave: () => this.hover(null),
      onPointerDown: (p) => {
        this.transition('placing');
        this.rejudge({ at: pointOf(p) });
      },
    },
    placing: {
      ...this.inHand,
      onPointerMove: (p) => {
        // A drag turns the camera: this press will not place the trooper.
        if (this.dragging) this.transition('picking');
        this.hover(pointOf(p));
      },
      onPointerLeave: () => this.hover(null),
      onPointerUp: (p, click) => this.release(pointOf(p), click),
      onCancelPress: () => this.go('picking', {}),
    },
    rolling: { ...this.inHand },
  };

  constructor(host: DeployHost) {
    super(host, 'idle');
  }

  get snapshot(): DeploySnapshot {
    return this.snap;
  }

  /** Bound, as the closure it replaces was: the page passes it on as it is (`useSyncExternalStore`). */
  readonly subscribe = (listener: (s: DeploySnapshot, prev: DeploySnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The wheel is the tool's while a trooper is in hand (the camera's zoom waits). */
  override usesWheel(): boolean {
    return this.engaged();
  }

  /** Publishes the snapshot: its phase is always the tool's state. */
  private set(next: Partial<DeploySnapshot>): void {
    const prev = this.snap;
    this.snap = { ...this.snap, ...next, phase: this.state };
    for (const l of this.listeners) l(this.snap, prev);
  }

  /** To a state, and publishes. */
  private go(phase: DeployPhase, next: Partial<DeploySnapshot>): void {
    this.transition(phase);
    this.set(next);
  }

  private inHandKey(k: ToolKey): boolean {
    if (k.key === 'q' || k.key === 'e') this.send({ type: 'turn', by: k.key === 'q' ? TURN_STEP : -TURN_STEP });
    else if (k.key === 'escape') this.send({ type: 'cancel' });
    else return false;
    return true;
  }

  /** The command a click would give here. */
  private commandAt(s: DeploySnapshot, at: Point, roll?: number): Command | null {
    const player = this.host.player();
    if (!player || !s.trooper) return null;
    const point: Point = { x: at.x, y: at.y, z: at.z ?? 0 };
    if (s.kind === 'fallback') return { do: 'fallback', player, trooper: s.trooper, at: point, facing: s.facing };
    const cmd: Command = { do: 'deploy', player, trooper: s.trooper, at: point, facing: s.facing, as: s.options.as };
    if (s.options.prone) cmd.prone = true;
    if (s.options.as === 'hidden') cmd.cover = s.options.cover;
    if (roll !== undefined) cmd.roll = roll;
    return cmd;
  }

  /** The engine's answer for a spot: the preview of the command a click would give. */
  private judge(s: DeploySnapshot): Verdict | null {
    if (!s.at || !s.trooper) return null;
    const cmd = this.commandAt(s, s.at);
    if (!cmd) return null;
    let r = this.host.preview(cmd);
    // Manual dice: the engine asks for the roll before it judges the spot; judge it with any die.
    if (!r.ok && r.rejection.code === 'missing-roll' && cmd.do === 'deploy') r = this.host.preview({ ...cmd, roll: 1 });
    if (!r.ok) return { ok: false, rule: r.rejection.rule, code: r.rejection.code, message: r.rejection.message, rollTarget: null, z: null };
    const roll = r.events.find((e) => e.type === 'roll');
    const rollTarget = roll && roll.type === 'roll' ? roll.target : null;
    const message =
      s.kind === 'fallback'
        ? 'Click to place it here, at your table edge.'
        : rollTarget !== null
          ? `Outside your own half: a PH roll against ${rollTarget} decides (Infiltration).`
          : 'Legal: click to place.';
    return { ok: true, rule: null, code: null, message, rollTarget, z: placedZ(r.events) };
  }

  /** HD-4: a fallback's ghost stands on the table edge of the zone, not a pixel wide strip under the pointer. */
  private spot(s: Pick<DeploySnapshot, 'kind' | 'trooper'>, at: Point | null): Point | null {
    const player = this.host.player();
    if (!at || s.kind !== 'fallback' || !s.trooper || !player) return at;
    return snapToZoneEdge(this.host.state(), player, s.trooper, at);
  }

  private rejudge(next: Partial<DeploySnapshot>): void {
    const merged = { ...this.snap, ...next };
    if ('at' in next) merged.at = this.spot(merged, merged.at);
    this.set({ ...next, at: merged.at, verdict: this.judge(merged) });
  }

  /** The ghost follows the pointer (null: off the table); why the last click did nothing is old news once it moves on. */
  private hover(at: Point | null): void {
    this.rejudge({ at, ...(this.snap.notice?.tone === 'error' ? { notice: null } : {}) });
  }

  /** The press is let go: a click places the trooper (or asks for its roll); a drag placed nothing. */
  private release(point: Point, click: boolean): void {
    const snap = this.snap;
    if (!click) {
      this.go('picking', {});
      return;
    }
    const at = this.spot(snap, point) ?? snap.at;
    const verdict = this.judge({ ...snap, at });
    if (!at || !verdict) {
      this.go('picking', { at, verdict });
      return;
    }
    if (!verdict.ok) {
      this.go('picking', { at, verdict, notice: { tone: 'error', text: verdict.message } });
      return;
    }
    this.set({ at, verdict });
    if (verdict.rollTarget !== null && this.host.state().dice.mode === 'manual') {
      this.go('rolling', { notice: null });
      return;
    }
    this.commit();
  }

  /** Dispatches the click's command and moves on from what the engine did. */
  private commit(roll?: number): void {
    const snap = this.snap;
    if (!snap.at || !snap.trooper) return;
    const cmd = this.commandAt(snap, snap.at, roll);
    if (!cmd) return;
    const id = snap.trooper;
    // Said before dispatching: the game's change syncs the tool (a fallback placed is no longer owed).
    const as = cmd.do === 'deploy' ? cmd.as : 'model';
    const where = cmd.do === 'fallback' ? ' at the table edge' : as === 'hidden' ? ' in Hidden Deployment' : as === 'marker' ? ' as a TO Camouflage marker' : '';
    const r = this.host.dispatch(cmd);
    if (!r.ok) {
      this.go('picking', { notice: { tone: 'error', text: r.rejection.message }, verdict: this.judge(this.snap) });
      return;
    }
    const failed = r.events.some((e) => e.type === 'awaitingFallback');
    if (failed) {
      // HD-4: the roll failed; the same trooper goes to its own Deployment Zone, touching the table edge.
      this.go('picking', {
        kind: 'fallback',
        trooper: id,
        options: DEFAULT_OPTIONS,
        verdict: null,
        notice: { tone: 'warning', text: `${this.host.name(id)} failed its Infiltration roll: place it in your Deployment Zone, touching your table edge.` },
      });
      this.rejudge({});
      return;
    }
    this.go('idle', { trooper: null, kind: 'deploy', at: null, verdict: null, options: DEFAULT_OPTIONS, notice: { tone: 'info', text: `${this.host.name(id)} placed${where}.` } });
  }

  /** HD-4: the trooper that failed its roll, in hand for its fallback (unless it already is). */
  private takeUpFallback(state: GameState, player: PlayerId, trooper: string): void {
    if (this.snap.trooper === trooper && this.snap.kind === 'fallback') return;
    this.dropPress();
    this.go('picking', { trooper, kind: 'fallback', options: DEFAULT_OPTIONS, facing: facingTowardsCentre(state, player), verdict: null });
  }

  /** Takes up the fallback the player owes, or drops a trooper that can no longer be placed. */
  private sync(): void {
    const state = this.host.state();
    const player = this.host.player();
    const owed = state.pendingFallback;
    if (player && owed && owed.player === player) {
      this.takeUpFallback(state, player, owed.trooper);
      return;
    }
    const snap = this.snap;
    const t = snap.trooper ? state.troopers[snap.trooper] : undefined;
    const stale = !player || state.phase !== 'deployment' || !t || t.player !== player || (snap.kind === 'fallback' && !owed);
    if (this.state !== 'idle' && stale) {
      this.dropPress();
      this.go('idle', { trooper: null, kind: 'deploy', at: null, verdict: null, options: DEFAULT_OPTIONS });
    } else if (this.state === 'idle' && snap.notice && !player) this.set({ notice: null });
  }

  /** Takes up a trooper (from the panel, or a click on one placed before its position is fixed). */
  private pick(trooper: string, extra: Partial<DeployOptions> | undefined): void {
    const player = this.host.player();
    const state = this.host.state();
    if (!player) return;
    const owed = state.pendingFallback;
    if (owed && owed.player === player) {
      // The fallback comes first (HD-4): only the trooper that owes it can be taken up.
      if (owed.trooper === trooper) this.takeUpFallback(state, player, owed.trooper);
      return;
    }
    const t = state.troopers[trooper];
    if (!t || t.player !== player) return;
    // DEP-8: a fixed trooper stays where it is; the engine says so.
    if (t.fixed && t.x !== null && t.y !== null) {
      const r = this.host.preview({ do: 'deploy', player, trooper, at: { x: t.x, y: t.y, z: t.z ?? 0 }, facing: t.facing ?? 0, as: 'model' });
      if (!r.ok) {
        this.set({ notice: { tone: 'error', text: r.rejection.message } });
        return;
      }
    }
    // A trooper picked up again keeps how it stood; a new one looks towards the centre.
    const options: DeployOptions = {
      ...DEFAULT_OPTIONS,
      ...(t.status === 'marker' || t.status === 'hidden' ? { as: t.status } : {}),
      prone: t.prone,
      cover: t.cover ?? false,
      ...extra,
    };
    const facing = t.facing ?? facingTowardsCentre(state, player);
    const at = t.x !== null && t.y !== null ? { x: t.x, y: t.y, z: t.z ?? 0 } : this.snap.at;
    this.dropPress();
    this.transition('picking');
    this.rejudge({ trooper, kind: 'deploy', options, facing, at, notice: null });
  }

  readonly send = (input: DeployInput): void => {
    const snap = this.snap;
    switch (input.type) {
      case 'pick':
        this.pick(input.trooper, input.options);
        return;
      case 'turn':
        if (this.state === 'idle') return;
        this.rejudge({ facing: normalise(snap.facing + input.by) });
        return;
      case 'options':
        if (this.state === 'idle' || snap.kind === 'fallback') return;
        this.rejudge({ options: { ...snap.options, ...input.options } });
        return;
      case 'roll':
        if (this.state !== 'rolling') return;
        this.commit(input.value);
        return;
      case 'cancel':
        if (this.state === 'idle') return;
        if (snap.kind === 'fallback') return; // an owed fallback cannot be put down
        this.dropPress();
        this.go('idle', { trooper: null, at: null, verdict: null, options: DEFAULT_OPTIONS, notice: null });
        return;
      case 'sync':
        this.sync();
        return;
    }
  };
}

function placedZ(events: GameEvent[]): number | null {
  const placed = events.find((e) => e.type === 'placed');
  return placed && placed.type === 'placed' ? placed.z : null;
}

export function createDeployTool(host: DeployHost): DeployTool {
  return new DeployTool(host);
}

/**
 * How a trooper may be deployed, for the options shown: always as a model; as a TO Camouflage marker
 * with TO Camouflage; in Hidden Deployment with Hidden Deployment. The engine still judges every
 * command (`no-skill`); this only keeps buttons off the screen that would never work.
 */
export function deployModes(skills: readonly Skill[]): DeployAs[] {
  const out: DeployAs[] = ['model'];
  if (skills.includes('to-camouflage')) out.push('marker');
  if (skills.includes('hidden-deployment')) out.push('hidden');
  return out;
}
