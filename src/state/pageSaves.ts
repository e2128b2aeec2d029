/** The page's saves: the autosave in localStorage and undo, for the page's game and match. */
import { gameStore } from './gameStore';
import { matchStore } from './matchStore';
import { createSaves } from './saves';

function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const pageSaves = createSaves(gameStore, matchStore, pageStorage());
