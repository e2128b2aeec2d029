import { expect, type Page } from '@playwright/test';
import { decodePng, type DecodedPng } from './png';

/** Collects console errors and page errors, and three.js's warnings, from the moment it is called. */
export function watchConsole(page: Page): { errors: string[]; threeWarnings: string[] } {
  const errors: string[] = [];
  const threeWarnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
    if (msg.type() === 'warning' && msg.text().startsWith('THREE.')) threeWarnings.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { errors, threeWarnings };
}

/** The Yjs relay the config starts for the two-machine tests (playwright.config.ts). */
export const RELAY = `ws://localhost:${Number(process.env.E2E_RELAY_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 2000)}`;

/** Opens the page on its start panel and waits until the table behind it has drawn its first frames. */
export async function openStart(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
  await page.waitForFunction(() => window.__table !== undefined);
  await expect(page.getByTestId('start-panel')).toBeVisible();
}

/** Opens the page and, from its start panel, the deployed demo ("Look around the demo"). */
export async function openTable(page: Page): Promise<void> {
  await openStart(page);
  await page.getByTestId('start-demo').click();
  await expect(page.getByTestId('start-panel')).toHaveCount(0);
}

/** Waits until the camera has finished gliding to the named view. */
export async function cameraSettled(page: Page, view: string): Promise<void> {
  await page.waitForFunction((v) => {
    const c = window.__table?.camera();
    return c !== undefined && c.view === v && !c.busy;
  }, view);
  // One more frame for the compositor.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The canvas region of a page screenshot, decoded. */
export async function canvasShot(page: Page): Promise<{ png: DecodedPng; x0: number; y0: number; x1: number; y1: number }> {
  const box = await page.getByTestId('table-view').locator('canvas').boundingBox();
  if (!box) throw new Error('the canvas has no box');
  const png = decodePng(await page.screenshot());
  return {
    png,
    x0: Math.max(0, Math.floor(box.x)),
    y0: Math.max(0, Math.floor(box.y)),
    x1: Math.min(png.width, Math.floor(box.x + box.width)),
    y1: Math.min(png.height, Math.floor(box.y + box.height)),
  };
}

export interface ColourCounts {
  total: number;
  distinct: number;
  /** pixels clearly in Player A's red-orange */
  orange: number;
  /** pixels clearly in Player B's blue */
  blue: number;
  /** pixels in the objectives' violet */
  violet: number;
}

/** Counts telling colours in the canvas part of a screenshot. */
export function countColours(shot: Awaited<ReturnType<typeof canvasShot>>): ColourCounts {
  const { png, x0, y0, x1, y1 } = shot;
  const seen = new Set<number>();
  const c: ColourCounts = { total: 0, distinct: 0, orange: 0, blue: 0, violet: 0 };
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      const r = png.data[i] ?? 0;
      const g = png.data[i + 1] ?? 0;
      const b = png.data[i + 2] ?? 0;
      seen.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
      c.total++;
      if (r > 150 && r - b > 100 && r - g > 50) c.orange++;
      else if (b > 150 && b - r > 90 && b - g > 20) c.blue++;
      else if (r > 130 && b > 150 && g < r - 40 && g < b - 50) c.violet++;
    }
  }
  c.distinct = seen.size;
  return c;
}

/** The share of canvas pixels that differ clearly between two screenshots of the same size. */
export function difference(a: Awaited<ReturnType<typeof canvasShot>>, b: Awaited<ReturnType<typeof canvasShot>>): number {
  let changed = 0;
  let total = 0;
  for (let y = a.y0; y < a.y1; y++) {
    for (let x = a.x0; x < a.x1; x++) {
      const i = (y * a.png.width + x) * 4;
      const d =
        Math.abs((a.png.data[i] ?? 0) - (b.png.data[i] ?? 0)) +
        Math.abs((a.png.data[i + 1] ?? 0) - (b.png.data[i + 1] ?? 0)) +
        Math.abs((a.png.data[i + 2] ?? 0) - (b.png.data[i + 2] ?? 0));
      if (d > 48) changed++;
      total++;
    }
  }
  return changed / Math.max(1, total);
}

