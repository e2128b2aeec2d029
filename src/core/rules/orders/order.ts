/**
 * `order` (ORD-5): the active player names a trooper and the Order it spends, and declares the first
 * skill; window 1 opens (Cautious Movement opens it only if it ends in an enemy's sight, MOV-4). A hidden
 * trooper spends only its own Order and appears first (HD-3, HD-10, HD-11); a marker declaring anything
 * but a Move, Cautious Movement or Idle is revealed for the whole Order (TOC-11, TOC-13).
 */
import type { CommandOf, OrderSource, OrderState, SkillFields } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse, type Tx } from '../context';
import { checkNoFallbackOwed } from '../deployment/common';
import { appearAt, revealSpot } from '../hidden/spot';
import { lieutenantOf } from '../initiative/lieutenant';
import { trooperName } from '../placement';
import { checkOwner, nameFor, requireTrooper } from '../refs';
import { hasSkill } from '../skills';
import { eligibleIn, openWindow, resolveOrder } from './flow';
import { openOwnOrder } from './open';
import { checkSkillRefs, declareSkill } from './skills';
import { keepsMarker } from '../skills/registry';
import { checkCoordinated, declareAll, spendCoordinated, type Coordination } from './coordinated';

/** Which Order a trooper spends (ORD-2, ORD-3, HD-3), or a refusal. */
function orderSource(tx: Tx, id: string, asked: OrderSource | undefined): OrderSource {
  const d = tx.draft;
  const t = d.troopers[id]!;
  const pool = d.pool!;
  const name = nameFor(d, id, t.player);
  if (t.status === 'hidden') {
    // HD-3: a hidden trooper adds no Order to the pool; it spends only its own Order, to appear.
    if (asked !== undefined && asked !== 'own') refuse('no-order', 'HD-3', `${name} is hidden: it spends only its own Order, to appear.`);
    return 'own';
  }
  const group = String(t.group);
  const from = asked ?? ((pool.irregular[id] ?? 0) > 0 ? 'irregular' : 'regular');
  if (from === 'own') refuse('no-order', 'HD-3', `Only a hidden trooper spends its own Order; ${name} takes one from the pool.`);
  if (from === 'lieutenant') {
    if (lieutenantOf(d, t.player) !== id) refuse('no-order', 'ORD-3', 'Only the Lieutenant may spend the Lieutenant Special Order.');
    if (pool.lieutenant < 1) refuse('no-order', 'ORD-3', 'The Lieutenant Special Order of this turn is spent.');
  } else if (from === 'irregular') {
    if ((pool.irregular[id] ?? 0) < 1) refuse('no-order', 'ORD-2', `${name} has no Irregular Order left this turn.`);
  } else if ((pool.groups[group] ?? 0) < 1) {
    refuse('no-order', 'ORD-2', `Combat Group ${group} has no Regular Order left this turn.`);
  }
  return from;
}

/** ORD-5: the game is on, it is the player's turn, and no Order is waiting for something else. */
export function checkOrderTurn(tx: Tx, player: 'A' | 'B'): void {
  const d = tx.draft;
  if (d.phase === 'end') refuse('out-of-turn', 'ORD-7', 'The game is over.');
  if (d.phase !== 'game') refuse('out-of-turn', 'ORD-5', 'Orders are given in the game, after the Deployment Phase.');
  if (d.active !== player) refuse('out-of-turn', 'ORD-5', `It is Player ${d.active}'s turn: Player ${player} gives no Order now.`);
  if (d.order) refuse('out-of-turn', 'ORD-5', 'An Order is in progress: it must be finished first.');
}

/** Spends the Order (ORD-2, ORD-3; GRP-4: the Lieutenant Special Order shows who the Lieutenant is). */
function spend(tx: Tx, id: string, from: OrderSource): void {
  const d = tx.draft;
  const t = d.troopers[id]!;
  const pool = tx.own('pool')!;
  if (from === 'lieutenant') {
    pool.lieutenant -= 1;
    tx.own('lieutenantKnown')[t.player] = true;
  } else if (from === 'irregular') pool.irregular[id]! -= 1;
  else if (from === 'regular') pool.groups[String(t.group)]! -= 1;
  // The Order given is counted once, where every Order opens (open.ts: openOwnOrder).
}

/**
 * HD-10, HD-11, TOC-11, TOC-13: a hidden trooper appears (as its marker where what it declares keeps
 * it hidden), and a marker declaring a skill that reveals it becomes its model, for the whole Order.
 */
