/**
 * ARO-1: who may react to the active trooper, and where (ARO-5). An enemy trooper may react when it has
 * Line of Fire to the active trooper at some point of what it declared (every path point of a Move, the
 * start included) or has it inside its Zone of Control (the `measure` distance at most 8"). A hidden
 * trooper looks from its recorded spot, seeing all round (ARO-4). Answers are worked out lazily and kept,
 * so a window, its `at` points and the resolution ask each question once.
 */
import { ZONES } from '../../data/facts';
import { behindShooter, seesPatch, type LofBlocker, type LofQuery } from '../../geometry/lof';
import { hiddenAtEvery, hiddenEyes } from '../../geometry/lofRun';
import { unseenArcs, unseenFromEach } from '../../geometry/lofRunBack';
import { occluderData } from '../../geometry/lofOccluders';
import { segmentCrossesBox } from '../../geometry/segments';
import { boxAround, boxDistance, cylinderGap, type Cylinder, type LevelBox } from '../../geometry/shapes';
import type { GameState } from '../../model/types';
import type { EngineContext } from '../../ports';
import { factsOf } from '../context';
import { pointIndexAt, type Place } from '../movement/path';
import { canAct, lofFacing, silhouetteAt, silhouetteOf } from '../placement';
import { blockersFor } from '../queries/lineOfFire';

export interface Reactor {
  id: string;
  hidden: boolean;
  shooter: Cylinder;
  /** degrees, or null when it sees all round (a marker, a hidden trooper) */
  facing: number | null;
}

/** The enemies of `activeId` that could react: those that can act, and (unless told not) hidden ones. */
export function possibleReactors(state: GameState, activeId: string, hiddenToo: boolean): Reactor[] {
  const owner = state.troopers[activeId]!.player;
  const out: Reactor[] = [];
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.player === owner) continue;
    if (canAct(t)) out.push({ id, hidden: false, shooter: silhouetteOf(state, id)!, facing: lofFacing(t) });
    else if (hiddenToo && t.status === 'hidden' && t.x !== null && t.y !== null && t.z !== null) {
      out.push({ id, hidden: true, shooter: silhouetteAt(state, id, t.x, t.y, t.z, t.prone), facing: null });
    }
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Runs of path points this short are looked at point by point rather than proven hidden together. */
const RUN_LEAF = 3;
/** After this many points of a reactor looked at one by one, its eyes hidden all along are sought (maskEyes). */
const MASK_AFTER = 9;
/** Along a path not hidden all along, the points every this many where the middles' line is tried first. */
const PROBE_STEP = 3;

/**
 * Line of Fire and Zone of Control from each reactor to the active trooper at each of its points.
 * Line of Fire is reciprocal (LOF-1): the active trooper looks back with the facing it has at the
 * points (a Move's declared facing holds at every point of its path; a marker sees all round).
 * Along a path, a run of points is first proven hidden all at once where one occluder hides the whole
 * run from the reactor (or it all stands behind the reactor) and, at the points where the trooper could
 * look back, one hides the reactor from the trooper; only what no such proof settles is looked at point
 * by point. Every answer is the one `hasLineOfFire` gives at that point.
 */
export class Sight {
  private readonly lof = new Map<string, (boolean | undefined)[]>();
  /** LOF-1: the points where each reactor's own patch test is proven to fail (only the test back is left) */
  private readonly ownHidden = new Map<string, boolean[]>();
  private readonly blockers;
  private readonly patch: number;
  private readonly targets: Cylinder[] = [];
  private readonly blockersOf = new Map<string, LofBlocker[]>();
  private readonly eyeMasks = new Map<string, number>();
  /** LOF-1: for each reactor, the arcs of its side proven hidden from the trooper at every point (maskEyes) */
  private readonly arcMasks = new Map<string, number[]>();
  /** LOF-1: for each reactor, by point, whether the two face each other there (lookingBack) */
  private readonly facesBack = new Map<string, boolean[]>();
  /** how many points of each reactor have been looked at one by one in runs no proof settled */
  private readonly looked = new Map<string, number>();
  private box: LevelBox | undefined;
  private everyTarget: Cylinder[] | undefined;
  /** LOF-1: the active trooper's facing at the points, for its own test back (null: all round) */
  private readonly back: number | null;

