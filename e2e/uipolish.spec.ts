/**
 * The table's rough edges a player tripped on in the movement and missions trials (docs/trials/
 * uipolish.md), each checked the way the player met it: the touch bar over the foot of one's own zone,
 * the mission card's heading cut off in deployment, the dice card after a hand-over over the table's
 * middle, the phone's half-open sheet, the Move form's Declare under the fold at 960x540, the end-facing
 * arrow hard to grab, and a ruin's deployment band 0.27" deep. Each test starts from a game file loaded
 * through New game (the shipped examples, or the trials' fixtures), then only taps, clicks and drags.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { clickTable, frames, handOver, newGame, openTable, pointAt, screenOf, shot, topDown, watchConsole } from './helpers';
import { tap } from './touchHelpers';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => join(here, 'fixtures', name);

/** A shipped mission's example game, its first `n` commands (or up to its first command matching `upTo`). */
function cut(id: string, upTo: number | ((c: { do: string; trooper?: string }) => boolean)) {
  const game = JSON.parse(readFileSync(join(here, '..', 'examples', `mission-${id}.json`), 'utf8'));
  const n = typeof upTo === 'number' ? upTo : game.commands.findIndex(upTo);
  game.commands = game.commands.slice(0, n);
  return { name: `${id}-${n}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(game)) };
}

/** Relay Uplink at B's last deployment step: Commander Ishii kept back, to place (docs/trials/deployfix.md). */
const lastStep = () => cut('relay-uplink', (c) => c.do === 'deploy' && c.trooper === 'b-ishii');

const box = async (l: Locator) => (await l.boundingBox())!;

/** The mission card's heading lies whole inside the card (it was cut off at the card's top). */
async function headingWhole(page: Page) {
  const card = page.getByTestId('score-bar');
  const h = await box(card.locator('h3'));
  const c = await card.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + el.clientTop, bottom: r.top + el.clientTop + el.clientHeight, scrolled: el.scrollTop };
  });
  expect(c.scrolled, 'the card is not scrolled').toBe(0);
  expect(h.y, 'heading top').toBeGreaterThanOrEqual(c.top - 0.5);
  expect(h.y + h.height, 'heading foot').toBeLessThanOrEqual(c.bottom + 0.5);
}

/** Waits until the deployment ghost stands within `within` inches of (x, y); returns its spot and verdict. */
async function ghostNear(page: Page, x: number, y: number, within: number) {
  await page.waitForFunction(([x, y, d]) => {
    const g = window.__table!.ghost();
    return g.at !== null && Math.hypot(g.at.x - x!, g.at.y - y!) <= d! && g.legal !== null;
  }, [x, y, within]);
  return page.evaluate(() => window.__table!.ghost());
}

// 900x540 in the regular run; the 1024x768 tablet too under E2E_WHOLE=1 (the spec keeps under 2 minutes).
for (const size of [
  { width: 900, height: 540 },
  { width: 1024, height: 768 },
]) {
  test.describe(`a touch tablet ${size.width}x${size.height}`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    test(`DEP-1 DEP-3 top-down, the bar of the trooper in hand leaves the foot of the player's zone free: a tap at its last inch places there; the mission card's heading is whole`, async ({ page }) => {
      test.skip(size.width !== 900 && process.env.E2E_WHOLE !== '1', 'the larger tablet: E2E_WHOLE=1');
      const log = watchConsole(page);
      await openTable(page);
      await newGame(page, { file: lastStep(), mode: 'Hotseat' });
      await handOver(page, 'B');
      await topDown(page);
      await headingWhole(page);
      await page.getByTestId('pick-b-ishii').tap();
      const dock = page.getByTestId('tool-dock');
      await expect(dock).toBeVisible();
      await shot(page, `uipolish-dock-${size.width}`);
      // B's zone is the south, at the foot of the screen seen from B's edge: its last inch is clear of the bar.
      const d = await box(dock);
      for (const [x, y] of [[44, 1], [24, 1], [4, 1]] as const) {
        const at = await screenOf(page, x, y);
        const over = at.x >= d.x && at.x <= d.x + d.width && at.y >= d.y && at.y <= d.y + d.height;
        expect(over, `(${x}, ${y}) under the bar`).toBe(false);
      }
      await tap(page, await screenOf(page, 44, 2.5));
      await expect(page.getByTestId('dock-line')).toHaveAttribute('data-legal', 'true');
      await page.getByTestId('dock-place').tap();
      await expect(page.getByTestId('deploy-notice')).toHaveText('Commander Ishii placed.');
      const ishii = await page.evaluate(() => window.__table!.view().troopers['b-ishii']!);
      expect(Math.hypot(ishii.x! - 44, ishii.y! - 2.5)).toBeLessThan(0.5);
      // The desktop's 960x540: the heading whole there too.
      await page.setViewportSize({ width: 960, height: 540 });
      await headingWhole(page);
      await shot(page, `uipolish-mission-card-960`);
      expect(log.errors).toEqual([]);
    });
  });
}

test.describe('Solo on a touch tablet 900x540 (E2E_WHOLE=1)', () => {
  test.use({ viewport: { width: 900, height: 540 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  test('DEP-1 the camera looks from A\'s edge, so B\'s zone is at the top: the bar of B\'s trooper in hand stays at the foot', async ({ page }) => {
    test.skip(process.env.E2E_WHOLE !== '1', 'E2E_WHOLE=1');
    await openTable(page);
    await newGame(page, { file: lastStep(), mode: 'Solo' });
    await topDown(page);
    await page.getByTestId('pick-b-ishii').tap();
    const dock = page.getByTestId('tool-dock');
    await expect(dock).toHaveAttribute('data-place', 'foot');
    const d = await box(dock);
    const zoneFoot = await screenOf(page, 24, 1);
    expect(zoneFoot.y, 'B\'s table edge above the bar').toBeLessThan(d.y);
    await shot(page, 'uipolish-dock-solo');
  });
});

test('ARO-1 the dice thrown again after a hand-over: a small card in the corner, off the table\'s middle, gone at the player\'s first step', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: fixture('hotseat-pace.json'), mode: 'Hotseat' });
  await handOver(page, 'A');
  await topDown(page);
  // A: Scout Dax moves; B's Commander shoots in ARO; the dice by hand on A's screen; A ends the turn.
  await page.locator('.roster button[data-key="a-irr"]').click();
  await page.getByTestId('skill-move').click();
  await clickTable(page, 4, 14);
  await clickTable(page, 4, 16);
  await page.getByTestId('declare-move').click();
  await handOver(page, 'B');
  await page.getByTestId('aro-choice-b-lt').selectOption({ label: 'BS Attack: Combi Rifle' });
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  await page.getByTestId('skill-none').click();
  await page.getByTestId('dice-b-lt').fill('5');
  await page.getByTestId('dice-submit').click();
  await page.getByTestId('dice-a-irr').fill('2');
  await page.getByTestId('dice-submit').click();
  await page.getByTestId('end-turn').click();
  if (await page.getByTestId('end-turn-ask').isVisible()) await page.getByTestId('end-turn-confirm').click();
  await handOver(page, 'B');
  const card = page.getByTestId('order-dice');
  await expect(card).toHaveAttribute('data-replayed', 'true');
  await expect(card).toContainText('Commander');
  await shot(page, 'uipolish-dice-away');
  // Small, in the top corner: clear of the table's middle (it reached down to the centre line before).
  const c = await box(card);
  const v = await box(page.getByTestId('table-view'));
  expect(c.width, 'card width').toBeLessThanOrEqual(v.width * 0.46);
  expect(c.y + c.height, 'card foot').toBeLessThanOrEqual(v.y + v.height * 0.3);
  expect(c.x + c.width, 'card right edge').toBeGreaterThan(v.x + v.width * 0.85);
  // B's next step: a trooper selected; the card steps aside.
  await page.locator('.roster button[data-key="b-lt"]').click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('game-log')).toContainText('Commander');
  expect(log.errors).toEqual([]);
});

test.describe('a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  test('the sheet half open shows the step at hand: the Orders, and a trooper\'s skills once it is tapped; the score stays on the handle', async ({ page }) => {
    const log = watchConsole(page);
    await openTable(page);
    // Hold the Crossing, Round 1, A's last Orders (the missions spec's MIS-20 moment).
    await newGame(page, { file: cut('hold-the-crossing', 95), mode: 'Hotseat' });
    await handOver(page, 'A');
    const handle = page.locator('.sheet-handle');
    await expect(handle).toContainText('OP');
    await handle.tap();
    await expect(page.getByTestId('side-panel')).toHaveAttribute('data-sheet', 'half');
    await expect(page.getByTestId('pool')).toBeInViewport({ ratio: 0.9 });
    await page.locator('.roster button').first().tap();
    await expect(page.getByTestId('skill-move')).toBeInViewport({ ratio: 0.9 });
    await shot(page, 'uipolish-phone-half');
    expect(log.errors).toEqual([]);
  });
});

/** Harbour Quarter, deployed as the movement trial left it; A's turn (e2e/fixtures/movement-trial-deployed.json). */
async function openTrial(page: Page, file: string) {
  await openTable(page);
  await newGame(page, { file, mode: 'Hotseat' });
}

/** Nothing lies over the element's middle. */
async function onTop(l: Locator) {
  const ok = await l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(ok).toBe(true);
}

test('MOV-19 at 960x540 the Move\'s verdict and Declare are in view as the path is drawn; the end-facing arrow is taken by a press at its head', async ({ page }) => {
  const log = watchConsole(page);
  await openTrial(page, fixture('movement-trial-deployed.json'));
  await handOver(page, 'A');
  await topDown(page);
  await page.locator('.roster button[data-key="a-varro"]').click();
  await page.getByTestId('skill-move').click();
  // A drag from Varro to the shed's east wall.
  await pointAt(page, 9, 2.5);
  await page.mouse.down();
  const to = await screenOf(page, 7, 2.8);
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await frames(page);
  await page.mouse.up();
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
  for (const id of ['path-verdict', 'path-reactors', 'declare-move']) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 0.95 });
  await onTop(page.getByTestId('declare-move'));
  await shot(page, 'uipolish-move-960');
  // The arrow points north (Varro's facing): a press near its head, 1.7" out, turns it west.
  const before = await page.getByTestId('move-facing').textContent();
  await pointAt(page, 7, 2.8 + 1.7);
  const a = await screenOf(page, 7, 4.2);
  await page.screenshot({ path: 'reports/screens/uipolish-arrow.png', clip: { x: a.x - 80, y: a.y - 60, width: 160, height: 120 } });
  await page.mouse.down();
  const west = await screenOf(page, 3, 2.8, 3);
  await page.mouse.move(west.x, west.y, { steps: 10 });
  await frames(page);
  await page.mouse.up();
  await expect(page.getByTestId('move-facing')).toHaveText(/^(8[5-9]|9[0-5])°$/);
  expect(before).not.toMatch(/^(8[5-9]|9[0-5])°$/);
  await page.getByTestId('declare-move').click();
  await handOver(page, 'B');
  expect(log.errors).toEqual([]);
});

test('MOV-21 DEP-3 DEP-6 the north ruin\'s floor is in B\'s zone only 0.27" deep: the ghost aimed at its wall, or a hair out of the zone, goes onto that band and a click places there', async ({ page }) => {
  const log = watchConsole(page);
  await openTrial(page, fixture('movement-trial.json'));
  await handOver(page, 'B');
  await topDown(page);
  await page.getByTestId('pick-b-reyes').click();
  // Out of the zone by 0.3" (the floor, 2" up): the ghost stands on the band, green, and says it moved.
  await pointAt(page, 18.5, 24.2, 2);
  let g = await ghostNear(page, 18.5, 24.6, 0.2);
  expect(g.legal, g.message ?? "").toBe(true);
  await expect(page.getByTestId('placement-verdict')).toContainText('the nearest spot the rules allow');
  await shot(page, 'uipolish-ruin-band');
  // Into the ruin's north wall: a click there places Reyes on the band.
  const wall = await pointAt(page, 18.5, 25.1, 2);
  g = await ghostNear(page, 18.5, 24.7, 0.2);
  expect(g.legal, g.message ?? "").toBe(true);
  await page.mouse.click(wall.x, wall.y);
  await expect(page.getByTestId('deploy-notice')).toContainText('placed');
  const reyes = await page.evaluate(() => window.__table!.view().troopers['b-reyes']!);
  expect(reyes.z).toBe(2);
  expect(reyes.y!).toBeGreaterThanOrEqual(24.5);
  expect(reyes.y!).toBeLessThanOrEqual(24.75);
  expect(log.errors).toEqual([]);
});
