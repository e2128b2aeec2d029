import type { Tx } from '../context';
import { openWindow } from '../orders/flow';
import { openOwnOrder } from '../orders/open';

/**
 * GAME-TURN.md: a Combat Jump is the jumper's own Entire Order (CJ-2). Once it stands where the roll
 * put it (landed, or fallen back), window 1 opens; when it closes only the AROs resolve.
 */
export function jumpOrder(tx: Tx, id: string, hacker: string | null = null): void {
  const o = openOwnOrder(tx, id, { skill: 'combat-jump' }, 'own', 'hidden');
  // CJ-11, ARO-1: an enemy hacker named for the Controlled Jump has spent its ARO against this jumper.
  if (hacker !== null && tx.trooper(hacker).player !== o.player) o.spentAro = [hacker];
  tx.emit({ type: 'declared', player: tx.trooper(id).player, trooper: id, skill: 'combat-jump', from: 'own' } as never);
  openWindow(tx, 1);
}
