/**
 * The page's tools, bound to the page's stores. The deployment tool places for the player the game
 * waits for, and only while that player is the one at the screen (in hotseat, never while the
 * hand-over is up).
 */
import { gameStore } from '../state/gameStore';
import { matchStore } from '../state/matchStore';
import { actingPlayer } from '../state/turn';
import type { PlayerId } from '../core/model/types';
import { DeployHandle } from './deployHandle';
import { createOrderTool } from './order';
import { tableTools } from './page';
import { snapWaypoint } from '../core/api';

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

/** The deployment tool: a handle until the tool itself is fetched, after the first frame (`deployPage.ts`). */
export const deployTool = new DeployHandle();

gameStore.subscribe(() => deployTool.send({ type: 'sync' }));
matchStore.subscribe(() => deployTool.send({ type: 'sync' }));

/**
 * The player who may give an Order now: the active player, at the screen (in hotseat, seated and with
 * no hand-over up; in solo whoever looks), while no Order waits on the other player or on dice; in
 * stage `dodge-moves`, the next dodger's player, who draws its move (MOV-20).
 */
export function orderingPlayer(): PlayerId | null {
  const { state, viewer } = gameStore.getState();
  const m = matchStore.getState();
  if (state.phase !== 'game' || !state.active || m.mode === 'demo') return null;
  const o = state.order;
  if (o && o.stage === 'dodge-moves' && o.dodgePlayer) {
    // MOV-20: a successful dodger's player draws its move.
    if (m.mode === 'hotseat') return m.handOverTo === null && m.seat === o.dodgePlayer ? o.dodgePlayer : null;
    return viewer === null || viewer === o.dodgePlayer ? o.dodgePlayer : null;
  }
  if (o && o.stage !== 'second') return null;
  if (m.mode === 'hotseat') return m.handOverTo === null && m.seat === state.active ? state.active : null;
  return viewer === null || viewer === state.active ? state.active : null;
}

export const orderTool = createOrderTool({
  state: () => gameStore.getState().state,
  knowledge: () => tableTools.knowledge(),
  player: orderingPlayer,
  preview: (c) => gameStore.getState().preview(c),
  dispatch: (c) => gameStore.getState().dispatch(c),
  // MOV-25: a waypoint refused for a hair goes to the nearest point the engine takes.
  snap: (c) => snapWaypoint(gameStore.getState().state, c, gameStore.getState().ctx),
});

gameStore.subscribe(() => orderTool.send({ type: 'sync' }));
matchStore.subscribe(() => orderTool.send({ type: 'sync' }));
