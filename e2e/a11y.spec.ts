/**
 * Keyboard and assistive technology (issue 43): axe-core on every screen (the start panel, New game,
 * the editors, the table in each phase, the hand-over and its PIN, the locked game, the dialogs, the
 * help) with no serious or critical finding; an open overlay keeps the focus (Tab goes round it) and
 * makes the page behind it inert; the roster by keys. axe is loaded here, in the tests, never in the
 * page's bundle. What each screen gave is written to reports/a11y-axe.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { frames, gameOf, openStart, openTable, SCREENS, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => JSON.parse(readFileSync(join(here, 'fixtures', name), 'utf8'));
const asFile = (name: string, json: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(json)) });

/** Every screen's findings by impact (nodes), and the rules that found them, for the report. */
const found: Record<string, { counts: Record<string, number>; rules: string[] }> = {};

/** axe-core on the page as it is: nothing serious or critical; every finding is counted for the report. */
async function axe(page: Page, screen: string): Promise<void> {
  await frames(page);
  const result = await new AxeBuilder({ page }).analyze();
  const counts: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of result.violations) counts[v.impact ?? 'minor'] = (counts[v.impact ?? 'minor'] ?? 0) + v.nodes.length;
  found[screen] = { counts, rules: result.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`) };
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(bad, `axe on ${screen}`).toEqual([]);
}

test.afterAll(() => {
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/a11y-axe.json', `${JSON.stringify(found, null, 2)}\n`);
});

/** The test id (or tag) of what has the focus, and whether it lies inside `within`. */
async function focus(page: Page, within: string) {
  return page.evaluate((sel) => {
    const a = document.activeElement as HTMLElement | null;
    return { id: a?.getAttribute('data-testid') ?? a?.tagName ?? 'none', inside: !!a && !!document.querySelector(sel)?.contains(a) };
  }, within);
}

/** Tab (or Shift+Tab) `n` times: the focus never leaves `within`. */
async function tabsStayIn(page: Page, within: string, n: number, key = 'Tab') {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(key);
    const f = await focus(page, within);
    expect(f.inside, `${key} ${i + 1}: the focus on ${f.id}, outside ${within}`).toBe(true);
  }
}

/** New game from a game file, leaving the game on the table without saving it (the helpers' newGame, past "Leave the game?"). */
async function newGame(page: Page, opts: { file: ReturnType<typeof asFile>; mode: 'Hotseat' | 'Solo'; pins?: boolean }) {
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radio', { name: /A game file/ }).check();
  await dialog.getByTestId('game-file').setInputFiles(opts.file);
  await expect(dialog.getByTestId('file-ok')).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(`^${opts.mode}:`) }).check();
  if (opts.mode === 'Hotseat') await dialog.getByTestId('pins').setChecked(opts.pins === true);
  await dialog.getByTestId('start-game').click();
  const leave = page.getByTestId('leave-confirm');
  await expect.poll(async () => (await leave.isVisible()) || !(await dialog.isVisible())).toBe(true);
  if (await leave.isVisible()) await leave.click();
  await expect(dialog).toBeHidden();
}

/** Whether an element of the page lies under an inert ancestor (out of the Tab order and the accessibility tree). */
const inert = (page: Page, testId: string) => page.getByTestId(testId).first().evaluate((el) => el.closest('[inert]') !== null);

test('the start panel, New game, the editors, the demo and the help: axe finds nothing serious, and the open overlay keeps the focus', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openStart(page);

  // The start panel holds the page: the focus on New game, one Tab to the demo, the page behind inert.
  await axe(page, 'start panel');
  expect(await focus(page, '[data-testid="start-panel"]')).toEqual({ id: 'start-new-game', inside: true });
  await page.keyboard.press('Tab');
  expect((await focus(page, '[data-testid="start-panel"]')).id).toBe('start-demo');
  for (const id of ['save-file', 'new-game', 'end-turn', 'game-log']) expect(await inert(page, id), id).toBe(true);
  await tabsStayIn(page, '[data-testid="start-panel"]', 6);
  await page.getByTestId('start-new-game').focus();
  await page.keyboard.press('Shift+Tab');
  expect((await focus(page, '[data-testid="start-panel"]')).id).toBe('start-editors');
  // The table's keys do not reach the table behind it.
  await page.keyboard.press('m');
  expect((await page.evaluate(() => window.__table!.tools())).active).not.toBe('ruler');

  // New game: its own focus and Tab ring, over the start panel (inert under it); Escape gives the focus back.
  await page.getByTestId('start-new-game').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('new-game-dialog');
  await expect(dialog).toBeVisible();
  expect((await focus(page, '[data-testid="new-game-dialog"]')).inside).toBe(true);
  expect(await inert(page, 'start-demo')).toBe(true);
  await axe(page, 'new game: the demo');
  await tabsStayIn(page, '[data-testid="new-game-dialog"]', 14);
  await tabsStayIn(page, '[data-testid="new-game-dialog"]', 6, 'Shift+Tab');
  await dialog.getByRole('radio', { name: /^Armies and a table/ }).check();
  await expect(dialog.getByTestId('pick-setup')).toBeVisible();
  await axe(page, 'new game: armies and a table');
  await dialog.getByRole('radio', { name: /A game file/ }).check();
  await axe(page, 'new game: a game file');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await focus(page, '[data-testid="start-panel"]')).id).toBe('start-new-game');
  expect(await inert(page, 'start-demo')).toBe(false);

  // The editors: an army with a trooper's whole profile, the paste dialog, a table with a building.
  await page.getByTestId('start-editors').click();
  await expect(page.getByTestId('editors')).toBeVisible();
  expect(await inert(page, 'start-panel')).toBe(true);
  await axe(page, 'editors: nothing open');
  await page.getByTestId('new-army').click();
  await page.getByTestId('add-trooper').click();
  await page.getByTestId('add-cc-weapon').click();
  await expect(page.getByTestId('trooper-form')).toBeVisible();
  await axe(page, 'army editor: a trooper');
  await tabsStayIn(page, '[data-testid="editors"]', 12);
  await page.getByTestId('paste-army').click();
  await expect(page.getByTestId('import-list')).toBeVisible();
  expect((await focus(page, '[data-testid="import-list"]')).id).toBe('import-text');
  await axe(page, 'army editor: paste a list');
  await tabsStayIn(page, '[data-testid="import-list"]', 8);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('import-list')).toHaveCount(0);
  await expect(page.getByTestId('editors')).toBeVisible();
  await page.getByTestId('tab-table').click();
  await page.getByTestId('new-table').click();
  await expect(page.getByTestId('table-topview')).toBeVisible();
  await axe(page, 'table editor');
  await page.getByTestId('close-editors').click();
  await expect(page.getByTestId('editors')).toHaveCount(0);

  // The demo: the table, the roster by keys, the log that takes the focus; then the help over it.
  await page.getByTestId('start-demo').click();
  await expect(page.getByTestId('start-panel')).toHaveCount(0);
  expect(await inert(page, 'save-file')).toBe(false);
  await axe(page, 'the demo (game phase)');
  const rows = page.locator('.roster button[data-key]');
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(rows.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('game-log')).toHaveAttribute('tabindex', '0');
  await expect(page.getByTestId('table-view').locator('canvas')).toHaveAttribute('aria-label', /table in 3D/);

  await page.getByRole('button', { name: '?' }).click();
  const help = page.getByTestId('help');
  await expect(help).toBeVisible();
  expect((await focus(page, '[data-testid="help"]')).inside).toBe(true);
  expect(await inert(page, 'save-file')).toBe(true);
  await axe(page, 'help overlay');
  await tabsStayIn(page, '[data-testid="help"]', 3);
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/a11y-help-focused.png` });
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  // The focus goes back to the button that opened it.
  await expect(page.getByRole('button', { name: '?' })).toBeFocused();
  expect(log.errors, 'console errors').toEqual([]);
});

