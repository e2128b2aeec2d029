import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, clickTable, endTurn, frames, newGame, openTable, SCREENS, watchConsole, selectTrooper } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * A deployed game at the start of Round 1, Player A's turn, dice by hand (the setup of
 * examples/firefight.json): B's Lurker Voss is hidden, B's Veil Nix is marker B-m1, A's Ghost Lira is
 * marker A-m1 and A's Shade Orm is hidden.
 */
const GAME = join(here, 'fixtures', 'turn-game.json');

async function shot(page: Page, name: string) {
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

/** The top-down view, where a click lands where it is aimed whatever stands in front. */
async function topDown(page: Page) {
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
}

test('TOOL-7 ORD-5 MOV-1 ARO-1 solo: a Move drawn on the table, its length against MOV, who may react along it, the ARO window and a second Move', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Solo' });
  await cameraSettled(page, 'reset');
  await expect(page.getByTestId('pool')).toContainText('Group 1');
  await selectTrooper(page, 'a-irr');
  await expect(page.getByTestId('skill-chooser')).toContainText('Scout Dax');
  await page.getByTestId('skill-move').click();
  await expect(page.getByTestId('path-panel')).toBeVisible();
  // A path of 4": the MOV value.
  await clickTable(page, 4, 16);
  await expect(page.getByTestId('path-length')).toHaveText('4.0"');
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
  await shot(page, 'turn-move-path');
  await page.getByTestId('declare-move').click();
  // The ARO window opens for B; in Solo the same screen answers it.
  await expect(page.getByTestId('aro-panel')).toBeVisible();
  await shot(page, 'turn-aro-window');
  await page.getByTestId('declare-aros').click();
  await expect(page.getByTestId('skill-chooser')).toContainText('Second skill');
  await page.getByTestId('skill-move').click();
  // Too far: 7" of a 4" second MOV value.
  await clickTable(page, 4, 23);
  await expect(page.getByTestId('path-verdict')).toContainText('MOV-1');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('path-panel')).toHaveCount(0);
  await page.getByTestId('skill-move').click();
  await clickTable(page, 4, 19.5);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('aro-panel')).toBeVisible();
  await page.getByTestId('declare-aros').click();
  const v = await page.evaluate(() => window.__table!.view());
  expect(v.troopers['a-irr']).toMatchObject({ x: 4, y: 19.5 });
  expect(v.pool?.groups['1']).toBe(5);
  expect(log.errors).toEqual([]);
});

test('TOOL-8 ATK-2 solo: a Move, a BS Attack ARO in window 1, and the mover shooting back as its second skill: the odds before the dice are Face to Face', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Solo' });
  await cameraSettled(page, 'reset');
  await selectTrooper(page, 'a-irr');
  await page.getByTestId('skill-move').click();
  await clickTable(page, 4, 16);
  await page.getByTestId('declare-move').click();
  await expect(page.getByTestId('aro-panel')).toBeVisible();
  await page.getByTestId('aro-choice-b-lt').selectOption({ label: 'BS Attack: Combi Rifle' });
  await page.getByTestId('declare-aros').click();
  await expect(page.getByTestId('skill-chooser')).toContainText('Second skill');
  await page.getByTestId('skill-attack-combi-rifle').click();
  await page.getByTestId('burst-b-lt').fill('3');
  // Commander Ivo's ARO is already declared against Scout Dax: the roll will be Face to Face.
  await expect(page.getByTestId('odds-b-lt')).toContainText(/^Face to Face, at \d+: hit \d+%, critical \d+%, a Wound or more \d+%; its ARO wins \d+%$/);
  await shot(page, 'turn-second-skill-ftf-odds');
  await page.getByTestId('declare-attack').click();
  await expect(page.getByTestId('skill-chooser')).toHaveCount(0);
  expect(log.errors).toEqual([]);
});

/** Private to A (B may not learn them before they show): the marker's trooper and the hidden trooper. */
const A_SECRETS = ['Ghost Lira', 'a-camo', 'Shade Orm', 'a-hide'];
/** Private to B: its marker's trooper and its hidden trooper. */
const B_SECRETS = ['Veil Nix', 'b-camo', 'Lurker Voss', 'b-hide'];

async function noneOf(page: Page, secrets: string[], where: string) {
  const html = await page.content();
  for (const s of secrets) expect(html, `"${s}" ${where}`).not.toContain(s);
  expect(await page.title()).not.toMatch(/Ghost|Shade|Veil|Lurker/);
}

/** The hand-over for `player` is up, with nothing private of either player behind it; then that player confirms. */
async function handOver(page: Page, player: 'A' | 'B', secrets: string[]) {
  const cover = page.getByTestId('hand-over');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('data-player', player);
  await noneOf(page, [...A_SECRETS, ...B_SECRETS].filter((s) => secrets.includes(s)), `while the hand-over to ${player} is up`);
  expect(await page.title()).toBe(`Pass to Player ${player} · Infinity Table`);
  await page.getByTestId('hand-over-confirm').click();
  await expect(cover).toBeHidden();
  await expect(page.getByTestId('seat')).toContainText(`Player ${player}`);
}

