/**
 * CC Attack (CC-5, CC-17): one button per close combat weapon (Bare-Handed last), shown only while an
 * enemy model is in contact (the engine's `not-in-contact` hides it); the attack form splits the Burst
 * between the enemies in contact, with the engine's odds beside each.
 */
import { ccWeaponList } from '../../core/api';
import { defineUiSkill } from './skill';

export const ccAttack = defineUiSkill({
  skill: 'cc-attack',
  buttons: (c) =>
    ccWeaponList(c.profile).map((w) => ({
      key: `cc${w.id}`,
      label: `CC Attack: ${w.name}`,
      testId: `skill-cc-${w.id}`,
      judge: { skill: 'cc-attack' as const, weapon: w.id, targets: [] },
      act: { kind: 'form' as const, weapon: w, skill: 'cc-attack' as const },
      // Judged with no target named yet: asking for them only waits; no enemy in contact hides it.
      waits: (r) => r.code === 'bad-burst',
      hides: (r) => r.code === 'not-in-contact',
    })),
});