  constructor(
    private readonly state: GameState,
    private readonly ctx: EngineContext,
    private readonly activeId: string,
    readonly points: readonly Place[],
    private readonly prone: boolean,
    /** the active trooper's facing at the points; by default as it stands (a marker's: null) */
    facing?: number | null,
  ) {
    this.blockers = blockersFor(state, activeId, null);
    this.patch = factsOf(state).lofPatch;
    const t = state.troopers[activeId]!;
    this.back = facing !== undefined ? facing : t.status === 'marker' || t.status === 'hidden' ? null : (t.facing ?? 0);
  }

  target(i: number): Cylinder {
    let t = this.targets[i];
    if (!t) {
      const p = this.points[i]!;
      t = silhouetteAt(this.state, this.activeId, p.x, p.y, p.z, this.prone);
      this.targets[i] = t;
    }
    return t;
  }

  /** The silhouettes at points i..j, in a list made at its length (not grown). */
  private targetsIn(i: number, j: number): Cylinder[] {
    const out: Cylinder[] = new Array<Cylinder>(j - i + 1);
    for (let k = i; k <= j; k++) out[k - i] = this.target(k);
    return out;
  }

  /** The silhouettes at every point, made once for every reactor (the proofs of the whole path, maskEyes). */
  private allTargets(): Cylinder[] {
    return (this.everyTarget ??= this.targetsIn(0, this.points.length - 1));
  }

  /** The models that block the reactor's Line of Fire: all but the two ends. */
  private blockersFor(r: Reactor): LofBlocker[] {
    let b = this.blockersOf.get(r.id);
    if (!b) {
      b = this.blockers.filter((m) => m.id !== r.id);
      this.blockersOf.set(r.id, b);
    }
    return b;
  }

  private row(r: Reactor): (boolean | undefined)[] {
    let row = this.lof.get(r.id);
    if (!row) {
      row = [];
      this.lof.set(r.id, row);
    }
    return row;
  }

  /**
   * Whether the reactor has Line of Fire to the active trooper at point i: `hasLineOfFire`'s answer
   * (LOF-1), its two patch tests asked here with what is already proven left out of their searches
   * (the reactor's eyes blind all along, its own test failing on a run, its side's arcs unseen back).
   */
  sees(r: Reactor, i: number): boolean {
    const row = this.row(r);
    let v = row[i];
    if (v === undefined) {
      const blockers = this.blockersFor(r);
      const target = this.target(i);
      const q: LofQuery = { shooter: r.shooter, facing: r.facing, target, blockers, patch: this.patch, hiddenEyes: this.eyeMasks.get(r.id) };
      if (behindShooter(q)) v = false;
      else if (!this.ownHidden.get(r.id)?.[i] && seesPatch(q, this.ctx.scenery)) v = true;
      else v = seesPatch({ shooter: target, facing: this.back, target: r.shooter, blockers, patch: this.patch, hiddenArcs: this.arcMasks.get(r.id) }, this.ctx.scenery);
      row[i] = v;
    }
    return v;
  }

  /** Whether the points i..j not yet known are proven hidden at once (and if so noted). */
  private provenHidden(r: Reactor, i: number, j: number): boolean {
    const row = this.row(r);
    let open = false;
    for (let k = i; k <= j && !open; k++) open = row[k] === undefined;
    if (!open) return false;
    const targets = i === 0 && j === this.points.length - 1 ? this.allTargets() : this.targetsIn(i, j);
    if (!this.hiddenRun(r, i, targets)) return false;
    for (let k = i; k <= j; k++) row[k] = false;
    return true;
  }

