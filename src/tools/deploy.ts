/**
 * The deployment tool: picking a trooper, moving its ghost over the table, and placing it, as a small
 * state machine fed with pointer events in table inches.
 *
 *   idle ──pick──▶ picking ──down──▶ placing ──up──▶ (deploy) ──▶ idle
 *                    ▲  ▲               │ drag: the camera moves, nothing is placed
 *                    │  └───────────────┘
 *                    └── a failed Infiltration roll: the same trooper again, for its fallback
 *   placing ──up, manual dice and a roll is due──▶ rolling ──roll──▶ (deploy) ──▶ idle
 *
 * Whether a spot is legal, and why not, comes only from the engine: every move asks `preview` (the
 * engine's `apply` on the current state, its result thrown away) with the command a click would give.
 * The tool holds no rule of its own.
 */
import type { ApplyResult } from '../core/engine';
import type { Command, DeployAs, GameEvent, GameState, PlayerId, Point, Skill } from '../core/model/types';
import { snapToZoneEdge } from './tableEdge';

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

export type DeployInput =
  | { type: 'pick'; trooper: string; options?: Partial<DeployOptions> }
  | { type: 'move'; at: Point | null; screen?: { x: number; y: number } }
  | { type: 'down'; at: Point | null; screen: { x: number; y: number } }
  | { type: 'up'; at: Point | null; screen: { x: number; y: number } }
  | { type: 'turn'; by: number }
  | { type: 'options'; options: Partial<DeployOptions> }
  | { type: 'roll'; value: number }
  | { type: 'cancel' }
  | { type: 'sync' };

/** A press that moves further than this (CSS pixels) before it is released turns the camera instead. */
export const DRAG_PIXELS = 5;
/** One wheel notch or one Q/E press turns the ghost this far. */
export const TURN_STEP = 15;

const DEFAULT_OPTIONS: DeployOptions = { prone: false, as: 'model', cover: false };

function normalise(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  return Math.round(r * 1000) / 1000;
}

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

export interface DeployTool {
  readonly snapshot: DeploySnapshot;
  send(input: DeployInput): void;
  subscribe(listener: (s: DeploySnapshot, prev: DeploySnapshot) => void): () => void;
}

