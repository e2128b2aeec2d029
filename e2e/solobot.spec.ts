/**
 * Solo against the table (issue 40): a game file loaded with New game, played against the table. The
 * person (Ember Directorate, A) has rolled the initiative and made the choices (in the file); the table
 * (B) deploys first, from its Web Worker, one step at a time; the person deploys through the deployment
 * panel (never handed the screen over); the table deploys its kept-back trooper and takes the first turn:
 * its Order is announced in the bar above the table and in the person's log. The table's hidden pieces
 * never show to the person.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { deployAsCommanded, gameOf, openStart, shot, topDown, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));

test('a game against the table: it deploys, plays its turn, and its Orders are announced', async ({ page }) => {
  test.setTimeout(300_000);
  const console_ = watchConsole(page);
  await openStart(page);
  await page.getByTestId('start-load').click();
  const dialog = page.getByTestId('new-game-dialog');
  await expect(dialog.getByRole('radio', { name: /A game file/ })).toBeChecked();
  await dialog.getByTestId('game-file').setInputFiles(join(here, 'fixtures', 'solobot-game.json'));
  await expect(dialog.getByTestId('file-ok')).toBeVisible();
  await dialog.getByTestId('mode-table').check();
  await dialog.getByTestId('solobot-side').selectOption('A');
  await dialog.getByTestId('solobot-level').selectOption('easy');
  await dialog.getByTestId('start-game').click();
  await expect(dialog).toBeHidden();

  const bar = page.getByTestId('solobot-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('seat')).toContainText('Against the table');
  // The table deploys first (the file's choices), one placement at a time, told in the bar.
  await expect(page.getByTestId('solobot-told')).toContainText('The table:', { timeout: 60_000 });
  await expect(page.getByTestId('pick-a-veil')).toBeVisible({ timeout: 120_000 });
  expect(await gameOf(page)).toMatchObject({ phase: 'deployment', active: 'A', seat: 'A', handOverTo: null });
  await shot(page, 'solobot-01-table-deployed');

  await topDown(page);
  await deployAsCommanded(page, { trooper: 'a-veil', at: { x: 31.37, y: 2.37 } });
  await page.getByTestId('keep-back').selectOption('a-lt');
  await page.getByTestId('end-step').click();
  // The table's last step, then the person's.
  await expect(page.getByTestId('pick-a-lt')).toBeVisible({ timeout: 120_000 });
  await deployAsCommanded(page, { trooper: 'a-lt', at: { x: 15.62, y: 7.47 } });
  await page.getByTestId('end-step').click();

  // The table takes the first turn: its Order is announced in the bar and in the log. An ARO window
  // the person may use is answered with no ARO, so that the table goes on.
  const log = page.getByTestId('game-log');
  const t0 = Date.now();
  while (Date.now() - t0 < 150_000) {
    if (/gives .* Order/.test((await page.getByTestId('solobot-told').textContent()) ?? '')) break;
    const declare = page.getByTestId('declare-aros');
    if ((await declare.count()) > 0 && (await declare.isEnabled())) await declare.click();
    await page.waitForTimeout(500);
  }
  await expect(page.getByTestId('solobot-told')).toContainText(/gives .* Order/);
  await expect(log).toContainText(/Tidewater Concord gives .* Order/);
  expect(await gameOf(page)).toMatchObject({ phase: 'game', handOverTo: null, seat: 'A' });
  await shot(page, 'solobot-02-table-order');
  expect(console_.errors).toEqual([]);
});
