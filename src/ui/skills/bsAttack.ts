/**
 * BS Attack (ATK-1, TPL-1): one button per weapon. A template is aimed on the table; any other weapon
 * opens the attack form, where the Burst is split between targets with the engine's odds beside each.
 */
import { defineUiSkill } from './skill';

export const bsAttack = defineUiSkill({
  skill: 'bs-attack',
  buttons: (c) =>
    c.profile.weapons.map((w) => ({
      key: `w${w.id}`,
      label: w.kind === 'direct' ? `${w.name} (aim on the table)` : `BS Attack: ${w.name}`,
      testId: `skill-attack-${w.id}`,
      judge: { skill: 'bs-attack' as const, weapon: w.id, targets: [] },
      act: w.kind === 'direct' ? { kind: 'aim' as const, weapon: w.id } : { kind: 'form' as const, weapon: w },
      // Judged with no target named yet: asking for the targets (ATK-1) or a template's aim (TPL-1) only
      // waits for them; any other refusal (a second Short Skill, ORD-6; no Order left) greys it out.
      waits: (r) => r.code === 'bad-burst' || (w.kind === 'direct' && r.rule === 'TPL-1'),
    })),
});
