/**
 * `fallback`. HD-4, CJ-7: after a failed Infiltration or Combat Jump roll the trooper is placed as a
 * model, totally inside its own Deployment Zone and touching a table edge that bounds it; a jumper then
 * explodes if it had Combat Jump (Explosion), and the AROs follow (CJ-8, CJ-10).
 */
import { CONTACT } from '../../data/facts';
import { discRectProtrusion } from '../../geometry/shapes';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { aroList, explode } from '../combatJump/explosion';
import { jumpOrder } from '../combatJump/order';
import { checkContacts, checkOnTable, checkRoom, deploymentZoneOf, gapToBoundingEdge, inches, normaliseFacing, silhouetteAt, trooperName } from '../placement';
import { checkOwner, requireTrooper } from '../refs';
import { checkStep } from './common';

export const fallback = defineCommand({
  do: 'fallback',
  schema: COMMAND_SCHEMAS.fallback,
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const v = new Checks();
    v.check(() => {
      if (d.phase === 'deployment') checkStep(tx, cmd.player, 'a fallback');
      else if (d.phase !== 'game') refuse('out-of-turn', 'DEP-1', 'There is nothing to fall back from before deployment.');
      else if (d.active !== cmd.player) refuse('out-of-turn', 'CJ-1', `It is Player ${d.active}'s turn.`);
    });
    v.check(() => checkOwner(d, cmd.player, id));
    const owed = d.pendingFallback;
    v.check(() => {
      if (!owed || owed.trooper !== id) refuse('wrong-status', null, `${trooperName(d, id)} has no failed roll to fall back from.`);
    });
    v.end();
    const jump = owed!.reason === 'combat-jump';
    const [edgeRule, roomRule, contactRule] = jump ? ['CJ-7', 'CJ-4', 'CJ-3'] : ['HD-4', 'DEP-6', 'DEP-4'];
    const zWanted = cmd.at.z ?? 0;
    const { x, y } = cmd.at;
    const r = silhouetteAt(d, id, x, y, zWanted, false).r;
    v.check(() => checkOnTable(d, roomRule, x, y, r));
    v.check(() => {
      const zone = deploymentZoneOf(d, cmd.player);
      const out = discRectProtrusion(zone, x, y, r);
      if (out > CONTACT.contain) refuse('not-at-table-edge', edgeRule, `The base sticks out of your Deployment Zone by ${inches(out)}.`);
      const gap = gapToBoundingEdge(d, zone, x, y, r);
      if (gap === null || gap > CONTACT.touch) {
        refuse('not-at-table-edge', edgeRule, gap === null ? 'Your Deployment Zone touches no table edge.' : `The base is ${inches(gap)} away from the table edge.`);
      }
    });
    const opts = { roomRule, contactRule, ignore: id };
    const z = v.value(() => checkRoom(tx, id, x, y, zWanted, false, opts));
    if (z !== null) v.check(() => checkContacts(tx, cmd.player, silhouetteAt(d, id, x, y, z, false), opts));
    v.end();
    return { id, z: z!, jump, explosion: owed!.explosion ?? false, hacker: owed!.hacker ?? null };
  },
  effect(tx, cmd, { id, z, jump, explosion, hacker }) {
    const d = tx.draft;
    const t = tx.trooper(id);
    const { x, y } = cmd.at;
    t.status = 'model';
    t.x = x;
    t.y = y;
    t.z = z;
    t.facing = normaliseFacing(cmd.facing);
    t.prone = false;
    t.fixed = true;
    delete t.cover;
    d.pendingFallback = null;
    tx.emit({ type: 'placed', player: cmd.player, trooper: id, as: 'model', x, y, z, facing: t.facing, prone: false });
    if (!jump) return cmd;
    d.orderJumper = id;
    let recorded = cmd;
    if (explosion) recorded = explode(tx, id, cmd);
    aroList(tx, id);
    jumpOrder(tx, id, hacker);
    return recorded;
  },
});