  /**
   * LOF-1: whether the reactor has Line of Fire at none of the targets, proven: the run wholly behind
   * it, or its own patch test failing at each (`hiddenAtEvery`) and, at the points where the two face
   * each other (each not wholly behind the other), the active trooper's test back failing too
   * (`unseenFromEach`).
   */
  private hiddenRun(r: Reactor, i: number, targets: readonly Cylinder[]): boolean {
    let own = this.ownHidden.get(r.id);
    if (!own) this.ownHidden.set(r.id, (own = []));
    let known = true;
    for (let k = 0; k < targets.length && known; k++) known = own[i + k] === true;
    if (!known) {
      if (!hiddenAtEvery(r.shooter, r.facing, targets, this.blockers, this.ctx.scenery, r.id)) return false;
      // Kept: a part of this run, or a point of it, then needs only the test back.
      for (let k = 0; k < targets.length; k++) own[i + k] = true;
    }
    return unseenFromEach(r.shooter, this.lookingBack(r, i, targets), this.patch, this.blockers, this.ctx.scenery, r.id);
  }

  /**
   * Whether the reactor sees the active trooper at some point of i..j: the run proven hidden at once
   * if it can be (`tried`: already asked), else looked at point by point when short, else split in two.
   */
  private seesIn(r: Reactor, i: number, j: number, tried = false): boolean {
    if (j - i >= RUN_LEAF) {
      if (!tried && this.provenHidden(r, i, j)) return false;
      const m = (i + j) >> 1;
      return this.seesIn(r, i, m) || this.seesIn(r, m + 1, j);
    }
    for (let k = i; k <= j; k++) {
      if (this.row(r)[k] === undefined) this.lookingAt(r);
      if (this.sees(r, k)) return true;
    }
    return false;
  }

  /** Counts a point of the reactor about to be looked at on its own; at the MASK_AFTER-th, maskEyes. */
  private lookingAt(r: Reactor): void {
    const n = (this.looked.get(r.id) ?? 0) + 1;
    this.looked.set(r.id, n);
    if (n === MASK_AFTER) this.maskEyes(r);
  }

  /**
   * Once a reactor's points are being looked at one by one: which of its eyes are proven to see the
   * active trooper at no point of the whole path (worked out once); those each point's Line of Fire
   * leaves out. A reactor beside a corner, most of whose eyes one building hides all along, has only
   * its few others searched at each point. LOF-1: likewise the arcs of its side the trooper sees no
   * patch of from any point where it could look back, left out of each point's test back.
   */
  private maskEyes(r: Reactor): void {
    if (this.eyeMasks.has(r.id)) return;
    const targets = this.allTargets();
    this.eyeMasks.set(r.id, hiddenEyes(r.shooter, r.facing, targets, this.blockers, this.ctx.scenery, true, r.id));
    this.arcMasks.set(r.id, unseenArcs(r.shooter, this.lookingBack(r, 0, targets), this.patch, this.blockers, this.ctx.scenery, r.id));
  }

