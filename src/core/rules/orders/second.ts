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
import { participants } from './participants';
import { checkCombination, checkSkillRefs, declareSkill } from './skills';
import { checkSecondEach, declareAll } from './coordinated';

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
    // COORD-4: each other participant of a Coordinated Order declares the same second skill.
    const each = o!.with ? checkSecondEach(tx, o!, skill, cmd.each, v) : null;
    v.check(() => {
      if (!o!.with && cmd.each !== undefined) refuse('too-many-troopers', 'COORD-2', '"each" is for a Coordinated Order: this Order has one trooper.');
    });
    v.end();
    return { skill, each };
  },
  effect(tx, cmd, skill) {
    const o = currentOrder(tx);
    // Window 1 still open: the second skill closes it with no AROs.
    enterStage(o, 'second');
    if (skill === null) return declareNone(tx, cmd) as CommandOf<'second'>;
    if (skill.each) {
      for (const p of participants(o)) appearFor(tx, p, p === o.trooper ? skill.skill.skill : skill.each[p]!.skill, undefined);
      declareAll(tx, o, skill.skill, skill.each);
      openWindow(tx, 2);
      return cmd;
    }
    appearFor(tx, o.trooper, skill.skill.skill, undefined);
    o.skills.push(declareSkill(tx, o, skill.skill));
    tx.emit({ type: 'declared', player: cmd.player, trooper: o.trooper, ...skill.skill } as never);
    openWindow(tx, 2);
    return cmd;
  },
});
