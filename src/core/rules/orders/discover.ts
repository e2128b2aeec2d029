/**
 * Discover as a Short Movement Skill of an Order, and as an ARO (TOC-5, TOC-6): a WIP roll with the
 * range MOD and -6 against a TO Camouflage marker in Line of Fire; never twice against one marker in one
 * Order; a failure locks that trooper out of that marker until the next turn.
 */
import { cylinderGap, type Cylinder } from '../../geometry/shapes';
import { discoverRangeMod } from '../camouflage/discover';
import { refuse, type Tx } from '../context';
import { successValue } from '../dice';
import type { Place } from '../movement/path';
import { silhouetteOf, trooperName } from '../placement';
import { nameFor, requireTrooper } from '../refs';
import { seesFrom } from './sightChecks';

/** The marker a Discover names, checked: an enemy marker, not locked, in Line of Fire from `here`. */
export function checkDiscoverTarget(tx: Tx, id: string, here: Place & { facing: number }, ref: string): string {
  const d = tx.draft;
  const me = d.troopers[id]!;
  const target = requireTrooper(d, ref, me.player);
  const it = d.troopers[target]!;
  if (it.status !== 'marker' || it.player === me.player) refuse('wrong-status', null, `${ref} is not an enemy marker.`);
  const markerId = it.markerId!;
  if ((d.discoverLocks[id] ?? []).includes(markerId)) {
    refuse('discover-locked', 'TOC-6', `${trooperName(d, id)} failed to Discover ${markerId} this turn: it may try again next turn.`);
  }
  // TOC-5: Discover needs Line of Fire to the marker, from where the trooper then stands.
  const facing = me.status === 'marker' || me.status === 'hidden' ? null : here.facing;
  if (!seesFrom(d, tx, id, here, facing, target)) refuse('not-visible', 'TOC-5', `${nameFor(d, id, me.player)} has no Line of Fire to ${markerId}.`);
  return target;
}

/** The Success Value of a Discover from `from` to the marker: WIP, the range MOD, and -6 (FACTS: Discover). */
export function discoverValue(tx: Tx, id: string, from: Cylinder, target: string): number {
  const range = Math.max(0, cylinderGap(from, silhouetteOf(tx.draft, target)!));
  return successValue(tx.profile(id).wip, [discoverRangeMod(range), -6]);
}
