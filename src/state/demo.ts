/**
 * The demo games, bundled with the page: `examples/demo-deployed.json`, the full deployment on a dense
 * 48" table the page opens on, replayed through the engine like any saved game; and
 * `examples/demo-setup.json`, the same table and armies before the initiative roll, for a new game.
 */
import deployed from '../../examples/demo-deployed.json';
import setup from '../../examples/demo-setup.json';
import { parseGameFile } from '../core/gamefile';
import type { GameFile } from '../core/model/types';

export function demoGame(): GameFile {
  return parseGameFile(deployed);
}

/** The demo table and armies, nobody deployed yet: what "New game" offers first. */
export function demoSetup(): GameFile {
  return parseGameFile(setup);
}
