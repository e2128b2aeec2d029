/**
 * ARO-1: who may react to the active trooper, and where (ARO-5). An enemy trooper may react when it has
 * Line of Fire to the active trooper at some point of what it declared (every path point of a Move, the
 * start included) or has it inside its Zone of Control (the `measure` distance at most 8"). A hidden
 * trooper looks from its recorded spot, seeing all round (ARO-4). Answers are worked out lazily and kept,
 * so a window, its `at` points and the resolution ask each question once.
 */
import { ZONES } from '../../data/facts';
import { hasLineOfFire, type LofQuery } from '../../geometry/lof';
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import type { GameState } from '../../model/types';
import type { EngineContext } from '../../ports';
import { factsOf } from '../context';
import type { Place } from '../movement/path';
import { canAct, isModel, silhouetteAt, silhouetteOf } from '../placement';

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
    if (canAct(t)) out.push({ id, hidden: false, shooter: silhouetteOf(state, id)!, facing: t.status === 'marker' ? null : (t.facing ?? 0) });
    else if (hiddenToo && t.status === 'hidden' && t.x !== null && t.y !== null && t.z !== null) {
      out.push({ id, hidden: true, shooter: silhouetteAt(state, id, t.x, t.y, t.z, t.prone), facing: null });
    }
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Line of Fire and Zone of Control from each reactor to the active trooper at each of its points. */
export class Sight {
  private readonly lof = new Map<string, (boolean | undefined)[]>();
  private readonly blockers;
  private readonly patch: number;

  constructor(
    private readonly state: GameState,
    private readonly ctx: EngineContext,
    private readonly activeId: string,
    readonly points: readonly Place[],
    private readonly prone: boolean,
  ) {
    this.blockers = Object.entries(state.troopers)
      .filter(([id, t]) => id !== activeId && isModel(t))
      .map(([id]) => ({ id, c: silhouetteOf(state, id)! }));
    this.patch = factsOf(state).lofPatch;
  }

  target(i: number): Cylinder {
    const p = this.points[i]!;
    return silhouetteAt(this.state, this.activeId, p.x, p.y, p.z, this.prone);
  }

  /** Whether the reactor has Line of Fire to the active trooper at point i. */
  sees(r: Reactor, i: number): boolean {
    let row = this.lof.get(r.id);
    if (!row) {
      row = [];
      this.lof.set(r.id, row);
    }
    let v = row[i];
    if (v === undefined) {
      const q: LofQuery = { shooter: r.shooter, facing: r.facing, target: this.target(i), blockers: this.blockers.filter((b) => b.id !== r.id), patch: this.patch };
      v = hasLineOfFire(q, this.ctx.scenery);
      row[i] = v;
    }
    return v;
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
    for (let i = 0; i < this.points.length; i++) if (this.sees(r, i)) return true;
    return false;
  }

  zoneAny(r: Reactor): boolean {
    for (let i = 0; i < this.points.length; i++) if (this.inZone(r, i)) return true;
    return false;
  }

  /** ARO-1: Line of Fire at some point, or the Zone of Control. */
  eligible(r: Reactor): boolean {
    return this.zoneAny(r) || this.seesAny(r);
  }

  /** The index of the point within 1e-6 of `at`, or -1 (ARO-5). */
  pointAt(at: { x: number; y: number }): number {
    return this.points.findIndex((p) => Math.hypot(p.x - at.x, p.y - at.y) <= 1e-6);
  }
}
