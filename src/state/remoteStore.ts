/**
 * What the table shows of a game across two machines, apart from the game itself: whose machine gives
 * the next command, what this machine is doing (a shared roll), and the latest refusal. Written by
 * state/net/table.ts (loaded with the Two machines panel), read by the banner.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { PlayerId } from '../core/model/types';

export interface RemoteState {
  /** this machine's player, or null when no game across two machines is being played */
  seat: PlayerId | null;
  /** the player whose machine gives the next command, or null once the game is over */
  speaker: PlayerId | null;
  busy: string | null;
  error: string | null;
  /** whether the room's relay is reached now */
  online: boolean;
}

export const remoteStore = createStore<RemoteState>()(() => ({ seat: null, speaker: null, busy: null, error: null, online: false }));

export function useRemote<T>(selector: (s: RemoteState) => T): T {
  return useStore(remoteStore, selector);
}
