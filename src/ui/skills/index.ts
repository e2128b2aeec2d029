/**
 * Every skill the active trooper declares, as the screen offers it: one module each, in the order the
 * panel shows them. The compiler demands a module for every skill of the file's schemas.
 */
import type { SkillName } from '../../core/model/types';
import { bsAttack } from './bsAttack';
import { cautiousMove } from './cautiousMove';
import { ccAttack } from './ccAttack';
import { discover } from './discover';
import { activate, doctor, engineer } from './missions';
import { move } from './move';
import { camouflage, dodge, idle, sensor } from './simple';
import { climb, jump } from './vertical';
import type { UiSkill } from './skill';

export const UI_SKILLS: { readonly [N in SkillName]: UiSkill<N> } = {
  move,
  'cautious-move': cautiousMove,
  idle,
  dodge,
  sensor,
  camouflage,
  discover,
  'bs-attack': bsAttack,
  activate,
  doctor,
  engineer,
  jump,
  climb,
  'cc-attack': ccAttack,
};

export type { SkillAct, SkillButton, SkillContext } from './skill';
