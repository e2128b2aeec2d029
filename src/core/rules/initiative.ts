/**
 * The initiative roll and the choices that follow it (INI-1 to INI-6), up to the start of deployment.
 */
import { otherPlayer, type CommandOf, type InitiativeAttempt, type PlayerId } from '../model/types';
import { faceToFace } from './dice';
import { refuse, type Tx } from './context';

export function lieutenantOf(tx: Tx, player: PlayerId): string {
  const lt = tx.draft.setup.players[player].troopers.find((t) => t.skills.includes('lieutenant'));
  if (!lt) throw new Error(`player ${player} has no lieutenant`);
  return lt.id;
}

/**
 * INI-1: a Face to Face roll of the two Lieutenants' WIP, criticals included; the higher success wins.
 * INI-2: a tie, or both failing, is rolled again until someone wins.
 * INI-6: the WIP used is Open Information (each `roll` event carries it as `target`).
 */
export function initiative(tx: Tx, cmd: CommandOf<'initiative'>): CommandOf<'initiative'> {
  const d = tx.draft;
  // INI-1: the roll is made once, before the game, while nobody has won it.
  if (d.phase !== 'initiative' || d.initiative.winner !== null) {
    refuse('out-of-turn', 'INI-1', 'The initiative roll has already been won.');
  }
  const carried: InitiativeAttempt[] = cmd.rolls === undefined ? [] : Array.isArray(cmd.rolls) ? cmd.rolls : [cmd.rolls];
  const ltA = lieutenantOf(tx, 'A');
  const ltB = lieutenantOf(tx, 'B');
  const wipA = tx.profile(ltA).wip;
  const wipB = tx.profile(ltB).wip;
  const made: InitiativeAttempt[] = [];
  let winner: PlayerId | null = null;
  let wroteRolls = false;

  const attempt = (a: number, b: number) => {
    const ra = tx.roll('A', ltA, a, wipA);
    const rb = tx.roll('B', ltB, b, wipB);
    made.push({ A: a, B: b });
    const w = faceToFace(ra, rb);
    return w === 'a' ? 'A' : w === 'b' ? 'B' : null;
  };

  for (let i = 0; i < carried.length; i++) {
    if (winner !== null) {
      refuse('bad-command', 'INI-2', `Attempt ${i + 1} of the initiative rolls comes after attempt ${i} was already won.`);
    }
    winner = attempt(carried[i]!.A, carried[i]!.B);
  }
  // INI-2: roll again until someone wins; with manual dice the next attempt comes in another command.
  if (d.dice.mode === 'manual') {
    if (carried.length === 0) refuse('missing-roll', null, 'This game uses manual dice: give both initiative rolls.');
  } else {
    let guard = 0;
    while (winner === null) {
      const a = tx.d20(undefined);
      const b = tx.d20(undefined);
      wroteRolls ||= a.fresh || b.fresh;
      winner = attempt(a.die, b.die);
      // A fair d20 ends this loop with probability 1; the guard only protects against a broken source.
      if (++guard > 10000) throw new Error('the dice never produced an initiative winner');
    }
  }
  tx.emit({ type: 'initiative', winner });
  if (winner !== null) {
    d.initiative.winner = winner;
    d.active = winner;
  }
  return wroteRolls ? { ...cmd, rolls: made } : cmd;
}

/** INI-3: the winner keeps Deployment or Initiative; the other choice goes to the loser. */
export function keep(tx: Tx, cmd: CommandOf<'keep'>): CommandOf<'keep'> {
  const d = tx.draft;
  const winner = d.initiative.winner;
  if (d.phase !== 'initiative' || winner === null) refuse('out-of-turn', 'INI-3', 'Nobody has won the initiative roll yet.');
  if (cmd.player !== winner) refuse('out-of-turn', 'INI-3', `Only Player ${winner}, who won the initiative roll, chooses what to keep.`);
  const loser = otherPlayer(winner);
  d.initiative.deploymentKeeper = cmd.choice === 'deployment' ? winner : loser;
  d.initiative.initiativeKeeper = cmd.choice === 'initiative' ? winner : loser;
  d.phase = 'choices';
  d.active = null;
  tx.emit({ type: 'choice', player: cmd.player, choice: cmd.choice });
  return cmd;
}

/** INI-5: the Deployment keeper says who deploys first and which zone is the keeper's own. */
export function deploymentChoice(tx: Tx, cmd: CommandOf<'deploymentChoice'>): CommandOf<'deploymentChoice'> {
  const d = tx.draft;
  const keeper = d.initiative.deploymentKeeper;
  if (d.phase !== 'choices' || keeper === null || d.initiative.firstDeployer !== null) {
    refuse('out-of-turn', 'INI-5', 'The deployment choice is not open now.');
  }
  if (cmd.player !== keeper) refuse('out-of-turn', 'INI-5', `Only Player ${keeper}, who kept Deployment, makes the deployment choice.`);
  const names = Object.keys(d.setup.zones.deployment);
  if (!names.includes(cmd.keeperZone)) {
    refuse('bad-command', null, `There is no Deployment Zone "${cmd.keeperZone}"; the zones are ${names.map((n) => `"${n}"`).join(' and ')}.`);
  }
  const otherZone = names.find((n) => n !== cmd.keeperZone)!;
  d.initiative.firstDeployer = cmd.first;
  d.initiative.zones = keeper === 'A' ? { A: cmd.keeperZone, B: otherZone } : { A: otherZone, B: cmd.keeperZone };
  tx.emit({ type: 'choice', player: cmd.player, first: cmd.first, keeperZone: cmd.keeperZone });
  startDeploymentWhenChosen(tx);
  return cmd;
}

/** INI-4: the Initiative keeper says who has the first Player Turn of every Game Round. */
export function turnOrder(tx: Tx, cmd: CommandOf<'turnOrder'>): CommandOf<'turnOrder'> {
  const d = tx.draft;
  const keeper = d.initiative.initiativeKeeper;
  if (d.phase !== 'choices' || keeper === null || d.initiative.firstTurn !== null) {
    refuse('out-of-turn', 'INI-4', 'The turn order is not open now.');
  }
  if (cmd.player !== keeper) refuse('out-of-turn', 'INI-4', `Only Player ${keeper}, who kept Initiative, chooses the turn order.`);
  d.initiative.firstTurn = cmd.first;
  tx.emit({ type: 'choice', player: cmd.player, first: cmd.first });
  startDeploymentWhenChosen(tx);
  return cmd;
}

/** Both choices given, in either order: the first deployer's main step begins (DEP-1). */
function startDeploymentWhenChosen(tx: Tx): void {
  const d = tx.draft;
  const first = d.initiative.firstDeployer;
  if (first === null || d.initiative.firstTurn === null) return;
  d.phase = 'deployment';
  d.step = 'main';
  d.active = first;
  tx.emit({ type: 'step', step: 'main', active: first });
}
