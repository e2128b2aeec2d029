import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apply, replay } from '../src/core/engine';
import { parseGameFile } from '../src/core/gamefile';
import { lineOfFireBetween } from '../src/core/rules/queries';
import { createSceneryIndex } from '../src/spatial/sceneryIndex';
import { cameraSettled, frames, gameOf, SCREENS, watchConsole } from './helpers';
import { axeClean, cameraMoved, cameraPose, fingerDrag, fitsItsBox, PHONE, screenOf, screenOfPiece, TABLET, tap, twoFingers } from './touchHelpers';

/*
 * Touch, on a tablet (1024 x 768) and a phone (390 x 844): every press here is a finger's (taps through
 * Playwright's touchscreen, drags and pinches as the browser's touch input), never the mouse's.
 */

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const SMALL = join(here, 'fixtures', 'small-setup.json');

// The core, asked in Node on the full demo game: the oracle the page's answers must agree with.
const demo = parseGameFile(JSON.parse(readFileSync(join(root, 'examples', 'demo-deployed.json'), 'utf8')));
const ctx = { scenery: createSceneryIndex(demo) };
const { state: demoState } = replay(demo, ctx);

function coreMeasure(from: string, to: string): number {
  const r = apply(demoState, { do: 'measure', from, to }, ctx);
  if (!r.ok || r.events[0]?.type !== 'distance') throw new Error('measure refused');
  return r.events[0].inches;
}

/** The page, its table drawn, the start panel up. */
async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
  await page.waitForFunction(() => window.__table !== undefined);
  await expect(page.getByTestId('start-panel')).toBeVisible();
}

/** The deployed demo, by a tap on "Look around the demo". */
async function openDemo(page: Page): Promise<void> {
  await open(page);
  await page.getByTestId('start-demo').tap();
  await expect(page.getByTestId('start-panel')).toHaveCount(0);
  // The page knows it is used by touch.
  await expect(page.locator('html')).toHaveClass(/touch/);
}

/** New game by taps: the small fixture, Solo, random dice. */
async function newSoloGame(page: Page): Promise<void> {
  await page.getByTestId('new-game').tap();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radio', { name: /A game file/ }).tap();
  await dialog.getByTestId('game-file').setInputFiles(SMALL);
  await expect(dialog.getByTestId('file-ok')).toBeVisible();
  await dialog.getByRole('radio', { name: /^Solo:/ }).tap();
  await dialog.getByTestId('start-game').tap();
  await expect(dialog).toBeHidden();
}

async function topDown(page: Page): Promise<void> {
  await page.locator('.toolbar button', { hasText: 'Top-down' }).tap();
  await cameraSettled(page, 'top');
}

const ghost = (page: Page) => page.evaluate(() => window.__table!.ghost());

/** Taps a table point and waits until the ghost stands there (a tap never places at once). */
async function tapGhost(page: Page, x: number, y: number) {
  await tap(page, await screenOf(page, x, y));
  await page.waitForFunction(([x, y]) => {
    const g = window.__table!.ghost();
    return g.phase === 'pinned' && g.at !== null && Math.abs(g.at.x - x!) < 0.3 && Math.abs(g.at.y - y!) < 0.3 && g.legal !== null;
  }, [x, y]);
  return ghost(page);
}

/** A trooper placed by touch: picked from the panel, a tap on the table (the ghost), and a second tap on it. */
async function placeByTaps(page: Page, trooper: string, x: number, y: number): Promise<void> {
  await page.getByTestId(`pick-${trooper}`).tap();
  const g = await tapGhost(page, x, y);
  expect(g, `${trooper} at (${x}, ${y}): ${g.message}`).toMatchObject({ trooper, legal: true });
  await tap(page, await screenOf(page, g.at!.x, g.at!.y));
  await expect(page.getByTestId('deploy-notice')).toContainText('placed');
}

