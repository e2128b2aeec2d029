/** Idle (MOV-6): a Short Movement Skill that does nothing where the trooper stands; its ARO windows still open. */
import { defineSkill, stay } from '../skill';

export const idle = defineSkill({
  name: 'idle',
  words: { name: 'Idle' },
  kind: 'short-movement',
  keepsMarker: true,
  declare(_tx, _order, skill, here) {
    return { ...skill, points: [stay(here)], facing: here.facing };
  },
});
