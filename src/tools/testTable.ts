/**
 * Game files for tool tests: the fixtures the browser tests load too, read and checked as a game file.
 * The headless table the tools are driven on is `testing/TestTable.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, GameFile } from '../core/model/types';
import { parseGameFileText } from '../core/api';

const ROOT = join(__dirname, '..', '..');

export function fixture(path: string, patch: Partial<GameFile> = {}): GameFile {
  const file = parseGameFileText(readFileSync(join(ROOT, path), 'utf8'));
  return { ...file, ...patch };
}

/** Initiative and choices of the small fixture: A wins, keeps Deployment, deploys first in the south; B goes first. */
export const SMALL_CHOICES: Command[] = [
  { do: 'initiative', rolls: { A: 12, B: 9 } },
  { do: 'keep', player: 'A', choice: 'deployment' },
  { do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' },
  { do: 'turnOrder', player: 'B', first: 'B' },
];
