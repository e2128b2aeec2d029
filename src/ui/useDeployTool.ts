import { useSyncExternalStore } from 'react';
import type { DeploySnapshot } from '../tools/deploy';
import { deployTool, placingPlayer } from '../tools/pageTools';
import { useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';

/** A slice of the deployment tool's state; pick primitives or objects the tool keeps, so moves don't re-render. */
export function useDeployTool<T>(selector: (s: DeploySnapshot) => T): T {
  return useSyncExternalStore(deployTool.subscribe, () => selector(deployTool.snapshot));
}

/** The player who may place troopers now (see `placingPlayer`), kept up to date. */
export function usePlacingPlayer() {
  useGame((s) => s.state);
  useGame((s) => s.viewer);
  useMatch((s) => s.mode);
  useMatch((s) => s.seat);
  useMatch((s) => s.handOverTo);
  return placingPlayer();
}
