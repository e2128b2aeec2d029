/**
 * The Order tool: drawing a Move's path (or a template's aim) on the table, as a small state machine
 * (`order.idle`, `order.drawing`, `order.aiming`) fed with pointer events in table inches, on the
 * surface under the pointer (see `Tool`).
 *
 *   idle ──start(move)──▶ drawing ──click──▶ drawing (a waypoint more) ──declare──▶ (order / second) ──▶ idle
 *   idle ──start(aim)───▶ aiming ──click──▶ (order / second) ──▶ idle
 *
 * A drag is no click: it turns the camera, except one that starts on the base at the path's end (the
 * trooper, or its last waypoint), which draws the path on (waypoints dropped along the pointer's trail,
 * simplified: pathTrace.ts), and one that starts on the arrow round it, which turns the end facing
 * (MOV-19); Q/E and the wheel turn it too. Enter declares, Backspace takes the last waypoint back,
 * Escape drops the path. With no waypoint a declared Move is a Move of no length: the trooper turns (or
 * goes Prone) in place. A waypoint the engine refuses for a hair (a base a little into a wall or
 * another base) goes to the nearest point it takes (MOV-25, the core's `snapWaypoint`), and the
 * verdict says so.
 *
 * The path shows its length against the MOV value the engine will use, and whether the engine takes
 * it (every pointer move asks `preview`, the engine's `apply` with its result thrown away, with the
 * command a declaration would give); TOOL-7 colours it by who may react where (`readPath`). The tool
 * holds no rule of its own.
 */
import type { Command, PlanePoint } from '../core/model/types';
import { knownKey, readPath, type PathReading } from './reactors';
import { IDLE, type CoordDrawing, type OrderToolHost, type OrderToolInput, type OrderToolPhase, type OrderToolSnapshot, type OrderVerdict } from './orderTypes';
import { Tool, type StateHandlers, type TablePointer, type ToolKey } from './tool';
import { type ApplyResult, coordinatedCommand, DODGE_MOVE, facingTowards, flightLength, knownProfiles, orderCommand, pathLength, pathPoints, type Place, silhouetteAt } from '../core/api';
import { coordFields, nextPoint, q, skillFieldsOf } from './orderFields';
import { onLieutenantOrder } from './lieutenantChoice';
import { Trail } from './pathTrace';

export type { CoordDrawing, OrderToolHost, OrderToolInput, OrderToolPhase, OrderToolSnapshot, OrderVerdict } from './orderTypes';

/** Q/E and the panel's buttons turn the end facing by this much; a drag of the arrow snaps to `ARROW_SNAP`. */
export const FACING_STEP = 15;
const ARROW_SNAP = 5;
/**
 * A press this far beyond the base's edge at the path's end (inches) takes the arrow: its whole length
 * and a margin round its head (FacingArrow draws it from the base's edge, `ARROW_LENGTH` long).
 */
export const ARROW_LENGTH = 1.3;
const ARROW_REACH = ARROW_LENGTH + 0.5;
/** A second tap this near the first (inches) makes the Jump or Climb the first one aimed, on a touch screen. */
const TAP_AGAIN = 0.4;

const normalise = (deg: number) => ((Math.round(deg) % 360) + 360) % 360;

const planeOf = (p: TablePointer): PlanePoint => ({ x: p.x, y: p.y });

export class OrderTool extends Tool<OrderToolPhase, OrderToolHost> {
  readonly id = 'order';
  override readonly reads = 'surface' as const;
  private snap: OrderToolSnapshot = IDLE;
  private readonly listeners = new Set<(s: OrderToolSnapshot, prev: OrderToolSnapshot) => void>();

  /** Drawing or aiming: the pointer's point is the path's next point (or the aim); a click takes it. */
  private readonly onTable: StateHandlers = {
    onPointerMove: (p) => void this.send({ type: 'move', at: planeOf(p) }),
    onPointerLeave: () => void this.send({ type: 'move', at: null }),
    onPointerUp: (p, click) => void (click && this.send({ type: 'click', at: planeOf(p) })),
    onKeyDown: (k) => this.pathKey(k),
  };

  /** Whether the press in progress took the arrow at the path's end (MOV-19). */
  private turningArrow = false;
  /** A path being drawn by a drag from the base at its end: the pointer's trail, and the waypoints before it. */
  private trail: { trail: Trail; before: OrderToolSnapshot['waypoints'] } | null = null;

