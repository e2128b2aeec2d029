/**
 * Whose input the game waits for now, read from public fields only (so both machines of a two-machine
 * game, and both players at a hotseat screen, agree on it). The engine decides who may give which
 * command and refuses the rest; this only says who speaks next.
 */
import type { PlayerId } from './model/types';
import type { StateView } from './view';

export type TurnView = Pick<StateView, 'phase' | 'active' | 'initiative'> & { order?: { player: PlayerId; stage: string; dodgePlayer?: PlayerId } | null };

/**
 * The player who acts next, or null while both may (the initiative roll, which both watch).
 * In the choices after the roll, the Deployment and Initiative keepers answer in either order: the
 * winner of the roll, already at the screen, goes first.
 */
export function actingPlayer(v: TurnView): PlayerId | null {
  // ORD-5: while an ARO window is open the reactive player declares; the screen is theirs.
  if (v.order && (v.order.stage === 'aro1' || v.order.stage === 'aro2')) return v.order.player === 'A' ? 'B' : 'A';
  // MOV-20: after a successful Dodge, the dodger's player chooses its move.
  if (v.order && v.order.stage === 'dodge-moves' && v.order.dodgePlayer) return v.order.dodgePlayer;
  if (v.phase !== 'choices') return v.active;
  const { winner, deploymentKeeper, initiativeKeeper, firstDeployer, firstTurn } = v.initiative;
  const pending: PlayerId[] = [];
  if (firstDeployer === null && deploymentKeeper !== null) pending.push(deploymentKeeper);
  if (firstTurn === null && initiativeKeeper !== null) pending.push(initiativeKeeper);
  if (winner !== null && pending.includes(winner)) return winner;
  return pending[0] ?? null;
}

/**
 * The machine that gives the next command of a two-machine game: the acting player; Player A (the
 * inviting machine) for the initiative roll, which nobody in particular gives; then its winner, who
 * keeps Deployment or Initiative; nobody once it is over.
 */
export function speakerOf(v: TurnView): PlayerId | null {
  if (v.phase === 'end') return null;
  if (v.phase === 'initiative' && v.initiative.winner === null) return 'A';
  return actingPlayer(v) ?? v.initiative.winner;
}
