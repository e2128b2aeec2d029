import type { Tx } from '../context';

/**
 * A trooper's marker id (GAME-FILE.md: Output): its player's letter and a number given by first
 * appearance (`A-m1`), the same in every view and replay, and kept when it becomes a marker again.
 */
export function giveMarkerId(tx: Tx, id: string): string {
  const t = tx.trooper(id);
  if (!t.markerId) {
    tx.own('markerCount')[t.player] += 1;
    t.markerId = `${t.player}-m${tx.draft.markerCount[t.player]}`;
  }
  return t.markerId;
}
