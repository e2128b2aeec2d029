import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { frames, newGame, openStart, openTable, SCREENS, watchConsole } from './helpers';

/** Tidewater Concord's troopers able to be fielded unseen (Hidden Deployment, Combat Jump): private in its list (PRIV-2). */
const TIDEWATER_PRIVATE = ['Wraith Operative', 'Harrier Drop Trooper'];
/** Ember Directorate's (TO Camouflage, Combat Jump). */
const EMBER_PRIVATE = ['Veil Sniper', 'Skyfall Trooper'];

/** The private troopers' names the page's whole text holds. */
async function namesOnPage(page: import('@playwright/test').Page, names: readonly string[]): Promise<string[]> {
  const html = await page.content();
  return names.filter((n) => html.includes(n));
}

/** The names the New game dialog holds (the demo behind it, seen by all, is not a game of these players). */
async function namesInDialog(dialog: import('@playwright/test').Locator, names: readonly string[]): Promise<string[]> {
  const html = await dialog.innerHTML();
  return names.filter((n) => html.includes(n));
}

/** The hand-over to `player` with PINs, choosing one (typed twice). */
async function chooseAtHandOver(page: import('@playwright/test').Page, player: 'A' | 'B', pin: string) {
  const cover = page.getByTestId('hand-over');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('data-player', player);
  await page.getByTestId('pin-input').fill(pin);
  await page.getByTestId('pin-again').fill(pin);
  await page.getByTestId('pin-submit').click();
  await expect(cover).toBeHidden();
}

test('PRIV-5 PRIV-6 New game with PINs: a chosen list shows only its open part; in the game neither player\'s screen names the other side\'s Hidden Deployment trooper, nor does the sealed autosave', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openStart(page);
  await page.getByTestId('start-new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radio', { name: /^Armies and a table/ }).check();
  const pick = dialog.getByTestId('pick-setup');
  await expect(pick.getByTestId('pick-army-A').locator('option:checked')).toHaveText('Ember Directorate');
  await expect(pick.getByTestId('pick-army-B').locator('option:checked')).toHaveText('Tidewater Concord');

  // Player B has chosen: from now on the dialog shows only the open part of B's list.
  await pick.getByTestId('pick-done-B').click();
  const openB = pick.getByTestId('pick-open-B');
  await expect(openB).toContainText('Tidewater Concord');
  await expect(openB).toContainText('Strider Walker');
  await expect(openB).toContainText("The Lieutenant's WIP");
  await expect(pick.getByTestId('pick-army-B')).toHaveCount(0);
  expect(await namesInDialog(dialog, TIDEWATER_PRIVATE)).toEqual([]);
  expect(await openB.textContent()).not.toMatch(/points|9 troopers/);
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/private-lists-01-new-game.png` });

  // "Choose again" brings B's own view back (for B's eyes), and Done hides it again.
  await openB.getByTestId('pick-again-B').click();
  await expect(pick.getByTestId('pick-army-B')).toBeVisible();
  await pick.getByTestId('pick-done-B').click();
  await pick.getByTestId('pick-done-A').click();
  expect(await namesInDialog(dialog, [...TIDEWATER_PRIVATE, ...EMBER_PRIVATE])).toEqual([]);

  // Without PINs nothing is private between the players: both lists are shown whole again.
  await dialog.getByTestId('pins').uncheck();
  await expect(pick.getByTestId('pick-army-A')).toBeVisible();
  await dialog.getByTestId('pins').check();
  await expect(pick.getByTestId('pick-open-A')).toBeVisible();

  await dialog.getByTestId('start-game').click();
  await expect(dialog).toBeHidden();

  // The initiative roll, watched by both: neither list's private troopers are on the page.
  const panel = page.getByTestId('initiative-panel');
  await expect(panel).toBeVisible();
  expect(await namesOnPage(page, [...TIDEWATER_PRIVATE, ...EMBER_PRIVATE])).toEqual([]);
  await panel.getByRole('button', { name: 'Roll initiative' }).click();
  await expect(panel.getByTestId('dice-tray')).toHaveAttribute('data-settled', 'true', { timeout: 20_000 });
  const winner = (await page.evaluate(() => window.__table!.game())).initiative.winner!;
  await panel.getByTestId('pass-to-winner').click();
  expect(await namesOnPage(page, [...TIDEWATER_PRIVATE, ...EMBER_PRIVATE])).toEqual([]);
  await chooseAtHandOver(page, winner, winner === 'A' ? '246813' : '135791');
  // The winner's screen: their own list whole (their own panels), the other's private troopers nowhere.
  const own = winner === 'A' ? EMBER_PRIVATE : TIDEWATER_PRIVATE;
  const theirs = winner === 'A' ? TIDEWATER_PRIVATE : EMBER_PRIVATE;
  expect(await namesOnPage(page, theirs)).toEqual([]);
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/private-lists-02-winner.png` });
  // Their own private troopers are theirs to see: the roster lists them.
  await expect(page.locator('.roster')).toContainText(own[0]!);

  // The winner keeps Deployment; the screen goes to the other player, who chooses a PIN: the same from their side.
  await panel.getByRole('button', { name: /Keep Deployment/ }).click();
  const choice = panel.getByTestId('deployment-choice');
  await choice.getByRole('radio', { name: winner === 'A' ? 'Ember Directorate' : 'Tidewater Concord' }).check();
  await choice.getByRole('radio', { name: winner === 'A' ? /south/ : /north/ }).check();
  await choice.getByRole('button', { name: 'Confirm deployment choice' }).click();
  const loser = winner === 'A' ? 'B' : 'A';
  await chooseAtHandOver(page, loser, loser === 'A' ? '246813' : '135791');
  expect(await namesOnPage(page, own)).toEqual([]);
  await expect(page.locator('.roster')).toContainText(theirs[0]!);

  // Both have a PIN: the autosave is sealed, and its clear part holds neither list's private troopers (PRIV-6).
  await page.waitForFunction(() => {
    const raw = localStorage.getItem('infinity-table/autosave');
    return raw !== null && JSON.parse(raw).version === 2;
  });
  const stored = await page.evaluate(() => localStorage.getItem('infinity-table/autosave')!);
  expect(JSON.parse(stored).sealed.format).toBe('infinity-table-sealed/2');
  expect([...TIDEWATER_PRIVATE, ...EMBER_PRIVATE].filter((n) => stored.includes(n))).toEqual([]);
  expect(stored).toContain('Strider Walker');
  expect(log.errors).toEqual([]);
});

test('PRIV-7 a save without PINs says it is open: its file name ends in -open.json, and it holds both lists whole', async ({ page }) => {
  test.setTimeout(120_000);
  await openTable(page);
  await newGame(page, { mode: 'Hotseat', pins: false });
  const save = page.getByTestId('save-file');
  await expect(save).toHaveAttribute('title', /open file/);
  const download = page.waitForEvent('download');
  await save.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-open\.json$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('Wraith Operative');
});