test('ARO-1 ARO-4 ARO-5 HD-10 DMG-1 hotseat: a Move, the screen handed to B, B\'s hidden trooper appearing to shoot, the dice and the save, nothing private at any hand-over', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A', [...A_SECRETS, ...B_SECRETS]);
  await noneOf(page, B_SECRETS, "on A's screen");
  await expect(page.getByTestId('hand-over-always')).not.toBeChecked();
  await cameraSettled(page, 'reset');
  await selectTrooper(page, 'a-irr');
  await page.getByTestId('skill-move').click();
  await clickTable(page, 4, 16);
  await expect(page.getByTestId('path-length')).toHaveText('4.0"');
  // TOOL-7 counts only what A knows of: B's marker by its id, never B's hidden trooper.
  await expect(page.getByTestId('path-reactors')).toContainText('Marker B-m1');
  await noneOf(page, B_SECRETS, 'in the path reading');
  await page.getByTestId('declare-move').click();

  // ARO window 1: the screen goes to B, who sees its hidden trooper among those that may react.
  await handOver(page, 'B', [...A_SECRETS, ...B_SECRETS]);
  await noneOf(page, A_SECRETS, "on B's screen");
  const panel = page.getByTestId('aro-panel');
  await expect(panel).toContainText('reacts to Scout Dax');
  await expect(panel).toContainText('Lurker Voss (hidden: it appears if it reacts)');
  await page.getByTestId('aro-choice-b-hide').selectOption({ label: 'BS Attack: Combi Rifle' });
  // ARO-5: where on the path it shoots; the default is the last point it sees.
  await expect(page.getByTestId('aro-at-b-hide')).toBeVisible();
  await expect(page.getByTestId('aro-odds-b-hide')).toContainText(/Lurker Voss at \d+: hits \d+%/);
  await shot(page, 'turn-hotseat-aro');
  await page.getByTestId('declare-aros').click();

  // Back to A: the Lurker has appeared (HD-10), so it is no secret any more; B's marker still is.
  await handOver(page, 'A', [...A_SECRETS, 'Veil Nix', 'b-camo']);
  await noneOf(page, ['Veil Nix', 'b-camo'], "on A's screen after the ARO");
  await expect(page.getByTestId('game-log')).toContainText('Lurker Voss appears');
  await page.getByTestId('skill-none').click();
  // Dice by hand: the ARO's die, then Scout Dax's save.
  await expect(page.getByTestId('dice-needs')).toBeVisible();
  await page.getByTestId('dice-b-hide').fill('5');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('order-dice')).toContainText('Lurker Voss: BS Attack');
  await expect(page.locator('.die-mark[data-mark="hit"]')).toHaveCount(1);
  await page.getByTestId('dice-a-irr').fill('2');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('game-log')).toContainText('Saving roll: Scout Dax rolls 2');
  await expect(page.getByTestId('game-log')).toContainText('Scout Dax is Unconscious');
  await expect(page.locator('.roster button[data-key="a-irr"]')).toContainText('unconscious');
  await shot(page, 'turn-hotseat-after-save');
  await noneOf(page, ['Veil Nix', 'b-camo'], "on A's screen after the save");
  // The turn ends; B's turn begins behind a hand-over.
  await endTurn(page);
  await handOver(page, 'B', [...A_SECRETS, 'Veil Nix', 'b-camo']);
  await noneOf(page, A_SECRETS, "on B's screen in B's turn");
  expect(log.errors).toEqual([]);
});

