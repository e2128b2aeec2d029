import type { GameState, PlayerId } from '../../model/types';

/**
 * A player's Lieutenant (exactly one a side: the game file's setup rules), or the one named since in a
 * Loss of Lieutenant (MIS-17, kept in the mission's score; Private Information).
 */
export function lieutenantOf(state: Pick<GameState, 'setup'> & Partial<Pick<GameState, 'score'>>, player: PlayerId): string {
  const named = state.score?.lieutenants?.[player];
  if (named) return named;
  const lt = state.setup.players[player].troopers.find((t) => t.skills.includes('lieutenant'));
  if (!lt) throw new Error(`player ${player} has no lieutenant`);
  return lt.id;
}