  protected readonly states: Record<OrderToolPhase, StateHandlers> = {
    idle: {},
    drawing: {
      ...this.onTable,
      onPointerDown: (p) => {
        this.trail = null;
        this.turningArrow = false;
        if (this.walks() && this.onBase(p)) this.trail = { trail: new Trail(this.snap.end!), before: this.snap.waypoints };
        else this.turningArrow = this.onArrow(p);
      },
      onPointerMove: (p) => {
        if (this.turningArrow && this.pressing) return this.faceTo(planeOf(p));
        if (this.trail && this.pressing) return this.traceTo(planeOf(p), false);
        // Over the base at the path's end (where a press draws on) the path shows no next point.
        if (!this.pressing && this.walks() && this.onBase(p)) return void this.send({ type: 'move', at: null });
        this.send({ type: 'move', at: planeOf(p), z: p.z });
      },
      onPointerUp: (p, click) => {
        if (this.turningArrow) {
          this.turningArrow = false;
          if (!click) return this.faceTo(planeOf(p));
        }
        if (this.trail) {
          if (!click) return this.traceTo(planeOf(p), true);
          this.trail = null;
        }
        if (click) {
          if (this.vertical()) {
            // On a touch screen nothing hovers: a first tap aims the Jump or Climb (its cost and verdict
            // show), a second one on the same spot (or Declare) makes it. A mouse click does both at once.
            const at = planeOf(p);
            const h = this.snap.hover;
            const again = h !== null && Math.hypot(h.x - at.x, h.y - at.y) < TAP_AGAIN && Math.abs(this.snap.hoverZ - (p.z ?? 0)) < TAP_AGAIN;
            this.send({ type: 'move', at, z: p.z });
            if (p.pointerType === 'touch' && !again) return;
          }
          this.send({ type: 'click', at: planeOf(p) });
        }
      },
      onCancelPress: () => {
        this.turningArrow = false;
        const t = this.trail;
        this.trail = null;
        if (t) this.rejudge({ waypoints: t.before, hover: null });
      },
      onWheel: (notches) => {
        this.send({ type: 'turn', by: notches * FACING_STEP });
        return true;
      },
    },
    aiming: this.onTable,
  };

  /** A drag from the arrow turns the end facing, one from the base at the path's end draws it: those drags are the tool's, not the camera's. */
  override usesDrag(): boolean {
    return this.turningArrow || this.trail !== null;
  }

  /** A walked path: a Move, a Cautious Movement, a Dodge move (the ones drawn by waypoints). */
  private walks(): boolean {
    return this.snap.skill === 'move' || this.snap.skill === 'cautious-move' || this.snap.skill === 'dodge-move';
  }

  /** Whether a press lands on the base at the path's end (the trooper, or its last waypoint). */
  private onBase(p: TablePointer): boolean {
    const end = this.snap.end;
    if (!end || !this.snap.trooper) return false;
    const r = silhouetteAt(this.host.state(), this.snap.trooper, end.x, end.y, end.z, false).r;
    return Math.hypot(p.x - end.x, p.y - end.y) <= r;
  }

  /** The path drawn by a drag so far: the waypoints its trail makes, the last one the pointer's; `done`: the press ended there. */
  private traceTo(p: PlanePoint, done: boolean): void {
    const t = this.trail!;
    t.trail.add(p);
    const drawn = t.trail.waypoints();
    if (!done) return this.rejudge({ waypoints: [...t.before, ...drawn.slice(0, -1).map(q)], hover: drawn.at(-1) ?? null });
    this.trail = null;
    if (drawn.length === 0) return this.rejudge({ waypoints: t.before, hover: null });
    this.addWaypoints(t.before, drawn);
  }

  /**
   * The path with these waypoints after `before`, each on the tool's grid; each new one, in order, moved
   * to the nearest point the engine takes with the path so far where it refuses it for a hair (MOV-25:
   * a drag along a wall drops several). `snapped`: how far the last one moved.
   */
  private addWaypoints(before: OrderToolSnapshot['waypoints'], points: (PlanePoint & { via?: 'ladder' })[]): void {
    const waypoints = [...before, ...points.map((p) => ({ ...q(p), ...(p.via ? { via: p.via } : {}) }))];
    let snapped: number | null = null;
    for (let k = before.length; k < waypoints.length; k++) {
      snapped = null;
      const point = waypoints[k]!;
      const upTo = waypoints.slice(0, k + 1);
      const cmd = this.host.snap && !point.via ? this.commandOf({ ...this.snap, waypoints: upTo, hover: null }, false) : null;
      const answer = cmd ? this.host.snap!(cmd) : null;
      if (answer && answer.by > 0) {
        waypoints[k] = { x: answer.at.x, y: answer.at.y };
        snapped = answer.by;
      }
    }
    this.rejudge({ waypoints, hover: null, snapped });
  }

