/**
 * Whose input the table waits for now, read from a view's public fields. The engine decides who may
 * give which command (and refuses the rest); this only says whom to hand the screen to.
 */
import type { PlayerId } from '../core/model/types';

export { actingPlayer, type TurnView } from '../core/acting';
import type { TurnView } from '../core/acting';

/** The choices still open to a player in the choices phase. */
export function openChoices(v: TurnView, player: PlayerId | null): { deployment: boolean; turnOrder: boolean } {
  const i = v.initiative;
  if (v.phase !== 'choices') return { deployment: false, turnOrder: false };
  return {
    deployment: i.firstDeployer === null && (player === null || i.deploymentKeeper === player),
    turnOrder: i.firstTurn === null && (player === null || i.initiativeKeeper === player),
  };
}
