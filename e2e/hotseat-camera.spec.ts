import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, endTurn, handOver, newGame, openTable, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/** A deployed small game, Round 1, Player A's turn. */
const GAME = join(here, 'fixtures', 'saves-game.json');

const camera = (page: Page) => page.evaluate(() => window.__table!.camera());

test('hotseat: each seat finds the camera where it left it at its hand-over; the New game dialog shows no table or roster behind it', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  // A seat's first turn: its own side's view.
  await cameraSettled(page, 'reset');
  // A looks from above, then ends the turn.
  await page.getByRole('toolbar', { name: 'Camera' }).getByRole('button', { name: /Top-down/ }).click();
  await cameraSettled(page, 'top');
  await endTurn(page);
  await handOver(page, 'B');
  // B has not moved its camera yet: its own side's view, not A's.
  await cameraSettled(page, 'reset');
  // B zooms in with the wheel: the view is B's own now.
  const box = (await page.getByTestId('table-view').locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => (await camera(page)).view).toBe('free');
  await page.waitForTimeout(300);
  const bLeft = await camera(page);
  await endTurn(page);
  await handOver(page, 'A');
  // A finds the view it left: from above.
  await cameraSettled(page, 'top');
  await endTurn(page);
  await handOver(page, 'B');
  // B finds the very place it had zoomed to.
  await expect.poll(async () => (await camera(page)).view).toBe('free');
  const bBack = await camera(page);
  for (let i = 0; i < 3; i++) {
    expect(bBack.position[i]).toBeCloseTo(bLeft.position[i]!, 3);
    expect(bBack.target[i]).toBeCloseTo(bLeft.target[i]!, 3);
  }

  // New game: nothing of B's table or roster behind the dialog (both players may be at the screen).
  await expect(page.getByTestId('game-log')).toBeVisible();
  await page.getByTestId('new-game').click();
  await expect(page.getByTestId('new-game-dialog')).toBeVisible();
  await expect(page.getByTestId('game-log')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.querySelector('.side-panel')?.childElementCount)).toBe(0);
  // Cancel: B's table as it was, the camera where B had it.
  await page.getByTestId('new-game-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('game-log')).toBeVisible();
  const after = await camera(page);
  expect(after.view).toBe('free');
  for (let i = 0; i < 3; i++) {
    expect(after.position[i]).toBeCloseTo(bLeft.position[i]!, 3);
    expect(after.target[i]).toBeCloseTo(bLeft.target[i]!, 3);
  }
  expect(log.errors).toEqual([]);
});