  override usesWheel(): boolean {
    return this.state === 'drawing';
  }

  /** A Jump or a Climb: the pointer picks its landing, a click declares it (MOV-11, MOV-13). */
  private vertical(): boolean {
    return this.snap.skill === 'jump' || this.snap.skill === 'climb';
  }

  /** Whether a press lands on the arrow at the path's end: round the base there, out to a margin past the arrow's head. */
  private onArrow(p: TablePointer): boolean {
    const end = this.snap.end;
    if (!end || !this.snap.trooper) return false;
    const r = silhouetteAt(this.host.state(), this.snap.trooper, end.x, end.y, end.z, false).r;
    return Math.hypot(p.x - end.x, p.y - end.y) <= r + ARROW_REACH + Math.max(0, p.reach ?? 0);
  }

  /** The end facing towards a point of the table, in steps of `ARROW_SNAP` degrees. */
  private faceTo(p: PlanePoint): void {
    const end = this.snap.end;
    if (!end || Math.hypot(p.x - end.x, p.y - end.y) < 0.25) return;
    const facing = normalise(Math.round(facingTowards(end, p) / ARROW_SNAP) * ARROW_SNAP);
    if (facing !== this.snap.facing) this.rejudge({ facing });
  }

  constructor(host: OrderToolHost) {
    super(host, 'idle');
  }

  get snapshot(): OrderToolSnapshot {
    return this.snap;
  }

