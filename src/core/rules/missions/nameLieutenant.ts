/** MIS-17: `nameLieutenant`: in a turn of Loss of Lieutenant, the player names a new Lieutenant, in secret. */
import { COMMAND_SCHEMAS } from '../../model/commands';
import { Checks } from '../checks';
import { defineCommand } from '../command';
import { refuse } from '../context';
import { checkOwner, nameFor, requireTrooper } from '../refs';
import { lieutenantCandidates } from './situations';

export const nameLieutenant = defineCommand({
  do: 'nameLieutenant',
  schema: COMMAND_SCHEMAS.nameLieutenant,
  check(tx, cmd) {
    const d = tx.draft;
    const v = new Checks();
    v.check(() => {
      if (!d.score) refuse('no-mission', 'MIS-1', 'This game has no mission: Loss of Lieutenant is not played.');
      if (d.phase !== 'game' || d.active !== cmd.player) refuse('out-of-turn', 'MIS-17', 'A new Lieutenant is named at the end of your own turn.');
      if (d.score!.lieutenantOwed !== cmd.player) refuse('out-of-turn', 'MIS-17', 'Your army is not in Loss of Lieutenant, or may not name one now.');
    });
    const id = v.value(() => requireTrooper(d, cmd.trooper, cmd.player));
    v.check(() => checkOwner(d, cmd.player, id!));
    v.check(() => {
      if (!lieutenantCandidates(tx, cmd.player).includes(id!)) refuse('wrong-status', 'MIS-17', `${nameFor(d, id!, cmd.player)} cannot be Lieutenant: only a standing trooper with Regular Orders can.`);
    });
    v.end();
    return id!;
  },
  effect(tx, cmd, id) {
    const score = tx.draft.score!;
    score.lieutenants = { ...(score.lieutenants ?? {}), [cmd.player]: id };
    score.lieutenantOwed = null;
    tx.own('lieutenantKnown')[cmd.player] = false; // GRP-4: the new one is Private Information
    tx.emit({ type: 'lieutenantNamed', player: cmd.player, trooper: id });
    return cmd;
  },
});
