/** `discover`: TOC-5, TOC-6, TOC-12: a Discover roll against a TO Camouflage marker. */
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { checkNoFallbackOwed } from '../deployment/common';
import { isSuccess } from '../dice';
import { normaliseFacing, silhouetteOf, trooperName } from '../placement';
import { hasLineOfFireBetween } from '../queries/lineOfFire';
import { checkOwner, requireTrooper } from '../refs';
import { openWindow } from '../orders/flow';
import { openOwnOrder } from '../orders/open';
import { discoverValue } from '../skills/discover/skill';

export const discover = defineCommand({
  do: 'discover',
  schema: COMMAND_SCHEMAS.discover,
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const target = requireTrooper(d, cmd.target, cmd.player);
    const v = new Checks();
    v.check(() => {
      if (d.phase !== 'game') refuse('out-of-turn', 'TOC-5', 'Discover is a skill of the game: it cannot come before the game starts.');
      // GAME-TURN.md: as a command, Discover only in the player's own Active Turn; in ARO it is an `aros` declaration.
      if (d.active !== cmd.player) refuse('out-of-turn', 'TOC-5', `It is Player ${d.active}'s turn: in the other player's turn Discover is declared as an ARO.`);
    });
    v.check(() => checkOwner(d, cmd.player, id));
    const me = tx.trooper(id);
    const it = tx.trooper(target);
    v.check(() => {
      if (me.status !== 'model') refuse('wrong-status', null, `${trooperName(d, id)} must stand on the table as a model to Discover.`);
    });
    v.check(() => {
      if (it.status !== 'marker' || it.player === cmd.player) refuse('wrong-status', null, `${cmd.target} is not an enemy marker.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    // ORD-2: it spends a Regular Order of the discoverer's group.
    v.check(() => {
      if (d.pool && (d.pool.groups[String(me.group)] ?? 0) < 1) refuse('no-order', 'ORD-2', `Combat Group ${me.group} has no Regular Order left this turn.`);
    });
    v.end();
    const markerId = it.markerId!;
    // TOC-6: a failed Discover locks that trooper out of that marker until the next turn.
    if ((d.discoverLocks[id] ?? []).includes(markerId)) {
      refuse('discover-locked', 'TOC-6', `${trooperName(d, id)} failed to Discover ${markerId} this turn: it may try again next turn.`);
    }
    // TOC-5: Discover needs Line of Fire to the marker.
    if (!hasLineOfFireBetween(d, tx.ctx, id, target)) refuse('not-visible', 'TOC-5', `${trooperName(d, id)} has no Line of Fire to ${markerId}.`);
    if (cmd.roll === undefined && d.dice.mode === 'manual') refuse('missing-roll', null, `Give ${trooperName(d, id)}'s Discover roll.`);
    return { id, target, markerId, sv: discoverValue(d, id, silhouetteOf(d, id)!, silhouetteOf(d, target)!) };
  },
  effect(tx, cmd, { id, target, markerId, sv }) {
    const d = tx.draft;
    const it = tx.trooper(target);
    const { die, fresh } = tx.d20(cmd.roll);
    const recorded = fresh ? { ...cmd, roll: die } : cmd;
    const roll = tx.roll(cmd.player, id, die, sv);
    if (isSuccess(roll.result)) {
      // TOC-5, TOC-12: the model replaces the marker, facing as its owner chooses.
      it.status = 'model';
      it.facing = normaliseFacing(cmd.facing ?? it.facing ?? 0);
      tx.emit({ type: 'discovered', player: it.player, marker: markerId, trooper: target, by: id });
    } else {
      tx.own('discoverLocks')[id] = [...(d.discoverLocks[id] ?? []), markerId];
      tx.emit({ type: 'discoverFailed', player: it.player, marker: markerId, by: id });
    }
    // GAME-TURN.md: the Order goes on: it was its first skill, rolled at once; window 1 opens, the second skill is owed.
    if (d.pool) tx.own('pool')!.groups[String(d.troopers[id]!.group)]! -= 1;
    openOwnOrder(tx, id, { skill: 'discover', target: markerId }, 'regular', 'model', true);
    tx.emit({ type: 'declared', player: cmd.player, trooper: id, skill: 'discover', target: markerId, from: 'regular' });
    openWindow(tx, 1);
    return recorded;
  },
});
