/** COORD-13: a Coordinated Order's templates on the table (what each participant aims; the engine judges it). */
import type { GameState, PlayerId } from '../core/model/types';
import { knownProfiles } from '../core/api';

/**
 * COORD-3, COORD-4 on the table: the direct template each participant aims when the Spearhead aims
 * `weapon`: the same weapon where its profile has it, else its first direct template weapon (any other
 * one names a target, which a template does not: the engine would refuse the mix, COORD-4).
 */
export function coordTemplates(state: GameState, player: PlayerId, members: readonly string[], weapon: string): Record<string, string> {
  const known = knownProfiles(state, player);
  return Object.fromEntries(
    members.map((id) => {
      const list = (known[id]?.weapons ?? []).filter((w) => w.kind === 'direct');
      return [id, list.find((w) => w.id === weapon)?.id ?? list[0]?.id ?? weapon];
    }),
  );
}
