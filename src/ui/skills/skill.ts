/**
 * A skill on the screen, one module each (ARCHITECTURE.md, "How to add a skill"): the buttons it offers
 * the selected trooper, what each declares (the engine judges it before it is offered), and what a click
 * does: declare at once, draw a path or aim a template on the table, or open a form. The rules of the
 * skill are the core's (src/core/rules/skills/); this module holds no rule.
 */
import type { Rejection, SkillFields, SkillName, TrooperProfile, Weapon } from '../../core/model/types';
import type { StateView } from '../../core/api';

/** What the screen knows when it offers a trooper's skills. */
export interface SkillContext {
  player: 'A' | 'B';
  /** the trooper's key: its id, or its marker id */
  trooper: string;
  profile: TrooperProfile;
  view: StateView;
  /** the Order in progress is this trooper's, waiting for its second skill */
  second: boolean;
}

/** What a click on a skill's button does. */
export type SkillAct =
  | { kind: 'declare'; skill: SkillFields }
  | { kind: 'path'; skill: 'move' | 'cautious-move' | 'jump' | 'climb' }
  | { kind: 'aim'; weapon: string }
  | { kind: 'form'; weapon: Weapon; skill?: 'cc-attack' };

export interface SkillButton {
  key: string;
  label: string;
  testId: string;
  /** the declaration the engine judges to say whether the button is open */
  judge: SkillFields;
  act: SkillAct;
  /** a refusal that only waits for what the player has yet to give (an attack's targets, a template's aim) */
  waits?(r: Rejection): boolean;
  /** a refusal that means the skill is not the trooper's at all: the button is not shown */
  hides?(r: Rejection): boolean;
}

export interface UiSkill<N extends SkillName> {
  readonly skill: N;
  buttons(c: SkillContext): SkillButton[];
}

export function defineUiSkill<N extends SkillName>(s: UiSkill<N>): UiSkill<N> {
  return s;
}

/** A refusal for lacking the skill itself: the trooper does not have it, so it is not offered. */
export const lacksSkill = (r: Rejection) => r.code === 'no-skill';
