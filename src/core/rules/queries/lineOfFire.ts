/**
 * Line of Fire between troopers as the rules ask it (FACTS: Line of Fire): a model sees its front
 * half-space, a marker all round (TOC-8); scenery and other models block; markers, objectives and
 * troopers off the table do not (HD-2). Reciprocal (LOF-1): the target looks back with its own facing,
 * so two troopers each in the other's arc see each other or neither. Partial Cover (the shooter's own),
 * and no Cover for a jumper in its Order (CJ-4).
 */
import { CONTACT, type Facts } from '../../data/facts';
import { behindShooter, hasLineOfFire, lineOfFireDetail, lofSpan, modelMeets, seesPatch, type Box3, type LofBlocker, type LofDetail, type LofQuery } from '../../geometry/lof';
import { discBoxGap, intervalGap, type Cylinder } from '../../geometry/shapes';
import type { GameState } from '../../model/types';
import type { EngineContext } from '../../ports';
import { factsOf, profilesOf, type Tx } from '../context';
import { isModel, lofFacing, silhouetteOf } from '../placement';

export interface LofAnswer extends LofDetail {
  /** Partial Cover: the target touches scenery that hides part of it from the shooter */
  cover: boolean;
}

/**
 * The models that block Line of Fire between two silhouettes, leaving out the two ends (`a`, and `b`
 * where given), in the troopers' order. Each silhouette as `silhouetteOf` makes it, with the facts and
 * the profiles looked up once: this runs for every query, over every trooper on the table.
 */
export function blockersFor(state: GameState, a: string, b: string | null, near?: Box3): LofBlocker[] {
  const facts = factsOf(state);
  const profiles = profilesOf(state);
  const blockers: LofBlocker[] = [];
  const most = near ? largest(facts) : null;
  for (const id in state.troopers) {
    const t = state.troopers[id]!;
    if (id === a || id === b || !isModel(t)) continue;
    // Far from both even at the largest silhouette: no need to look its own up.
    if (most && !modelMeets(near!, t.x!, t.y!, t.z!, most.r, most.h)) continue;
    const sil = facts.silhouettes[profiles.get(id)!.s];
    const h = t.prone ? facts.proneHeight : sil.height;
    // Where the query's two silhouettes are known, a model away from both is never a candidate.
    if (near && !modelMeets(near, t.x!, t.y!, t.z!, sil.radius, h)) continue;
    blockers.push({ id, c: { x: t.x!, y: t.y!, z: t.z!, r: sil.radius, h } });
  }
  return blockers;
}

/** The largest radius and height of any silhouette (or a prone one) of the facts, worked out once for them. */
const largestCache = new WeakMap<Facts, { r: number; h: number }>();
function largest(facts: Facts): { r: number; h: number } {
  let m = largestCache.get(facts);
  if (!m) {
    const sils = Object.values(facts.silhouettes);
    m = { r: Math.max(...sils.map((s) => s.radius)), h: Math.max(facts.proneHeight, ...sils.map((s) => s.height)) };
    largestCache.set(facts, m);
  }
  return m;
}

/**
 * One trooper's Line of Fire to another: the blockers only those models that may stand between them;
 * LOF-1: the target looks back with its own facing (a marker all round).
 */
export function lofQuery(state: GameState, shooterId: string, targetId: string): LofQuery {
  const s = state.troopers[shooterId]!;
  const shooter = silhouetteOf(state, shooterId)!;
  const target = silhouetteOf(state, targetId)!;
  return {
    shooter,
    facing: lofFacing(s),
    target,
    blockers: blockersFor(state, shooterId, targetId, lofSpan(shooter, target)),
    patch: factsOf(state).lofPatch,
    back: lofFacing(state.troopers[targetId]!),
  };
}

/** Line of Fire from a point of the table (it sees all round) to a trooper: a point is not seen back (LOF-1). */
export function lofQueryFromPoint(state: GameState, from: Cylinder, targetId: string): LofQuery {
  const target = silhouetteOf(state, targetId)!;
  return { shooter: from, facing: null, target, blockers: blockersFor(state, targetId, null, lofSpan(from, target)), patch: factsOf(state).lofPatch };
}

/** The fast yes/no, stopping at the first proof: for bulk work (exposure maps, ARO lists, benchmarks). */
export function hasLineOfFireBetween(state: GameState, ctx: EngineContext, shooterId: string, targetId: string): boolean {
  return hasLineOfFire(lofQuery(state, shooterId, targetId), ctx.scenery);
}

