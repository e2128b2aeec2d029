import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { frames, gameOf, openStart, watchConsole } from './helpers';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');

test('the page opens on a start panel: New game, the demo to look around, Load, and how a game goes; not on an End turn', async ({ page }) => {
  const log = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openStart(page);
  const start = page.getByTestId('start-panel');
  await expect(start.getByRole('heading', { name: 'How to play a game' })).toBeVisible();
  await expect(page.getByTestId('start-steps').locator('li')).toHaveCount(4);
  // The demo's End turn lies behind the panel, out of reach.
  const endTurn = (await page.getByTestId('end-turn').boundingBox())!;
  const under = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null, [
    endTurn.x + endTurn.width / 2,
    endTurn.y + endTurn.height / 2,
  ]);
  expect(under).not.toBe('end-turn');
  await frames(page);
  mkdirSync(docs, { recursive: true });
  writeFileSync(join(docs, 'start.png'), await page.screenshot());

  // New game: the dialog, on the demo's armies; cancelled, the start panel is still there.
  await start.getByTestId('start-new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await expect(dialog.getByRole('radio', { name: /^The demo/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(start).toBeVisible();
  // Load: the same dialog, on a game file.
  await start.getByTestId('start-load').click();
  await expect(dialog.getByRole('radio', { name: /A game file/ })).toBeChecked();
  await expect(dialog.getByTestId('game-file')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Looking around the demo: the banner says it is the demo.
  await start.getByTestId('start-demo').click();
  await expect(start).toHaveCount(0);
  await expect(page.getByTestId('banner')).toContainText('The demo: look around');
  expect((await gameOf(page)).mode).toBe('demo');

  // A reload with nothing autosaved opens on the panel again; New game from it starts a game.
  await page.reload();
  await expect(start).toBeVisible();
  await start.getByTestId('start-new-game').click();
  await dialog.getByTestId('start-game').click();
  await expect(start).toHaveCount(0);
  expect(await gameOf(page)).toMatchObject({ mode: 'hotseat', phase: 'initiative' });
  await expect(page.getByTestId('initiative-panel')).toBeVisible();
  expect(log.errors, 'console errors').toEqual([]);
});