export function createDeployTool(host: DeployHost): DeployTool {
  let snap: DeploySnapshot = { phase: 'idle', trooper: null, kind: 'deploy', at: null, facing: 0, options: DEFAULT_OPTIONS, verdict: null, notice: null };
  let downAt: { x: number; y: number } | null = null;
  const listeners = new Set<(s: DeploySnapshot, prev: DeploySnapshot) => void>();

  const set = (next: Partial<DeploySnapshot>) => {
    const prev = snap;
    snap = { ...snap, ...next };
    for (const l of listeners) l(snap, prev);
  };

  /** The command a click would give here. */
  const commandAt = (s: DeploySnapshot, at: Point, roll?: number): Command | null => {
    const player = host.player();
    if (!player || !s.trooper) return null;
    const point: Point = { x: at.x, y: at.y, z: at.z ?? 0 };
    if (s.kind === 'fallback') return { do: 'fallback', player, trooper: s.trooper, at: point, facing: s.facing };
    const cmd: Command = { do: 'deploy', player, trooper: s.trooper, at: point, facing: s.facing, as: s.options.as };
    if (s.options.prone) cmd.prone = true;
    if (s.options.as === 'hidden') cmd.cover = s.options.cover;
    if (roll !== undefined) cmd.roll = roll;
    return cmd;
  };

  const placedZ = (events: GameEvent[]): number | null => {
    const placed = events.find((e) => e.type === 'placed');
    return placed && placed.type === 'placed' ? placed.z : null;
  };

  /** The engine's answer for a spot: the preview of the command a click would give. */
  const judge = (s: DeploySnapshot): Verdict | null => {
    if (!s.at || !s.trooper) return null;
    const cmd = commandAt(s, s.at);
    if (!cmd) return null;
    let r = host.preview(cmd);
    // Manual dice: the engine asks for the roll before it judges the spot; judge it with any die.
    if (!r.ok && r.rejection.code === 'missing-roll' && cmd.do === 'deploy') r = host.preview({ ...cmd, roll: 1 });
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
  };

  /** HD-4: a fallback's ghost stands on the table edge of the zone, not a pixel wide strip under the pointer. */
  const spot = (s: Pick<DeploySnapshot, 'kind' | 'trooper'>, at: Point | null): Point | null => {
    const player = host.player();
    if (!at || s.kind !== 'fallback' || !s.trooper || !player) return at;
    return snapToZoneEdge(host.state(), player, s.trooper, at);
  };

  const rejudge = (next: Partial<DeploySnapshot>) => {
    const merged = { ...snap, ...next };
    if ('at' in next) merged.at = spot(merged, merged.at);
    set({ ...next, at: merged.at, verdict: judge(merged) });
  };

  /** Dispatches the click's command and moves on from what the engine did. */
  const commit = (roll?: number) => {
    if (!snap.at || !snap.trooper) return;
    const cmd = commandAt(snap, snap.at, roll);
    if (!cmd) return;
    const id = snap.trooper;
    // Said before dispatching: the game's change syncs the tool (a fallback placed is no longer owed).
    const as = cmd.do === 'deploy' ? cmd.as : 'model';
    const where = cmd.do === 'fallback' ? ' at the table edge' : as === 'hidden' ? ' in Hidden Deployment' : as === 'marker' ? ' as a TO Camouflage marker' : '';
    const r = host.dispatch(cmd);
    if (!r.ok) {
      set({ phase: 'picking', notice: { tone: 'error', text: r.rejection.message }, verdict: judge(snap) });
      return;
    }
    const failed = r.events.some((e) => e.type === 'awaitingFallback');
    if (failed) {
      // HD-4: the roll failed; the same trooper goes to its own Deployment Zone, touching the table edge.
      set({
        phase: 'picking',
        kind: 'fallback',
        trooper: id,
        options: DEFAULT_OPTIONS,
        verdict: null,
        notice: { tone: 'warning', text: `${host.name(id)} failed its Infiltration roll: place it in your Deployment Zone, touching your table edge.` },
      });
      rejudge({});
      return;
    }
    set({ phase: 'idle', trooper: null, kind: 'deploy', at: null, verdict: null, options: DEFAULT_OPTIONS, notice: { tone: 'info', text: `${host.name(id)} placed${where}.` } });
  };

  /** HD-4: the trooper that failed its roll, in hand for its fallback (unless it already is). */
  const takeUpFallback = (state: GameState, player: PlayerId, trooper: string) => {
    if (snap.trooper === trooper && snap.kind === 'fallback') return;
    set({ phase: 'picking', trooper, kind: 'fallback', options: DEFAULT_OPTIONS, facing: facingTowardsCentre(state, player), verdict: null });
  };

  /** Takes up the fallback the player owes, or drops a trooper that can no longer be placed. */
  const sync = () => {
    const state = host.state();
    const player = host.player();
    const owed = state.pendingFallback;
    if (player && owed && owed.player === player) {
      takeUpFallback(state, player, owed.trooper);
      return;
    }
    const t = snap.trooper ? state.troopers[snap.trooper] : undefined;
    const stale = !player || state.phase !== 'deployment' || !t || t.player !== player || (snap.kind === 'fallback' && !owed);
    if (snap.phase !== 'idle' && stale) set({ phase: 'idle', trooper: null, kind: 'deploy', at: null, verdict: null, options: DEFAULT_OPTIONS });
    else if (snap.phase === 'idle' && snap.notice && !player) set({ notice: null });
  };

  const send = (input: DeployInput) => {
    switch (input.type) {
      case 'pick': {
        const player = host.player();
        const state = host.state();
        if (!player) return;
        const owed = state.pendingFallback;
        if (owed && owed.player === player) {
          // The fallback comes first (HD-4): only the trooper that owes it can be taken up.
          if (owed.trooper === input.trooper) takeUpFallback(state, player, owed.trooper);
          return;
        }
        const t = state.troopers[input.trooper];
        if (!t || t.player !== player) return;
        // DEP-8: a fixed trooper stays where it is; the engine says so.
        if (t.fixed && t.x !== null && t.y !== null) {
          const r = host.preview({ do: 'deploy', player, trooper: input.trooper, at: { x: t.x, y: t.y, z: t.z ?? 0 }, facing: t.facing ?? 0, as: 'model' });
          if (!r.ok) {
            set({ notice: { tone: 'error', text: r.rejection.message } });
            return;
          }
        }
        // A trooper picked up again keeps how it stood; a new one looks towards the centre.
        const options: DeployOptions = {
          ...DEFAULT_OPTIONS,
          ...(t.status === 'marker' || t.status === 'hidden' ? { as: t.status } : {}),
          prone: t.prone,
          cover: t.cover ?? false,
          ...input.options,
        };
        const facing = t.facing ?? facingTowardsCentre(state, player);
        const at = t.x !== null && t.y !== null ? { x: t.x, y: t.y, z: t.z ?? 0 } : snap.at;
        downAt = null;
        rejudge({ phase: 'picking', trooper: input.trooper, kind: 'deploy', options, facing, at, notice: null });
        return;
      }
      case 'move': {
        if (snap.phase === 'idle' || snap.phase === 'rolling') return;
        if (snap.phase === 'placing' && downAt && input.screen) {
          const moved = Math.hypot(input.screen.x - downAt.x, input.screen.y - downAt.y);
          // A drag turns the camera: this press will not place the trooper.
          if (moved > DRAG_PIXELS) {
            downAt = null;
            set({ phase: 'picking' });
          }
        }
        // Why the last click did nothing is old news once the ghost moves on.
        rejudge({ at: input.at, ...(snap.notice?.tone === 'error' ? { notice: null } : {}) });
        return;
      }
      case 'down': {
        if (snap.phase !== 'picking') return;
        downAt = input.screen;
        rejudge({ phase: 'placing', at: input.at ?? snap.at });
        return;
      }
      case 'up': {
        if (snap.phase !== 'placing') return;
        const start = downAt;
        downAt = null;
        if (!start || Math.hypot(input.screen.x - start.x, input.screen.y - start.y) > DRAG_PIXELS) {
          set({ phase: 'picking' });
          return;
        }
        const at = spot(snap, input.at) ?? snap.at;
        const verdict = judge({ ...snap, at });
        if (!at || !verdict) {
          set({ phase: 'picking', at, verdict });
          return;
        }
        if (!verdict.ok) {
          set({ phase: 'picking', at, verdict, notice: { tone: 'error', text: verdict.message } });
          return;
        }
        set({ at, verdict });
        if (verdict.rollTarget !== null && host.state().dice.mode === 'manual') {
          set({ phase: 'rolling', notice: null });
          return;
        }
        commit();
        return;
      }
      case 'turn': {
        if (snap.phase === 'idle') return;
        rejudge({ facing: normalise(snap.facing + input.by) });
        return;
      }
      case 'options': {
        if (snap.phase === 'idle' || snap.kind === 'fallback') return;
        rejudge({ options: { ...snap.options, ...input.options } });
        return;
      }
      case 'roll': {
        if (snap.phase !== 'rolling') return;
        commit(input.value);
        return;
      }
      case 'cancel': {
        if (snap.phase === 'idle') return;
        if (snap.kind === 'fallback') return; // an owed fallback cannot be put down
        downAt = null;
        set({ phase: 'idle', trooper: null, at: null, verdict: null, options: DEFAULT_OPTIONS, notice: null });
        return;
      }
      case 'sync':
        sync();
        return;
    }
  };

  return {
    get snapshot() {
      return snap;
    },
    send,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
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
