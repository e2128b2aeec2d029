import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cameraSettled, clickTable, diceByHand, handOver, newGame, openTable, selectTrooper, shot, watchConsole, throughHandOvers } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * e2e/fixtures/cc-attacker-game.json: e2e/fixtures/closecombat-game.json with Torch Vane (a-fast, CC 15,
 * bare hands) deployed at (32, 15) and its Order played: it moved into contact with Infiltrator Kae
 * (b-inf) at (30, 20), no ARO. A's turn goes on, dice by hand. Loaded through New game's "A game file",
 * as a player would load a saved game, so that the Order that set it up is not played again here.
 */
const GAME = join(here, 'fixtures', 'cc-attacker-game.json');

test('CC-13 on the table: with two of A\u2019s troopers in contact with Kae, the CC Attack\u2019s form offers who attacks; Torch Vane attacks with its own CC and bare hands, +1 for Runner Pell, the odds and the dice its own', async ({ page }) => {
  test.setTimeout(150_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-move').click();
  await clickTable(page, 30, 19);
  await expect(page.getByTestId('path-verdict')).toContainText('engages Infiltrator Kae');
  await page.getByTestId('declare-move').click();
  await throughHandOvers(page, 'declare-aros');
  await page.getByTestId('declare-aros').click();
  await throughHandOvers(page, 'skill-cc-cc-weapon');
  await page.getByTestId('skill-cc-cc-weapon').click();
  // No target named yet: nobody else to choose.
  await expect(page.getByTestId('cc-attacker')).toHaveCount(0);
  await page.getByTestId('burst-b-inf').fill('1');
  // Runner Pell attacks by default: its CC 13, Burst 1 +1 for Torch Vane in contact.
  await expect(page.getByTestId('cc-attacker')).toBeVisible();
  // At 960 x 540 the form keeps itself in view as it grows: the choice and Declare with no scrolling.
  await expect(page.getByTestId('cc-attacker-select')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('declare-attack')).toBeInViewport();
  await expect(page.getByTestId('odds-b-inf')).toContainText(/^at 13: hit \d+%/);
  await shot(page, 'cc-attacker-form');
  await page.getByTestId('cc-attacker-select').selectOption({ label: 'Torch Vane' });
  await expect(page.getByTestId('cc-attacker-weapon')).toHaveValue('bare-handed');
  await expect(page.getByTestId('attack-form')).toContainText('Bare-Handed: Burst 1');
  await expect(page.getByTestId('odds-b-inf')).toContainText(/^at 15: hit \d+%/);
  await shot(page, 'cc-attacker-chosen');
  await page.getByTestId('declare-attack').click();
  // Window 2: B has nobody left to react; the dice by hand follow.
  await throughHandOvers(page, 'declare-aros');
  if (await page.getByTestId('declare-aros').isVisible()) await page.getByTestId('declare-aros').click();
  await throughHandOvers(page, 'dice-a-fast');
  // The dice are Torch Vane's, two of them (Burst 1 +1); Runner Pell rolls none.
  await expect(page.getByTestId('dice-needs')).toContainText('Torch Vane (2 dice)');
  await expect(page.getByTestId('dice-a-run')).toHaveCount(0);
  await diceByHand(page, { 'a-fast': '3 14' });
  await throughHandOvers(page, 'dice-b-inf');
  await diceByHand(page, { 'b-inf': '1 1' });
  await expect(page.getByTestId('game-log')).toContainText('Torch Vane');
  await shot(page, 'cc-attacker-resolved');
  expect(log.errors).toEqual([]);
});

/**
 * e2e/fixtures/cc-aro-stray-game.json: e2e/fixtures/closecombat-game.json with Watcher Oda (b-watch)
 * infiltrated to (40, 19), facing the fight, and Runner Pell's first Order played: it moved into
 * contact with Infiltrator Kae, no ARO, so both are Engaged when its next Order begins.
 */
const STRAY_GAME = join(here, 'fixtures', 'cc-aro-stray-game.json');

test('CC-10 in ARO on the table: a BS Attack ARO at Runner Pell, Engaged with Kae, says its odds take the MOD and that a near miss hits Kae (an ARO names no other)', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: STRAY_GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-cc-cc-weapon').click();
  await page.getByTestId('burst-b-inf').fill('1');
  await page.getByTestId('declare-attack').click();
  await throughHandOvers(page, 'aro-choice-b-watch');
  await page.getByTestId('aro-choice-b-watch').selectOption({ label: 'BS Attack: Combi Rifle' });
  await expect(page.getByTestId('aro-stray-b-watch')).toContainText('Runner Pell is Engaged with Infiltrator Kae');
  await expect(page.getByTestId('aro-stray-b-watch')).toContainText('a near miss hits Infiltrator Kae');
  await expect(page.getByTestId('aro-odds-b-watch')).toBeVisible();
  await page.getByTestId('aro-stray-b-watch').scrollIntoViewIfNeeded();
  await shot(page, 'cc-aro-stray');
  expect(log.errors).toEqual([]);
});
