import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { replay } from '../src/core/engine';
import { parseGameFile } from '../src/core/gamefile';
import { createSceneryIndex } from '../src/spatial/sceneryIndex';

/** The game as the page saves it (Save, an open file: no PINs), replayed by the core, with the scenery it was replayed on. */
export async function saved(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByTestId('save-file').click();
  const file = parseGameFile(JSON.parse(readFileSync((await (await download).path())!, 'utf8')));
  const ctx = { scenery: createSceneryIndex(file) };
  return { ...replay(file, ctx), ctx };
}
