/**
 * `rolls` and `saves` (GAME-TURN.md, manual dice): every die the resolution asks for, by trooper (or
 * marker id), in draw order; the wrong number of dice for a trooper is `missing-roll`.
 */
import { dict } from '../../dict';
import type { CommandOf, OrderStage } from '../../model/types';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse, type Tx } from '../context';
import { markerTrooper } from '../refs';
import { currentOrder, resolveOrder } from './flow';
import { STAGES } from './stages';

function checkDice(tx: Tx, stage: OrderStage, rolls: Record<string, number[]>): Record<string, number[]> {
  const d = tx.draft;
  const o = d.order;
  const v = new Checks();
  v.check(() => {
    if (d.phase === 'end') refuse('out-of-turn', 'ORD-7', 'The game is over.');
    if (!o || !STAGES[o.stage].takes.some((t) => t.do === stage)) refuse('out-of-turn', 'ORD-5', stage === 'rolls' ? 'No Order is waiting for dice.' : 'No Order is waiting for saving rolls.');
  });
  v.end();
  const byTrooper = dict<number[]>();
  for (const [key, list] of Object.entries(rolls)) {
    const id = Object.hasOwn(d.troopers, key) ? key : markerTrooper(d, key);
    if (id === null) refuse('unknown-trooper', null, 'There is no trooper or marker of that id that you know of.');
    byTrooper[id] = [...(byTrooper[id] ?? []), ...list];
  }
  for (const [id, n] of Object.entries(o!.needs)) {
    const got = byTrooper[id]?.length ?? 0;
    if (got !== n) refuse('missing-roll', null, `${d.troopers[id]!.markerId && d.troopers[id]!.status === 'marker' ? d.troopers[id]!.markerId : id} owes ${n} ${n === 1 ? 'die' : 'dice'}; ${got} given.`);
  }
  for (const id of Object.keys(byTrooper)) if (!Object.hasOwn(o!.needs, id)) refuse('missing-roll', null, `No dice are owed by ${id}.`);
  return byTrooper;
}

export const rolls = defineCommand({
  do: 'rolls',
  schema: COMMAND_SCHEMAS.rolls,
  check(tx, cmd) {
    return checkDice(tx, 'rolls', cmd.rolls);
  },
  effect(tx, cmd, given) {
    const o = currentOrder(tx);
    // The dice given so far stay: a Discover given here may ask for the attack it decides (GAME-TURN.md).
    const all = dict<number[]>();
    for (const [k, v] of Object.entries(o.given)) all[k] = [...v];
    for (const [k, v] of Object.entries(given)) all[k] = [...(all[k] ?? []), ...v];
    o.given = all;
    o.needs = dict();
    return resolveOrder(tx, cmd) as CommandOf<'rolls'>;
  },
});

export const saves = defineCommand({
  do: 'saves',
  schema: COMMAND_SCHEMAS.saves,
  check(tx, cmd) {
    return checkDice(tx, 'saves', cmd.rolls);
  },
  effect(tx, cmd, given) {
    const o = currentOrder(tx);
    o.given = given;
    o.needs = dict();
    return resolveOrder(tx, cmd) as CommandOf<'saves'>;
  },
});
