import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cameraSettled, clickTable, endTurn, gameOf, handOver, newGame, openTable, shot, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * The turn game (examples/firefight.json's setup, dice by hand) with B's marker and B's trooper able to
 * hide standing behind the long wall, the latter as a model: every trooper of B's is in A's view, so A's
 * windows are handed over only where one of them may react.
 */
const GAME = join(here, 'fixtures', 'hotseat-pace.json');

test('ARO-1 ARO-5 TOOL-8 ORD-6 hotseat at the pace of a table: B sees the Move drawn and chooses its point on the table, a window nobody may use passes with no hand-over, End turn asks, B sees its own dice', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await expect(page.getByTestId('hand-over-always')).not.toBeChecked();
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');

  // A: Scout Dax moves 4" in two stretches; B's Commander may react.
  let handOvers = 0;
  await page.locator('.roster button[data-key="a-irr"]').click();
  await page.getByTestId('skill-move').click();
  await clickTable(page, 4, 14);
  await clickTable(page, 4, 16);
  await expect(page.getByTestId('path-length')).toHaveText('4.0"');
  await page.getByTestId('declare-move').click();
  await handOver(page, 'B');
  handOvers++;

  // B's window: the declaration in words, the path drawn on the table, the point chosen by a click on it.
  const panel = page.getByTestId('aro-panel');
  await expect(page.getByTestId('aro-declared')).toContainText('Scout Dax');
  await expect(page.getByTestId('aro-declared')).toContainText('drawn on the table');
  await page.getByTestId('aro-choice-b-lt').selectOption({ label: 'BS Attack: Combi Rifle' });
  await expect(page.getByTestId('aro-odds-b-lt')).toContainText(/at \d+/);
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
  await page.getByTestId('aro-pick-b-lt').click();
  await expect(page.getByTestId('aro-pick-b-lt')).toHaveAttribute('aria-pressed', 'true');
  await clickTable(page, 4, 14);
  await expect(page.getByTestId('aro-pick-b-lt')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('aro-at-b-lt')).toHaveValue(JSON.stringify({ x: 4, y: 14 }));
  await shot(page, 'hotseat-pace-aro-window');
  await expect(panel).toBeVisible();
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  handOvers++;

  // A: no second skill; the dice by hand (B's ARO, then Scout Dax's save).
  await page.getByTestId('skill-none').click();
  await page.getByTestId('dice-b-lt').fill('5');
  await page.getByTestId('dice-submit').click();
  await page.getByTestId('dice-a-irr').fill('2');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('game-log')).toContainText('Saving roll: Scout Dax rolls 2');

  // A: Marksman Toll idles on its platform, where none of B's troopers may react: no hand-over.
  await page.locator('.roster button[data-key="a-top"]').click();
  await page.getByTestId('skill-idle').click();
  await expect(page.getByTestId('game-log')).toContainText(/ARO window 1 closes: no ARO from/);
  await expect(page.getByTestId('hand-over')).toHaveCount(0);
  expect((await gameOf(page)).seat).toBe('A');
  await page.getByTestId('skill-none').click();

  // End turn with Orders left: it asks first.
  await page.getByTestId('end-turn').click();
  await expect(page.getByTestId('end-turn-ask')).toContainText(/Orders? left/);
  await page.getByTestId('end-turn-keep').click();
  await expect(page.getByTestId('end-turn')).toBeVisible();
  await endTurn(page);
  await handOver(page, 'B');
  handOvers++;
  // Two Orders of A's, three hand-overs: the one with a choice of B's went there and back, the other none.
  expect(handOvers).toBe(3);

  // B's screen: its ARO's die, thrown on A's screen, is thrown again for B.
  await expect(page.getByTestId('order-dice')).toHaveAttribute('data-replayed', 'true');
  await expect(page.getByTestId('dice-replayed')).toBeVisible();
  await expect(page.getByTestId('order-dice')).toContainText('Commander');
  await shot(page, 'hotseat-pace-dice-replayed');
  expect(log.errors).toEqual([]);
});
