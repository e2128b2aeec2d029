import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, clickTable, handOver, newGame, openTable, shot, topDown, watchConsole, answerUntil } from './helpers';

/**
 * What issue 38's trial left (docs/trials/close-combat.md, 2026-12-03): the attack form at 960 x 540, a
 * Coordinated Order's second skill a template aimed per participant, and shared first skills besides
 * Move. Prepared games loaded through New game's "A game file" (Hotseat, dice by hand).
 */
const here = dirname(fileURLToPath(import.meta.url));
/** Round 1, Player A's turn: Captain Arkos (a-lt) at (24, 4), Runner Pell (a-run) at (28, 14), one Combat Group; Infiltrator Kae (b-inf) at (14, 18). */
const TURN = join(here, 'fixtures', 'turn-game.json');
/** turn-game.json with Runner Pell at (11, 13) carrying a Light Flamethrower as Torch Vane (a-fast, at (14, 12)) does. */
const MORE = join(here, 'fixtures', 'coord-more-game.json');

/** Through the hand-overs (B's window) until the game log shows `text`. */
async function logShows(page: Page, text: string) {
  const log = page.getByTestId('game-log');
  await answerUntil(page, async () => (await log.isVisible()) && (await log.textContent())!.includes(text));
  await expect(log).toContainText(text);
}

async function start(page: Page, file: string) {
  await openTable(page);
  await newGame(page, { file, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await topDown(page);
}

/** Picks a Coordinated Order's troopers (the Spearhead first) with its shared skill. */
async function pick(page: Page, skill: string, ids: string[]) {
  await page.getByTestId('coord-start').click();
  await page.getByTestId('coord-skill').selectOption(skill);
  for (const id of ids) await page.getByTestId(`coord-pick-${id}`).click();
  await expect(page.getByTestId('coord-refused')).toHaveCount(0);
}

/** Each participant's one-click path (or landing, or aim) in turn, checking whose turn it is. */
async function eachInTurn(page: Page, steps: [string, { x: number; y: number }][], declare: boolean, lastShot?: string) {
  for (const [k, [name, at]] of steps.entries()) {
    await expect(page.getByTestId('coord-current')).toHaveText(name);
    if (lastShot && k === steps.length - 1) await shot(page, lastShot);
    await clickTable(page, at.x, at.y);
    if (declare) await page.getByTestId('declare-move').click();
  }
}

/** Up to A's second skill: a Coordinated Move of the two, the paths given. */
async function moveThenSecond(page: Page, ids: string[], steps: [string, { x: number; y: number }][]) {
  await pick(page, 'move', ids);
  await page.getByTestId('coord-draw').click();
  await eachInTurn(page, steps, true);
  const chooser = page.getByTestId('skill-chooser');
  await answerUntil(page, async () => (await chooser.isVisible()) && (await chooser.textContent())!.includes('Second skill'));
}

test('the attack form at 960 x 540: the targets, their odds, each participant\u2019s odds and Declare in view without a scroll', async ({ page }) => {
  test.setTimeout(90_000);
  const log = watchConsole(page);
  await start(page, TURN);
  await moveThenSecond(page, ['a-lt', 'a-run'], [
    ['Captain Arkos', { x: 24, y: 6 }],
    ['Runner Pell', { x: 28, y: 16 }],
  ]);
  await page.getByTestId('skill-attack-combi-rifle').click();
  await page.getByTestId('burst-b-inf').fill('2');
  await expect(page.getByTestId('odds-b-inf')).toContainText(/at \d+: hit \d+%/);
  // Nothing scrolled by the test: the form keeps itself in view, and now fits whole.
  for (const id of ['burst-b-inf', 'odds-b-inf', 'coord-odds-a-run', 'coord-weapon-a-run', 'declare-attack']) await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
  const form = await page.getByTestId('attack-form').boundingBox();
  expect(form!.height, 'the form fits the panel').toBeLessThan(300);
  await shot(page, 'coord-more-form');
  expect(log.errors).toEqual([]);
});

test('COORD-4 a Coordinated Order\u2019s second skill a direct template: each participant aims its own in turn', async ({ page }) => {
  test.setTimeout(90_000);
  const log = watchConsole(page);
  await start(page, MORE);
  await moveThenSecond(page, ['a-fast', 'a-run'], [
    ['Torch Vane', { x: 14, y: 13 }],
    ['Runner Pell', { x: 11, y: 14 }],
  ]);
  await page.getByTestId('skill-attack-light-flamethrower').click();
  await expect(page.getByTestId('coord-drawing')).toContainText('Coordinated BS Attack (templates)');
  await expect(page.getByTestId('coord-current')).toHaveText('Torch Vane');
  await clickTable(page, 14, 18);
  await expect(page.getByTestId('coord-current')).toHaveText('Runner Pell');
  await shot(page, 'coord-more-template-second');
  await clickTable(page, 13, 18);
  await expect(page.getByTestId('coord-drawing')).toHaveCount(0);
  await logShows(page, 'Runner Pell: BS Attack with Light Flamethrower');
  await expect(page.getByTestId('game-log')).toContainText('Torch Vane: BS Attack with Light Flamethrower');
  expect(log.errors).toEqual([]);
});

test('COORD-4 shared first skills besides Move: a Coordinated Jump (each landing in turn), then a Coordinated BS Attack on the attack form', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await start(page, MORE);
  await pick(page, 'jump', ['a-fast', 'a-run']);
  await expect(page.getByTestId('coord-draw')).toHaveText('Pick their landings');
  await page.getByTestId('coord-draw').click();
  await expect(page.getByTestId('coord-drawing')).toContainText('Coordinated Jump');
  await eachInTurn(page, [
    ['Torch Vane', { x: 14, y: 14 }],
    ['Runner Pell', { x: 11, y: 15 }],
  ], false, 'coord-more-first-jump');
  await logShows(page, 'Runner Pell: Jump');
  // The Jump is an Entire Order: the next Order, once B's window is answered.
  await answerUntil(page, async () => page.getByTestId('coord-start').isVisible());
  await pick(page, 'attack', ['a-lt', 'a-run']);
  await page.getByTestId('coord-skill-attack-combi-rifle').click();
  await expect(page.getByTestId('coord-attack-a-run')).toContainText('Runner Pell');
  await page.getByTestId('burst-b-inf').fill('2');
  await expect(page.getByTestId('coord-odds-a-run')).toContainText(/^1 die at \d+: hit \d+%/);
  await shot(page, 'coord-more-first-attack');
  await page.getByTestId('declare-attack').click();
  // A Short Skill first: after B's window 1, the second skill (none here), then the dice.
  const chooser = page.getByTestId('skill-chooser');
  await answerUntil(page, async () => (await chooser.isVisible()) && (await chooser.textContent())!.includes('Second skill'));
  await page.getByTestId('skill-none').click();
  await answerUntil(page, async () => page.getByTestId('dice-needs').isVisible());
  await expect(page.getByTestId('dice-needs')).toContainText('Captain Arkos (2 dice)');
  await expect(page.getByTestId('dice-needs')).toContainText('Runner Pell (1 die)');
  expect(log.errors).toEqual([]);
});
