/**
 * The Order as a state machine (ORD-5): stages `aro1 -> second -> aro2 -> rolls -> saves`, the two ARO
 * windows (opened even when nobody may react), closing a window without AROs, and the resolution, a
 * pure function of the declarations and the dice.
 *
 * Dice, one source and one draw order (GAME-TURN.md): the active trooper's skills in declaration order,
 * then each ARO in the order declared (window 1, then window 2). Seeded games draw them from the stream
 * in that order; random games write every die drawn, in that order, as `dice` into the command that
 * closed the last window, and a replay takes them from there; manual games stop in stage `rolls` with
 * `needs`, and the `rolls` command gives them.
 */
import type { Command, OrderState } from '../../model/types';
import { otherPlayer } from '../../model/types';
import { refuse, type Tx } from '../context';
import { possibleReactors, Sight, type Reactor } from '../aros/sight';
import type { Place } from '../movement/path';
import { facingInWindow, positionAfter, positionNow } from './skills';
import { closeCombatOf, touchesFrom } from '../closeCombat/engaged';
import { resolve } from './resolution/resolve';
import { skipDodgeMoves } from '../movement/dodgeMove';
import { STAGES, enterStage } from './stages';
import { participants, viewAs } from './participants';
import { dict } from '../../dict';

export function currentOrder(tx: Tx): OrderState {
  const o = tx.draft.order;
  if (!o) throw new Error('no Order in progress');
  return o;
}

/** The points a window looks at: the path of the skill declared just before it, or where the trooper stands. */
export function windowPoints(tx: Tx, order: OrderState, window: 1 | 2): Place[] {
  const skill = order.skills[window - 1];
  // MOV-4: Cautious Movement gives AROs only where it ends.
  if (skill?.skill === 'cautious-move') return [skill.points.at(-1)!];
  if (skill) return skill.points;
  const p = positionNow(tx, order);
  return [{ x: p.x, y: p.y, z: p.z }];
}

export function windowSight(tx: Tx, order: OrderState, window: 1 | 2): Sight {
  // LOF-1: the active trooper looks back with its facing at the window's points.
  return new Sight(tx.draft, tx.ctx, order.trooper, windowPoints(tx, order, window), tx.peek(order.trooper).prone, facingInWindow(tx, order, window));
}

/** The reactors a window considers: hidden troopers never react to Cautious Movement (MOV-4). */
export function windowReactors(tx: Tx, order: OrderState): Reactor[] {
  const cautious = order.skills[0]?.skill === 'cautious-move';
  // MOV-14: a trooper on a wall reacts to nothing (Climbing Plus, MOV-15, is not built).
  return possibleReactors(tx.draft, order.trooper, !cautious).filter((r) => !tx.draft.troopers[r.id]?.onWall);
}

/** ARO-1, ARO-3: the troopers that may declare in a window (COORD-6: against any participant). */
export function eligibleIn(tx: Tx, order: OrderState, window: 1 | 2): string[] {
  return order.with ? eligibleByParticipant(tx, order, window).eligible : eligibleAgainstOne(tx, order, window);
}

/**
 * COORD-6, COORD-7: in a Coordinated Order, each reactor eligible against at least one participant,
 * with the participants it is eligible against (in listed order); a reactor that delayed in window 1
 * declares again only against the participant it delayed against (ARO-3).
 */
export function eligibleByParticipant(tx: Tx, order: OrderState, window: 1 | 2): { eligible: string[]; against: Record<string, string[]> } {
  const against = dict<string[]>();
  for (const p of participants(order)) {
    for (const r of eligibleAgainstOne(tx, viewAs(order, p), window)) {
      const delayed = order.aros[r];
      if (delayed && delayed.against !== undefined && delayed.against !== p) continue;
      (against[r] ??= []).push(p);
    }
  }
  return { eligible: Object.keys(against).sort(), against };
}