/**
 * Line of Fire among the troopers of one state, many pairs at once (every ordered pair of opponents,
 * every enemy to one trooper): each trooper's silhouette is worked out once, and each query's blockers
 * are picked from the models' by the box around its two ends. Every answer is hasLineOfFireBetween's
 * (the same query: the same blockers, in the troopers' order). LOF-1 asks the patch test both ways;
 * each way's answer is kept, so a pair asked both ways costs at most the two tests, as before the rule
 * made it reciprocal. The state must not change while it is in use.
 */
export class SightLines {
  private readonly cylinders = new Map<string, Cylinder>();
  /** the models on the table (they block), in the troopers' order */
  private readonly models: LofBlocker[] = [];
  /** each model's bounds, as modelMeets works them out: x - r, x + r, y - r, y + r, z, z + h */
  private readonly bounds: Float64Array;
  private readonly patch: number;
  /** the patch test's answers one way, by shooter and then target (LOF-1 asks each pair both ways) */
  private readonly oneWay = new Map<string, Map<string, boolean>>();

  constructor(
    private readonly state: GameState,
    private readonly ctx: EngineContext,
  ) {
    this.patch = factsOf(state).lofPatch;
    for (const id in state.troopers) {
      const c = silhouetteOf(state, id);
      if (!c) continue;
      this.cylinders.set(id, c);
      if (isModel(state.troopers[id]!)) this.models.push({ id, c });
    }
    this.bounds = new Float64Array(6 * this.models.length);
    this.models.forEach(({ c }, i) => this.bounds.set([c.x - c.r, c.x + c.r, c.y - c.r, c.y + c.r, c.z, c.z + c.h], 6 * i));
  }

  /** The query hasLineOfFireBetween would make for the two. */
  query(shooterId: string, targetId: string): LofQuery {
    const shooter = this.cylinders.get(shooterId)!;
    const target = this.cylinders.get(targetId)!;
    const near = lofSpan(shooter, target);
    const blockers: LofBlocker[] = [];
    const b = this.bounds;
    for (let i = 0, j = 0; i < this.models.length; i++, j += 6) {
      // modelMeets(near, ...), on the bounds worked out once.
      if (near.x0 <= b[j + 1]! && b[j]! <= near.x1 && near.y0 <= b[j + 3]! && b[j + 2]! <= near.y1 && near.z0 <= b[j + 5]! && b[j + 4]! <= near.z1) {
        const m = this.models[i]!;
        if (m.id !== shooterId && m.id !== targetId) blockers.push(m);
      }
    }
    const s = this.state.troopers[shooterId]!;
    return { shooter, facing: lofFacing(s), target, blockers, patch: this.patch, back: lofFacing(this.state.troopers[targetId]!) };
  }

  /**
   * Whether the shooter has Line of Fire to the target, as hasLineOfFireBetween answers (LOF-1: the
   * target not wholly behind the shooter, and the patch test passing one way or the other).
   */
  has(shooterId: string, targetId: string): boolean {
    const q = this.query(shooterId, targetId);
    if (behindShooter(q)) return false;
    return this.patchSeen(shooterId, targetId, q) || this.patchSeen(targetId, shooterId);
  }

  /** The patch test from the first to the second (the query from the second's side has the same blockers), kept. */
  private patchSeen(shooterId: string, targetId: string, q?: LofQuery): boolean {
    let row = this.oneWay.get(shooterId);
    if (!row) this.oneWay.set(shooterId, (row = new Map()));
    let v = row.get(targetId);
    if (v === undefined) {
      v = seesPatch(q ?? this.query(shooterId, targetId), this.ctx.scenery);
      row.set(targetId, v);
    }
    return v;
  }
}

/** The detailed answer, with Partial Cover. */
export function lineOfFireAnswer(tx: Pick<Tx, 'draft' | 'ctx'>, query: LofQuery, targetId: string): LofAnswer {
  const target = query.target;
  const detail = lineOfFireDetail(query, tx.ctx.scenery);
  // Partial Cover: the target touches the side of a piece of scenery that hides part of it.
  const hiders = new Set(detail.hiddenBy);
  // CJ-4: a trooper has no Partial Cover during the Order in which it jumped.
  const cover =
    detail.visible &&
    tx.draft.orderJumper !== targetId &&
    // MOV-14: none on a wall either.
    !tx.draft.troopers[targetId]?.onWall &&
    detail.fraction < 1 &&
    tx.ctx.scenery.solids.some(
      (solid) =>
        hiders.has(solid.id) &&
        intervalGap(target.z, target.z + target.h, solid.z0, solid.z1) < 0 &&
        discBoxGap(solid, target.x, target.y, target.r) <= CONTACT.touch,
    );
  return { ...detail, cover };
}

export function lineOfFireBetween(tx: Pick<Tx, 'draft' | 'ctx'>, shooterId: string, targetId: string): LofAnswer {
  return lineOfFireAnswer(tx, lofQuery(tx.draft, shooterId, targetId), targetId);
}