test.describe('a tablet, by touch (1024 x 768)', () => {
  test.use(TABLET);

  test('INI-1 DEP-1 DEP-3 a new user plays the initiative and the whole deployment by taps: a tap shows the ghost and the engine\'s verdict, a second tap or Place here places, the buttons and a drag from the ghost turn it', async ({ page }) => {
    test.setTimeout(240_000);
    const log = watchConsole(page);
    await openDemo(page);
    await newSoloGame(page);

    // The initiative: rolled, kept and chosen by taps.
    const panel = page.getByTestId('initiative-panel');
    await panel.getByRole('button', { name: 'Roll initiative' }).tap();
    await expect(panel.getByTestId('dice-tray')).toHaveAttribute('data-settled', 'true', { timeout: 20_000 });
    await fitsItsBox(page, '[data-testid="initiative-panel"]', 'the initiative panel');
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-tablet-initiative.png` });
    await panel.getByRole('button', { name: /Keep Deployment/ }).tap();
    const winner = (await gameOf(page)).initiative.winner!;
    const choice = panel.getByTestId('deployment-choice');
    await choice.getByRole('radio', { name: 'Ember Directorate' }).tap();
    await choice.getByRole('radio', { name: winner === 'A' ? /south/ : /north/ }).tap();
    await choice.getByRole('button', { name: 'Confirm deployment choice' }).tap();
    const order = panel.getByTestId('turn-order-choice');
    await order.getByRole('radio', { name: 'Tidewater Concord' }).tap();
    await order.getByRole('button', { name: 'Confirm turn order' }).tap();
    expect(await gameOf(page)).toMatchObject({ phase: 'deployment', step: 'main', active: 'A', initiative: { zones: { A: 'south', B: 'north' } } });

    // A's main step. The panel says what a finger does.
    await topDown(page);
    const deploy = page.getByTestId('deploy-panel');
    await expect(deploy).toContainText('tap the table');
    await page.getByTestId('pick-a-lt').tap();
    const dock = page.getByTestId('tool-dock');
    await expect(dock).toHaveAttribute('data-tool', 'deploy');
    await expect(dock.getByTestId('dock-line')).toHaveText('Tap the table where it should stand.');
    await expect(dock.getByTestId('dock-place')).toBeDisabled();

    // DEP-3: a tap outside the zone puts a red ghost down with the engine's reason; nothing is placed.
    const commands = (await gameOf(page)).commands;
    const red = await tapGhost(page, 10, 14);
    expect(red).toMatchObject({ legal: false, rule: 'DEP-3' });
    await expect(dock.getByTestId('dock-line')).toHaveText('✗ DEP-3: The base sticks out of your Deployment Zone by 2.5 inches.');
    await expect(dock.getByTestId('dock-line')).toHaveAttribute('data-legal', 'false');
    await expect(page.getByTestId('placement-verdict')).toHaveAttribute('data-legal', 'false');
    await expect(dock.getByTestId('dock-place')).toBeDisabled();
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-tablet-ghost-red.png` });
    // A second tap on the red ghost says why and places nothing.
    await tap(page, await screenOf(page, 10, 14));
    await expect(page.getByTestId('deploy-notice')).toHaveText('The base sticks out of your Deployment Zone by 2.5 inches.');
    expect((await gameOf(page)).commands).toBe(commands);

    // A tap inside: the ghost moves there, green; still nothing placed.
    const green = await tapGhost(page, 10, 6);
    expect(green).toMatchObject({ legal: true, facing: 0 });
    await expect(dock.getByTestId('dock-line')).toHaveText('✓ Legal: tap it again or press Place here to place.');
    await expect(page.getByTestId('placement-verdict')).toHaveAttribute('data-legal', 'true');
    expect((await gameOf(page)).commands).toBe(commands);
    // Facing by the buttons (15° a tap), in the panel and over the table.
    await page.getByTestId('turn-right').tap();
    expect((await ghost(page)).facing).toBe(345);
    await dock.getByTestId('dock-turn-left').tap();
    await dock.getByTestId('dock-turn-left').tap();
    expect((await ghost(page)).facing).toBe(15);
    await expect(page.getByTestId('held-trooper')).toContainText('Facing 15°');
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-tablet-ghost-green.png` });
    await axeClean(page, 'a trooper in hand by touch');
    // ...and by a drag from the ghost: it turns to face the finger, and the camera stays still.
    const before = await cameraPose(page);
    await fingerDrag(page, await screenOf(page, 10, 6), await screenOf(page, 14, 6));
    expect(await ghost(page)).toMatchObject({ phase: 'pinned', facing: 270, at: { x: 10, y: 6 } });
    expect(cameraMoved(before, await cameraPose(page)), 'the camera while the ghost turned').toBeLessThan(0.01);
    // A second tap on the ghost places it, facing that way.
    await tap(page, await screenOf(page, 10.3, 6.2));
    await expect(page.getByTestId('deploy-notice')).toHaveText('Captain Varro placed.');
    expect((await page.evaluate(() => window.__table!.view())).troopers['a-lt']).toMatchObject({ status: 'model', x: 10, y: 6, facing: 270 });
    expect((await gameOf(page)).commands).toBe(commands + 1);
    await expect(dock).toHaveCount(0);

    // With a trooper in hand, one finger's drag away from the ghost still turns the camera (and moves no ghost); Put back.
    await page.getByTestId('pick-a-veil').tap();
    await tapGhost(page, 16, 6);
    const still = await cameraPose(page);
    await fingerDrag(page, await screenOf(page, 30, 20), await screenOf(page, 38, 24));
    expect(cameraMoved(still, await cameraPose(page)), 'one finger turns the camera').toBeGreaterThan(1);
    expect(await ghost(page)).toMatchObject({ phase: 'pinned', at: { x: 16, y: 6 } });
    await dock.getByTestId('dock-done').tap();
    expect(await ghost(page)).toMatchObject({ phase: 'idle', trooper: null });

    // DEP-2: keep the Veil Sniper back and end the step.
    await page.getByTestId('keep-back').selectOption('a-veil');
    await expect(page.getByTestId('end-step-summary')).toContainText('Keeps Veil Sniper back');
    await page.getByTestId('end-step').tap();

    // B's main step: one by two taps, one by a tap and Place here.
    await expect(page.getByTestId('banner')).toContainText('Tidewater Concord · main deployment step');
    await topDown(page);
    await placeByTaps(page, 'b-lt', 20, 28);
    await page.getByTestId('pick-b-strider').tap();
    await tapGhost(page, 34, 26);
    await page.getByTestId('place-here').tap();
    await expect(page.getByTestId('deploy-notice')).toHaveText('Strider Walker placed.');
    await page.getByTestId('end-step').tap();

    // The last steps: A's Veil Sniper, B's Wraith; then Round 1.
    await expect(page.getByTestId('banner')).toContainText('Ember Directorate · last deployment step');
    await topDown(page);
    await placeByTaps(page, 'a-veil', 16, 6);
    await page.getByTestId('end-step').tap();
    await expect(page.getByTestId('banner')).toContainText('Tidewater Concord · last deployment step');
    await topDown(page);
    await placeByTaps(page, 'b-wraith', 40, 28);
    await page.getByTestId('end-step').tap();
    expect(await gameOf(page)).toMatchObject({ phase: 'game', round: 1, active: 'B' });
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-tablet-deployed.png` });
    expect(log.errors, 'console errors').toEqual([]);
  });

  test('TOOL-1 TOOL-2 on the demo by touch: Line of Fire by tapping a trooper, then a target for its detail; the ruler by a drag and by two taps; Done puts each tool down', async ({ page }) => {
    test.setTimeout(120_000);
    const log = watchConsole(page);
    await openDemo(page);
    await topDown(page);

    // Line of Fire: tap Netrunner Kai, then the marker it sees.
    await page.locator('.tool-palette button[data-tool="lof"]').tap();
    const dock = page.getByTestId('tool-dock');
    await expect(dock).toHaveAttribute('data-tool', 'lof');
    await expect(dock.getByTestId('dock-line')).toHaveText('Tap a trooper to look from it.');
    await tap(page, await screenOfPiece(page, 'b-kai'));
    await page.waitForFunction(() => window.__table!.tools().lof?.shooter === 'b-kai');
    await expect(dock.getByTestId('dock-line')).toContainText('From Netrunner Kai: 1 seen');
    await tap(page, await screenOfPiece(page, 'A-m1'));
    await page.waitForFunction(() => window.__table!.tools().inspected === 'A-m1');
    // Kai still looks; the detail is the core's own answer, in the bar, the panel and the label on the table.
    expect((await page.evaluate(() => window.__table!.tools())).lof?.shooter).toBe('b-kai');
    const answer = lineOfFireBetween({ draft: demoState, ctx }, 'b-kai', 'a-veil');
    expect(answer.visible).toBe(true);
    const pct = `${Math.round(answer.fraction * 100)}% of its silhouette in view`;
    await expect(dock.getByTestId('dock-line')).toHaveText(`A-m1 · Veil Sniper: seen, ${pct}.`);
    await expect(page.getByTestId('lof-focus')).toContainText(pct);
    await expect(page.getByTestId('lof-label')).toContainText('A-m1');
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-tablet-lof.png` });
    // Tapping a name in the panel shows its detail too.
    await page.locator('button.lof-name[data-key="a-varro"]').tap();
    await expect(dock.getByTestId('dock-line')).toContainText('Captain Varro: not seen');
    await dock.getByTestId('dock-done').tap();
    expect((await page.evaluate(() => window.__table!.tools())).active).toBe('select');
    await expect(dock).toHaveCount(0);

    // The ruler: a finger's drag from Rifleman Osei to Bulwark Heavy reads the core's distance.
    await page.locator('.tool-palette button[data-tool="ruler"]').tap();
    await fingerDrag(page, await screenOfPiece(page, 'a-osei'), await screenOfPiece(page, 'a-bulwark'));
    const r = (await page.evaluate(() => window.__table!.tools())).ruler!;
    expect(r).toMatchObject({ from: { piece: 'a-osei' }, to: { piece: 'a-bulwark' } });
    expect(r.inches).toBeCloseTo(coreMeasure('a-osei', 'a-bulwark'), 9);
    await expect(dock.getByTestId('dock-line')).toHaveText(`${r.inches.toFixed(1)}" · Rifleman Osei → Bulwark Heavy`);
    // Two taps: Captain Varro, then Netrunner Kai.
    await tap(page, await screenOfPiece(page, 'a-varro'));
    await tap(page, await screenOfPiece(page, 'b-kai'));
    const r2 = (await page.evaluate(() => window.__table!.tools())).ruler!;
    expect(r2).toMatchObject({ from: { piece: 'a-varro' }, to: { piece: 'b-kai' } });
    expect(r2.inches).toBeCloseTo(coreMeasure('a-varro', 'b-kai'), 9);
    await expect(page.getByTestId('ruler-result')).toContainText('Captain Varro → Netrunner Kai');
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-tablet-ruler.png` });
    await page.getByTestId('tool-panel-done').tap();
    expect((await page.evaluate(() => window.__table!.tools())).active).toBe('select');

    // No tool in hand: one finger turns the camera (from straight above, a drag up tilts it), two pinch it closer.
    const a = await cameraPose(page);
    await fingerDrag(page, { x: 320, y: 420 }, { x: 300, y: 300 });
    const b = await cameraPose(page);
    expect(cameraMoved(a, b), 'one finger orbits').toBeGreaterThan(1);
    await twoFingers(page, [{ x: 330, y: 400 }, { x: 430, y: 400 }], [{ x: 260, y: 400 }, { x: 500, y: 400 }]);
    const c = await cameraPose(page);
    const dist = (p: typeof a) => Math.hypot(p.position[0] - p.target[0], p.position[1] - p.target[1], p.position[2] - p.target[2]);
    expect(dist(c), 'a pinch apart zooms in').toBeLessThan(dist(b) - 1);
    expect(log.errors, 'console errors').toEqual([]);
  });
});

test.describe('a phone, by touch (390 x 844)', () => {
  test.use(PHONE);

  test('the table takes the screen, the panels are a sheet that slides up; Line of Fire and the ruler by taps and a drag', async ({ page }) => {
    test.setTimeout(120_000);
    const log = watchConsole(page);
    await openDemo(page);
    // The table is the screen's width and most of its height; the sheet is closed to its handle.
    const canvas = (await page.getByTestId('table-view').locator('canvas').boundingBox())!;
    expect(canvas.width).toBeGreaterThanOrEqual(389);
    expect(canvas.height).toBeGreaterThan(600);
    const sheet = page.getByTestId('side-panel');
    const handle = page.getByTestId('sheet-handle');
    await expect(sheet).toHaveAttribute('data-sheet', 'closed');
    expect((await sheet.boundingBox())!.height).toBeLessThan(50);
    await expect(handle).toHaveAttribute('aria-expanded', 'false');
    // Nothing of the header is cut off.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.app-header button, .app-header select')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > window.innerWidth + 0.5 || r.left < -0.5;
      }).length,
    );
    expect(cut, 'header controls cut off').toBe(0);
    // The header is two rows at most.
    expect((await page.locator('.app-header').boundingBox())!.height).toBeLessThan(80);
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-phone-demo.png` });

    // A tap opens the sheet halfway; a drag up opens it nearly to the top; a tap closes it.
    await handle.tap();
    await expect(sheet).toHaveAttribute('data-sheet', 'half');
    await expect(page.locator('.roster')).toBeVisible();
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SCREENS}/touch-phone-sheet-half.png` });
    await axeClean(page, 'the phone\'s sheet, half open');
    const hb = (await handle.boundingBox())!;
    await fingerDrag(page, { x: hb.x + hb.width / 2, y: hb.y + hb.height / 2 }, { x: hb.x + hb.width / 2, y: 120 });
    await expect(sheet).toHaveAttribute('data-sheet', 'full');
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SCREENS}/touch-phone-sheet-full.png` });
    await handle.tap();
    await expect(sheet).toHaveAttribute('data-sheet', 'closed');

    // Line of Fire: the palette's button, a tap on Kai, a tap on the marker it sees; the answer over the table.
    await topDown(page);
    await page.locator('.tool-palette button[data-tool="lof"]').tap();
    const dock = page.getByTestId('tool-dock');
    await tap(page, await screenOfPiece(page, 'b-kai'));
    await page.waitForFunction(() => window.__table!.tools().lof?.shooter === 'b-kai');
    await tap(page, await screenOfPiece(page, 'A-m1'));
    await page.waitForFunction(() => window.__table!.tools().inspected === 'A-m1');
    const answer = lineOfFireBetween({ draft: demoState, ctx }, 'b-kai', 'a-veil');
    await expect(dock.getByTestId('dock-line')).toHaveText(`A-m1 · Veil Sniper: seen, ${Math.round(answer.fraction * 100)}% of its silhouette in view.`);
    // The bar sits over the table, clear of the sheet's handle, inside the screen.
    const db = (await dock.boundingBox())!;
    expect(db.x).toBeGreaterThanOrEqual(0);
    expect(db.x + db.width).toBeLessThanOrEqual(390);
    expect(db.y + db.height).toBeLessThanOrEqual((await handle.boundingBox())!.y);
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-phone-lof.png` });
    await axeClean(page, 'Line of Fire on a phone');
    // The sheet shows the whole answer too.
    await handle.tap();
    await expect(page.getByTestId('lof-result')).toBeVisible();
    await expect(page.getByTestId('lof-seen')).toContainText('A-m1');
    await handle.tap();
    await dock.getByTestId('dock-done').tap();
    await expect(dock).toHaveCount(0);

    // The ruler: a drag, then two taps.
    await page.locator('.tool-palette button[data-tool="ruler"]').tap();
    await fingerDrag(page, await screenOfPiece(page, 'a-osei'), await screenOfPiece(page, 'a-bulwark'));
    const r = (await page.evaluate(() => window.__table!.tools())).ruler!;
    expect(r.inches).toBeCloseTo(coreMeasure('a-osei', 'a-bulwark'), 9);
    await expect(dock.getByTestId('dock-line')).toHaveText(`${r.inches.toFixed(1)}" · Rifleman Osei → Bulwark Heavy`);
    await tap(page, await screenOfPiece(page, 'a-varro'));
    await tap(page, await screenOfPiece(page, 'b-kai'));
    const r2 = (await page.evaluate(() => window.__table!.tools())).ruler!;
    expect(r2).toMatchObject({ from: { piece: 'a-varro' }, to: { piece: 'b-kai' } });
    expect(r2.inches).toBeCloseTo(coreMeasure('a-varro', 'b-kai'), 9);
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-phone-ruler.png` });
    await dock.getByTestId('dock-done').tap();
    expect((await page.evaluate(() => window.__table!.tools())).active).toBe('select');
    expect(log.errors, 'console errors').toEqual([]);
  });

  test('INI-1 the initiative panel and its dice tray are usable on a phone: the title on one line, the tray wide, the roll and the choices by taps', async ({ page }) => {
    test.setTimeout(120_000);
    const log = watchConsole(page);
    await openDemo(page);
    await newSoloGame(page);
    const panel = page.getByTestId('initiative-panel');
    await expect(panel).toBeVisible();
    // The title on one line (not broken letter by letter), the panel the screen's width.
    const title = (await panel.locator('.ini-head h2').boundingBox())!;
    expect(title.height).toBeLessThan(32);
    expect((await panel.boundingBox())!.width).toBeGreaterThan(360);
    await panel.getByRole('button', { name: 'Roll initiative' }).tap();
    const tray = panel.getByTestId('dice-tray');
    await expect(tray).toHaveAttribute('data-settled', 'true', { timeout: 20_000 });
    expect((await tray.boundingBox())!.width, 'the dice tray\'s width').toBeGreaterThan(120);
    await fitsItsBox(page, '[data-testid="initiative-panel"]', 'the initiative panel');
    for (const p of ['A', 'B']) await fitsItsBox(page, `[data-testid="die-caption-${p}"]`, `die card ${p}`);
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-phone-initiative.png` });
    await panel.getByRole('button', { name: /Keep Deployment/ }).tap();
    const winner = (await gameOf(page)).initiative.winner!;
    const choice = panel.getByTestId('deployment-choice');
    await choice.getByRole('radio', { name: 'Ember Directorate' }).tap();
    await choice.getByRole('radio', { name: winner === 'A' ? /south/ : /north/ }).tap();
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-phone-choices.png` });
    await choice.getByRole('button', { name: 'Confirm deployment choice' }).tap();
    const order = panel.getByTestId('turn-order-choice');
    await order.getByRole('radio', { name: 'Tidewater Concord' }).tap();
    await order.getByRole('button', { name: 'Confirm turn order' }).tap();
    expect(await gameOf(page)).toMatchObject({ phase: 'deployment', active: 'A' });

    // A trooper placed on a phone: picked in the sheet (which closes for the table), two taps.
    await page.getByTestId('sheet-handle').tap();
    await page.getByTestId('pick-a-lt').tap();
    await expect(page.getByTestId('side-panel')).toHaveAttribute('data-sheet', 'closed');
    await topDown(page);
    const g = await tapGhost(page, 10, 6);
    expect(g).toMatchObject({ legal: true });
    await frames(page);
    await page.screenshot({ path: `${SCREENS}/touch-phone-deploy.png` });
    await page.getByTestId('tool-dock').getByTestId('dock-place').tap();
    expect((await page.evaluate(() => window.__table!.view())).troopers['a-lt']).toMatchObject({ status: 'model', x: 10, y: 6 });
    expect(log.errors, 'console errors').toEqual([]);
  });
});
