/**
 * CC Attack's fields (CC-5, close-combat.md §3): the close combat weapon (a `ccWeapons` id or
 * `bare-handed`; default the profile's first CC weapon, else bare hands), and the targets in contact
 * sharing its Burst; CC-13: the `attacker`, which of the side's troopers in contact with the targets
 * makes the attack (default the active trooper; the weapon is then the attacker's). In ARO: the weapon
 * alone (its one target is the active trooper, Burst 1).
 */
import { z } from 'zod';
import { NUMBER_LIMIT, id, ref } from '../../../schema';

export const active = {
  weapon: id.optional(),
  targets: z.array(z.object({ target: ref, burst: z.number().int().min(0).max(NUMBER_LIMIT) })).max(20),
  attacker: ref.optional(),
};
export const aro = { weapon: id.optional() };
