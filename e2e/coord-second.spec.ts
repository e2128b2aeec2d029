import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, clickTable, handOver, newGame, openTable, shot, topDown, watchConsole, answerUntil } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/** Round 1, Player A's turn, dice by hand: Captain Arkos (a-lt) at (24, 4), Runner Pell (a-run) at (28, 14), one Combat Group. */
const GAME = join(here, 'fixtures', 'turn-game.json');

/** Draws one participant's path (one click) and goes on, checking its length: it starts where its first Move ended. */
async function drawEach(page: Page, paths: [string, { x: number; y: number }][], last: string) {
  for (const [k, [name, at]] of paths.entries()) {
    await expect(page.getByTestId('coord-current')).toHaveText(name);
    await clickTable(page, at.x, at.y);
    await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
    await expect(page.getByTestId('path-length')).toHaveText('2.0"');
    await expect(page.getByTestId('declare-move')).toHaveText(k === paths.length - 1 ? last : `Next: ${paths[k + 1]![0]}`);
    if (k === paths.length - 1) await shot(page, 'coord-second-last-path');
    await page.getByTestId('declare-move').click();
  }
}

/** A Coordinated Move of Captain Arkos (Spearhead) and Runner Pell, 2" each, up to A's second skill. */
async function coordMove(page: Page) {
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await topDown(page);
  await page.getByTestId('coord-start').click();
  await page.getByTestId('coord-pick-a-lt').click();
  await page.getByTestId('coord-pick-a-run').click();
  await expect(page.getByTestId('coord-picked')).toHaveText('Spearhead: Captain Arkos; with Runner Pell');
  await page.getByTestId('coord-draw').click();
  await drawEach(page, [['Captain Arkos', { x: 24, y: 6 }], ['Runner Pell', { x: 28, y: 16 }]], 'Declare the Coordinated Move');

  // B's window 1, then A's second skill.
  const chooser = page.getByTestId('skill-chooser');
  await answerUntil(page, async () => (await chooser.isVisible()) && (await chooser.textContent())!.includes('Second skill'));
  await expect(chooser).toContainText('Second skill of Captain Arkos');
}

test('COORD-4 COORD-13 a Coordinated Order\u2019s second Move: each participant draws its own path from where its first Move left it', async ({ page }) => {
  test.setTimeout(150_000);
  const log = watchConsole(page);
  await coordMove(page);
  await page.getByTestId('skill-move').click();
  await drawEach(page, [['Captain Arkos', { x: 24, y: 8 }], ['Runner Pell', { x: 28, y: 18 }]], 'Declare the Coordinated Move');

  const ends: [string, number, number][] = [
    ['a-lt', 24, 8],
    ['a-run', 28, 18],
  ];
  await answerUntil(page, async () => {
    const v = await page.evaluate(() => window.__table!.view());
    return ends.every(([id, x, y]) => v.troopers[id]?.x === x && v.troopers[id]?.y === y);
  });
  const v = await page.evaluate(() => window.__table!.view());
  for (const [id, x, y] of ends) expect(v.troopers[id], id).toMatchObject({ x, y });
  await shot(page, 'coord-second-resolved');
  expect(log.errors).toEqual([]);
});

test('COORD-3 COORD-4 a Coordinated Order\u2019s second skill a BS Attack: the Spearhead\u2019s weapon and split on the form, each other participant\u2019s own weapon at the same target, Burst 1, with the engine\u2019s odds', async ({ page }) => {
  test.setTimeout(150_000);
  const log = watchConsole(page);
  await coordMove(page);
  await page.getByTestId('skill-attack-combi-rifle').click();
  await page.getByTestId('burst-b-inf').fill('2');
  const each = page.getByTestId('coord-attack-a-run');
  await expect(each).toContainText('Runner Pell');
  await expect(page.getByTestId('coord-weapon-a-run')).toHaveValue('combi-rifle');
  await expect(page.getByTestId('coord-odds-a-run')).toContainText(/^1 die at \d+: hit \d+%/);
  await expect(page.getByTestId('odds-b-inf')).toContainText(/at \d+: hit \d+%/);
  await each.scrollIntoViewIfNeeded();
  await shot(page, 'coord-second-attack');
  await page.getByTestId('declare-attack').click();
  // Both participants roll: the Spearhead its half Burst (2 of the Combi Rifle's 3), Runner Pell one die.
  await answerUntil(page, async () => page.getByTestId('dice-needs').isVisible());
  await expect(page.getByTestId('dice-needs')).toContainText('Captain Arkos (2 dice)');
  await expect(page.getByTestId('dice-needs')).toContainText('Runner Pell (1 die)');
  expect(log.errors).toEqual([]);
});

/**
 * e2e/fixtures/coord-cautious-game.json: e2e/fixtures/closecombat-game.json with Captain Arkos (a-lt) at
 * (24, 4) and Torch Vane (a-fast) at (13.5, 5), both out of every enemy's sight and Zone of Control.
 */
const CAUTIOUS_GAME = join(here, 'fixtures', 'coord-cautious-game.json');

test('COORD-4 a Coordinated Cautious Move: the picker\u2019s shared skill, each participant\u2019s path drawn in turn, one Entire Order for both', async ({ page }) => {
  test.setTimeout(150_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: CAUTIOUS_GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await topDown(page);
  await page.getByTestId('coord-start').click();
  await page.getByTestId('coord-skill').selectOption('cautious-move');
  await page.getByTestId('coord-pick-a-lt').click();
  await page.getByTestId('coord-pick-a-fast').click();
  await expect(page.getByTestId('coord-refused')).toHaveCount(0);
  await page.getByTestId('coord-draw').click();
  await expect(page.getByTestId('coord-drawing')).toContainText('Coordinated Cautious Move');
  await drawEach(page, [['Captain Arkos', { x: 24, y: 6 }], ['Torch Vane', { x: 13.5, y: 7 }]], 'Declare the Coordinated Cautious Move');
  const ends: [string, number, number][] = [
    ['a-lt', 24, 6],
    ['a-fast', 13.5, 7],
  ];
  await answerUntil(page, async () => {
    const v = await page.evaluate(() => window.__table!.view());
    return ends.every(([id, x, y]) => v.troopers[id]?.x === x && v.troopers[id]?.y === y);
  });
  await expect(page.getByTestId('game-log')).toContainText('Coordinated Order of');
  expect(log.errors).toEqual([]);
});
