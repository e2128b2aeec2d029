/**
 * Whether a profile has a skill, with the skills that imply others (GAME-FILE.md: `combat-jump-explosion`
 * implies `combat-jump`). Every rule asks through `hasSkill`, so an implied skill works everywhere.
 */
import type { Skill, TrooperProfile } from '../model/types';

const IMPLIED_BY: Partial<Record<Skill, Skill[]>> = {
  'combat-jump': ['combat-jump-explosion'],
};

export function hasSkill(p: Pick<TrooperProfile, 'skills'>, skill: Skill): boolean {
  return p.skills.includes(skill) || (IMPLIED_BY[skill] ?? []).some((s) => p.skills.includes(s));
}