/** ARO-1, ARO-3: the troopers that may declare in a window against the view's one trooper. */
function eligibleAgainstOne(tx: Tx, order: OrderState, window: 1 | 2): string[] {
  const sight = windowSight(tx, order, window);
  const reactors = windowReactors(tx, order);
  // ARO-2: a trooper that a template declared in this Order would affect may Dodge it even with neither.
  const affected = new Set(order.skills[window - 1]?.affected ?? []);
  // ARO-1, CJ-11: one ARO a trooper an Order; a trooper that spent it before the windows has none.
  const spent = new Set(order.spentAro ?? []);
  // CC-4 first: it is a few contact tests, where Line of Fire along the path is the window's dearest question.
  const can = (r: Reactor) => !spent.has(r.id) && ccAllows(tx, order, window, r.id) && (affected.has(r.id) || sight.eligible(r));
  if (window === 1) return reactors.filter((r) => !order.aros[r.id] && can(r)).map((r) => r.id);
  const first = order.eligible[0] ?? [];
  return reactors
    .filter((r) => {
      const a = order.aros[r.id];
      if (a) return a.skill === 'delay' && a.window === 1 && can(r); // ARO-3: a delayed trooper declares again
      // A trooper eligible in window 1 that declared nothing may not declare in window 2.
      return !first.includes(r.id) && can(r);
    })
    .map((r) => r.id);
}

/** CC-4: an Engaged trooper reacts only to a trooper of its close combat, or one whose skill ends in contact with it. */
function ccAllows(tx: Tx, order: OrderState, window: 1 | 2, id: string): boolean {
  const d = tx.draft;
  if (!d.troopers[id]!.engaged) return true;
  return closeCombatOf(d, id).includes(order.trooper) || touchesFrom(d, order.trooper, positionAfter(tx, order, window), id);
}

/** Opens an ARO window to the reactive player, with the troopers that may react (maybe none). */
export function openWindow(tx: Tx, window: 1 | 2): void {
  const order = currentOrder(tx);
  if (order.with) {
    // COORD-6: each reactor with the participants it may react against.
    const { eligible, against } = eligibleByParticipant(tx, order, window);
    enterStage(order, window === 1 ? 'aro1' : 'aro2');
    order.eligible[window - 1] = eligible;
    (order.eligibleAgainst ??= [])[window - 1] = against;
    const shown = dict<string[]>();
    for (const r of eligible) shown[r] = [...against[r]!];
    tx.emit({ type: 'aroWindow', player: otherPlayer(order.player), window, eligible: [...eligible], against: shown });
    return;
  }
  const eligible = eligibleIn(tx, order, window);
  enterStage(order, window === 1 ? 'aro1' : 'aro2');
  order.eligible[window - 1] = eligible;
  tx.emit({ type: 'aroWindow', player: otherPlayer(order.player), window, eligible: [...eligible] });
}

/** After window 1 closes: the second skill is owed, or (an Entire Order) the Order resolves. */
export function afterWindowOne(tx: Tx, closing: Command): Command {
  const order = currentOrder(tx);
  if (order.entire) return resolveOrder(tx, closing);
  enterStage(order, 'second');
  return closing;
}

/**
 * `second` with `none`, given or implied: window 2 opens only for troopers that delayed (ARO-3),
 * else the Order resolves at once.
 */
export function declareNone(tx: Tx, closing: Command): Command {
  const order = currentOrder(tx);
  tx.emit({ type: 'declared', player: order.player, trooper: order.trooper, skill: 'none' });
  const delayed = Object.values(order.aros).some((a) => a.skill === 'delay' && a.window === 1);
  if (delayed) {
    openWindow(tx, 2);
    return closing;
  }
  return resolveOrder(tx, closing);
}

/**
 * GAME-TURN.md, "Closing without aros": a command of the active player other than `second` while the
 * second skill is owed first declares `none`; any command of theirs while window 2 is open closes it
 * with no AROs. The Order then resolves, and the command is applied, as one step. With manual dice
 * this is allowed only when the resolution needs no die.
 */
export function closeImplicitly(tx: Tx, cmd: Command): Command {
  let order = tx.draft.order;
  if (!order) return cmd;
  let recorded = cmd;
  if (order.stage === 'second') recorded = declareNone(tx, recorded);
  order = tx.draft.order;
  if (order && order.stage === 'aro2') recorded = resolveOrder(tx, recorded);
  order = tx.draft.order;
  // MOV-20: the dodgers left do not move.
  if (order && order.stage === 'dodge-moves') skipDodgeMoves(tx);
  order = tx.draft.order;
  if (order && STAGES[order.stage].takes.some((t) => t.by === 'nobody')) {
    refuse('out-of-turn', 'ORD-5', 'The Order in progress needs dice first: give them with a rolls command.');
  }
  return recorded;
}

// ---------------------------------------------------------------- resolution

/**
 * Once the last window closes: movement first, then every roll, then saves, then Wounds and states
 * (`resolve.ts`). Returns the closing command as recorded (random dice written in).
 */
export function resolveOrder(tx: Tx, closing: Command): Command {
  return resolve(tx, currentOrder(tx), closing);
}
