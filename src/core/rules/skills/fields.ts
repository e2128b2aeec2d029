/**
 * The fields of every skill, as a game file writes them: one entry per skill in each list, each skill's
 * own fields coming from its folder (`skills/<skill>/fields.ts`). The skill types of the whole engine
 * are derived from these schemas (`z.infer`): there is no second, hand-written list of them. This file
 * and the fields files import nothing but zod and the file format's primitives, so that the model's
 * types can be made from them without any import circle.
 */
import { z } from 'zod';
import { num, point, ref } from '../../schema';
import * as activate from './activate/fields';
import * as bsAttack from './bsAttack/fields';
import * as camouflage from './camouflage/fields';
import * as ccAttack from './ccAttack/fields';
import * as cautiousMove from './cautiousMove/fields';
import * as climb from './climb/fields';
import * as delay from './delay/fields';
import * as discover from './discover/fields';
import * as doctor from './doctor/fields';
import * as dodge from './dodge/fields';
import * as engineer from './engineer/fields';
import * as idle from './idle/fields';
import * as jump from './jump/fields';
import * as move from './move/fields';
import * as sensor from './sensor/fields';

export { REVEAL_DECLARES } from './reveal/fields';

/**
 * The skills the active trooper declares in `order` and `second` (GAME-TURN.md, Skills), each with the
 * command's own fields `base` (none: the skill alone, as the Order keeps it).
 */
export function skillUnion<B extends z.ZodRawShape>(base: B) {
  return z.discriminatedUnion('skill', [
    z.object({ ...base, skill: z.literal('move'), ...move.active }),
    z.object({ ...base, skill: z.literal('cautious-move'), ...cautiousMove.active }),
    z.object({ ...base, skill: z.literal('idle'), ...idle.active }),
    z.object({ ...base, skill: z.literal('discover'), ...discover.active }),
    z.object({ ...base, skill: z.literal('bs-attack'), ...bsAttack.active }),
    z.object({ ...base, skill: z.literal('dodge'), ...dodge.active }),
    z.object({ ...base, skill: z.literal('sensor'), ...sensor.active }),
    z.object({ ...base, skill: z.literal('camouflage'), ...camouflage.active }),
    z.object({ ...base, skill: z.literal('activate'), ...activate.active }),
    z.object({ ...base, skill: z.literal('doctor'), ...doctor.active }),
    z.object({ ...base, skill: z.literal('engineer'), ...engineer.active }),
    z.object({ ...base, skill: z.literal('jump'), ...jump.active }),
    z.object({ ...base, skill: z.literal('climb'), ...climb.active }),
    z.object({ ...base, skill: z.literal('cc-attack'), ...ccAttack.active }),
  ]);
}

/** A skill as the active trooper declares it, without the command around it. */
export const activeSkill = skillUnion({});
export type SkillFields = z.infer<typeof activeSkill>;
export type SkillName = SkillFields['skill'];

/** What every ARO declaration carries: its trooper, the path point it reacts at (ARO-5), a hidden reactor's facing (ARO-4), the participant of a Coordinated Order it reacts against (COORD-6). */
const aroCommon = { trooper: ref, at: point.optional(), revealFacing: num.optional(), against: ref.optional() };

/** The skills a reactive trooper declares in `aros` (ARO-2, ARO-3). */
export const aroDeclaration = z.discriminatedUnion('skill', [
  z.object({ ...aroCommon, skill: z.literal('discover'), ...discover.aro }),
  z.object({ ...aroCommon, skill: z.literal('bs-attack'), ...bsAttack.aro }),
  z.object({ ...aroCommon, skill: z.literal('dodge'), ...dodge.aro }),
  z.object({ ...aroCommon, skill: z.literal('delay'), ...delay.aro }),
  z.object({ ...aroCommon, skill: z.literal('cc-attack'), ...ccAttack.aro }),
]);
export type AroDeclaration = z.infer<typeof aroDeclaration>;
export type AroSkillName = AroDeclaration['skill'];