export function appearFor(tx: Tx, id: string, skill: SkillFields['skill'], facing: number | undefined): void {
  const t = tx.trooper(id);
  const keeps = keepsMarker(skill);
  if (t.status === 'hidden') {
    const spot = revealSpot(tx, id);
    const as = hasSkill(tx.profile(id), 'to-camouflage') && keeps ? 'marker' : 'model';
    appearAt(tx, id, spot, as, facing);
  } else if (t.status === 'marker' && !keeps) {
    t.status = 'model';
    tx.emit({ type: 'revealed', player: t.player, trooper: id, as: 'model', x: t.x!, y: t.y!, z: t.z!, facing: t.facing ?? 0 });
  }
}

/** The skill's own fields, as the `declared` event and the Order's record carry them. */
export function skillOf(cmd: { skill: string } & Record<string, unknown>): SkillFields {
  const { do: _do, player: _p, trooper: _t, from: _f, dice: _d, with: _w, each: _e, ...fields } = cmd;
  return fields as unknown as SkillFields;
}

export const order = defineCommand({
  do: 'order',
  schema: COMMAND_SCHEMAS.order,
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const t = tx.peek(id);
    const skill = skillOf(cmd as never);
    const v = new Checks();
    v.check(() => checkOrderTurn(tx, cmd.player));
    v.check(() => checkOwner(d, cmd.player, id));
    v.check(() => {
      if (t.status === 'unconscious') refuse('wrong-status', 'DMG-3', `${trooperName(d, id)} is Unconscious: it can neither act nor react.`);
      if (t.status === 'off-table') refuse('wrong-status', null, `${trooperName(d, id)} waits in the air: it enters only with its Combat Jump.`);
      if (t.status !== 'model' && t.status !== 'marker' && t.status !== 'hidden') refuse('wrong-status', null, `${nameFor(d, id, cmd.player)} is not on the table.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    if (cmd.with !== undefined || cmd.each !== undefined) {
      // COORD-1 to COORD-4: a Coordinated Order, its Spearhead checked as above first.
      v.end();
      const coord: Coordination = checkCoordinated(tx, cmd, id, skill);
      checkSkillRefs(tx, cmd.player, id, skill, v);
      v.end();
      return { id, from: 'regular' as OrderSource, skill, coord };
    }
    checkSkillRefs(tx, cmd.player, id, skill, v);
    // The Order spent, where there is a pool to spend it from (an earlier check refused otherwise).
    const from = d.pool ? v.value(() => orderSource(tx, id, cmd.from)) : null;
    v.end();
    return { id, from: from!, skill, coord: null as Coordination | null };
  },
  effect(tx, cmd, { id, from, skill, coord }) {
    if (coord) return coordinatedOrder(tx, cmd, id, skill, coord);
    const t = tx.trooper(id);
    const began = t.status as 'model' | 'marker' | 'hidden';
    spend(tx, id, from);
    const o: OrderState = openOwnOrder(tx, id, skill, from, began);
    o.skills = [];
    appearFor(tx, id, skill.skill, 'facing' in skill ? skill.facing : undefined);
    const declared = declareSkill(tx, o, skill);
    o.skills.push(declared);
    tx.emit({ type: 'declared', player: cmd.player, trooper: id, ...skill, from } as never);
    if (skill.skill === 'cautious-move') {
      // MOV-4: no ARO unless it ends inside an enemy's Line of Fire or Zone of Control.
      if (eligibleIn(tx, o, 1).length === 0) return resolveOrder(tx, cmd) as CommandOf<'order'>;
    }
    openWindow(tx, 1);
    return cmd;
  },
});

/**
 * COORD-1 to COORD-7: a Coordinated Order: the Regular Order and the Command Token spent, the Order
 * opened with the Spearhead, each marker that declares a skill that reveals it revealed, the first
 * skill declared for all, and window 1 opened (Cautious Movement: only if one of them ends in sight).
 */
function coordinatedOrder(tx: Tx, cmd: CommandOf<'order'>, id: string, skill: SkillFields, coord: Coordination): CommandOf<'order'> {
  const all = [id, ...coord.others];
  const beganEach: Record<string, 'model' | 'marker' | 'hidden'> = Object.create(null);
  for (const p of all) beganEach[p] = tx.trooper(p).status as 'model' | 'marker';
  spendCoordinated(tx, cmd.player, id, coord.others);
  const o: OrderState = openOwnOrder(tx, id, skill, 'regular', beganEach[id]);
  o.skills = [];
  o.with = [...coord.others];
  o.beganEach = beganEach;
  for (const p of all) {
    const mine = p === id ? skill : coord.each[p]!;
    appearFor(tx, p, mine.skill, 'facing' in mine ? mine.facing : undefined);
  }
  declareAll(tx, o, skill, coord.each, 'regular');
  if (skill.skill === 'cautious-move' && eligibleIn(tx, o, 1).length === 0) return resolveOrder(tx, cmd) as CommandOf<'order'>;
  openWindow(tx, 1);
  return cmd;
}
