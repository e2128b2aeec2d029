/**
 * The resolution of an Order (GAME-TURN.md, "Resolution and dice"): once the last window closes,
 * movement first, then every roll, then saves, then Wounds and states; a pure function of the
 * declarations and the dice. The parts: the plan of the rolls (plan.ts), where the dice come from
 * (dice.ts), the judging of the rolls, Face to Face (judge.ts), saves and Wounds (damage.ts).
 */
import type { Command, OrderState } from '../../../model/types';
import type { Tx } from '../../context';
import { normaliseFacing } from '../../placement';
import { SKILL_MODULES } from '../../skills/registry';
import type { AnySkillName, DeclaredOf } from '../../skills/skill';
import { saveAll } from './damage';
import { OrderDice, drawRolls } from './dice';
import { judge } from './judge';
import { plan } from './plan';
import { enterStage } from '../stages';
import { enterDodgeMoves } from '../../movement/dodgeMove';
import { participants, viewAs } from '../participants';

/**
 * Once the last window closes. Returns the closing command as recorded (random dice written in); with
 * manual dice it may leave the Order in stage `rolls` or `saves`, waiting for the dice it needs.
 */
export function resolve(tx: Tx, order: OrderState, closing: Command): Command {
  const d = tx.draft;
  const dice = new OrderDice(tx, closing, order.given);
  if (order.stage !== 'saves') {
    const { specs, directs } = plan(tx, order);
    const needs = drawRolls(specs, dice);
    if (Object.keys(needs).length > 0) {
      // ORD-5: manual dice: the Order waits in stage `rolls` for every die whose need is known.
      enterStage(order, 'rolls');
      order.needs = needs;
      return closing;
    }
    move(tx, order);
    order.hits = judge(tx, order, specs, directs);
  }
  const hits = order.hits ?? [];
  if (!saveAll(tx, order, hits, dice, closing)) return closing;
  for (const p of participants(order)) {
    const view = viewAs(order, p);
    for (const s of view.skills) if (!s.idleInstead) effectsOf(tx, view, s.skill, s);
    const first = view.skills[0];
    if (first && !first.idleInstead) SKILL_MODULES[first.skill].afterSaves?.(tx, view);
  }  // MOV-20: each successful dodger still standing moves (or not) by its player's `dodgeMove`.
  if (enterDodgeMoves(tx, order)) return recordDice(closing, dice);
  d.order = null;
  return recordDice(closing, dice);
}

/** A skill's effects that need no roll (CC-9), after the saves. */
function effectsOf<N extends AnySkillName>(tx: Tx, order: OrderState, name: N, s: DeclaredOf<N>): void {
  SKILL_MODULES[name].effects?.(tx, order, s);
}

/** The closing command as recorded: random dice drawn by the resolution written in. */
function recordDice(closing: Command, dice: OrderDice): Command {
  if (dice.drawn.length > 0) return { ...closing, dice: [...(('dice' in closing && closing.dice) || []), ...dice.drawn] } as Command;
  return closing;
}

/**
 * Movement first (MOV-1, MOV-5): the trooper ends where its last Move put it. COORD-9: every participant
 * of a Coordinated Order in listed order, the Spearhead first; COORD-5: one whose path an earlier one
 * blocked does Idle in its place.
 */
function move(tx: Tx, order: OrderState): void {
  for (const p of participants(order)) moveOne(tx, viewAs(order, p));
}

function moveOne(tx: Tx, order: OrderState): void {
  const t = tx.trooper(order.trooper);
  for (const s of order.skills) {
    if (s.idleInstead) {
      tx.emit({ type: 'idleInstead', player: order.player, trooper: order.trooper, skill: s.skill });
      continue;
    }
    if (!SKILL_MODULES[s.skill].moves) continue;
    const end = s.points.at(-1)!;
    t.x = end.x;
    t.y = end.y;
    t.z = end.z;
    t.facing = normaliseFacing(s.facing);
    // MOV-19: every Movement skill says it moved, a Move of no length (a turn in place) included.
    const skill = s.skill === 'cautious-move' || s.skill === 'jump' || s.skill === 'climb' ? { skill: s.skill } : {};
    const prone = 'prone' in s && s.prone ? { prone: true } : {};
    // MOV-14: a Climb may end on the face; any other movement leaves it.
    const onWall = s.onWall ? { onWall: true } : {};
    if (s.onWall) t.onWall = true;
    else delete t.onWall;
    tx.emit({ type: 'moved', player: order.player, trooper: order.trooper, path: s.points.map((p) => ({ ...p })), x: end.x, y: end.y, z: end.z, facing: t.facing, ...skill, ...prone, ...onWall });
  }
}
