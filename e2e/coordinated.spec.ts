import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, clickTable, handOver, newGame, openTable, shot, topDown, watchConsole, selectTrooper } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/** Round 1, Player A's turn, dice by hand: A's Combat Group 1 holds Captain Arkos, Runner Pell, Torch Vane and Marksman Toll (on a roof). */
const GAME = join(here, 'fixtures', 'turn-game.json');

/** Answers what the Order waits for after its declaration, on whichever screen: hand-overs, empty ARO windows, no second skill. */
async function playOut(page: Page, done: () => Promise<boolean>) {
  for (let k = 0; k < 20 && !(await done()); k++) {
    const cover = page.getByTestId('hand-over-confirm');
    const aros = page.getByTestId('declare-aros');
    const none = page.getByTestId('skill-none');
    if (await cover.isVisible()) await cover.click();
    else if (await aros.isVisible()) await aros.click();
    else if (await none.isVisible()) await none.click();
    await page.waitForTimeout(200);
  }
}

test('COORD-13 hotseat: a Coordinated Move of four troopers picked in the turn panel, each path drawn in turn, declared once, resolved in the log', async ({ page }) => {
  test.setTimeout(150_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await topDown(page);

  await page.getByTestId('coord-start').click();
  const picker = page.getByTestId('coord-picker');
  await expect(picker).toBeVisible();
  // The Spearhead first; one alone is no Coordinated Order.
  await page.getByTestId('coord-pick-a-lt').click();
  await expect(page.getByTestId('coord-draw')).toBeDisabled();
  // The engine refuses an Irregular trooper (COORD-2), and says so.
  await page.getByTestId('coord-pick-a-irr').click();
  await expect(page.getByTestId('coord-refused')).toContainText('COORD');
  await expect(page.getByTestId('coord-draw')).toBeDisabled();
  await page.getByTestId('coord-pick-a-irr').click();
  // A trooper selected on the table (here through the roster) joins them too.
  await selectTrooper(page, 'a-run');
  await page.getByTestId('coord-pick-a-fast').click();
  await page.getByTestId('coord-pick-a-top').click();
  await expect(page.getByTestId('coord-picked')).toHaveText('Spearhead: Captain Arkos; with Runner Pell, Torch Vane, Marksman Toll');
  await expect(page.getByTestId('coord-refused')).toHaveCount(0);
  await page.getByTestId('coord-draw').click();

  const paths: [string, string, { x: number; y: number; z?: number }][] = [
    ['a-lt', 'Captain Arkos', { x: 24, y: 6 }],
    ['a-run', 'Runner Pell', { x: 28, y: 16 }],
    ['a-fast', 'Torch Vane', { x: 14, y: 14 }],
    ['a-top', 'Marksman Toll', { x: 43, y: 6, z: 1 }],
  ];
  for (const [k, [, name, at]] of paths.entries()) {
    await expect(page.getByTestId('coord-current')).toHaveText(name);
    await expect(page.getByTestId('coord-odds')).toBeVisible();
    await clickTable(page, at.x, at.y, at.z ?? 0);
    await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
    if (k === 3) await shot(page, 'coord-last-path');
    await expect(page.getByTestId('declare-move')).toHaveText(k === 3 ? 'Declare the Coordinated Move' : `Next: ${paths[k + 1]![1]}`);
    await page.getByTestId('declare-move').click();
    if (k === 0) {
      // Back to the Spearhead's path as drawn, and on again.
      await expect(page.getByTestId('path-undo')).toHaveText('Back to Captain Arkos');
      await page.getByTestId('path-undo').click();
      await expect(page.getByTestId('coord-current')).toHaveText('Captain Arkos');
      await expect(page.getByTestId('path-length')).toHaveText('2.0"');
      await page.getByTestId('declare-move').click();
    }
  }

  const logList = page.getByTestId('game-log');
  // The Order resolves: the screen goes where the ARO windows and the second skill want it, and back.
  await playOut(page, async () => {
    const v = await page.evaluate(() => window.__table!.view());
    return paths.every(([id, , at]) => v.troopers[id]?.x === at.x && v.troopers[id]?.y === at.y);
  });
  const v = await page.evaluate(() => window.__table!.view());
  for (const [id, , at] of paths) expect(v.troopers[id], id).toMatchObject({ x: at.x, y: at.y });
  await expect(logList).toContainText('Coordinated Order of');
  await expect(logList).toContainText('Captain Arkos (Spearhead) with Runner Pell, Torch Vane, Marksman Toll');
  // COORD-1: one Command Token spent, the count left shown in the pool line.
  expect(typeof v.commandTokens?.A).toBe('number');
  await expect(logList).toContainText(`spends a Command Token (${v.commandTokens!.A} left)`);
  await expect(page.getByTestId('pool-command-tokens')).toContainText(`Command Tokens: ${v.commandTokens!.A}`);
  for (const [, name] of paths) await expect(logList).toContainText(`${name} moves to`);
  expect(log.errors).toEqual([]);
});
