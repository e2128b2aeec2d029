/**
 * Commands that change nothing: `measure` (TOOL-1) and `odds`.
 */
import { cylinderGap, type Cylinder } from '../geometry/shapes';
import type { CommandOf, GameState, TargetRef } from '../model/types';
import { refuse, type Tx } from './context';
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

/** Exact chances of a Normal roll, or of a one-die-each Face to Face roll. */
export function odds(tx: Tx, cmd: CommandOf<'odds'>): CommandOf<'odds'> {
  if (cmd.b === undefined) tx.emit({ type: 'odds', ...normalOdds(cmd.a) });
  else tx.emit({ type: 'odds', ...faceToFaceOdds(cmd.a, cmd.b) });
  return cmd;
}
