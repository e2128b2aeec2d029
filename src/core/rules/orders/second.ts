/**
 * `second` (ORD-5, ORD-6): the active trooper's second skill, from where the first left it, or `none`.
 * While window 1 is open it first closes it with no AROs. It opens window 2; `none` opens it only for
 * troopers that delayed (ARO-3), else the Order resolves at once.
 */
import type { CommandOf, SkillFields } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { currentOrder, declareNone, openWindow } from './flow';
import { STAGES, enterStage } from './stages';
import { appearFor, skillOf } from './order';
import { checkCombination, checkSkillRefs, declareSkill } from './skills';

export const second = defineCommand({
  do: 'second',
  schema: COMMAND_SCHEMAS.second,
  check(tx, cmd) {
    const d = tx.draft;
    const o = d.order;
    const v = new Checks();
    v.check(() => {
      if (d.phase === 'end') refuse('out-of-turn', 'ORD-7', 'The game is over.');
      // ORD-5: the second skill is owed in stage `second`, or given while window 1 is open (closing it).
      if (!o || o.player !== cmd.player || o.entire || !STAGES[o.stage].takes.some((t) => t.do === 'second')) {
        refuse('out-of-turn', 'ORD-5', 'There is no Order waiting for a second skill from this player.');
      }
    });
    v.end();
    if (cmd.skill === 'none') return null;
    const skill = skillOf(cmd as never) as SkillFields;
    checkSkillRefs(tx, cmd.player, o!.trooper, skill, v);
    v.check(() => checkCombination(o, skill, tx.profile(o!.trooper)));
    v.end();
    return skill;
  },
  effect(tx, cmd, skill) {
    const o = currentOrder(tx);
    // Window 1 still open: the second skill closes it with no AROs.
    enterStage(o, 'second');
    if (skill === null) return declareNone(tx, cmd) as CommandOf<'second'>;
    appearFor(tx, o.trooper, skill.skill, undefined);
    o.skills.push(declareSkill(tx, o, skill));
    tx.emit({ type: 'declared', player: cmd.player, trooper: o.trooper, ...skill } as never);
    openWindow(tx, 2);
    return cmd;
  },
});
