/**
 * BS Attack's fields (ATK-1, TPL-1): the weapon, and the targets sharing its Burst, or a direct
 * template's aim; `fireFrom`, where it shoots from (a point of the Move before it in the Order, or where
 * the trooper stands). In ARO: the weapon alone (its one target is the active trooper, Burst 1).
 */
import { z } from 'zod';
import { NUMBER_LIMIT, id, plane, ref } from '../../../schema';

export const active = {
  weapon: id,
  // CC-10: `stray`, the ally of the attacker's in the target's close combat that a near miss hits (the player's choice).
  targets: z.array(z.object({ target: ref, burst: z.number().int().min(0).max(NUMBER_LIMIT), stray: ref.optional() })).max(20).optional(),
  aim: plane.optional(),
  fireFrom: plane.optional(),
};
export const aro = { weapon: id };