  /**
   * LOF-1: of the targets (the points from i on), those where the two face each other (each not wholly
   * behind the other): the test back is asked only there. Worked out once for each point of a reactor
   * (the runs' proofs ask again for the same points). Where the two face each other at every point,
   * the targets themselves (no list made).
   */
  private lookingBack(r: Reactor, i: number, targets: readonly Cylinder[]): readonly Cylinder[] {
    let faces = this.facesBack.get(r.id);
    if (!faces) this.facesBack.set(r.id, (faces = []));
    let facing = 0;
    // behindShooter both ways, with each front's sine and cosine worked out once (the same sums)
    const s = r.shooter;
    const front = r.facing === null ? null : (r.facing * Math.PI) / 180;
    const fx = front === null ? 0 : -Math.sin(front);
    const fy = front === null ? 0 : Math.cos(front);
    const back = this.back === null ? null : (this.back * Math.PI) / 180;
    const bx = back === null ? 0 : -Math.sin(back);
    const by = back === null ? 0 : Math.cos(back);
    for (let k = 0; k < targets.length; k++) {
      const t = targets[k]!;
      let f = faces[i + k];
      if (f === undefined) {
        const behind = front !== null && (t.x - s.x) * fx + (t.y - s.y) * fy + t.r < -1e-6;
        const away = back !== null && (s.x - t.x) * bx + (s.y - t.y) * by + s.r < -1e-6;
        faces[i + k] = f = !behind && !away;
      }
      if (f) facing++;
    }
    if (facing === targets.length) return targets;
    const out: Cylinder[] = new Array<Cylinder>(facing);
    let n = 0;
    for (let k = 0; k < targets.length; k++) if (faces[i + k]) out[n++] = targets[k]!;
    return out;
  }

  /** The measured distance at point i (closest points of the two silhouettes). */
  distance(r: Reactor, i: number): number {
    return Math.max(0, cylinderGap(r.shooter, this.target(i)));
  }

  /** Whether the active trooper is inside the reactor's Zone of Control at point i. */
  inZone(r: Reactor, i: number): boolean {
    return this.distance(r, i) <= ZONES.zoneOfControl + 1e-6;
  }

  /** The last point where the reactor sees the active trooper (ARO-5's default `at`), or -1. */
  lastSeen(r: Reactor, ok: (i: number) => boolean = () => true): number {
    for (let i = this.points.length - 1; i >= 0; i--) if (ok(i) && this.sees(r, i)) return i;
    return -1;
  }

  seesAny(r: Reactor): boolean {
    const n = this.points.length;
    if (n === 0) return false;
    if (n <= RUN_LEAF) return this.seesIn(r, 0, n - 1);
    if (this.provenHidden(r, 0, n - 1)) return false;
    // Not hidden all along: look first where nothing stands on the line between the two middles,
    // where the trooper is likeliest seen. The order points are looked at changes no answer.
    for (let k = 0; k < n; k += PROBE_STEP) if (this.openMiddle(r, k) && this.sees(r, k)) return true;
    return this.seesIn(r, 0, n - 1, true);
  }

  /**
   * Whether no scenery stands on the line from the reactor's middle to the active trooper's at point k:
   * each solid's box tested on its own (32 on the mid-game table), cheaper than a ray through the
   * index. It only orders the points looked at: a line that grazes a box may be told either way.
   */
  private openMiddle(r: Reactor, k: number): boolean {
    const s = r.shooter;
    const t = this.target(k);
    const a = { x: s.x, y: s.y, z: s.z + s.h / 2 };
    const b = { x: t.x, y: t.y, z: t.z + t.h / 2 };
    for (const d of occluderData(this.ctx.scenery.occluders).data) if (segmentCrossesBox(a, b, d.box)) return false;
    return true;
  }

  zoneAny(r: Reactor): boolean {
    const n = this.points.length;
    if (n === 0) return false;
    // The measured distance is at least the level gap between the bases: a reactor whose base stands
    // farther than the Zone of Control from the box around the path has none of it in its Zone.
    const b = (this.box ??= boxAround(this.points));
    if (boxDistance(b, r.shooter.x, r.shooter.y) - r.shooter.r - this.target(0).r > ZONES.zoneOfControl + 1e-3) return false;
    for (let i = 0; i < n; i++) if (this.inZone(r, i)) return true;
    return false;
  }

  /** ARO-1: Line of Fire at some point, or the Zone of Control. */
  eligible(r: Reactor): boolean {
    return this.zoneAny(r) || this.seesAny(r);
  }

  /** The index of the point `at` names (ARO-5, movement.md §3: its z, or the last at its x, y), or -1. */
  pointAt(at: { x: number; y: number; z?: number | undefined }): number {
    return pointIndexAt(this.points, at);
  }
}