test('ATK-1 ATK-2 TOOL-8 TPL-1 TPL-3 TOC-14 DMG-1 solo: a Face to Face with its exact odds before the dice, each die marked; a flamethrower catching two troopers', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Solo' });
  await cameraSettled(page, 'reset');

  // Ghost Lira, under marker A-m1, shoots Commander Ivo with the whole Burst of its Combi Rifle.
  await selectTrooper(page, 'A-m1');
  await expect(page.getByTestId('skill-chooser')).toContainText('Ghost Lira');
  await page.getByTestId('skill-attack-combi-rifle').click();
  await page.getByTestId('burst-b-lt').fill('3');
  // TOOL-8 before anything is rolled: the engine's Success Value and the odds of a Normal roll.
  await expect(page.getByTestId('odds-b-lt')).toContainText(/at 8: hit \d+%, critical \d+%, a Wound or more \d+%/);
  await shot(page, 'turn-attack-odds');
  await page.getByTestId('declare-attack').click();
  // B shoots back: now it is a Face to Face, and its odds say so.
  await page.getByTestId('aro-choice-b-lt').selectOption({ label: 'BS Attack: Combi Rifle' });
  await expect(page.getByTestId('aro-odds-b-lt')).toContainText(/Commander Ivo at 5 against 8: hits \d+%, hit by the attack \d+%/);
  await shot(page, 'turn-ftf-odds');
  // The README's picture of a turn.
  mkdirSync(join(here, '..', 'docs'), { recursive: true });
  writeFileSync(join(here, '..', 'docs', 'turn.png'), await page.screenshot());
  await page.getByTestId('declare-aros').click();
  // ORD-6: a second BS Attack is greyed out before it is tried, with the engine's reason.
  await expect(page.getByTestId('skill-attack-combi-rifle')).toBeDisabled();
  await expect(page.getByTestId('skill-attack-combi-rifle')).toHaveAttribute('title', /^ORD-6: /);
  await page.getByTestId('skill-none').click();
  await page.getByTestId('dice-a-camo').fill('3 7 18');
  await page.getByTestId('dice-b-lt').fill('4');
  await page.getByTestId('dice-submit').click();
  // Each die against the other side's best: 3 and the 4 cancelled, 7 a hit, 18 a failure.
  const dice = page.getByTestId('order-dice');
  await expect(dice).toBeVisible();
  const marks = await dice.locator('.die-mark').evaluateAll((els) => els.map((e) => `${e.textContent}:${e.getAttribute('data-mark')}`));
  expect(marks).toEqual(['3:cancelled', '7:hit', '18:failed', '4:cancelled']);
  await shot(page, 'turn-ftf-dice');
  await page.getByTestId('dice-b-lt').fill('10');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('game-log')).toContainText('Commander Ivo is Unconscious');

  // Torch Vane's Light Flamethrower aimed on the table: its teardrop catches B's marker and the trooper beside it.
  await selectTrooper(page, 'a-fast');
  await page.getByTestId('skill-attack-light-flamethrower').click();
  await expect(page.getByTestId('path-panel')).toContainText('Aim the template');
  await clickTable(page, 14, 20);
  await expect(page.getByTestId('aro-panel')).toBeVisible();
  await page.getByTestId('aro-choice-b-inf').selectOption({ label: 'Dodge' });
  await page.getByTestId('declare-aros').click();
  await page.getByTestId('skill-none').click();
  await page.getByTestId('dice-b-inf').fill('15');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('game-log')).toContainText('Small Teardrop Template: Veil Nix, Infiltrator Kae hit');
  await shot(page, 'turn-template');
  await page.getByTestId('dice-b-camo').fill('20');
  await page.getByTestId('dice-b-inf').fill('3');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('game-log')).toContainText('Infiltrator Kae is Unconscious');
  const v = await page.evaluate(() => window.__table!.view());
  expect(v.troopers['b-inf']?.status).toBe('unconscious');
  // TOC-14: the marker the template caught beside a model is a model now; its save held.
  expect(v.troopers['b-camo']).toMatchObject({ status: 'model', wounds: 1 });
  expect(log.errors).toEqual([]);
});

