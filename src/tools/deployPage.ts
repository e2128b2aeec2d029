/**
 * The page's deployment tool, bound to the page's stores: fetched after the first frame
 * (`lazyTools.ts`) and handed to the handle the page holds (`pageTools.ts`'s `deployTool`).
 */
import { gameStore } from '../state/gameStore';
import { createDeployTool } from './deploy';
import { deployTool, placingPlayer } from './pageTools';
import { knownProfiles } from '../core/api';

deployTool.attach(
  createDeployTool({
    state: () => gameStore.getState().state,
    player: placingPlayer,
    preview: (c) => gameStore.getState().preview(c),
    dispatch: (c) => gameStore.getState().dispatch(c),
    name: (id) => knownProfiles(gameStore.getState().state, gameStore.getState().viewer)[id]?.name ?? id,
  }),
);