/** Where screenshots of each step go (not committed; look at them). */
export const SCREENS = 'reports/screens';

/** Waits for two animation frames, so what was drawn is on screen. */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Where a table point (inches) is on screen now: the top of what stands there at that height. */
export async function screenOf(page: Page, x: number, y: number, z = 0): Promise<{ x: number; y: number }> {
  const at = await page.evaluate(([x, y, z]) => window.__table!.projectPoint(x!, y!, z!), [x, y, z] as const);
  expect(at, `(${x}, ${y}, ${z}) on screen`).not.toBeNull();
  return at!;
}

/** Moves the pointer to a table point in a few steps and lets a frame pass; returns where on screen. */
export async function pointAt(page: Page, x: number, y: number, z = 0): Promise<{ x: number; y: number }> {
  const p = await screenOf(page, x, y, z);
  await page.mouse.move(p.x - 3, p.y - 3);
  await page.mouse.move(p.x, p.y, { steps: 2 });
  await frames(page);
  return p;
}

/** Dice by hand: types each roller's dice (by its trooper key) and submits the tray. */
export async function diceByHand(page: Page, rolls: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(rolls)) await page.getByTestId(`dice-${key}`).fill(value);
  await page.getByTestId('dice-submit').click();
}

/** The public state of the game and the match, from the page's test hook. */
export async function gameOf(page: Page) {
  await page.waitForFunction(() => window.__table !== undefined);
  return page.evaluate(() => window.__table!.game());
}

/**
 * New game from the header's dialog: the demo setup or a game file, Hotseat or Solo, dice random or by
 * hand. Hotseat PINs (on by default in the dialog) only where `pins` asks for them.
 */
export async function newGame(page: Page, opts: { file?: string | { name: string; mimeType: string; buffer: Buffer }; mode: 'Hotseat' | 'Solo'; manual?: boolean; pins?: boolean }): Promise<void> {
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  if (opts.file) {
    await dialog.getByRole('radio', { name: /A game file/ }).check();
    await dialog.getByTestId('game-file').setInputFiles(opts.file);
    await expect(dialog.getByTestId('file-ok')).toBeVisible();
  }
  // "Solo: one player...", not "Solo against the table".
  await dialog.getByRole('radio', { name: new RegExp(`^${opts.mode}:`) }).check();
  if (opts.mode === 'Hotseat') await dialog.getByTestId('pins').setChecked(opts.pins === true);
  if (opts.manual) await dialog.getByRole('radio', { name: /physical dice/ }).check();
  await dialog.getByTestId('start-game').click();
  await expect(dialog).toBeHidden();
}

