/**
 * The demo game the page opens on: `examples/demo-deployed.json`, a full deployment on a dense
 * 48" table, bundled with the page and replayed through the engine like any saved game.
 */
import deployed from '../../examples/demo-deployed.json';
import { parseGameFile } from '../core/gamefile';
import type { GameFile } from '../core/model/types';

export function demoGame(): GameFile {
  return parseGameFile(deployed);
}
