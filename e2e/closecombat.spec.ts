import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cameraSettled, clickTable, handOver, newGame, openTable, shot, watchConsole, selectTrooper, diceByHand, throughHandOvers } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * e2e/fixtures/closecombat-game.json: the Active Turn's test table (examples/close-combat.json before
 * its Orders): Runner Pell (a-run, a CC Weapon) at (30, 15.5), Infiltrator Kae (b-inf) at (30, 20),
 * Round 1, A's turn, dice by hand.
 */
const GAME = join(here, 'fixtures', 'closecombat-game.json');

test('CC-17 CC-1 CC-7 CC-6 Hotseat: a Move drawn into contact, answered by a CC Attack ARO, then a CC Attack with the engine\u2019s odds, resolved to Unconscious; the Engaged state shown', async ({ page }) => {
  test.setTimeout(240_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await selectTrooper(page, 'a-run');
  // No enemy in contact: no CC Attack offered.
  await expect(page.getByTestId('skill-cc-cc-weapon')).toHaveCount(0);
  await page.getByTestId('skill-move').click();
  await clickTable(page, 30, 19);
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
  await page.getByTestId('declare-move').click();
  await handOver(page, 'B');
  await page.getByTestId('aro-choice-b-inf').selectOption({ label: 'CC Attack: Bare-Handed' });
  await shot(page, 'cc-aro');
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  // In contact now: CC Attack with the CC Weapon, its odds Face to Face against the ARO.
  await page.getByTestId('skill-cc-cc-weapon').click();
  await page.getByTestId('burst-b-inf').fill('1');
  await expect(page.getByTestId('odds-b-inf')).toContainText(/Face to Face, at 13: hit \d+%/);
  await shot(page, 'cc-odds');
  await page.getByTestId('declare-attack').click();
  // Window 2: B has nobody left to react (Infiltrator Kae has reacted); the dice by hand follow.
  await throughHandOvers(page, 'declare-aros');
  if (await page.getByTestId('declare-aros').isVisible()) await page.getByTestId('declare-aros').click();
  await throughHandOvers(page, 'dice-a-run');
  await diceByHand(page, { 'a-run': '12', 'b-inf': '9' });
  await throughHandOvers(page, 'dice-b-inf');
  await diceByHand(page, { 'b-inf': '11' });
  await expect(page.getByTestId('game-log')).toContainText('Infiltrator Kae is Unconscious');
  const v = await page.evaluate(() => window.__table!.view());
  expect(v.troopers['b-inf']?.status).toBe('unconscious');
  await shot(page, 'cc-resolved');
  expect(log.errors).toEqual([]);
});
