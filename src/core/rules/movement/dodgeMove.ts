/**
 * MOV-20: Dodge's move. A Dodge that succeeds lets its trooper move up to 2" in the Order's effects,
 * after the saves: the active player's troopers first, then the reactive player's, each by its player's
 * `dodgeMove` in stage `dodge-moves` (movement.md §3). It walks as a Move does (MOV-2, MOV-3, MOV-7 to
 * MOV-10), touches no enemy and draws no ARO; Prone it is half as far (MOV-18); `[]` is no move, and a
 * `facing` or `prone` with it turns the trooper or lies it down in place.
 */
import { dict } from '../../dict';
import type { CommandOf, OrderState } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse, type Tx } from '../context';
import { canAct, normaliseFacing, trooperName } from '../placement';
import { checkOwner, requireTrooper } from '../refs';
import { enterStage } from '../orders/stages';
import { LENGTH_SLACK, checkPath, lengthText, pathLength } from './path';
import { engagedWith } from '../closeCombat/engaged';

/** MOV-20: how far a successful Dodge moves (N4 Dodge: up to 2"). */
export const DODGE_MOVE = 2;

/**
 * After the saves: the successful dodgers still able to act, active player's first (each side in draw
 * order), each owing a `dodgeMove`. Returns whether the Order now waits in stage `dodge-moves`.
 */
export function enterDodgeMoves(tx: Tx, order: OrderState): boolean {
  const d = tx.draft;
  const seen = new Set<string>();
  const able = (order.dodgers ?? []).filter((id) => !seen.has(id) && seen.add(id) && canAct(d.troopers[id]!));
  if (able.length === 0) return false;
  const mine = able.filter((id) => d.troopers[id]!.player === order.player);
  const theirs = able.filter((id) => d.troopers[id]!.player !== order.player);
  const queue = [...mine, ...theirs];
  enterStage(order, 'dodge-moves');
  order.dodgeMoves = queue;
  order.dodgePlayer = d.troopers[queue[0]!]!.player;
  order.needs = dict();
  for (const id of queue) order.needs[id] = 1;
  tx.emit({ type: 'dodgeMoves', troopers: [...queue] });
  return true;
}

/** Ends the stage with no move for the dodgers left (a command of the active player came first). */
export function skipDodgeMoves(tx: Tx): void {
  tx.draft.order = null;
}

export const dodgeMove = defineCommand({
  do: 'dodgeMove',
  schema: COMMAND_SCHEMAS.dodgeMove,
  check(tx, cmd) {
    const d = tx.draft;
    const o = d.order;
    const v = new Checks();
    v.check(() => {
      if (d.phase === 'end') refuse('out-of-turn', 'ORD-7', 'The game is over.');
      if (!o || o.stage !== 'dodge-moves') refuse('out-of-turn', 'MOV-20', 'No Dodge is waiting for its move.');
    });
    v.end();
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    v.check(() => checkOwner(d, cmd.player, id));
    v.check(() => {
      const queue = o!.dodgeMoves ?? [];
      if (!queue.includes(id)) refuse('wrong-status', 'MOV-20', `${trooperName(d, id)} owes no Dodge move in this Order.`);
      if (queue[0] !== id) refuse('out-of-turn', 'MOV-20', `${trooperName(d, queue[0]!)} moves its Dodge first.`);
    });
    v.end();
    const t = tx.trooper(id);
    const prone = cmd.prone ?? t.prone;
    const start = { x: t.x!, y: t.y!, z: t.z! };
    // MOV-20, MOV-18: up to 2", half that Prone.
    const limit = prone ? DODGE_MOVE / 2 : DODGE_MOVE;
    v.check(() => {
      const len = pathLength(start, cmd.path);
      if (len > limit + LENGTH_SLACK) refuse('too-far', prone ? 'MOV-18' : 'MOV-20', `The path is ${lengthText(len, limit)} inches; a Dodge moves up to ${limit}${prone ? ' while Prone' : ''}.`);
    });
    v.end();
    const climbed = { height: 0 };
    // CC-8: a Dodge's move may leave an engagement (touching those it leaves only on the way) and may engage.
    const leaving = engagedWith(d, id);
    const engage = { contact: [] as string[], leaving };
    const points = v.value(() => checkPath(tx, id, start, cmd.path, prone, climbed, engage));
    v.end();
    v.check(() => {
      const still = engage.contact.find((x) => leaving.includes(x));
      if (still) refuse('still-in-contact', 'CC-8', `The move ends in contact with ${trooperName(d, still)}, whom ${trooperName(d, id)} was Engaged with: it must end out of contact, or be [] to stay.`);
    });
    v.end();
    // MOV-9: a ladder counts its height within the 2".
    v.check(() => {
      const len = pathLength(start, cmd.path) + climbed.height;
      if (len > limit + LENGTH_SLACK) refuse('too-far', 'MOV-9', `The path with its ladder is ${lengthText(len, limit)} inches; a Dodge moves up to ${limit}.`);
    });
    v.end();
    return { id, prone, points: points! };
  },
  effect(tx, cmd, { id, prone, points }) {
    const d = tx.draft;
    const o = d.order!;
    const t = tx.trooper(id);
    const end = points.at(-1)!;
    t.prone = prone;
    t.x = end.x;
    t.y = end.y;
    t.z = end.z;
    // MOV-19: the Dodge move ends facing as its player chooses.
    if (cmd.facing !== undefined) t.facing = normaliseFacing(cmd.facing);
    tx.emit({ type: 'moved', player: t.player, trooper: id, path: points.map((p) => ({ ...p })), x: end.x, y: end.y, z: end.z, facing: t.facing ?? 0, skill: 'dodge', ...(prone ? { prone: true } : {}) });
    o.dodgeMoves = (o.dodgeMoves ?? []).filter((x) => x !== id);
    delete o.needs[id];
    // The Order ends with the last dodger's move.
    if (o.dodgeMoves.length === 0) d.order = null;
    else o.dodgePlayer = d.troopers[o.dodgeMoves[0]!]!.player;
    return cmd as CommandOf<'dodgeMove'>;
  },
});
