/**
 * `regroup` (GRP-3): in their own Tactical Phase, before their first Order of the turn, a player moves
 * a trooper to another Combat Group; its Regular Order, if it gave one, moves with it. GRP-1: a group
 * holds at most 10 troopers. What the opponent learns is the view's business (HD-6, CJ-9).
 */
import { GROUP_LIMIT_TROOPERS } from '../../data/facts';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { profileOf, refuse } from '../context';
import { checkNoFallbackOwed } from '../deployment/common';
import { checkOwner, nameFor, requireTrooper } from '../refs';
import { givesOrders } from './count';

export const regroup = defineCommand({
  do: 'regroup',
  schema: COMMAND_SCHEMAS.regroup,
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const t = tx.trooper(id);
    const v = new Checks();
    v.check(() => {
      if (d.phase !== 'game' || d.active !== cmd.player) refuse('out-of-turn', 'GRP-3', 'Troopers change Combat Group only in their own Tactical Phase.');
      if (d.ordersGiven > 0) refuse('out-of-turn', 'GRP-3', 'Troopers change Combat Group before the first Order of the turn.');
    });
    v.check(() => checkOwner(d, cmd.player, id));
    v.check(() => {
      if (t.status === 'removed') refuse('wrong-status', null, `${nameFor(d, id, cmd.player)} is dead: it belongs to no Combat Group.`);
      if (t.group === cmd.group) refuse('wrong-status', null, `${nameFor(d, id, cmd.player)} is already in Combat Group ${cmd.group}.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    v.check(() => {
      const members = Object.values(d.troopers).filter((o) => o.player === cmd.player && o.status !== 'removed' && o.group === cmd.group).length;
      if (members >= GROUP_LIMIT_TROOPERS) refuse('group-full', 'GRP-1', `Combat Group ${cmd.group} already holds ${GROUP_LIMIT_TROOPERS} troopers.`);
    });
    v.end();
    return id;
  },
  effect(tx, cmd, id) {
    const d = tx.draft;
    const t = tx.trooper(id);
    const from = String(t.group);
    const to = String(cmd.group);
    t.group = cmd.group;
    const pool = tx.own('pool');
    if (pool) {
      // GRP-3: a Regular Order the trooper gave moves with it; a group it leaves stays listed while
      // another of its troopers stands on the table.
      // MIS-16: in a Loss of Lieutenant the trooper's Order is its own Irregular one: nothing moves.
      const regular = profileOf(d, id).orders === 'regular' && givesOrders(t) && !d.score?.lossOfLieutenant[cmd.player];
      const onTable = t.status === 'model' || t.status === 'marker' || t.status === 'unconscious';
      if (onTable) pool.groups[to] = (pool.groups[to] ?? 0) + (regular ? 1 : 0);
      if (regular) pool.groups[from] = (pool.groups[from] ?? 1) - 1;
      const others = Object.values(d.troopers).some((o) => o.player === cmd.player && String(o.group) === from && (o.status === 'model' || o.status === 'marker' || o.status === 'unconscious'));
      if (!others && pool.groups[from] === 0) delete pool.groups[from];
    }
    tx.emit({ type: 'regrouped', player: cmd.player, trooper: id, group: cmd.group });
    return cmd;
  },
});
