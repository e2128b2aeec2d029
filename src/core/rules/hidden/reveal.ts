/** `reveal`: HD-10, HD-11, HD-13, HD-17, TOC-1: a hidden trooper appears, as its model or its marker. */
import { z } from 'zod';
import { num, playerId, ref } from '../../schema';
import { giveMarkerId } from '../camouflage/markers';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { refuse } from '../context';
import { checkNoFallbackOwed } from '../deployment/common';
import { normaliseFacing, trooperName } from '../placement';
import { checkOwner, requireTrooper } from '../refs';
import { hasSkill } from '../skills';
import { revealSpot } from './spot';

export const REVEAL_DECLARES = ['cautious-move', 'short-move-no-roll', 'mount', 'dismount', 'other', 'delay-aro', 'stop-marker-state'] as const;
const ACTIVE_DECLARES: readonly string[] = ['cautious-move', 'short-move-no-roll', 'mount', 'dismount', 'other'];
const ARO_DECLARES: readonly string[] = ['short-move-no-roll', 'delay-aro', 'stop-marker-state', 'other'];
/** HD-11: what a trooper able to deploy as a marker may declare and stay a marker. */
const KEEPS_MARKER: readonly string[] = ['cautious-move', 'short-move-no-roll', 'mount', 'dismount', 'delay-aro', 'stop-marker-state'];

export const reveal = defineCommand({
  do: 'reveal',
  schema: z.object({ do: z.literal('reveal'), player: playerId, trooper: ref, declares: z.enum(REVEAL_DECLARES), facing: num.optional() }),
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const v = new Checks();
    v.check(() => {
      if (d.phase !== 'game') refuse('out-of-turn', 'HD-10', 'A hidden trooper appears only during the game.');
    });
    // HD-10: what it declares must be what the turn allows: a skill in its own Active Turn, an ARO in the other's.
    v.check(() => {
      const own = d.active === cmd.player;
      if (!(own ? ACTIVE_DECLARES : ARO_DECLARES).includes(cmd.declares)) {
        refuse(
          'not-active-player',
          'HD-10',
          own ? `"${cmd.declares}" is an ARO: it cannot be declared in your own Active Turn.` : `"${cmd.declares}" cannot be declared as an ARO in Player ${d.active}'s turn.`,
        );
      }
    });
    v.check(() => checkOwner(d, cmd.player, id));
    v.check(() => {
      if (tx.trooper(id).status !== 'hidden') refuse('wrong-status', null, `${trooperName(d, id)} is not in Hidden Deployment.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    v.end();
    return { id, spot: revealSpot(tx, id) };
  },
  effect(tx, cmd, { id, spot }) {
    const t = tx.trooper(id);
    // HD-11, TOC-1: a trooper that can be a marker stays one when what it declares does not reveal it.
    const as = hasSkill(tx.profile(id), 'to-camouflage') && KEEPS_MARKER.includes(cmd.declares) ? 'marker' : 'model';
    t.status = as;
    t.x = spot.x;
    t.y = spot.y;
    t.z = spot.z;
    t.facing = normaliseFacing(cmd.facing ?? t.facing ?? 0);
    delete t.cover;
    if (as === 'marker') giveMarkerId(tx, id);
    tx.emit({ type: 'revealed', player: t.player, trooper: id, as, x: spot.x, y: spot.y, z: spot.z, facing: t.facing });
    return cmd;
  },
});
