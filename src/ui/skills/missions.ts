/**
 * The mission skills on the screen (docs/rules/missions.md): Activate (MIS-14) one button per objective
 * of the mission, Doctor and Engineer (MIS-15) one per friend they might treat. The engine judges each
 * button (contact, who may act, what is owed); a refusal that means the skill is not this trooper's at
 * all hides it.
 */
import type { Rejection } from '../../core/model/types';
import { gameStore } from '../../state/gameStore';
import { objectiveLabel } from '../labels';
import { defineUiSkill, lacksSkill, type SkillContext } from './skill';

/** A friend's name as its own player knows it (the buttons are only ever the acting player's own). */
function friendName(c: SkillContext, id: string): string {
  return gameStore.getState().setup.players[c.player].troopers.find((t) => t.id === id)?.name ?? id;
}

const notForThisTrooper = (r: Rejection) => lacksSkill(r) || r.code === 'not-specialist' || r.code === 'no-mission' || r.code === 'already-activated';
const notThisTarget = (r: Rejection) => lacksSkill(r) || r.code === 'wrong-status' || r.code === 'skill-not-allowed';

export const activate = defineUiSkill({
  skill: 'activate',
  buttons: (c) =>
    Object.keys(c.view.score?.activated ?? {}).map((objective) => ({
      key: `act-${objective}`,
      label: `Activate ${objectiveLabel(objective)}`,
      testId: `skill-activate-${objective}`,
      judge: { skill: 'activate' as const, objective },
      act: { kind: 'declare' as const, skill: { skill: 'activate' as const, objective } },
      hides: notForThisTrooper,
    })),
});

/** Own troopers that are Unconscious or on the table, other than the trooper itself: who a Doctor or Engineer might treat. */
function friends(c: SkillContext): string[] {
  return Object.entries(c.view.troopers)
    .filter(([id, t]) => t.player === c.player && id !== c.trooper && (t.status === 'unconscious' || t.status === 'model'))
    .map(([id]) => id);
}

export const doctor = defineUiSkill({
  skill: 'doctor',
  buttons: (c) =>
    c.profile.skills.includes('doctor')
      ? friends(c).map((target) => ({
          key: `doctor-${target}`,
          label: `Doctor: ${friendName(c, target)}`,
          testId: `skill-doctor-${target}`,
          judge: { skill: 'doctor' as const, target },
          act: { kind: 'declare' as const, skill: { skill: 'doctor' as const, target } },
          hides: notThisTarget,
        }))
      : [],
});

export const engineer = defineUiSkill({
  skill: 'engineer',
  buttons: (c) =>
    c.profile.skills.includes('engineer')
      ? friends(c).map((target) => ({
          key: `engineer-${target}`,
          label: `Repair ${friendName(c, target)}`,
          testId: `skill-engineer-${target}`,
          judge: { skill: 'engineer' as const, target },
          act: { kind: 'declare' as const, skill: { skill: 'engineer' as const, target } },
          hides: notThisTarget,
        }))
      : [],
});
