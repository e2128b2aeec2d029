/**
 * Solo against the table, a whole game as a new user plays it (issue 40): a small game file loaded with
 * New game, "Solo against the table" at the normal level; the person deploys through the panel, then in
 * each of their turns ends the turn and answers every ARO window with no ARO; the table plays its side
 * to the game's end. Midway the page is reloaded: the game must come back as a game against the table
 * (the bar, the seat, the table going on). Screens go to reports/screens/solobot-whole-*.png.
 * Long (minutes): run alone with E2E_WHOLE=1.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { deployAsCommanded, endTurn, gameOf, openStart, shot, topDown, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));

test('a whole game against the table, with a reload in the middle', async ({ page }) => {
  test.skip(!process.env.E2E_WHOLE, 'long: E2E_WHOLE=1');
  test.setTimeout(2_400_000);
  const console_ = watchConsole(page);
  await openStart(page);
  await page.getByTestId('start-load').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByTestId('game-file').setInputFiles(join(here, 'fixtures', 'solobot-game.json'));
  await expect(dialog.getByTestId('file-ok')).toBeVisible();
  await dialog.getByTestId('mode-table').check();
  await dialog.getByTestId('solobot-side').selectOption('A');
  await dialog.getByTestId('solobot-level').selectOption('normal');
  await shot(page, 'solobot-whole-00-dialog');
  await dialog.getByTestId('start-game').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pick-a-veil')).toBeVisible({ timeout: 180_000 });
  await topDown(page);
  await deployAsCommanded(page, { trooper: 'a-veil', at: { x: 31.37, y: 2.37 } });
  await page.getByTestId('keep-back').selectOption('a-lt');
  await page.getByTestId('end-step').click();
  await expect(page.getByTestId('pick-a-lt')).toBeVisible({ timeout: 180_000 });
  await deployAsCommanded(page, { trooper: 'a-lt', at: { x: 15.62, y: 7.47 } });
  await page.getByTestId('end-step').click();

  const t0 = Date.now();
  let reloaded = false;
  let lastKey = '';
  let n = 0;
  const seen: string[] = [];
  while (Date.now() - t0 < 2_200_000) {
    const g = await gameOf(page);
    if (g.phase === 'end') break;
    const key = `${g.round}-${g.active}`;
    if (key !== lastKey) {
      lastKey = key;
      await shot(page, `solobot-whole-${String(++n).padStart(2, '0')}-round${g.round}-${g.active}`);
    }
    const told = (await page.getByTestId('solobot-told').textContent().catch(() => '')) ?? '';
    if (!seen.includes(told)) seen.push(told);
    if (!reloaded && /gives .* Order/.test(told) && g.round === 1) {
      await shot(page, 'solobot-whole-reload-before');
      await page.reload();
      await expect(page.getByTestId('table-view')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
      await expect(page.getByTestId('solobot-bar')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('seat')).toContainText('Against the table');
      expect(await gameOf(page)).toMatchObject({ seat: 'A', handOverTo: null });
      // The bar tells the table's last steps again after the reload (read from the log).
      await expect(page.getByTestId('solobot-told')).toContainText('The table:', { timeout: 30_000 });
      await shot(page, 'solobot-whole-reload-after');
      reloaded = true;
      continue;
    }
    const declare = page.getByTestId('declare-aros');
    if ((await declare.count()) > 0 && (await declare.isEnabled().catch(() => false))) {
      // The window may close between the look and the click (the page moves on): look again then.
      await declare.click({ timeout: 5_000 }).catch(() => undefined);
      continue;
    }
    const end = page.getByTestId('end-turn');
    if (g.active === 'A' && g.phase === 'game' && (await end.count()) > 0 && (await end.isVisible()) && (await end.isEnabled())) {
      await endTurn(page);
      continue;
    }
    await page.waitForTimeout(700);
  }
  await shot(page, 'solobot-whole-99-end');
  console.log(seen.join('\n'));
  expect(reloaded).toBe(true);
  expect(await gameOf(page)).toMatchObject({ phase: 'end' });
  expect(console_.errors).toEqual([]);
});
