/**
 * Every skill, one module each (ARCHITECTURE.md, "How to add a skill"). The Order's commands and the
 * resolution find a skill here by its name; the compiler demands a module for every skill the file's
 * schemas name (rules/skills/fields.ts), so a new skill cannot be half added.
 */
import type { TrooperProfile } from '../../model/types';
import type { AnySkillName, SkillKind, SkillModule } from './skill';
import { activate } from './activate/skill';
import { bsAttack } from './bsAttack/skill';
import { camouflage } from './camouflage/skill';
import { ccAttack } from './ccAttack/skill';
import { cautiousMove } from './cautiousMove/skill';
import { climb } from './climb/skill';
import { combatJump } from './combatJump/skill';
import { delay } from './delay/skill';
import { discover } from './discover/skill';
import { doctor } from './doctor/skill';
import { dodge } from './dodge/skill';
import { engineer } from './engineer/skill';
import { idle } from './idle/skill';
import { jump } from './jump/skill';
import { move } from './move/skill';
import { appear } from './reveal/skill';
import { sensor } from './sensor/skill';

export const SKILL_MODULES: { readonly [N in AnySkillName]: SkillModule<N> } = {
  move,
  'cautious-move': cautiousMove,
  idle,
  discover,
  'bs-attack': bsAttack,
  dodge,
  sensor,
  camouflage,
  delay,
  'combat-jump': combatJump,
  appear,
  activate,
  doctor,
  engineer,
  jump,
  climb,
  'cc-attack': ccAttack,
};

export function skillModule<N extends AnySkillName>(name: N): SkillModule<N> {
  return SKILL_MODULES[name];
}

/** ORD-6: a skill's kind (an ARO-only skill has none). */
export function skillKind(name: AnySkillName): SkillKind | null {
  return SKILL_MODULES[name].kind;
}

/** ORD-6: the kind of a skill as this trooper declares it (MOV-12: a Super-Jumper's Jump without `entire` is short). */
export function declaredKind(profile: TrooperProfile, skill: { skill: AnySkillName }): SkillKind | null {
  const m = SKILL_MODULES[skill.skill] as SkillModule<AnySkillName>;
  return m.kindOf ? m.kindOf(profile, skill as never) : m.kind;
}

/** HD-11, TOC-11: whether declaring it keeps a marker a marker. */
export function keepsMarker(name: AnySkillName): boolean {
  return SKILL_MODULES[name].keepsMarker;
}
