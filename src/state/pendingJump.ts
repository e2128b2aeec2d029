/**
 * CJ-11 in Hotseat: a Combat Jump placed and waiting for the reactive player's Controlled Jump ARO,
 * declared on their own screen before the PH roll. The jumping player places the trooper and asks
 * (the screen goes to the other player, who answers: one of their hackers, or none), and on the screen's
 * return rolls the PH with the answer in the command. The placement is public by then (the trooper is
 * on the table when the ARO is declared); the answer is the reactive player's own.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { CommandOf, PlayerId } from '../core/model/types';
import { matchStore } from './matchStore';

export interface PendingJump {
  /** the Combat Jump as placed, without the Controlled Jump and the roll */
  cmd: CommandOf<'combatJump'>;
  /** the player asked */
  asked: PlayerId;
  /** their answer: a hacker of theirs, null for none; undefined while they have not answered */
  answer?: string | null;
}

export const pendingJump = createStore<{ pending: PendingJump | null }>()(() => ({ pending: null }));

export function usePendingJump(): PendingJump | null {
  return useStore(pendingJump, (s) => s.pending);
}

// A new game forgets a jump left waiting in the old one.
matchStore.subscribe((m, prev) => {
  if (m.gameSeq !== prev.gameSeq && pendingJump.getState().pending) pendingJump.setState({ pending: null });
});
