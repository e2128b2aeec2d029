import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, frames, handOver, newGame, openTable, shot, watchConsole, selectTrooper, pointAt, screenOf } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * e2e/fixtures/turn-game.json (Round 1, A's turn, dice by hand) with an open roofed "house" (x 35..41,
 * y 8..12, 3" high, a door in its west wall at y 8.35..9.85), Runner Pell (a-run, MOV 4-4) at (32, 12)
 * facing north, and every trooper of B's a model that cannot see the house: no window is handed over.
 */
const GAME = join(here, 'fixtures', 'movement-game.json');

/** A press at one table point, moved in steps to another, released there. */
async function dragTable(page: Page, from: [number, number, number?], to: [number, number, number?]) {
  const a = await pointAt(page, from[0], from[1], from[2] ?? 0);
  await page.mouse.down();
  const b = await screenOf(page, to[0], to[1], to[2] ?? 0);
  await page.mouse.move(b.x, b.y, { steps: 12 });
  await frames(page);
  await page.mouse.up();
  return { a, b };
}

async function trooper(page: Page, id: string) {
  return page.evaluate((id) => {
    const t = window.__table!.view().troopers[id]!;
    return { x: t.x, y: t.y, z: t.z, facing: t.facing };
  }, id);
}

/** The Order's window passes with no hand-over (nobody of B's may react), then A gives no second skill. */
async function noReaction(page: Page, second: boolean) {
  await expect(page.getByTestId('hand-over')).toHaveCount(0);
  if (second) await page.getByTestId('skill-none').click();
  await expect(page.getByTestId('skill-none')).toHaveCount(0);
}

test('MOV-19 MOV-13 MOV-11 MOV-16 MOV-21 the path tool in Hotseat: a turn in place, a Move drawn by a drag ending with a new facing, a Climb onto a roof and a Jump down with their cost, and into a roofed open building with the roofs off', async ({ page }) => {
  test.setTimeout(240_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  // The plan view: orthographic, straight down; the pointer picks in it as in the others.
  await page.getByTestId('camera-plan').click();
  await cameraSettled(page, 'plan');
  expect(await trooper(page, 'a-run')).toMatchObject({ x: 32, y: 12, z: 0, facing: 0 });
  await shot(page, 'movement-01-plan');

  // 1. MOV-19: a Move of no length turns Runner Pell in place (Q three times: 45°).
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-move').click();
  for (let i = 0; i < 3; i++) await page.keyboard.press('q');
  await expect(page.getByTestId('path-verdict')).toContainText('turn in place');
  await page.getByTestId('declare-move').click();
  await noReaction(page, true);
  expect(await trooper(page, 'a-run')).toMatchObject({ x: 32, y: 12, facing: 45 });

  // 2. A Move drawn by a drag from the trooper to the house's west wall, its end facing turned west by a drag of the arrow.
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-move').click();
  await dragTable(page, [32, 12], [34.5, 11]);
  await expect(page.getByTestId('path-length')).toHaveText('2.7"');
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
  await dragTable(page, [34.5, 12], [32.5, 11]);
  await shot(page, 'movement-02-drawn-by-drag');
  await page.getByTestId('declare-move').click();
  await noReaction(page, true);
  const atWall = await trooper(page, 'a-run');
  expect(atWall.x).toBeCloseTo(34.5, 1);
  expect(atWall.y).toBeCloseTo(11, 1);
  expect(atWall.facing).toBe(90);

  // 3. MOV-13: a Climb onto the roof, 3" up: its cost from the silhouette's top (1.6") is 1.4".
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-climb').click();
  await pointAt(page, atWall.x! + 1, atWall.y!, 3);
  await expect(page.getByTestId('path-length')).toHaveText('1.4"');
  await expect(page.getByTestId('path-verdict')).not.toHaveClass(/error/);
  await shot(page, 'movement-03-climb');
  await page.mouse.down();
  await page.mouse.up();
  await noReaction(page, false);
  const onRoof = await trooper(page, 'a-run');
  expect(onRoof.z).toBe(3);

  // 4. MOV-11: a Jump down to the ground west of the house; N4 has no falls (MOV-16): no roll is asked.
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-jump').click();
  await pointAt(page, 33.5, 11, 0);
  await expect(page.getByTestId('path-length')).toHaveText(/^3\.\d"$/);
  await expect(page.getByTestId('path-verdict')).not.toHaveClass(/error/);
  await shot(page, 'movement-04-jump');
  await page.mouse.down();
  await page.mouse.up();
  await noReaction(page, false);
  await expect(page.getByTestId('dice-needs')).toHaveCount(0);
  const down = await trooper(page, 'a-run');
  expect(down.z).toBe(0);
  expect(down.x).toBeCloseTo(33.5, 1);

  // 5. MOV-21: into the roofed open house through its door, in the perspective top view with the roofs
  // off (else the pointer ray meets the roof, an inch or so off the point aimed at); the waypoints given
  // by clicks, the last one inside.
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
  await page.keyboard.press('o');
  await expect(page.getByTestId('roofs-off')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('camera-plan')).toHaveAttribute('aria-pressed', 'false');
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-move').click();
  for (const [x, y] of [[34, 9.1], [36, 9.1]] as const) {
    await pointAt(page, x, y, 0);
    await page.mouse.down();
    await page.mouse.up();
  }
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
  await shot(page, 'movement-05-inside-roofs-off');
  await page.getByTestId('declare-move').click();
  await noReaction(page, true);
  const inside = await trooper(page, 'a-run');
  expect(inside.x).toBeGreaterThan(35.7);
  expect(inside.x).toBeLessThan(36.3);
  expect(inside.z).toBe(0);
  await shot(page, 'movement-06-inside');
  expect(log.errors).toEqual([]);
});