/** A screenshot of the whole page into reports/screens, after a frame has been drawn. */
export async function shot(page: Page, name: string): Promise<void> {
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

/** The top-down view, where a click lands where it is aimed whatever stands in front. */
export async function topDown(page: Page): Promise<void> {
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
}

/** Moves the pointer over a table point until the deployment ghost stands there; returns where on screen, and the engine's verdict. */
export async function hoverGhost(page: Page, x: number, y: number, z = 0) {
  const at = await page.evaluate(([x, y, z]) => window.__table!.projectPoint(x!, y!, z!), [x, y, z]);
  expect(at, `(${x}, ${y}) on screen`).not.toBeNull();
  await page.mouse.move(at!.x - 3, at!.y - 3);
  await page.mouse.move(at!.x, at!.y, { steps: 2 });
  await page.waitForFunction(([x, y]) => {
    const g = window.__table!.ghost();
    return g.at !== null && Math.abs(g.at.x - x!) < 0.3 && Math.abs(g.at.y - y!) < 0.3 && g.legal !== null;
  }, [x, y]);
  return { at: at!, ghost: await page.evaluate(() => window.__table!.ghost()) };
}

/** A `deploy` command of a game file, made through the deployment panel and a click on the table. */
export async function deployAsCommanded(page: Page, cmd: { trooper: string; at: { x: number; y: number; z?: number }; as?: string; prone?: boolean }): Promise<void> {
  await page.getByTestId(`pick-${cmd.trooper}`).click();
  const held = page.getByTestId('held-trooper');
  if (cmd.as === 'marker') await held.getByRole('radio', { name: /TO Camouflage/ }).check();
  if (cmd.as === 'hidden') await held.getByRole('radio', { name: /Hidden Deployment/ }).check();
  if (cmd.prone) await held.getByRole('checkbox', { name: 'Prone' }).check();
  const { at, ghost } = await hoverGhost(page, cmd.at.x, cmd.at.y, cmd.at.z ?? 0);
  expect(ghost, `${cmd.trooper}: ${ghost.message}`).toMatchObject({ legal: true });
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('deploy-notice')).toContainText('placed');
}

/**
 * End turn; with Orders left the banner asks first (they are lost, ORD-6): this answers "End turn anyway".
 * `left`: the Orders the question must count, when the caller knows them.
 */
export async function endTurn(page: Page, left?: number): Promise<void> {
  await page.getByTestId('end-turn').click();
  const ask = page.getByTestId('end-turn-ask');
  if (left === 0) return;
  if (left !== undefined) await expect(ask).toContainText(`${left} Order`);
  // Either the question replaced the button, or the turn ended: the button is gone both ways.
  await expect(page.getByTestId('end-turn')).toBeHidden();
  if (await ask.isVisible()) await page.getByTestId('end-turn-confirm').click();
}

/** Clicks the table at a point in table inches (the top of whatever stands there). */
export async function clickTable(page: Page, x: number, y: number, z = 0): Promise<void> {
  const p = await page.evaluate(([x, y, z]) => window.__table!.projectPoint(x, y, z), [x, y, z] as const);
  expect(p, `(${x}, ${y}) on screen`).not.toBeNull();
  await page.mouse.move(p!.x - 3, p!.y - 3);
  await page.mouse.move(p!.x, p!.y, { steps: 2 });
  await frames(page);
  await page.mouse.down();
  await page.mouse.up();
}

/** The Hotseat hand-over for `player` is up; that player takes the screen. */
export async function handOver(page: Page, player: 'A' | 'B'): Promise<void> {
  const cover = page.getByTestId('hand-over');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('data-player', player);
  await page.getByTestId('hand-over-confirm').click();
  await expect(cover).toBeHidden();
}

/** Takes any Hotseat hand-over that comes up before the element with test id `next` shows. */
export async function throughHandOvers(page: Page, next: string): Promise<void> {
  const cover = page.getByTestId('hand-over');
  const target = page.getByTestId(next);
  for (let i = 0; i < 3; i++) {
    await expect(cover.or(target).first()).toBeVisible();
    if (!(await cover.isVisible())) return;
    await handOver(page, (await cover.getAttribute('data-player')) as 'A' | 'B');
  }
}

/** Answers hand-overs and empty ARO windows ("No ARO") until `done` holds (at most 20 tries, 200 ms apart). */
export async function answerUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  for (let k = 0; k < 20 && !(await done()); k++) {
    const cover = page.getByTestId('hand-over-confirm');
    const aros = page.getByTestId('declare-aros');
    if (await cover.isVisible()) await cover.click();
    else if (await aros.isVisible()) await aros.click();
    await page.waitForTimeout(200);
  }
}

/** Selects a trooper or marker by its row in the side panel's roster. */
export async function selectTrooper(page: Page, key: string): Promise<void> {
  await page.locator(`.roster button[data-key="${key}"]`).click();
}