  /** Bound, as the closure it replaces was: the page may pass it on as it is. */
  readonly subscribe = (l: (s: OrderToolSnapshot, prev: OrderToolSnapshot) => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /** Publishes the snapshot: its phase is always the tool's state. */
  private set(next: Partial<OrderToolSnapshot>): void {
    if (next.phase && next.phase !== this.state) this.transition(next.phase);
    const prev = this.snap;
    this.snap = { ...this.snap, ...next, phase: this.state };
    for (const l of this.listeners) l(this.snap, prev);
  }

  private pathKey(k: ToolKey): boolean {
    if (this.state === 'drawing' && (k.key === 'q' || k.key === 'e')) {
      this.send({ type: 'turn', by: k.key === 'q' ? FACING_STEP : -FACING_STEP });
      return true;
    }
    const input = k.key === 'enter' ? 'declare' : k.key === 'backspace' ? 'back' : k.key === 'escape' ? 'cancel' : null;
    if (!input) return false;
    this.send({ type: input });
    return true;
  }

  /** Where the trooper starts this skill: where the Order's skills so far left it, or where it stands. */
  private startOf(id: string): Place & { facing: number } {
    const s = this.host.state();
    // A dodger moves from where the Order's resolution left it (MOV-20). COORD-4: a participant of a
    // Coordinated Order from where its own first skill (`each`) left it.
    const o = s.order && s.order.stage !== 'dodge-moves' ? s.order : null;
    const last = o?.trooper === id ? o.skills.at(-1) : o?.with?.includes(id) ? o.skills.at(-1)?.each?.[id] : undefined;
    if (last) return { ...last.points.at(-1)!, facing: last.facing };
    const t = s.troopers[id]!;
    return { x: t.x ?? 0, y: t.y ?? 0, z: t.z ?? 0, facing: t.facing ?? 0 };
  }

  /** The command a declaration would give now, built by the engine (api.orderCommand): `order` for a new Order, `second` in the one in progress. */
  private commandOf(s: OrderToolSnapshot, withHover: boolean): Command | null {
    const player = this.host.player();
    if (!player || !s.trooper || !s.skill) return null;
    if (s.skill === 'dodge-move') {
      // MOV-20: the dodger's move, given by its player in stage `dodge-moves`.
      const path = withHover && s.hover ? [...s.waypoints, nextPoint(s)] : s.waypoints;
      return { do: 'dodgeMove', player, trooper: s.trooper, path, ...(s.facing !== null ? { facing: s.facing } : {}), ...(s.prone !== null ? { prone: s.prone } : {}) };
    }
    const skill = skillFieldsOf(s, this.startOf(s.trooper), withHover);
    if (!skill) return null;
    // COORD-13: every participant's fields, those not drawn yet standing where they are.
    if (s.coord) return coordinatedCommand(this.host.state(), player, s.coord.members[0]!, coordFields(s.coord, s.trooper, skill, (id) => this.startOf(id)));
    return orderCommand(this.host.state(), player, s.trooper, skill, onLieutenantOrder(this.host.state(), s.trooper));
  }

  private judge(s: OrderToolSnapshot): Pick<OrderToolSnapshot, 'verdict' | 'length' | 'mov' | 'reading' | 'end' | 'endFacing' | 'hoverVia'> {
    if (!s.trooper) return { verdict: null, length: 0, mov: null, reading: null, end: null, endFacing: null, hoverVia: null };
    // MOV-9: walking to the pointer first; where the engine refuses that, by a ladder if it takes it.
    if (s.hoverVia && s.hover) s = { ...s, hoverVia: null };
    const walked = this.judgeAs(s);
    const walk = (s.skill === 'move' || s.skill === 'cautious-move' || s.skill === 'dodge-move') && s.hover && walked.verdict && !walked.verdict.ok;
    if (walk && (walked.verdict!.code === 'too-high' || walked.verdict!.code === 'blocked-path')) {
      const laddered = this.judgeAs({ ...s, hoverVia: 'ladder' });
      if (laddered.verdict?.ok) return { ...laddered, hoverVia: 'ladder', verdict: { ...laddered.verdict, message: 'The engine takes this path by the ladder: click to take it, Declare to move.' } };
    }
    return { ...walked, hoverVia: null };
  }

  private judgeAs(s: OrderToolSnapshot): Pick<OrderToolSnapshot, 'verdict' | 'length' | 'mov' | 'reading' | 'end' | 'endFacing'> {
    if (!s.trooper) return { verdict: null, length: 0, mov: null, reading: null, end: null, endFacing: null };
    const start = this.startOf(s.trooper);
    const last = s.waypoints.at(-1);
    const vertical = s.skill === 'jump' || s.skill === 'climb';
    // The arrow stands where the path ends as drawn (the trooper itself before any waypoint).
    const end = s.skill === 'bs-attack' ? null : s.skill === 'climb' && s.climbTo !== null ? { x: start.x, y: start.y, z: s.climbTo } : vertical && s.hover ? { ...q(s.hover), z: s.hoverZ } : last ? { x: last.x, y: last.y, z: start.z } : { x: start.x, y: start.y, z: start.z };
    const endFacing = s.skill === 'bs-attack' ? null : (s.facing ?? start.facing);
    const state = this.host.state();
    const profile = state.setup.players.A.troopers.concat(state.setup.players.B.troopers).find((t) => t.id === s.trooper);
    const second = !!state.order?.skills.some((k) => k.skill === 'move' || k.skill === 'jump') && (state.order?.trooper === s.trooper || !!state.order?.with?.includes(s.trooper));
    // MOV-12: a Super-Jump as an Entire Order reaches both MOV values added.
    const mov = s.skill === 'bs-attack' ? null : s.skill === 'dodge-move' ? DODGE_MOVE : profile ? (s.skill === 'jump' && s.entire ? profile.mov[0] + profile.mov[1] : profile.mov[second ? 1 : 0]) : null;
    const path = s.hover && s.skill !== 'bs-attack' && !vertical ? [...s.waypoints, nextPoint(s)] : s.waypoints;
    // MOV-11, MOV-13: a Jump's or a Climb's cost, as the engine measures it (from the silhouette, standing: MOV-17, to the landing base's edge).
    let length = s.skill === 'bs-attack' ? 0 : vertical ? (end && (s.hover || s.climbTo !== null) ? flightLength(silhouetteAt(state, s.trooper, start.x, start.y, start.z, false), [], { x: end.x, y: end.y, z: end.z }) : 0) : pathLength(start, path);
    const cmd = this.commandOf(s, true);
    let verdict: OrderVerdict | null = null;
    // MOV-7, MOV-24: the points as the engine placed them, with their heights (a step, a flight, a climb).
    let placed: Place[] | undefined;
    if (cmd) {
      const r = this.host.preview(cmd);
      // COORD-13: a participant's own points, not the Spearhead's.
      if (r.ok && cmd.do !== 'dodgeMove') placed = (s.coord && s.trooper !== r.state.order?.trooper ? r.state.order?.skills.at(-1)?.each?.[s.trooper] : r.state.order?.skills.at(-1))?.points;
      // MOV-9: a ladder counts its height: the rise of each ladder segment as the engine placed it.
      if (placed && path.some((p) => 'via' in p && p.via === 'ladder')) {
        const listed: number[] = [];
        pathPoints(start, path, listed);
        path.forEach((p, k) => {
          if ('via' in p && p.via === 'ladder') length += Math.abs(placed![listed[k]!]!.z - placed![k === 0 ? 0 : listed[k - 1]!]!.z);
        });
      }
      verdict = r.ok
        ? { ok: true, rule: null, code: null, message: (s.skill === 'bs-attack' ? 'Click to lay the template here.' : vertical ? `The engine takes this ${s.skill === 'jump' ? 'Jump' : 'Climb'}: click (on a touch screen, tap again) or Declare to make it.` : path.length === 0 ? 'The engine takes this: click for a waypoint, or Declare to turn in place.' : 'The engine takes this path: click for a waypoint, Declare to move.') + this.engages(r, s.trooper) }
        : { ok: false, rule: r.rejection.rule, code: r.rejection.code, message: r.rejection.message };
    }
    let reading: PathReading | null = null;
    // TOOL-7's reactors: none for a Dodge's move, which draws no ARO (MOV-20).
    if (s.skill !== 'bs-attack' && s.skill !== 'dodge-move' && (path.length > 0 || (vertical && placed))) {
      const k = this.host.knowledge();
      reading = readPath(k, knownKey(k, s.trooper, state.troopers[s.trooper]?.markerId ?? null), start, path, s.skill === 'cautious-move', placed);
    }
    return { verdict, length, mov, reading, end, endFacing };
  }

  /** CC-1, CC-17: the enemies this trooper's movement would end in contact with, as the engine found them (" It engages X."), or "". */
  private engages(r: ApplyResult, trooper: string): string {
    if (!r.ok) return '';
    const k = r.state.order?.skills.at(-1);
    const mine = k && trooper !== r.state.order?.trooper ? k.each?.[trooper] : k;
    const ids = mine?.contact ?? [];
    if (ids.length === 0) return '';
    const player = this.host.player();
    const names = knownProfiles(this.host.state(), player);
    return ` It ends in contact: engages ${ids.map((id) => names[id]?.name ?? id).join(', ')}.`;
  }

  private rejudge(next: Partial<OrderToolSnapshot>): void {
    const merged = { ...this.snap, ...next };
    const judged = this.judge(merged);
    // MOV-25: the verdict says when the last waypoint was moved to a point the engine takes.
    const v = judged.verdict;
    if (merged.snapped !== null && v?.ok) judged.verdict = { ...v, message: `The last point snapped ${merged.snapped.toFixed(3)}" to the nearest point the engine takes. ${v.message}` };
    this.set({ ...next, ...judged });
  }

  private declare(): ApplyResult | null {
    const cmd = this.commandOf(this.snap, this.snap.skill === 'bs-attack');
    if (!cmd) return null;
    const c = this.snap.coord;
    const at = c ? c.members.indexOf(this.snap.trooper!) : -1;
    if (c && at < c.members.length - 1) {
      // COORD-13: this participant's path is kept once the engine takes it; the next one's is drawn.
      const r = this.host.preview(cmd);
      if (!r.ok) {
        this.set({ verdict: { ok: false, rule: r.rejection.rule, code: r.rejection.code, message: r.rejection.message } });
        return r;
      }
      const done = { ...c.done, [this.snap.trooper!]: skillFieldsOf(this.snap, this.startOf(this.snap.trooper!), false)! };
      this.dropPress();
      this.takeTurn(c.members[at + 1]!, { ...c, done });
      return null;
    }
    const r = this.host.dispatch(cmd);
    if (r.ok) this.set(IDLE);
    else this.set({ verdict: { ok: false, rule: r.rejection.rule, code: r.rejection.code, message: r.rejection.message } });
    return r;
  }

  /** The command a declaration would give now (the drawn waypoints, not the pointer's point); null when there is none. */
  pending(): Command | null {
    return this.snap.phase === 'idle' ? null : this.commandOf(this.snap, false);
  }

  /** COORD-13: `trooper`'s turn in a Coordinated Order, its path drawn (its landing picked, its template aimed) with `c`'s before it. */
  private takeTurn(trooper: string, c: CoordDrawing, from: Partial<OrderToolSnapshot> = {}): void {
    const skill = c.skill ?? 'move';
    const weapon = skill === 'bs-attack' ? (c.weapons?.[trooper] ?? null) : null;
    this.rejudge({ ...IDLE, phase: skill === 'bs-attack' ? 'aiming' : 'drawing', trooper, skill, weapon, template: weapon ? this.templateOf(trooper, weapon) : null, coord: c, ...from });
  }

  /** The template of a trooper's weapon, from its profile. */
  private templateOf(trooper: string, weapon: string): OrderToolSnapshot['template'] {
    const s = this.host.state();
    return s.setup.players.A.troopers.concat(s.setup.players.B.troopers).find((t) => t.id === trooper)?.weapons.find((w) => w.id === weapon)?.template ?? null;
  }

  readonly send = (input: OrderToolInput): ApplyResult | null => {
    const snap = this.snap;
    switch (input.type) {
      case 'coord':
        if (input.members.length === 0) return null;
        this.dropPress();
        this.takeTurn(input.members[0]!, { members: input.members, done: {}, ...(input.skill ? { skill: input.skill } : {}), ...(input.weapons ? { weapons: input.weapons } : {}) });
        return null;
      case 'start':
        this.dropPress();
        this.rejudge({ ...IDLE, phase: 'drawing', trooper: input.trooper, skill: input.skill });
        return null;
      case 'aim':
        this.dropPress();
        this.rejudge({ ...IDLE, phase: 'aiming', trooper: input.trooper, skill: 'bs-attack', weapon: input.weapon, template: this.templateOf(input.trooper, input.weapon) });
        return null;
      case 'move':
        if (snap.phase === 'idle') return null;
        this.rejudge({ hover: input.at, ...(input.z !== undefined ? { hoverZ: input.z } : {}) });
        return null;
      case 'click':
        if (snap.phase === 'aiming') {
          if (!input.at) return null;
          this.snap = { ...snap, hover: input.at };
          return this.declare();
        }
        if (snap.phase !== 'drawing' || !input.at) return null;
        // A Jump or a Climb: the click lands it where the pointer is.
        if (this.vertical()) return this.declare();
        this.addWaypoints(snap.waypoints, [{ ...input.at, ...(snap.hoverVia && snap.hover && Math.hypot(snap.hover.x - input.at.x, snap.hover.y - input.at.y) < 0.05 ? { via: snap.hoverVia } : {}) }]);
        return null;
      case 'back':
        if ((snap.phase === 'aiming' || (snap.phase === 'drawing' && snap.waypoints.length === 0)) && snap.coord && snap.coord.members.indexOf(snap.trooper!) > 0) {
          // COORD-13: before any waypoint, back to the participant before, its path as it was drawn.
          const c = snap.coord;
          const prev = c.members[c.members.indexOf(snap.trooper!) - 1]!;
          const kept = c.done[prev] as { path?: OrderToolSnapshot['waypoints']; facing?: number; prone?: boolean } | undefined;
          const done = Object.fromEntries(Object.entries(c.done).filter(([id]) => id !== prev));
          this.takeTurn(prev, { ...c, done }, { waypoints: kept?.path ?? [], facing: kept?.facing ?? null, prone: kept?.prone ?? null });
          return null;
        }
        if (snap.phase !== 'drawing' || snap.waypoints.length === 0) return null;
        this.rejudge({ waypoints: snap.waypoints.slice(0, -1), snapped: null });
        return null;
      case 'facing':
        if (snap.phase !== 'drawing') return null;
        this.rejudge({ facing: input.facing === null ? null : normalise(input.facing) });
        return null;
      case 'turn':
        if (snap.phase !== 'drawing' || snap.endFacing === null) return null;
        this.rejudge({ facing: normalise(snap.endFacing + input.by) });
        return null;
      case 'prone':
        if (snap.phase !== 'drawing') return null;
        this.rejudge({ prone: input.prone });
        return null;
      case 'entire':
        if (snap.phase !== 'drawing' || snap.skill !== 'jump') return null;
        this.rejudge({ entire: input.entire });
        return null;
      case 'climbTo':
        if (snap.phase !== 'drawing' || snap.skill !== 'climb') return null;
        this.rejudge({ climbTo: input.z });
        return null;
      case 'declare':
        if (snap.phase === 'idle') return null;
        return this.declare();
      case 'cancel':
        this.set(IDLE);
        return null;
      case 'sync':
        if (snap.phase === 'idle') return null;
        if (!this.host.player() || !this.host.state().troopers[snap.trooper!]) {
          this.set(IDLE);
          return null;
        }
        this.rejudge({});
        return null;
    }
  };
}

export function createOrderTool(host: OrderToolHost): OrderTool {
  return new OrderTool(host);
}
