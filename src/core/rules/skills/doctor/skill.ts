/**
 * Doctor (MIS-15): a Short Skill. The trooper's base touches a friendly Unconscious trooper without
 * Structure; a Normal WIP roll: on a success the friend is no longer Unconscious, back to 1 Wound (still
 * Prone); on a failure it is Dead and removed (N4 wiki, Doctor).
 */
import { refuse } from '../../context';
import { successValue } from '../../dice';
import { checkFriend, checkTouchesFriend, giveWoundBack } from '../../missions/specialists';
import { takeWounds } from '../../orders/resolution/damage';
import { hasSkill } from '../../skills';
import { defineSkill, stay } from '../skill';

export const doctor = defineSkill({
  name: 'doctor',
  words: { name: 'Doctor', roll: 'Doctor roll (WIP)' },
  kind: 'short',
  keepsMarker: false,
  declare(tx, order, skill, here) {
    const p = tx.profile(order.trooper);
    if (!hasSkill(p, 'doctor')) refuse('no-skill', 'MIS-15', `${p.name} lacks Doctor.`);
    checkFriend(tx, order.player, skill.target);
    const target = tx.draft.troopers[skill.target]!;
    const tp = tx.profile(skill.target);
    if (tp.structure) refuse('skill-not-allowed', 'MIS-15', `${tp.name} has Structure: an Engineer repairs it, not a Doctor.`);
    if (target.status !== 'unconscious') refuse('wrong-status', 'DMG-3', `${tp.name} is not Unconscious.`);
    // Its state first, then the contact: a friend it cannot treat is never offered (MIS-15).
    checkTouchesFriend(tx, order.trooper, here, skill.target, 'MIS-15');
    return { ...skill, points: [stay(here)], facing: here.facing };
  },
  plan(p) {
    const active = p.order.trooper;
    p.roll({ roller: active, count: 1, kind: 'wip', skill: 'doctor', sv: successValue(p.tx.profile(active).wip), against: null });
  },
  result(j, _s, mine) {
    const s = j.order.skills.find((k) => k.skill === 'doctor');
    if (!s || s.skill !== 'doctor' || j.tx.draft.troopers[s.target]?.status !== 'unconscious') return;
    if (mine.best) giveWoundBack(j.tx, s.target);
    else takeWounds(j.tx, s.target, 1); // MIS-15: a failed Doctor roll: Dead
  },
});
