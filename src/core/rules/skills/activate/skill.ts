/**
 * Activate (MIS-13, MIS-14): a Short Skill of the active turn. The trooper's base touches a mission
 * objective's disc; a Normal WIP roll with the objective's MOD; on a success the objective is activated
 * for the trooper's side. A failure does nothing: it may try again. A side activates an objective once.
 */
import { CONTACT } from '../../../data/facts';
import { refuse } from '../../context';
import { successValue } from '../../dice';
import { discGap, isSpecialist, needMission } from '../../missions/specialists';
import { defineSkill, stay } from '../skill';

export const activate = defineSkill({
  name: 'activate',
  words: { name: 'Activate', roll: 'Activate roll (WIP)' },
  kind: 'short',
  keepsMarker: false,
  declare(tx, order, skill, here) {
    const m = needMission(tx, 'activate');
    const id = order.trooper;
    const p = tx.profile(id);
    const objective = m.objectives.find((o) => o.id === skill.objective);
    const place = tx.draft.setup.objectives.find((o) => o.id === skill.objective);
    // MIS-14: only an objective of the mission.
    if (!objective || !place) refuse('unknown-objective', 'MIS-14', `"${skill.objective}" is not an objective of this mission.`);
    // MIS-13: who may act on it.
    if (objective.by === 'specialists' && !isSpecialist(p)) refuse('not-specialist', 'MIS-13', `${p.name} is not a Specialist Troop: only specialists may activate ${objective.id}.`);
    // MIS-14: a side activates an objective once.
    if (tx.draft.score!.activated[objective.id]?.includes(order.player)) refuse('already-activated', 'MIS-14', `Your side has already activated ${objective.id}.`);
    // MIS-14: base contact with the objective, where the skills before it left the trooper.
    const r = tx.facts.silhouettes[p.s].radius;
    if (discGap({ x: here.x, y: here.y, r }, place) > CONTACT.touch) refuse('not-in-contact', 'MIS-14', `${p.name} is not in contact with ${objective.id}.`);
    return { ...skill, points: [stay(here)], facing: here.facing };
  },
  plan(p, s) {
    const active = p.order.trooper;
    const mod = p.tx.draft.setup.mission?.objectives.find((o) => o.id === s.objective)?.mod ?? 0;
    p.roll({ roller: active, count: 1, kind: 'wip', skill: 'activate', sv: successValue(p.tx.profile(active).wip, [mod]), against: null });
  },
  result(j, _s, mine) {
    if (!mine.best) return; // MIS-14: a failure does nothing
    const s = j.order.skills.find((k) => k.skill === 'activate');
    const score = j.tx.draft.score;
    if (!s || s.skill !== 'activate' || !score) return;
    const sides = score.activated[s.objective] ?? [];
    if (!sides.includes(j.order.player)) score.activated[s.objective] = [...sides, j.order.player].sort();
    j.tx.emit({ type: 'activated', player: j.order.player, trooper: j.order.trooper, objective: s.objective });
  },
});
