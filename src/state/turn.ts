/**
 * Whose input the table waits for now, read from a view's public fields. The engine decides who may
 * give which command (and refuses the rest); this only says whom to hand the screen to.
 */
import type { PlayerId } from '../core/model/types';
import type { StateView } from '../core/view';

export type TurnView = Pick<StateView, 'phase' | 'active' | 'initiative'> & { order?: { player: PlayerId; stage: string } | null };

/**
 * The player who acts next, or null while both may (the initiative roll, which both watch).
 * In the choices after the roll, the Deployment and Initiative keepers answer in either order: the
 * winner of the roll, already at the screen, goes first.
 */
export function actingPlayer(v: TurnView): PlayerId | null {
  // ORD-5: while an ARO window is open the reactive player declares; the screen is theirs.
  if (v.order && (v.order.stage === 'aro1' || v.order.stage === 'aro2')) return v.order.player === 'A' ? 'B' : 'A';
  if (v.phase !== 'choices') return v.active;
  const { winner, deploymentKeeper, initiativeKeeper, firstDeployer, firstTurn } = v.initiative;
  const pending: PlayerId[] = [];
  if (firstDeployer === null && deploymentKeeper !== null) pending.push(deploymentKeeper);
  if (firstTurn === null && initiativeKeeper !== null) pending.push(initiativeKeeper);
  if (winner !== null && pending.includes(winner)) return winner;
  return pending[0] ?? null;
}

/** The choices still open to a player in the choices phase. */
export function openChoices(v: TurnView, player: PlayerId | null): { deployment: boolean; turnOrder: boolean } {
  const i = v.initiative;
  if (v.phase !== 'choices') return { deployment: false, turnOrder: false };
  return {
    deployment: i.firstDeployer === null && (player === null || i.deploymentKeeper === player),
    turnOrder: i.firstTurn === null && (player === null || i.initiativeKeeper === player),
  };
}
