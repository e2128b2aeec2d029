/**
 * The page's tools, bound to the page's stores. The deployment tool places for the player the game
 * waits for, and only while that player is the one at the screen (in hotseat, never while the
 * hand-over is up).
 */
import { knownProfiles } from '../core/view';
import { gameStore } from '../state/gameStore';
import { matchStore } from '../state/matchStore';
import { actingPlayer } from '../state/turn';
import { createDeployTool } from './deploy';

/** The player who may place troopers now, or null. */
export function placingPlayer() {
  const { state, viewer } = gameStore.getState();
  const m = matchStore.getState();
  if (state.phase !== 'deployment') return null;
  const acting = actingPlayer(state);
  if (m.mode === 'hotseat') return m.handOverTo === null && m.seat === acting ? acting : null;
  // Solo (and the demo, viewed from one side): whoever's step it is, unless the table shows the other side.
  return viewer === null || viewer === acting ? acting : null;
}

export const deployTool = createDeployTool({
  state: () => gameStore.getState().state,
  player: placingPlayer,
  preview: (c) => gameStore.getState().preview(c),
  dispatch: (c) => gameStore.getState().dispatch(c),
  name: (id) => knownProfiles(gameStore.getState().state, gameStore.getState().viewer)[id]?.name ?? id,
});

gameStore.subscribe(() => deployTool.send({ type: 'sync' }));
matchStore.subscribe(() => deployTool.send({ type: 'sync' }));
