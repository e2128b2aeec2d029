import { hasLineOfFire, lofSpan } from '../../geometry/lof';
import type { Cylinder } from '../../geometry/shapes';
import type { GameState } from '../../model/types';
import { factsOf, refuse, type Tx } from '../context';
import type { Place } from '../movement/path';
import { canAct, inches, lofFacing, silhouetteAt, silhouetteOf, trooperName } from '../placement';
import { nameFor } from '../refs';
import { possibleReactors, Sight } from '../aros/sight';
import { blockersFor } from '../queries/lineOfFire';

/**
 * Line of Fire from a trooper standing at `from` (with its facing; null: all round) to a trooper where
 * it stands; LOF-1: that one looks back with its own facing (a marker all round).
 */
export function seesFrom(state: GameState, tx: Pick<Tx, 'ctx'>, shooterId: string, from: Place, facing: number | null, targetId: string): boolean {
  const shooter: Cylinder = silhouetteAt(state, shooterId, from.x, from.y, from.z, state.troopers[shooterId]!.prone);
  const target = silhouetteOf(state, targetId)!;
  const back = lofFacing(state.troopers[targetId]!);
  return hasLineOfFire({ shooter, facing, target, blockers: blockersFor(state, shooterId, targetId, lofSpan(shooter, target)), patch: factsOf(state).lofPatch, back }, tx.ctx.scenery);
}

/**
 * MOV-4 (Cautious Movement) and TOC-1 (back to camouflage): declared outside the Line of Fire (and, for
 * Cautious Movement, the Zone of Control) of every enemy model and marker on the table. Hidden troopers
 * are not on the table and count for nothing here.
 */
export function checkOutOfSight(tx: Tx, id: string, here: Place & { facing: number }, rule: 'MOV-4' | 'TOC-1', what: string): void {
  const d = tx.draft;
  const me = d.troopers[id]!;
  const player = me.player;
  // LOF-1: the trooper looks back with its facing there (a marker all round).
  const sight = new Sight(d, tx.ctx, id, [here], me.prone, me.status === 'marker' || me.status === 'hidden' ? null : here.facing);
  // The enemy a refusal names is the nearest, then the first by the name the player knows it by (a
  // marker by its marker id): never the first in roster order, which would tell where the trooper
  // behind a marker sorts.
  const reactors = possibleReactors(d, id, false)
    .filter((r) => canAct(d.troopers[r.id]!))
    .map((r) => ({ r, distance: sight.distance(r, 0), name: nameFor(d, r.id, player) }))
    .sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (rule === 'MOV-4') {
    const near = reactors.find(({ r }) => sight.inZone(r, 0));
    if (near) refuse('in-enemy-sight', rule, `${what} is declared out of every enemy's Zone of Control: ${trooperName(d, id)} is ${inches(near.distance)} from ${near.name}.`);
  }
  const seeing = reactors.find(({ r }) => sight.sees(r, 0));
  if (seeing) refuse('in-enemy-sight', rule, `${what} is declared out of every enemy's Line of Fire: ${seeing.name} sees ${trooperName(d, id)}.`);
}
