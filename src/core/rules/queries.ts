/**
 * Commands that change nothing: `measure` (TOOL-1), `lof` (TOOL-2) and `odds`.
 */
import { CONTACT } from '../data/facts';
import { hasLineOfFire, lineOfFireDetail, type LofBlocker, type LofDetail, type LofQuery } from '../geometry/lof';
import type { EngineContext } from '../ports';
import { templateShape, templateTouches, type TemplatePlacement } from '../geometry/templates';
import { cylinderGap, discBoxGap, intervalGap, type Cylinder } from '../geometry/shapes';
import type { CommandOf, GameState, TargetRef } from '../model/types';
import { factsOf, refuse, type Tx } from './context';
import { requireTrooper } from './deployment';
import { faceToFaceOdds, normalOdds } from './dice';
import { isOnTable, silhouetteOf, trooperName } from './placement';

/** A measuring end: a point is a silhouette of no size; a trooper must be on the table (HD-2). */
export function endpoint(state: GameState, ref: TargetRef): Cylinder {
  if (typeof ref !== 'string') return { x: ref.x, y: ref.y, z: ref.z ?? 0, r: 0, h: 0 };
  const id = requireTrooper(state, ref);
  const t = state.troopers[id]!;
  if (!isOnTable(t)) {
    // HD-2: a hidden or airborne trooper is not on the table; nothing measures to it.
    refuse('wrong-status', null, `${ref === id ? trooperName(state, id) : ref} is not on the table.`);
  }
  return silhouetteOf(state, id)!;
}

/** TOOL-1: the distance between the closest points of two silhouette cylinders, unrounded. */
export function measure(tx: Tx, cmd: CommandOf<'measure'>): CommandOf<'measure'> {
  const a = endpoint(tx.draft, cmd.from);
  const b = endpoint(tx.draft, cmd.to);
  tx.emit({ type: 'distance', inches: Math.max(0, cylinderGap(a, b)) });
  return cmd;
}

/** A trooper named as a Line of Fire end: on the table as a model or marker (HD-2). */
function lofEnd(state: GameState, ref: TargetRef, role: string): string {
  if (typeof ref !== 'string') refuse('bad-command', null, `Line of Fire is checked between two troopers: name the ${role} by its id.`);
  endpoint(state, ref);
  return requireTrooper(state, ref);
}

export interface LofAnswer extends LofDetail {
  /** Partial Cover: the target touches scenery that hides part of it from the shooter */
  cover: boolean;
}

/**
 * TOOL-2: Line of Fire from one trooper's silhouette to another's (FACTS: Line of Fire). A model sees
 * its front half-space, a marker all round (TOC-8); scenery and other models block; markers, objectives
 * and troopers off the table do not (HD-2).
 */
export function lofQuery(state: GameState, shooterId: string, targetId: string): LofQuery {
  const s = state.troopers[shooterId]!;
  const blockers: LofBlocker[] = [];
  for (const [id, t] of Object.entries(state.troopers)) {
    if (id === shooterId || id === targetId || t.status !== 'model') continue;
    blockers.push({ id, c: silhouetteOf(state, id)! });
  }
  return {
    shooter: silhouetteOf(state, shooterId)!,
    facing: s.status === 'marker' ? null : (s.facing ?? 0),
    target: silhouetteOf(state, targetId)!,
    blockers,
    patch: factsOf(state).lofPatch,
  };
}

/** The fast yes/no, stopping at the first proof: for bulk work (exposure maps, ARO lists, benchmarks). */
export function hasLineOfFireBetween(state: GameState, ctx: EngineContext, shooterId: string, targetId: string): boolean {
  return hasLineOfFire(lofQuery(state, shooterId, targetId), ctx.scenery);
}

export function lineOfFireBetween(tx: Pick<Tx, 'draft' | 'ctx'>, shooterId: string, targetId: string): LofAnswer {
  const query = lofQuery(tx.draft, shooterId, targetId);
  const target = query.target;
  const detail = lineOfFireDetail(query, tx.ctx.scenery);
  // Partial Cover: the target touches the side of a piece of scenery that hides part of it.
  const hiders = new Set(detail.hiddenBy);
  // CJ-4: a trooper has no Partial Cover during the Order in which it jumped.
  const cover =
    detail.visible &&
    tx.draft.orderJumper !== targetId &&
    detail.fraction < 1 &&
    tx.ctx.scenery.solids.some(
      (solid) =>
        hiders.has(solid.id) &&
        intervalGap(target.z, target.z + target.h, solid.z0, solid.z1) < 0 &&
        discBoxGap(solid, target.x, target.y, target.r) <= CONTACT.touch,
    );
  return { ...detail, cover };
}

/** TOOL-2: the `lof` command: whether the target is seen, and whether it has Partial Cover. */
export function lof(tx: Tx, cmd: CommandOf<'lof'>): CommandOf<'lof'> {
  const shooterId = lofEnd(tx.draft, cmd.from, 'shooter');
  const targetId = lofEnd(tx.draft, cmd.to, 'target');
  const answer = lineOfFireBetween(tx, shooterId, targetId);
  tx.emit({ type: 'lof', visible: answer.visible, cover: answer.cover, seen: answer.fraction });
  return cmd;
}

/** TOOL-3: the troopers on the table (models and markers) a template placed by hand touches, by id. */
export function templateHits(state: GameState, placement: TemplatePlacement): string[] {
  const shape = templateShape(placement, factsOf(state));
  return Object.entries(state.troopers)
    .filter(([id, t]) => isOnTable(t) && templateTouches(shape, silhouetteOf(state, id)!))
    .map(([id]) => id)
    .sort();
}

/** Exact chances of a Normal roll, or of a one-die-each Face to Face roll. */
export function odds(tx: Tx, cmd: CommandOf<'odds'>): CommandOf<'odds'> {
  if (cmd.b === undefined) tx.emit({ type: 'odds', ...normalOdds(cmd.a) });
  else tx.emit({ type: 'odds', ...faceToFaceOdds(cmd.a, cmd.b) });
  return cmd;
}
