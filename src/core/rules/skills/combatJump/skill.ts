/**
 * A Combat Jump (CJ-2) as the Order keeps it: the jumper's own Entire Order, given by the `combatJump`
 * command (rules/combatJump/), which rolls and places the jumper at once; its window resolves only AROs.
 */
import { defineSkill } from '../skill';

export const combatJump = defineSkill({
  name: 'combat-jump',
  words: { name: 'Combat Jump', roll: 'Combat Jump roll (PH)' },
  kind: 'entire',
  keepsMarker: false,
});
