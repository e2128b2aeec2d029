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
 * A finger has no hover, so a tap never places at once: it puts the ghost down where it tapped, with
 * the engine's verdict (`pinned`); a second tap on the ghost, or `place` (the panel's Place here),
 * places it; a tap elsewhere moves the ghost; a drag that starts on the ghost turns it to face the
 * finger (`turning`); any other drag is the camera's.
 *
 *   picking ──tap──▶ placing ──up──▶ pinned ──tap on the ghost──▶ placing ──up──▶ (deploy) ──▶ idle
 *                                      │ ▲──tap elsewhere: the ghost moves there──┘
 *                                      └──drag from the ghost──▶ placing ──▶ turning ──up──▶ pinned
 *
 * While a trooper is in hand the wheel, Q/E (and the panel's turn buttons) turn it and Escape puts it
 * back (an owed fallback stays).
 *
 * Whether a spot is legal, and why not, comes only from the engine: every move asks `preview` (the
 * engine's `apply` on the current state, its result thrown away) with the command a click would give.
 * The tool holds no rule of its own.
 */
import type { Command, GameState, PlayerId, Point } from '../core/model/types';
import { DEFAULT_OPTIONS, DRAG_TURN_STEP, facingTowardsCentre, GHOST_REACH, IDLE_SNAPSHOT, placedZ, TURN_STEP, type DeployHost, type DeployInput, type DeployOptions, type DeployPhase, type DeploySnapshot, type Verdict } from './deployTypes';
import { snapToZoneEdge } from './tableEdge';
import { nearestPlace, type SnapSearch } from './placeSnap';
import { Tool, type StateHandlers, type TablePointer, type ToolKey } from './tool';
import { facingTowards, silhouetteAt } from '../core/api';

export * from './deployTypes';

function normalise(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  return Math.round(r * 1000) / 1000;
}

const pointOf = (p: TablePointer): Point => ({ x: p.x, y: p.y, z: p.z });

export class DeployTool extends Tool<DeployPhase, DeployHost> {
  readonly id = 'deploy';
  override readonly reads = 'surface' as const;
  private snap: DeploySnapshot = IDLE_SNAPSHOT;
  /** the press in progress: a finger's, on the ghost or not, and the state it began in */
  private press: { touch: boolean; onGhost: boolean; from: 'picking' | 'pinned' } | null = null;
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
      // A finger moves only while pressed: a drag that turned the camera is no hover.
      onPointerMove: (p) => p.pointerType !== 'touch' && this.hover(pointOf(p)),
      onPointerLeave: () => this.hover(null),
      onPointerDown: (p) => this.pressOn(p, 'picking'),
    },
    placing: {
      ...this.inHand,
      onPointerMove: (p) => {
        const press = this.press;
        if (press?.touch) {
          // A finger has no hover: its drag turns the ghost (from the ghost) or the camera.
          if (!this.dragging) return;
          if (press.onGhost) {
            this.transition('turning');
            this.face(pointOf(p));
          } else {
            this.press = null;
            this.transition(press.from);
          }
          return;
        }
        // A drag turns the camera: this press will not place the trooper.
        if (this.dragging) this.transition('picking');
        this.hover(pointOf(p));
      },
      onPointerLeave: () => {
        if (!this.press?.touch) this.hover(null);
      },
      onPointerUp: (p, click) => {
        const press = this.press;
        this.press = null;
        if (!press?.touch) return this.release(pointOf(p), click);
        if (!click) return this.go(press.from, {});
        // A tap on the ghost places it where it stands; a tap elsewhere puts the ghost down there.
        if (press.onGhost && this.snap.at) return this.placeAt(this.snap.at, 'pinned');
        this.go('pinned', {});
        this.rejudge({ at: pointOf(p), notice: null }, 'full');
      },
      onCancelPress: () => {
        const from = this.press?.from ?? 'picking';
        this.press = null;
        this.go(from, {});
      },
    },
    pinned: {
      ...this.inHand,
      onPointerDown: (p) => this.pressOn(p, 'pinned'),
      // A mouse moving over the table takes over from the finger: the ghost follows it again.
      onPointerMove: (p) => {
        if (p.pointerType === 'touch') return;
        this.transition('picking');
        this.hover(pointOf(p));
      },
    },
    turning: {
      ...this.inHand,
      onPointerMove: (p) => this.face(pointOf(p)),
      onPointerUp: (p) => {
        this.press = null;
        this.face(pointOf(p));
        this.go('pinned', {});
      },
      onCancelPress: () => {
        this.press = null;
        this.go('pinned', {});
      },
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

  /** A finger's drag from the ghost turns it: that drag is the tool's, not the camera's. */
  override usesDrag(): boolean {
    return this.state === 'turning' || (this.state === 'placing' && !!this.press?.touch && this.press.onGhost);
  }

  /** A press on the table: a finger's on the ghost (pinned) may place or turn it; the mouse's brings the ghost there. */
  private pressOn(p: TablePointer, from: 'picking' | 'pinned'): void {
    const touch = p.pointerType === 'touch';
    const at = this.snap.at;
    const onGhost = touch && from === 'pinned' && !!at && this.nearGhost(p, at);
    this.press = { touch, onGhost, from };
    this.transition('placing');
    // A mouse's press brings the ghost there; a finger's leaves it where it is until the tap is let go.
    if (!touch) this.rejudge({ at: pointOf(p), touch });
    else if (!this.snap.touch) this.rejudge({ touch });
  }

  /** Whether a press lands on the ghost: within its base, with a finger's room to spare. */
  private nearGhost(p: TablePointer, at: Point): boolean {
    const trooper = this.snap.trooper;
    const r = trooper && this.host.state().troopers[trooper] ? silhouetteAt(this.host.state(), trooper, at.x, at.y, at.z ?? 0, false).r : 0.5;
    return Math.hypot(p.x - at.x, p.y - at.y) <= r + Math.max(GHOST_REACH, p.reach ?? 0);
  }

  /** A drag from the ghost: it turns to face the finger, in steps of `DRAG_TURN_STEP`. */
  private face(p: Point): void {
    const at = this.snap.at;
    if (!at || Math.hypot(p.x - at.x, p.y - at.y) < 0.25) return;
    const facing = normalise(Math.round(facingTowards(at, p) / DRAG_TURN_STEP) * DRAG_TURN_STEP);
    if (facing !== this.snap.facing) this.rejudge({ facing });
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

  /** Forgets a press in progress (the tool was reset from outside: a new trooper taken up, Escape). */
  private forgetPress(): void {
    this.dropPress();
    this.press = null;
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
    const tap = s.touch ? 'tap it again or press Place here' : 'click';
    const message =
      s.kind === 'fallback'
        ? s.touch
          ? 'At your table edge: tap it again or press Place here.'
          : 'Click to place it here, at your table edge.'
        : rollTarget !== null
          ? `Outside your own half: a PH roll against ${rollTarget} decides (Infiltration).`
          : `Legal: ${tap} to place.`;
    return { ok: true, rule: null, code: null, message, rollTarget, z: placedZ(r.events) };
  }

  /** HD-4: a fallback's ghost stands on the table edge of the zone, not a pixel wide strip under the pointer. */
  private spot(s: Pick<DeploySnapshot, 'kind' | 'trooper'>, at: Point | null): Point | null {
    const player = this.host.player();
    if (!at || s.kind !== 'fallback' || !s.trooper || !player) return at;
    return snapToZoneEdge(this.host.state(), player, s.trooper, at);
  }

  /** A new spot, facing or option judged; a new spot refused for a hair goes to the nearest one the engine takes (placeSnap.ts). */
  private rejudge(next: Partial<DeploySnapshot>, search: SnapSearch = 'hover'): void {
    const merged = { ...this.snap, ...next };
    if ('at' in next) merged.at = this.spot(merged, merged.at);
    const near = 'at' in next ? this.near(merged, merged.at, search) : null;
    this.set({ ...next, at: near ? near.at : merged.at, verdict: near ? near.verdict : this.judge(merged) });
  }

  /** The spot a deployment ghost takes for the pointer at `at`, with its verdict (said when it moved); null: no ghost to place. */
  private near(s: DeploySnapshot, at: Point | null, search: SnapSearch): { at: Point; verdict: Verdict | null } | null {
    if (!at || !s.trooper || s.kind !== 'deploy') return null;
    const found = nearestPlace(this.host.state(), this.host.player(), s.trooper, at, (p) => this.judge({ ...s, at: p }), search);
    if (found.by === 0 || !found.verdict) return found;
    return { at: found.at, verdict: { ...found.verdict, message: `${found.verdict.message} It stands ${found.by.toFixed(2)}" from the ${s.touch ? 'tap' : 'pointer'}, the nearest spot the rules allow.` } };
  }

  /** The ghost follows the pointer (null: off the table); why the last click did nothing is old news once it moves on. */
  private hover(at: Point | null): void {
    // Only a mouse (or a pen) hovers: from here on the verdict says "click".
    this.rejudge({ at, touch: false, ...(this.snap.notice?.tone === 'error' ? { notice: null } : {}) });
  }

  /** The press is let go: a click places the trooper (or asks for its roll); a drag placed nothing. */
  private release(point: Point, click: boolean): void {
    if (!click) {
      this.go('picking', {});
      return;
    }
    this.placeAt(this.near(this.snap, point, 'full')?.at ?? this.spot(this.snap, point) ?? this.snap.at, 'picking');
  }

  /** Places the trooper at `at` if the engine takes it there (or asks for its roll); else says why, back in `back`. */
  private placeAt(at: Point | null, back: 'picking' | 'pinned'): void {
    const verdict = this.judge({ ...this.snap, at });
    if (!at || !verdict) {
      this.go(back, { at, verdict });
      return;
    }
    if (!verdict.ok) {
      this.go(back, { at, verdict, notice: { tone: 'error', text: verdict.message } });
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
    this.forgetPress();
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
      this.forgetPress();
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
    this.forgetPress();
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
      case 'place':
        if ((this.state !== 'pinned' && this.state !== 'picking') || !snap.at) return;
        this.placeAt(snap.at, this.state);
        return;
      case 'roll':
        if (this.state !== 'rolling') return;
        this.commit(input.value);
        return;
      case 'cancel':
        if (this.state === 'idle') return;
        if (snap.kind === 'fallback') return; // an owed fallback cannot be put down
        this.forgetPress();
        this.go('idle', { trooper: null, at: null, verdict: null, options: DEFAULT_OPTIONS, notice: null });
        return;
      case 'sync':
        this.sync();
        return;
    }
  };
}

export function createDeployTool(host: DeployHost): DeployTool {
  return new DeployTool(host);
}
