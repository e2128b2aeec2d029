import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { gameOf, newGame, openTable, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/** A deployed small game, Round 1, Player A's turn. */
const GAME = join(here, 'fixtures', 'saves-game.json');

test('hotseat: passing the screen is the act of the player who receives it: no focused button, no key or click in the first moment', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  const cover = page.getByTestId('hand-over');
  const confirm = page.getByTestId('hand-over-confirm');
  await expect(cover).toHaveAttribute('data-player', 'A');
  await confirm.click();
  await expect(cover).toBeHidden();

  // A ends the turn with the keyboard and goes on pressing: nothing gets past the screen.
  await page.getByTestId('end-turn').focus();
  await page.keyboard.press('Enter');
  // ORD-6: Orders are left, so End turn asks first; the focus is on the safe answer, Keep playing.
  await expect(page.getByTestId('end-turn-keep')).toBeFocused();
  await page.getByTestId('end-turn-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(cover).toHaveAttribute('data-player', 'B');
  for (const key of ['Enter', ' ', 'Enter']) await page.keyboard.press(key);
  expect(await page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toBe('BUTTON');
  await expect(confirm).not.toBeFocused();
  // A click in the first moment (a double click on End turn, say) is not taken either.
  const box = (await confirm.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(cover).toBeVisible();
  expect((await gameOf(page)).seat).toBe('A');

  // Then the button takes B's click; still, no key press alone passes the screen.
  await expect(confirm).toHaveAttribute('data-armed', 'true');
  await page.keyboard.press('Enter');
  await expect(cover).toBeVisible();
  await confirm.click();
  await expect(cover).toBeHidden();
  expect((await gameOf(page)).seat).toBe('B');
  expect(log.errors, 'console errors').toEqual([]);
});
