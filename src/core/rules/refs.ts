/**
 * Naming troopers in commands, as the player giving the command may know them (GAME-TURN.md,
 * "Changed": secrets in refusals). A player knows all of their own troopers, the opponent's troopers
 * standing as models (or removed), and the opponent's markers by their marker ids only. Any other id
 * (a hidden, kept-back, undeployed or airborne enemy, or the trooper id behind an enemy marker) is
 * answered exactly as an id that does not exist, so a refusal tells nothing of the opponent's secrets.
 */
import { own } from '../dict';
import type { GameState, PlayerId, TrooperStatus } from '../model/types';
import { profileOf, refuse } from './context';

/** The opponent's troopers a player knows by their trooper ids: those standing as models, and the removed. */
export function opponentKnows(status: TrooperStatus): boolean {
  return status === 'model' || status === 'unconscious' || status === 'removed';
}

/** The trooper a marker id stands for, while it is a marker. */
export function markerTrooper(state: GameState, markerId: string): string | null {
  for (const [id, t] of Object.entries(state.troopers)) if (t.markerId === markerId && t.status === 'marker') return id;
  return null;
}

/**
 * The trooper a command's reference names, as `player` may know it (null: a query of the whole game,
 * which knows everything), or null when that player knows no such trooper or marker.
 */
export function resolveRef(state: GameState, ref: string, player: PlayerId | null): string | null {
  const t = own(state.troopers, ref);
  if (t) {
    if (player === null || t.player === player || opponentKnows(t.status)) return ref;
    return null;
  }
  return markerTrooper(state, ref);
}

/** The one message for every id the player does not know: it names nothing. */
export const UNKNOWN_TROOPER = 'There is no trooper or marker of that id that you know of.';

export function requireTrooper(state: GameState, ref: string, player: PlayerId | null): string {
  const id = resolveRef(state, ref, player);
  if (id === null) refuse('unknown-trooper', null, UNKNOWN_TROOPER);
  return id;
}

/** How a message to `player` names a trooper: an enemy marker by its marker id, anything else by its name. */
export function nameFor(state: GameState, id: string, player: PlayerId | null): string {
  const t = state.troopers[id]!;
  if (t.status === 'marker' && t.markerId && player !== null && t.player !== player) return t.markerId;
  return profileOf(state, id).name;
}

/** The refusal of a command naming the other player's trooper as its actor. */
export function checkOwner(state: GameState, player: PlayerId, id: string): void {
  const t = state.troopers[id]!;
  if (t.player !== player) refuse('not-your-trooper', null, `${nameFor(state, id, player)} belongs to Player ${t.player}.`);
}
