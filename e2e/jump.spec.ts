import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, frames, gameOf, newGame, openTable, SCREENS, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
const docs = join(here, '..', 'docs');
/**
 * examples/deployment-and-jump.json up to the start of the game (dice entered by hand): Player A's turn,
 * the Combat Jump trooper r-drop (PH 12) still airborne, a roofed "hab" centred at (34, 16), 3" high,
 * and a roofless "shell" centred at (12, 34); B has a Lieutenant, a Mech and a camouflage marker.
 */
const JUMP = join(here, 'fixtures', 'jump-setup.json');

async function shot(page: Page, name: string) {
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

/** The jump fixture as a new game, A at the screen, seen from above. */
async function startJumpGame(page: Page, mode: 'Hotseat' | 'Solo') {
  await newGame(page, { file: JUMP, mode });
  if (mode === 'Hotseat') {
    await expect(page.getByTestId('hand-over')).toHaveAttribute('data-player', 'A');
    await page.getByTestId('hand-over-confirm').click();
  }
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
}

/** Takes up r-drop and waits for the whole-table map (the progress bar gone). */
async function takeUpJumper(page: Page) {
  await page.getByTestId('jump-r-drop').click();
  await expect(page.getByTestId('jump-map-ready')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('jump-progress')).toHaveCount(0);
}

/** Moves the pointer over a table point until the jump tool answers for it. */
async function pointAt(page: Page, x: number, y: number, z = 0) {
  const at = await page.evaluate(([x, y, z]) => window.__table!.projectPoint(x!, y!, z!), [x, y, z]);
  expect(at, `(${x}, ${y}) on screen`).not.toBeNull();
  await page.mouse.move(at!.x - 3, at!.y - 3);
  await page.mouse.move(at!.x, at!.y, { steps: 2 });
  await page.waitForFunction(
    ([x, y]) => {
      const h = window.__jump!.state().hover;
      return h !== null && Math.abs(h.x - x!) < 0.3 && Math.abs(h.y - y!) < 0.3;
    },
    [x, y],
  );
  return at!;
}

test('TOOL-4 CJ-4 CJ-5 the landing map of an airborne trooper: a roof is legal, inside a ruin is not, and the hover says why or who sees it', async ({ page }) => {
  test.setTimeout(90_000);
  const log = watchConsole(page);
  await openTable(page);
  await startJumpGame(page, 'Solo');
  await expect(page.getByTestId('jump-panel')).toContainText('Red Dropper');
  await page.getByTestId('jump-r-drop').click();
  await expect(page.getByTestId('jump-progress')).toBeVisible();
  await expect(page.getByTestId('jump-map-ready')).toBeVisible({ timeout: 60_000 });
  // The map's cells, as the worker computed them: the hab's roof is legal (at 3"), the shell's inside is not.
  const roof = await page.evaluate(() => window.__jump!.cell(34, 16));
  expect(roof).toMatchObject({ height: 3 });
  expect(roof!.exposure).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => window.__jump!.cell(12, 34))).toMatchObject({ exposure: -1 });
  await shot(page, 'jump-01-map');

  await pointAt(page, 34, 16, 3);
  const hover = page.getByTestId('jump-hover');
  await expect(hover).toHaveAttribute('data-legal', 'true');
  await expect(hover).toContainText('on a roof');
  await expect(page.getByTestId('jump-odds')).toContainText('needs 12 or less, 60.0%');
  await shot(page, 'jump-02-hover-roof');

  await pointAt(page, 12, 34);
  await expect(hover).toHaveAttribute('data-legal', 'false');
  await expect(hover).toHaveAttribute('data-rule', 'CJ-5');
  await expect(hover).toContainText('No landing inside the building "shell"');
  await expect(page.getByTestId('jump-hint')).toHaveText('CJ-5: No landing inside the building "shell", open roof or not.');
  await shot(page, 'jump-03-hover-ruin');

  // Out in the open before B's lines: the hover names who would see it (B's marker by its marker id).
  await pointAt(page, 30, 30);
  await expect(hover).toHaveAttribute('data-legal', 'true');
  await expect(page.getByTestId('jump-seen-by')).toContainText(/Blue|B-m1/);
  await shot(page, 'jump-04-hover-seen');

  // A finer map (0.25") over the part in view, on request; the table's map stays meanwhile.
  await page.getByTestId('jump-refine').click();
  await page.waitForFunction(() => window.__jump!.state().fineReady, undefined, { timeout: 60_000 });
  expect(await page.evaluate(() => window.__jump!.cell(12, 34))).toMatchObject({ exposure: -1 });
  await shot(page, 'jump-04b-refined');

  // README screenshot: the landing map at 1280 x 720, the hover answer beside the pointer.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
  await pointAt(page, 30, 8);
  await expect(page.getByTestId('jump-hover')).toHaveAttribute('data-legal', 'true');
  await frames(page);
  mkdirSync(docs, { recursive: true });
  writeFileSync(join(docs, 'landing.png'), await page.screenshot());
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-4 CJ-6 CJ-8 CJ-11 ARO-1 Hotseat: a jump onto a roof, the Controlled Jump ARO asked of B on its screen, a passed PH roll, then the ARO window of the enemies that may react', async ({ page }) => {
  test.setTimeout(90_000);
  const log = watchConsole(page);
  await openTable(page);
  await startJumpGame(page, 'Hotseat');
  await takeUpJumper(page);
  const at = await pointAt(page, 34, 16, 3);
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('jump-pinned')).toContainText('3" up');
  await page.keyboard.press('q');
  await expect(page.getByTestId('jump-pinned')).toContainText('facing');
  // CJ-11: B has a marker (and a trooper able to hide): A cannot rule out a hacker of B's, so B is asked
  // for the Controlled Jump ARO on its own screen, before the PH roll.
  await page.getByTestId('jump-ask').click();
  await expect(page.getByTestId('hand-over')).toHaveAttribute('data-player', 'B');
  await page.locator('[data-testid="hand-over-confirm"][data-armed="true"]').click();
  await expect(page.getByTestId('controlled-jump-question')).toContainText('Red Dropper');
  await page.getByTestId('controlled-jump-none').click();
  await expect(page.getByTestId('hand-over')).toHaveAttribute('data-player', 'A');
  await page.locator('[data-testid="hand-over-confirm"][data-armed="true"]').click();
  await expect(page.getByTestId('pending-jump-answer')).toContainText('no Controlled Jump ARO');
  await page.getByTestId('jump-roll').fill('9');
  await page.getByTestId('jump-go').click();
  // The jump is an Entire Order: its one ARO window hands the screen to B (ARO-1), who sees the
  // trooper that landed and its own troopers that may react (CJ-8), then hands back.
  await expect(page.getByTestId('hand-over')).toHaveAttribute('data-player', 'B');
  await page.getByTestId('hand-over-confirm').click();
  await expect(page.getByTestId('aro-panel')).toContainText('reacts to Red Dropper');
  await expect(page.getByTestId('game-log')).toContainText('Red Dropper');
  await shot(page, 'jump-05-landed-aro');
  // TOOL-8 here too: an ARO against the jumper shows its odds before it is declared, though closing
  // this window resolves the whole Order at once.
  const choice = page.locator('[data-testid^="aro-choice-"]').first();
  const labels = await choice.locator('option').allTextContents();
  const pick = labels.find((l) => l.startsWith('BS Attack')) ?? labels.find((l) => l === 'Dodge');
  expect(pick, `an ARO with a roll among ${labels.join(', ')}`).toBeTruthy();
  await choice.selectOption({ label: pick! });
  await expect(page.locator('[data-testid^="aro-odds-"]').first()).toContainText(/ at \d+: (hits|dodges) \d+%/);
  await choice.selectOption({ index: 0 });
  await expect(page.locator('[data-testid^="aro-odds-"]')).toHaveCount(0);
  await page.getByTestId('declare-aros').click();
  await expect(page.getByTestId('hand-over')).toHaveAttribute('data-player', 'A');
  await page.getByTestId('hand-over-confirm').click();
  await expect(page.getByTestId('game-log')).toContainText('Red Dropper');
  const piece = await page.evaluate(() => window.__table!.pieces().find((p) => p.key === 'r-drop'));
  expect(piece).toBeTruthy();
  expect((await gameOf(page)).mode).toBe('hotseat');
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-4 CJ-7 a failed PH roll: the fallback ghost judged by the engine at the own table edge', async ({ page }) => {
  test.setTimeout(90_000);
  const log = watchConsole(page);
  await openTable(page);
  await startJumpGame(page, 'Solo');
  await takeUpJumper(page);
  const at = await pointAt(page, 34, 16, 3);
  await page.mouse.click(at.x, at.y);
  await page.getByTestId('jump-roll').fill('18');
  await page.getByTestId('jump-go').click();
  await expect(page.getByTestId('jump-roll-result')).toHaveAttribute('data-result', 'failure');
  await expect(page.getByTestId('jump-fallback')).toBeVisible();

  const fallbackAt = async (x: number, y: number) => {
    const p = await page.evaluate(([x, y]) => window.__table!.projectPoint(x!, y!, 0), [x, y]);
    await page.mouse.move(p!.x - 3, p!.y - 3);
    await page.mouse.move(p!.x, p!.y, { steps: 2 });
    return p!;
  };
  // At default zoom: far from the zone red, with the engine's reason; in the zone the ghost snaps onto
  // the table edge (the strip where it may stand is about a pixel wide).
  await page.keyboard.press('r');
  await cameraSettled(page, 'reset');
  await fallbackAt(30, 20);
  const verdict = page.getByTestId('jump-fallback-verdict');
  await expect(verdict).toHaveAttribute('data-legal', 'false');
  await expect(verdict).toHaveAttribute('data-rule', 'CJ-7');
  await shot(page, 'jump-06-fallback-red');
  const edge = await fallbackAt(30, 6);
  await expect(verdict).toHaveAttribute('data-legal', 'true');
  await shot(page, 'jump-07-fallback-green');
  await page.mouse.click(edge.x, edge.y);
  await expect(page.getByTestId('jump-aro')).toBeVisible();
  await expect(page.getByTestId('jump-panel').getByRole('heading')).toHaveText('Combat Jump: Red Dropper');
  await expect(page.getByTestId('jump-lines')).toContainText(/Red Dropper lands at \(\d+\.\d, 0\.5\)/);
  // The log says what the roll was for, and what the placement at the edge follows.
  const gameLog = page.getByTestId('game-log');
  await expect(gameLog).toContainText('Combat Jump roll (PH): Red Dropper rolls 18 against 12, failure');
  await expect(gameLog).toContainText('Red Dropper failed its Combat Jump: placed at its own table edge');
  await expect(gameLog).not.toContainText('Infiltration');
  await shot(page, 'jump-08-fallback-placed');
  expect(log.errors, 'console errors').toEqual([]);
});
