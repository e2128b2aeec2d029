/**
 * Engineer (MIS-15): a Short Skill. The trooper's base touches a friendly trooper with Structure that
 * has lost Wounds; a Normal WIP roll: a success gives one back (an Unconscious one stands again, still
 * Prone); a failure takes one more (Unconscious or Dead as DMG-3) (N4 wiki, Engineer).
 */
import { refuse } from '../../context';
import { successValue } from '../../dice';
import { checkFriend, checkTouchesFriend, giveWoundBack } from '../../missions/specialists';
import { takeWounds } from '../../orders/resolution/damage';
import { hasSkill } from '../../skills';
import { defineSkill, stay } from '../skill';

export const engineer = defineSkill({
  name: 'engineer',
  words: { name: 'Engineer', roll: 'Engineer roll (WIP)' },
  kind: 'short',
  keepsMarker: false,
  declare(tx, order, skill, here) {
    const p = tx.profile(order.trooper);
    if (!hasSkill(p, 'engineer')) refuse('no-skill', 'MIS-15', `${p.name} lacks Engineer.`);
    checkFriend(tx, order.player, skill.target);
    const target = tx.draft.troopers[skill.target]!;
    const tp = tx.profile(skill.target);
    if (!tp.structure) refuse('skill-not-allowed', 'MIS-15', `${tp.name} has no Structure: a Doctor treats it, not an Engineer.`);
    if (target.wounds >= tp.w || (target.status !== 'model' && target.status !== 'unconscious')) refuse('wrong-status', 'MIS-15', `${tp.name} has nothing to repair.`);
    // Its state first, then the contact: a friend it cannot treat is never offered (MIS-15).
    checkTouchesFriend(tx, order.trooper, here, skill.target, 'MIS-15');
    return { ...skill, points: [stay(here)], facing: here.facing };
  },
  plan(p) {
    const active = p.order.trooper;
    p.roll({ roller: active, count: 1, kind: 'wip', skill: 'engineer', sv: successValue(p.tx.profile(active).wip), against: null });
  },
  result(j, _s, mine) {
    const s = j.order.skills.find((k) => k.skill === 'engineer');
    if (!s || s.skill !== 'engineer') return;
    const t = j.tx.draft.troopers[s.target];
    if (!t || (t.status !== 'model' && t.status !== 'unconscious')) return;
    if (mine.best) giveWoundBack(j.tx, s.target);
    else takeWounds(j.tx, s.target, 1);
  },
});
