/**
 * A game's history: the commands as applied and the events each made. Saving writes the setup and the
 * commands (GAME-FILE.md); loading replays them; undo replays all but the last.
 */
import { commandPlayer, type Command, type GameEvent, type GameFile, type PlayerId, type Setup } from './model/types';

export interface HistoryEntry {
  command: Command;
  events: GameEvent[];
}

/** Commands that only ask: they change nothing, so undo passes over them. */
const QUESTIONS = new Set(['measure', 'lof', 'odds']);
/** Events that mean a die was rolled, or that play passed to the other player. */
const FINAL = new Set(['roll', 'save', 'step', 'turn', 'initiative']);

/** The index of the last command that changed the game, or -1. */
export function lastChange(entries: readonly HistoryEntry[]): number {
  for (let i = entries.length - 1; i >= 0; i--) if (!QUESTIONS.has(entries[i]!.command.do)) return i;
  return -1;
}

/**
 * Whether `player` may take back the last command that changed the game: they gave it, no die was
 * rolled for it, and it did not pass play to the other player (a step or turn ending).
 */
export function undoable(entries: readonly HistoryEntry[], player: PlayerId): boolean {
  const i = lastChange(entries);
  if (i < 0) return false;
  const { command, events } = entries[i]!;
  if (commandPlayer(command) !== player) return false;
  return !events.some((e) => FINAL.has(e.type));
}

/** The game file for a setup and the commands applied so far: what Save writes. */
export function toGameFile(setup: Setup, commands: readonly Command[]): GameFile {
  return { ...structuredClone(setup), commands: structuredClone([...commands]) };
}
