/** INI-3: the winner keeps Deployment or Initiative; the other choice goes to the loser. */
import { otherPlayer } from '../../model/types';
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse } from '../context';

export const keep = defineCommand({
  do: 'keep',
  schema: COMMAND_SCHEMAS.keep,
  check(tx, cmd) {
    const d = tx.draft;
    const winner = d.initiative.winner;
    if (d.phase !== 'initiative' || winner === null) refuse('out-of-turn', 'INI-3', 'Nobody has won the initiative roll yet.');
    if (cmd.player !== winner) refuse('out-of-turn', 'INI-3', `Only Player ${winner}, who won the initiative roll, chooses what to keep.`);
    return winner;
  },
  effect(tx, cmd, winner) {
    const d = tx.draft;
    const loser = otherPlayer(winner);
    tx.own('initiative').deploymentKeeper = cmd.choice === 'deployment' ? winner : loser;
    tx.own('initiative').initiativeKeeper = cmd.choice === 'initiative' ? winner : loser;
    d.phase = 'choices';
    d.active = null;
    tx.emit({ type: 'choice', player: cmd.player, choice: cmd.choice });
    return cmd;
  },
});
