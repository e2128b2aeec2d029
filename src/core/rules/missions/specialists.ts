/**
 * Specialist Troops and what they work on (MIS-13 to MIS-15): who is a specialist, base contact with an
 * objective or a friend, a Wound given back. The skills themselves are modules under rules/skills/.
 */
import { CONTACT } from '../../data/facts';
import type { PlayerId, Skill, TrooperProfile } from '../../model/types';
import { refuse, type Tx } from '../context';
import type { Place } from '../movement/path';
import { opponentKnows } from '../refs';
import { hasSkill } from '../skills';

/** MIS-13: the profile skills that make a Specialist Troop. */
export const SPECIALIST_SKILLS: readonly Skill[] = ['hacker', 'doctor', 'engineer', 'forward-observer', 'specialist-operative'];

export function isSpecialist(p: Pick<TrooperProfile, 'skills'>): boolean {
  return SPECIALIST_SKILLS.some((s) => hasSkill(p, s));
}

/** The gap between two discs seen from above (FACTS: Contact: they touch when it is at most CONTACT.touch). */
export function discGap(a: { x: number; y: number; r: number }, b: { x: number; y: number; r: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r;
}

/** MIS-1: a mission skill in a game without a mission is refused. */
export function needMission(tx: Tx, what: string): NonNullable<Tx['draft']['setup']['mission']> {
  const m = tx.draft.setup.mission;
  if (!m || !tx.draft.score) refuse('no-mission', 'MIS-1', `This game has no mission: there is nothing to ${what}.`);
  return m;
}

/** MIS-15: the target is one of the player's own troopers (an enemy it may not know of answers as none). */
export function checkFriend(tx: Tx, player: PlayerId, target: string): void {
  const t = tx.draft.troopers[target];
  // An enemy the player may not know of is answered as one that does not exist (GAME-TURN.md, "Secrets in refusals").
  if (!t || (t.player !== player && !opponentKnows(t.status))) refuse('unknown-trooper', null, `There is no trooper "${target}".`);
  if (t.player !== player) refuse('not-your-trooper', null, `${target} is not one of your troopers.`);
}

/** MIS-15: the trooper's base, where the skills before it left it, touches the friend's base. */
export function checkTouchesFriend(tx: Tx, user: string, here: Place, target: string, rule: string): void {
  const t = tx.draft.troopers[target]!;
  if (t.x === null || t.y === null) refuse('not-in-contact', rule, `${tx.profile(target).name} is not on the table.`);
  const r = tx.facts.silhouettes[tx.profile(user).s].radius;
  const rt = tx.facts.silhouettes[tx.profile(target).s].radius;
  if (discGap({ x: here.x, y: here.y, r }, { x: t.x, y: t.y, r: rt }) > CONTACT.touch) {
    refuse('not-in-contact', rule, `${tx.profile(user).name} is not in base contact with ${tx.profile(target).name}.`);
  }
}

/** MIS-15: one Wound back; an Unconscious trooper stands again (still Prone), never above its Wounds. */
export function giveWoundBack(tx: Tx, id: string): void {
  const t = tx.trooper(id);
  t.wounds = Math.min(t.wounds + 1, tx.profile(id).w);
  if (t.status === 'unconscious' && t.wounds > 0) t.status = 'model';
  // MIS-12 `treat-friend`: a success of the side's Doctor or Engineer.
  const score = tx.draft.score;
  if (score) score.treated = { A: score.treated?.A ?? 0, B: score.treated?.B ?? 0, [t.player]: (score.treated?.[t.player] ?? 0) + 1 };
  tx.emit({ type: 'wounds', player: t.player, trooper: id, wounds: t.wounds, status: t.status });
}
