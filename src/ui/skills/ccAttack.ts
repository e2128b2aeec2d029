/** CC Attack (CC-5, CC-17): offered on the table in a later step; the core takes it from commands today. */
import { defineUiSkill } from './skill';

export const ccAttack = defineUiSkill({ skill: 'cc-attack', buttons: () => [] });