test('the table in each phase, the hand-over and its PIN, the locked game and the dialogs: axe finds nothing serious', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  const small = fixture('small-setup.json');
  const saves = fixture('saves-game.json');
  const initiative = [{ do: 'initiative', rolls: { A: 12, B: 9 } }];
  const toDeployment = [...initiative, { do: 'keep', player: 'A', choice: 'deployment' }, { do: 'turnOrder', player: 'B', first: 'B' }, { do: 'deploymentChoice', player: 'A', first: 'B', keeperZone: 'south' }];
  const phases: [string, unknown, string][] = [
    ['initiative', { ...small, dice: { manual: true } }, 'initiative'],
    ['initiative: the winner chooses', { ...small, dice: { manual: true }, commands: initiative }, 'initiative'],
    ['deployment', { ...small, dice: { manual: true }, commands: toDeployment }, 'deployment'],
    ['game', saves, 'game'],
    ['end', { ...saves, facts: { rounds: 1 }, commands: [...saves.commands, { do: 'endTurn', player: 'A' }, { do: 'endTurn', player: 'B' }] }, 'end'],
  ];
  for (const [screen, file, phase] of phases) {
    await newGame(page, { file: asFile(`${phase}.json`, file), mode: 'Solo' });
    expect((await gameOf(page)).phase, screen).toBe(phase);
    await axe(page, `solo table: ${screen}`);
  }

  // Leaving a game in progress asks first: the focus on "Stay in this game".
  await page.getByTestId('reset-demo').click();
  const leave = page.getByTestId('leave-game');
  await expect(leave).toBeVisible();
  expect((await focus(page, '[data-testid="leave-game"]')).id).toBe('leave-stay');
  await axe(page, 'leave the game?');
  await tabsStayIn(page, '[data-testid="leave-game"]', 5);
  await page.keyboard.press('Escape');
  await expect(leave).toHaveCount(0);

  // Two machines: a panel over the table.
  await page.getByTestId('two-machines-open').click();
  await expect(page.getByTestId('two-machines')).toBeVisible();
  expect((await focus(page, '[data-testid="two-machines"]')).inside).toBe(true);
  await axe(page, 'two machines');
  await page.getByTestId('net-close').click();
  await expect(page.getByTestId('two-machines')).toHaveCount(0);

  // Hotseat: the public initiative screen, then the hand-over: nothing focused; Tab goes into it only.
  await newGame(page, { file: asFile('hotseat-initiative.json', { ...small, dice: { manual: true } }), mode: 'Hotseat' });
  await axe(page, 'hotseat: both players at the screen');
  await newGame(page, { file: asFile('saves-game.json', saves), mode: 'Hotseat' });
  const cover = page.getByTestId('hand-over');
  await expect(cover).toHaveAttribute('data-player', 'A');
  expect((await focus(page, '[data-testid="hand-over"]')).id).toBe('BODY');
  await axe(page, 'hand-over');
  const confirm = page.getByTestId('hand-over-confirm');
  await expect(confirm).toHaveAttribute('data-armed', 'true');
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await tabsStayIn(page, '[data-testid="hand-over"]', 3);
  await confirm.click();
  await expect(cover).toBeHidden();
  await axe(page, 'hotseat table: Player A');

  // With PINs: the hand-over asks Player A to choose one.
  await newGame(page, { file: asFile('saves-game.json', saves), mode: 'Hotseat', pins: true });
  await expect(page.getByTestId('pin-form')).toBeVisible();
  await axe(page, 'hand-over: choose a PIN');
  await tabsStayIn(page, '[data-testid="hand-over"]', 4);

  expect(log.errors, 'console errors').toEqual([]);
});

test('a sealed game is locked behind its PINs: axe finds nothing serious; the page behind is inert', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await page.getByTestId('load-input').setInputFiles(join(here, 'fixtures', 'sealed-pbkdf2.json'));
  const unlock = page.getByTestId('unlock-game');
  await expect(unlock).toContainText('is locked');
  expect((await focus(page, '[data-testid="unlock-game"]')).inside).toBe(false);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('pin-input')).toBeFocused();
  await axe(page, 'locked game');
  await tabsStayIn(page, '[data-testid="unlock-game"]', 4);
  expect(log.errors, 'console errors').toEqual([]);
});
