/**
 * A delayed ARO (ARO-3): against a marker, every ARO but Discover is declared as a delay in window 1, and
 * declared again against the marker's second skill, in window 2.
 */
import { refuse } from '../../context';
import { defineSkill } from '../skill';

export const delay = defineSkill({
  name: 'delay',
  words: { name: 'delays its ARO' },
  kind: null,
  keepsMarker: true,
  aro: {
    allowed(c) {
      if (c.window === 2) refuse('skill-not-allowed', 'ARO-3', 'An ARO is delayed in window 1 only.');
      if (!c.marker) refuse('skill-not-allowed', 'ARO-3', 'An ARO is delayed only against a marker.');
    },
    takesAt: false,
  },
});