test('ORD-1 ORD-5 ORD-6 ARO-1 ATK-2 DMG-1 hotseat: Round 1 of the demo played through the interface, saved, and the file replays under sim to the table the page shows', async ({ page }) => {
  test.setTimeout(300_000);
  const log = watchConsole(page);
  const DEMO = join(here, '..', 'examples', 'demo-deployed.json');
  await openTable(page);
  await newGame(page, { file: DEMO, mode: 'Hotseat' });
  const secretsOfA = ['Veil Sniper', 'a-veil'];
  const secretsOfB = ['Wraith Operative', 'b-wraith'];

  // B goes first: Pathfinder Lio moves twice; A's Outrider shoots at it in ARO.
  await handOver(page, 'B', [...secretsOfA, ...secretsOfB]);
  // Both armies' Orders at the start of Round 1: B's pool, and A's as far as B can tell (a marker counted
  // in its group without its kind of Order; no word of A's Lieutenant).
  await expect(page.getByTestId('pool')).toContainText(/Group 1: \d+/);
  await expect(page.getByTestId('pool-next')).toHaveText(
    'Ember Directorate, next turn: Group 1: 4 · Group 2: 3 (1 marker, Regular or Irregular) · Irregular: Kestrel Flash Drone, Sable Signal Hacker',
  );
  await topDown(page);
  await selectTrooper(page, 'b-pathfinder');
  await page.getByTestId('skill-move').click();
  await clickTable(page, 45, 27);
  await expect(page.getByTestId('path-length')).toHaveText('4.0"');
  await page.getByTestId('declare-move').click();
  await handOver(page, 'A', [...secretsOfA, ...secretsOfB]);
  await noneOf(page, secretsOfB, "on A's screen");
  await page.getByTestId('aro-choice-a-outrider').selectOption({ label: 'BS Attack: Combi Rifle' });
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'B', [...secretsOfA, ...secretsOfB]);
  await noneOf(page, secretsOfA, "on B's screen");
  await topDown(page);
  await page.getByTestId('skill-move').click();
  await clickTable(page, 46.6, 24.5);
  await page.getByTestId('declare-move').click();
  // Window 2: nothing of A's may react, and A's list holds no trooper able to hide: B's screen can tell
  // as much, so the window passes with no hand-over (windowNeedsHandOver) and the log says so.
  await expect(page.getByTestId('game-log')).toContainText('ARO window 2 closes: no ARO from Ember Directorate');
  await expect(page.getByTestId('hand-over')).toHaveCount(0);
  await page.getByTestId('dice-a-outrider').fill('3');
  await page.getByTestId('dice-submit').click();
  await page.getByTestId('dice-b-pathfinder').fill('15');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('game-log')).toContainText('Saving roll: Pathfinder Lio rolls 15');
  await endTurn(page);

  // A's turn: the Outrider shoots Pathfinder Lio, who shoots back: a Face to Face.
  await handOver(page, 'A', [...secretsOfA, ...secretsOfB]);
  await noneOf(page, secretsOfB, "on A's screen in A's turn");
  await selectTrooper(page, 'a-outrider');
  await page.getByTestId('skill-attack-combi-rifle').click();
  await page.getByTestId('burst-b-pathfinder').fill('3');
  await expect(page.getByTestId('odds-b-pathfinder')).toBeVisible();
  await page.getByTestId('declare-attack').click();
  await handOver(page, 'B', [...secretsOfA, ...secretsOfB]);
  await page.getByTestId('aro-choice-b-pathfinder').selectOption({ label: 'BS Attack: Combi Rifle' });
  await expect(page.getByTestId('aro-odds-b-pathfinder')).toContainText('against');
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A', [...secretsOfA, ...secretsOfB]);
  await page.getByTestId('skill-none').click();
  await page.getByTestId('dice-a-outrider').fill('2 9 17');
  await page.getByTestId('dice-b-pathfinder').fill('12');
  await page.getByTestId('dice-submit').click();
  await expect(page.getByTestId('order-dice')).toBeVisible();
  // Whatever the dice did, any saves they call for.
  if (await page.getByTestId('dice-needs').isVisible()) {
    for (const input of await page.getByTestId('dice-needs').locator('input').all()) await input.fill('10');
    await page.getByTestId('dice-submit').click();
  }
  await expect(page.getByTestId('dice-needs')).toHaveCount(0);
  await shot(page, 'turn-demo-firefight');
  await endTurn(page);

  // Round 2 begins with B; the file saved now replays under sim to what the page shows B.
  await handOver(page, 'B', [...secretsOfA, ...secretsOfB]);
  await expect(page.getByTestId('banner')).toContainText('Round 2');
  const download = page.waitForEvent('download');
  await page.getByTestId('save-file').click();
  const path = (await (await download).path())!;
  const out = JSON.parse(execFileSync('npx', ['tsx', 'src/cli/sim.ts', path, '--view', 'B'], { encoding: 'utf8' }));
  expect(out.ok).toBe(true);
  const shown = await page.evaluate(() => window.__table!.view());
  expect(out.state).toEqual(JSON.parse(JSON.stringify(shown)));
  expect(log.errors).toEqual([]);
});

test('ORD-3 COORD-1 solo: the Lieutenant offered the Lieutenant Special Order while Regular Orders remain, and spending it leaves them', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Solo' });
  await cameraSettled(page, 'reset');
  await expect(page.getByTestId('pool-group-1')).toContainText('5');
  await expect(page.getByTestId('coord-start')).toBeEnabled();
  await selectTrooper(page, 'a-run');
  await expect(page.getByTestId('skill-chooser')).toContainText('Runner Pell');
  await expect(page.getByTestId('lt-order')).toHaveCount(0);
  await selectTrooper(page, 'a-lt');
  await expect(page.getByTestId('skill-chooser')).toContainText('Captain Arkos');
  await expect(page.getByTestId('lt-order')).toBeVisible();
  await page.getByTestId('lt-order-check').check();
  await shot(page, 'turn-lt-order');
  await page.getByTestId('skill-move').click();
  await clickTable(page, 24, 6);
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
  await page.getByTestId('declare-move').click();
  await expect(page.getByTestId('aro-panel')).toBeVisible();
  await page.getByTestId('declare-aros').click();
  await page.getByTestId('skill-none').click();
  await expect(page.getByTestId('pool-lieutenant')).toContainText('0');
  await expect(page.getByTestId('pool-group-1')).toContainText('5');
  expect(log.errors).toEqual([]);
});
