import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { endTurn, frames, gameOf, newGame, openTable, SCREENS, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/** Round 1 of a small game, Player A's turn: A's Shade Operative deployed hidden at (30, 8), A's Veil Sniper is marker A-m1. */
const GAME = join(here, 'fixtures', 'saves-game.json');
/** The same game sealed before Argon2id (PBKDF2-SHA-256), under 4-digit PINs: A's 2468, B's 1357. */
const OLD_SEALED = join(here, 'fixtures', 'sealed-pbkdf2.json');
/** What would give A's secrets away in stored or saved text (PRIV-6: with PINs the clear setup holds only each list's open part). */
const SECRET_TEXT = ['"as":"hidden"', '"x":30,"y":8', '"trooper":"a-shade"', '"trooper":"a-veil"', 'Shade Operative', 'Veil Sniper'];
/** What B's screen may not show. */
const SECRET_NAMES = ['Shade Operative', 'a-shade', 'Veil Sniper', 'a-veil'];

function secretsIn(text: string): string[] {
  const flat = JSON.stringify(JSON.parse(text));
  return SECRET_TEXT.filter((s) => flat.includes(s));
}

async function autosave(page: Page): Promise<string> {
  // The sealed autosave is written a moment after each command (WebCrypto is asynchronous).
  await page.waitForFunction(() => {
    const raw = localStorage.getItem('infinity-table/autosave');
    return raw !== null && JSON.parse(raw).version === 2;
  });
  return page.evaluate(() => localStorage.getItem('infinity-table/autosave')!);
}

/** The hand-over to `player` with PINs: nothing private behind it; a PIN typed (twice when chosen). */
async function pinHandOver(page: Page, player: 'A' | 'B', pin: string, choosing: boolean) {
  const cover = page.getByTestId('hand-over');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('data-player', player);
  for (const name of SECRET_NAMES) expect(await page.content()).not.toContain(name);
  await page.getByTestId('pin-input').fill(pin);
  if (choosing) await page.getByTestId('pin-again').fill(pin);
  await page.getByTestId('pin-submit').click();
  await expect(cover).toBeHidden();
  await expect(page.getByTestId('seat')).toContainText(`Player ${player}`);
}

test('NET-2 Hotseat PINs: each seat chooses a PIN, the autosave and a saved file hold no secret in the clear, a wrong PIN is refused at the hand-over and on reload, a clear file only after a warning', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat', pins: true });

  // A's first hand-over: A chooses a PIN, typed twice; two that differ are refused.
  const cover = page.getByTestId('hand-over');
  await expect(cover).toHaveAttribute('data-player', 'A');
  await expect(page.getByTestId('pin-again')).toBeVisible();
  await page.getByTestId('pin-input').fill('246813');
  await page.getByTestId('pin-again').fill('246814');
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('pin-error')).toHaveText('The two PINs differ: type the same PIN twice.');
  await page.getByTestId('pin-input').fill('24');
  await page.getByTestId('pin-again').fill('24');
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('pin-error')).toHaveText('A PIN has at least 6 characters.');
  await expect(cover).toBeVisible();
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/pins-01-choose.png` });
  await pinHandOver(page, 'A', '246813', true);
  await expect(page.locator('.roster button[data-key="a-shade"]')).toContainText('hidden');

  // The file came with B's choices too (the trooper B kept back): until B has a PIN nothing can be
  // stored sealed, so nothing is stored at all (never the clear file).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('infinity-table/autosave'))).toBeNull();

  await endTurn(page);
  await pinHandOver(page, 'B', '135791', true);
  for (const name of SECRET_NAMES) expect(await page.content()).not.toContain(name);
  // The autosave: the public log and seals; A's hidden spot and the trooper behind A-m1 are not in it.
  const stored = await autosave(page);
  expect(secretsIn(stored)).toEqual([]);
  expect(stored).not.toContain('246813');
  expect(JSON.parse(stored).sealed.boxes.A).not.toBeNull();

  // Save in B's turn: a sealed file, nothing of A's secrets in the clear.
  const download = page.waitForEvent('download');
  await page.getByTestId('save-file').click();
  const sealedText = readFileSync((await (await download).path())!, 'utf8');
  expect(JSON.parse(sealedText).format).toBe('infinity-table-sealed/2');
  expect(secretsIn(sealedText)).toEqual([]);

  // The clear file for the runner: only after a warning saying what is in it.
  let warning = '';
  page.once('dialog', (d) => {
    warning = d.message();
    void d.dismiss();
  });
  await page.getByTestId('export-clear').click();
  await expect.poll(() => warning).toContain('every secret of both players in the clear');
  page.once('dialog', (d) => void d.accept());
  const clear = page.waitForEvent('download');
  await page.getByTestId('export-clear').click();
  const clearText = readFileSync((await (await clear).path())!, 'utf8');
  expect(secretsIn(clearText)).toContain('"as":"hidden"');

  // Reload: the game is locked until both PINs are typed; a wrong one is refused.
  const before = await gameOf(page);
  await page.reload();
  const unlock = page.getByTestId('unlock-game');
  await expect(unlock).toBeVisible({ timeout: 45_000 });
  for (const name of SECRET_NAMES) expect(await page.content()).not.toContain(name);
  // "Not now" puts it aside, still stored; "Open the locked game" asks for the PINs again.
  await page.getByTestId('unlock-leave').click();
  await expect(unlock).toBeHidden();
  if (await page.getByTestId('start-demo').isVisible()) await page.getByTestId('start-demo').click();
  await page.getByTestId('open-locked').click();
  await expect(unlock).toBeVisible();
  await page.getByTestId('pin-input').fill('135791');
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('pin-error')).toHaveText("That is not Player A's PIN.");
  await page.screenshot({ path: `${SCREENS}/pins-02-unlock.png` });
  await page.getByTestId('pin-input').fill('246813');
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('pin-form')).toHaveAttribute('data-seat', 'B');
  await page.getByTestId('pin-input').fill('135791');
  await page.getByTestId('pin-submit').click();
  await expect(unlock).toBeHidden();

  // Back behind the hand-over to B: A's PIN does not open B's screen.
  await expect(cover).toHaveAttribute('data-player', 'B');
  await page.getByTestId('pin-input').fill('246813');
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('pin-error')).toHaveText("That is not Player B's PIN.");
  await expect(cover).toBeVisible();
  await pinHandOver(page, 'B', '135791', false);
  expect(await gameOf(page)).toEqual(before);

  // The sealed file loads the same way: locked until both PINs.
  await page.getByTestId('load-input').setInputFiles({ name: 'sealed.json', mimeType: 'application/json', buffer: Buffer.from(sealedText) });
  await page.getByTestId('leave-confirm').click();
  await expect(unlock).toBeVisible();
  await expect(unlock).toContainText('sealed.json is locked');
  await page.getByTestId('unlock-leave').click();
  await expect(unlock).toBeHidden();
  expect(await gameOf(page)).toEqual(before);

  // A game sealed before Argon2id, under 4-digit PINs, still opens with them.
  await page.getByTestId('load-input').setInputFiles(OLD_SEALED);
  await page.getByTestId('leave-confirm').click();
  await expect(unlock).toContainText('sealed-pbkdf2.json is locked');
  await page.getByTestId('pin-input').fill('2468');
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('pin-form')).toHaveAttribute('data-seat', 'B');
  await page.getByTestId('pin-input').fill('1357');
  await page.getByTestId('pin-submit').click();
  await expect(unlock).toBeHidden();
  expect(await gameOf(page)).toMatchObject({ commands: JSON.parse(readFileSync(GAME, 'utf8')).commands.length, mode: 'hotseat', handOverTo: 'A' });
  await expect(cover).toHaveAttribute('data-player', 'A');
  expect(log.errors).toEqual([]);
});
