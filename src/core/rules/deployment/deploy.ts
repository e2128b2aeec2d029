/**
 * `deploy`: places, or places again, a trooper in its player's deployment step (DEP-1 to DEP-6, DEP-8),
 * as a model, a TO Camouflage marker (TOC-1) or hidden (HD-1), with the Infiltration roll (HD-4).
 */
import type { TrooperStatus } from '../../model/types';
import { giveMarkerId } from '../camouflage/markers';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';
import { isSuccess } from '../dice';
import { checkContacts, checkOnTable, checkRoom, normaliseFacing, silhouetteAt } from '../placement';
import { checkOwner, requireTrooper } from '../refs';
import { hasSkill } from '../skills';
import { checkDeploymentZone, checkNoFallbackOwed, checkStep } from './common';

const PLACEABLE: TrooperStatus[] = ['undeployed', 'reserve', 'model', 'marker', 'hidden'];

export const deploy = defineCommand({
  do: 'deploy',
  schema: COMMAND_SCHEMAS.deploy,
  check(tx, cmd) {
    const d = tx.draft;
    const id = requireTrooper(d, cmd.trooper, cmd.player);
    const t = tx.trooper(id);
    const p = tx.profile(id);
    const v = new Checks();
    v.check(() => checkStep(tx, cmd.player, 'deploy'));
    v.check(() => checkOwner(d, cmd.player, id));
    v.check(() => {
      // DEP-1: the last step places only the trooper kept back.
      if (d.phase === 'deployment' && d.step === 'last' && d.reserveOf[cmd.player] !== id) {
        const placed = t.status === 'model' || t.status === 'marker' || t.status === 'hidden';
        refuse('wrong-status', null, placed ? `${p.name} was placed in your main step: in your last step you place only the trooper you kept back.` : 'In your last step you place only the trooper you kept back.');
      }
      if (!PLACEABLE.includes(t.status)) refuse('wrong-status', null, `${p.name} cannot be deployed: it is ${t.status}.`);
    });
    v.check(() => checkNoFallbackOwed(tx, cmd.player));
    v.check(() => {
      if (cmd.as === 'hidden' && !hasSkill(p, 'hidden-deployment')) refuse('no-skill', 'HD-1', `${p.name} lacks Hidden Deployment.`);
      if (cmd.as === 'marker' && !hasSkill(p, 'to-camouflage')) refuse('no-skill', 'TOC-1', `${p.name} lacks TO Camouflage.`);
    });
    // DEP-8: placed again freely until a roll or the end of the step fixes it.
    v.check(() => {
      if (t.fixed) refuse('position-fixed', 'DEP-8', `${p.name}'s position is fixed: it made a roll or its step has ended.`);
    });
    // Everything after this ranks below what came before: the spot is judged only for a command that got this far.
    v.end();

    const prone = cmd.prone ?? false; // DEP-5: a trooper may deploy Prone
    const zWanted = cmd.at.z ?? 0;
    const { x, y } = cmd.at;
    const r = silhouetteAt(d, id, x, y, zWanted, prone).r;
    const zone = v.value(() => checkDeploymentZone(d, cmd.player, p, x, y, r));
    v.check(() => {
      if (zone?.roll && cmd.roll === undefined && d.dice.mode === 'manual') {
        refuse('missing-roll', null, `${p.name} deploys in the enemy's half with Infiltration: give its PH roll.`);
      }
    });
    v.check(() => checkOnTable(d, 'DEP-6', x, y, r));
    const opts = { roomRule: 'DEP-6', contactRule: 'DEP-4', ignore: id };
    const z = v.value(() => checkRoom(tx, id, x, y, zWanted, prone, opts));
    if (z !== null) v.check(() => checkContacts(tx, cmd.player, silhouetteAt(d, id, x, y, z, prone), opts));
    v.end();
    return { id, z: z!, prone, roll: zone!.roll };
  },
  effect(tx, cmd, { id, z, prone, roll }) {
    const d = tx.draft;
    const t = tx.trooper(id);
    const p = tx.profile(id);
    let recorded = cmd;
    if (roll) {
      // HD-4, DEP-3: the Infiltration roll, against PH; DEP-8: a roll fixes the trooper's position.
      const { die, fresh } = tx.d20(cmd.roll);
      if (fresh) recorded = { ...cmd, roll: die };
      const result = tx.roll(cmd.player, id, die, p.ph);
      t.fixed = true;
      if (!isSuccess(result.result)) {
        t.status = 'awaiting-fallback';
        t.x = t.y = t.z = t.facing = null;
        t.prone = false;
        delete t.cover;
        d.pendingFallback = { player: cmd.player, trooper: id, reason: 'infiltration' };
        tx.emit({ type: 'awaitingFallback', player: cmd.player, trooper: id });
        return recorded;
      }
    }
    const { x, y } = cmd.at;
    t.status = cmd.as;
    t.x = x;
    t.y = y;
    t.z = z;
    t.facing = normaliseFacing(cmd.facing);
    t.prone = prone;
    if (cmd.as === 'hidden') t.cover = cmd.cover ?? false; // HD-1: the private record
    else delete t.cover;
    if (cmd.as === 'marker') giveMarkerId(tx, id);
    tx.emit({ type: 'placed', player: cmd.player, trooper: id, as: cmd.as, x, y, z, facing: t.facing, prone });
    return recorded;
  },
});
