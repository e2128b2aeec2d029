import type { GameState, PlayerId } from '../../model/types';

/** A player's Lieutenant (exactly one a side: the game file's setup rules). */
export function lieutenantOf(state: Pick<GameState, 'setup'>, player: PlayerId): string {
  const lt = state.setup.players[player].troopers.find((t) => t.skills.includes('lieutenant'));
  if (!lt) throw new Error(`player ${player} has no lieutenant`);
  return lt.id;
}
