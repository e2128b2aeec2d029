/**
 * The skills of an Order (GAME-TURN.md: Skills): where the skills declared so far leave the active
 * trooper, what an Order may hold (ORD-6), and declaring one through its module (rules/skills/).
 */
import type { DeclaredSkill, OrderState, PlayerId, SkillFields, TrooperProfile } from '../../model/types';
import type { Checks } from '../checks';
import { refuse, type Tx } from '../context';
import type { Place } from '../movement/path';
import { SKILL_MODULES, declaredKind } from '../skills/registry';
import type { SkillOf } from '../skills/skill';
import { checkRetreat } from '../missions/situations';
import { trooperName } from '../placement';

/**
 * LOF-1: the active trooper's facing at the points an ARO window looks at, for its own Line of Fire
 * back: the facing of the skill declared just before the window (a Move's holds at every point of its
 * path), or where the skills before left it; a marker sees all round.
 */
export function facingInWindow(tx: Tx, order: OrderState, window: 1 | 2): number | null {
  const t = tx.peek(order.trooper);
  if (t.status === 'marker' || t.status === 'hidden') return null;
  const skill = order.skills[window - 1];
  return skill ? skill.facing : positionNow(tx, order).facing;
}

/** Where the active trooper stands and faces after the skills declared so far (the state keeps its start). */
export function positionNow(tx: Tx, order: OrderState): Place & { facing: number } {
  return positionAfter(tx, order, order.skills.length);
}

/** Where the active trooper stands and faces after its first `n` skills. */
export function positionAfter(tx: Tx, order: OrderState, n: number): Place & { facing: number } {
  const last = order.skills[n - 1];
  if (last) {
    const p = last.points.at(-1)!;
    return { x: p.x, y: p.y, z: p.z, facing: last.facing };
  }
  const t = tx.peek(order.trooper);
  return { x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 };
}

/**
 * ORD-6: what the Order may hold: two Short Movement Skills (never two Discovers on one marker), or one
 * Short Movement Skill and one Short Skill in either order, or one Entire Order.
 */
export function checkCombination(order: OrderState | null, skill: SkillFields, profile: TrooperProfile): void {
  const kind = declaredKind(profile, skill);
  if (!order || order.skills.length === 0) return;
  const first = order.skills[0]!;
  const firstKind = declaredKind(profile, first);
  if (kind === 'entire') refuse('skill-not-allowed', 'ORD-6', `${skill.skill} is an Entire Order: it cannot be an Order's second skill.`);
  if (firstKind === 'short' && kind === 'short') refuse('skill-not-allowed', 'ORD-6', 'An Order holds one Short Skill at most: the second skill must be a Short Movement Skill.');
  if (first.skill === 'discover' && skill.skill === 'discover' && first.target === skill.target) {
    refuse('skill-not-allowed', 'ORD-6', `Never two Discovers against ${skill.target} in one Order.`);
  }
}

type Declarable = SkillFields['skill'];

/** CC-3: what an Engaged trooper may declare (Reset and Berserk are not built, CC-16). */
export const ENGAGED_SKILLS: readonly string[] = ['cc-attack', 'dodge', 'idle'];

function refsOf<N extends Declarable>(name: N, tx: Tx, player: PlayerId, id: string, skill: SkillOf<N>, v: Checks): void {
  SKILL_MODULES[name].checkRefs?.(tx, player, id, skill, v);
}

function declareOf<N extends Declarable>(name: N, tx: Tx, order: OrderState, skill: SkillOf<N>, here: Place & { facing: number }): DeclaredSkill {
  return SKILL_MODULES[name].declare!(tx, order, skill, here);
}

/** The checks every skill of the active trooper makes of what it names, before its own (its module's). */
export function checkSkillRefs(tx: Tx, player: PlayerId, id: string, skill: SkillFields, v: Checks): void {
  refsOf(skill.skill, tx, player, id, skill, v);
}

/**
 * The checks of one skill of the active trooper, from where the skills before it left it (its module's);
 * returns the skill as declared, with its points and facing.
 */
export function declareSkill(tx: Tx, order: OrderState, skill: SkillFields): DeclaredSkill {
  // MOV-14: on a wall, without Climbing Plus (not built), a trooper only climbs.
  if (tx.peek(order.trooper).onWall && skill.skill !== 'climb') refuse('skill-not-allowed', 'MOV-14', 'On a wall a trooper may only Climb.');
  checkRetreat(tx, order.player, skill.skill); // MIS-18
  // CC-3: an Engaged trooper (as the Order began) declares only CC Attack, Dodge or Idle.
  if (tx.peek(order.trooper).engaged && !ENGAGED_SKILLS.includes(skill.skill)) refuse('skill-not-allowed', 'CC-3', `${trooperName(tx.draft, order.trooper)} is Engaged: it may only CC Attack, Dodge or Idle.`);
  return declareOf(skill.skill, tx, order, skill, positionNow(tx, order));
}
