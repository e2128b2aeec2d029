/** The page's saves: the autosave in localStorage and undo, for the page's game and match (and its Hotseat PINs). */
import { gameStore } from './gameStore';
import { matchStore } from './matchStore';
import { pinStore } from './pins';
import { createSaves } from './saves';

function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A reloaded game against the table: the table takes its side again, at its level (botStore, loaded then). */
const resumeTable = (level: string) =>
  void import('./botStore').then((b) => b.startBot(level === 'easy' || level === 'hard' ? level : 'normal'));

export const pageSaves = createSaves(gameStore, matchStore, pageStorage(), pinStore, resumeTable);
