/**
 * The reveal forms (HD-10, HD-11, HD-13): a hidden trooper that appears by `reveal` in the opponent's
 * turn declares an ARO that does nothing but appear (as the Order keeps it: `appear`, with what it
 * declared); a delay or the HD-14 stop go through `delay` and the camouflage rules. In its own turn a
 * reveal is an Idle on the trooper's own Order (the `idle` skill).
 */
import { REVEAL_DECLARES } from './fields';
import { defineSkill } from '../skill';

export const appear = defineSkill({
  name: 'appear',
  words: { name: 'appears' },
  kind: null,
  keepsMarker: false,
});

/**
 * What each reveal form may be and does (HD-10, HD-11): whether it is declared in the trooper's own
 * Active Turn, or as an ARO in the opponent's; whether a trooper able to deploy as a marker stays one.
 */
export const REVEAL_FORMS: Record<(typeof REVEAL_DECLARES)[number], { active: boolean; aro: boolean; keepsMarker: boolean }> = {
  'cautious-move': { active: true, aro: false, keepsMarker: true },
  'short-move-no-roll': { active: true, aro: true, keepsMarker: true },
  mount: { active: true, aro: false, keepsMarker: true },
  dismount: { active: true, aro: false, keepsMarker: true },
  other: { active: true, aro: true, keepsMarker: false },
  'delay-aro': { active: false, aro: true, keepsMarker: true },
  'stop-marker-state': { active: false, aro: true, keepsMarker: true },
};
