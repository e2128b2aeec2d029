/**
 * INI-4 and INI-5: the keepers' choices, in either order; when both are given the first deployer's
 * main step begins (DEP-1).
 */
import { defineCommand } from '../command';
import { COMMAND_SCHEMAS } from '../../model/commands';
import { refuse, type Tx } from '../context';

/** INI-5: the Deployment keeper says who deploys first and which zone is the keeper's own. */
export const deploymentChoice = defineCommand({
  do: 'deploymentChoice',
  schema: COMMAND_SCHEMAS.deploymentChoice,
  check(tx, cmd) {
    const d = tx.draft;
    const keeper = d.initiative.deploymentKeeper;
    if (d.phase !== 'choices' || keeper === null || d.initiative.firstDeployer !== null) refuse('out-of-turn', 'INI-5', 'The deployment choice is not open now.');
    if (cmd.player !== keeper) refuse('out-of-turn', 'INI-5', `Only Player ${keeper}, who kept Deployment, makes the deployment choice.`);
    const names = Object.keys(d.setup.zones.deployment);
    // A game file naming another zone is exit 1; a command built in code is refused.
    if (!names.includes(cmd.keeperZone)) {
      refuse('bad-command', null, `There is no Deployment Zone "${cmd.keeperZone}"; the zones are ${names.map((n) => `"${n}"`).join(' and ')}.`);
    }
    return { keeper, otherZone: names.find((n) => n !== cmd.keeperZone)! };
  },
  effect(tx, cmd, { keeper, otherZone }) {
    tx.own('initiative').firstDeployer = cmd.first;
    tx.own('initiative').zones = keeper === 'A' ? { A: cmd.keeperZone, B: otherZone } : { A: otherZone, B: cmd.keeperZone };
    tx.emit({ type: 'choice', player: cmd.player, first: cmd.first, keeperZone: cmd.keeperZone });
    startDeploymentWhenChosen(tx);
    return cmd;
  },
});

/** INI-4: the Initiative keeper says who has the first Player Turn of every Game Round. */
export const turnOrder = defineCommand({
  do: 'turnOrder',
  schema: COMMAND_SCHEMAS.turnOrder,
  check(tx, cmd) {
    const d = tx.draft;
    const keeper = d.initiative.initiativeKeeper;
    if (d.phase !== 'choices' || keeper === null || d.initiative.firstTurn !== null) refuse('out-of-turn', 'INI-4', 'The turn order is not open now.');
    if (cmd.player !== keeper) refuse('out-of-turn', 'INI-4', `Only Player ${keeper}, who kept Initiative, chooses the turn order.`);
  },
  effect(tx, cmd) {
    tx.own('initiative').firstTurn = cmd.first;
    tx.emit({ type: 'choice', player: cmd.player, first: cmd.first });
    startDeploymentWhenChosen(tx);
    return cmd;
  },
});

function startDeploymentWhenChosen(tx: Tx): void {
  const d = tx.draft;
  const first = d.initiative.firstDeployer;
  if (first === null || d.initiative.firstTurn === null) return;
  d.phase = 'deployment';
  d.step = 'main';
  d.active = first;
  tx.emit({ type: 'step', step: 'main', active: first });
}
