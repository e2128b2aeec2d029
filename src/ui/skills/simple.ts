/** The skills declared with a click and no fields: Idle (MOV-6), Dodge (ATK-5), Sensor (ATK-6), back to camouflage (TOC-1). */
import { defineUiSkill, lacksSkill, type SkillButton } from './skill';

const button = (skill: 'idle' | 'dodge' | 'sensor' | 'camouflage', label: string): SkillButton => ({
  key: skill,
  label,
  testId: `skill-${skill}`,
  judge: { skill },
  act: { kind: 'declare', skill: { skill } },
  hides: lacksSkill,
});

export const idle = defineUiSkill({ skill: 'idle', buttons: () => [button('idle', 'Idle')] });
export const dodge = defineUiSkill({ skill: 'dodge', buttons: () => [button('dodge', 'Dodge')] });
export const sensor = defineUiSkill({ skill: 'sensor', buttons: (c) => (c.profile.skills.includes('sensor') ? [button('sensor', 'Sensor')] : []) });
export const camouflage = defineUiSkill({ skill: 'camouflage', buttons: (c) => (c.profile.skills.includes('to-camouflage') ? [button('camouflage', 'Back to camouflage')] : []) });
