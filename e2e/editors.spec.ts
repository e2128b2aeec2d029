import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseArmyFileText } from '../src/core/armyfile';
import { parseTableFileText } from '../src/core/tablefile';
import { frames, handOver, openStart, SCREENS, watchConsole } from './helpers';

const DOCS = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');

/** A screenshot to look at; `doc` also writes it where the README shows it. */
async function shot(page: Page, name: string, doc?: string) {
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
  if (doc) {
    mkdirSync(DOCS, { recursive: true });
    await page.screenshot({ path: join(DOCS, doc) });
  }
}

/** Types into a field of the editors and gives it (Enter), as a player would. */
async function enter(field: Locator, value: string | number) {
  await field.fill(String(value));
  await field.press('Enter');
}

async function openEditors(page: Page, tab: 'army' | 'table') {
  await page.getByTestId('start-editors').click();
  await expect(page.getByTestId('editors')).toBeVisible();
  await page.getByTestId(`tab-${tab}`).click();
}

/** Where a table point of the table editor's top view is on screen. */
async function at(page: Page, x: number, y: number) {
  return page.evaluate(([x, y]) => window.__tableEditor!.toScreen(x!, y!), [x, y]);
}

async function clickAt(page: Page, x: number, y: number) {
  const p = await at(page, x, y);
  await page.mouse.move(p.x - 4, p.y - 4);
  await page.mouse.move(p.x, p.y, { steps: 2 });
  await page.mouse.click(p.x, p.y);
}

async function dragFrom(page: Page, from: [number, number], to: [number, number]) {
  const a = await at(page, ...from);
  const b = await at(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

test('TOOL-9 army editor: a small army with every profile field, a refused edit, points per group, download, a bad file, and a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openStart(page);
  await openEditors(page, 'army');
  await page.getByTestId('new-army').click();
  const editor = page.getByTestId('army-editor');
  await expect(editor).toBeVisible();
  await enter(page.getByTestId('army-name'), 'Copper Wardens');
  await expect(page.getByTestId('army-status')).toHaveText(`Not ready for a game: troopers: expected exactly one trooper with "lieutenant", found 0`);

  // The Lieutenant, with a whole profile.
  await page.getByTestId('add-trooper').click();
  const form = page.getByTestId('trooper-form');
  await enter(form.getByTestId('f-name'), 'Marshal Ode');
  await form.getByRole('checkbox', { name: 'Lieutenant' }).check();
  await expect(page.getByTestId('army-status')).toHaveText('Ready for a game.');
  for (const [f, v] of [['f-mov0', 6], ['f-mov1', 2], ['f-cc', 15], ['f-bs', 12], ['f-ph', 11], ['f-wip', 14], ['f-arm', 2], ['f-bts', 3], ['f-w', 2], ['f-s', 3], ['f-points', 32], ['f-surpriseAttack', -6]] as const) {
    await enter(form.getByTestId(f), v);
  }
  await form.getByTestId('f-orders').selectOption('irregular');
  // A preset with working values says so; a weapon typed in by hand.
  await form.getByTestId('weapon-preset').selectOption('hmg');
  await form.getByTestId('add-weapon').click();
  await expect(form.getByTestId('weapon-1').getByTestId('working-value')).toBeVisible();
  await expect(form.getByTestId('weapon-0').getByTestId('working-value')).toHaveCount(0);
  await form.getByTestId('weapon-preset').selectOption('custom');
  await form.getByTestId('add-weapon').click();
  const custom = form.getByTestId('weapon-2');
  await enter(custom.getByTestId('w-name'), 'Nailgun');
  await enter(custom.getByTestId('w-damage'), 12);
  await enter(custom.getByTestId('w-ranges'), '8:+3 16:0');

  // A refused edit: the box keeps what was typed, with the reason; the army keeps what it had.
  await enter(form.getByTestId('f-s'), 9);
  await expect(form.getByTestId('field-error')).toHaveText('troopers[0].s: expected at most 8');
  await expect(page.getByTestId('editor-notice')).toHaveText('Refused: troopers[0].s: expected at most 8. Nothing was changed.');
  await expect(form.getByTestId('f-s')).toHaveValue('9');
  await expect(page.getByTestId('army-status')).toHaveText('Ready for a game.');

  // Two more: a copy (never a second Lieutenant) moved to group 2, and a new one.
  await page.getByTestId('copy-trooper').click();
  await enter(form.getByTestId('f-group'), 2);
  await enter(form.getByTestId('f-points'), 20);
  await page.getByTestId('add-trooper').click();
  await expect(page.getByTestId('trooper-list').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('tally-group-1')).toHaveText('Group 11/10 troopers32 pts');
  await expect(page.getByTestId('tally-group-2')).toHaveText('Group 22/10 troopers30 pts');
  await expect(page.getByTestId('tally-total')).toHaveText('Army3 troopers62 pts');
  await shot(page, 'editors-01-army', 'editors-army.png');

  // Download: an army file that reads back as it is shown.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-army').click()]);
  expect(dl.suggestedFilename()).toBe('copper-wardens.json');
  const file = parseArmyFileText(readFileSync((await dl.path())!, 'utf8'));
  expect(file.name).toBe('Copper Wardens');
  expect(file.troopers.map((t) => [t.name, t.group, t.points])).toEqual([
    ['Marshal Ode', 1, 32],
    ['Marshal Ode (2)', 2, 20],
    ['Trooper 3', 2, 10],
  ]);
  expect(file.troopers[0]).toMatchObject({ s: 3, mov: [6, 2], cc: 15, bs: 12, ph: 11, wip: 14, arm: 2, bts: 3, w: 2, orders: 'irregular', surpriseAttack: -6, skills: ['lieutenant'] });
  expect(file.troopers[0]!.weapons.map((w) => w.name)).toEqual(['Combi Rifle', 'Heavy Machine Gun', 'Nailgun']);
  expect(file.troopers[0]!.weapons[2]).toMatchObject({ damage: 12, ranges: [[8, 3], [16, 0]] });

  // A file that is not an army is refused with its first problem; nothing is added.
  const bad = { ...file, troopers: [{ ...file.troopers[0], s: 9 }] };
  await page.getByTestId('army-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(page.getByTestId('library-message')).toHaveText('Refused: troopers[0].s: expected at most 8');
  await expect(page.getByTestId('library-army').locator('li .ed-entry')).toHaveCount(1 + 2);

  // In the middle of an edit (the group changed just now, a name half typed), the page reloads:
  // every kept edit is there, in the same editor.
  await page.getByTestId('trooper-2').click();
  await enter(form.getByTestId('f-group'), 1);
  await form.getByTestId('f-name').fill('Half a na');
  await page.reload();
  await expect(page.getByTestId('editors')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('army-name')).toHaveValue('Copper Wardens');
  await expect(page.getByTestId('trooper-list').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('tally-group-1')).toHaveText('Group 12/10 troopers42 pts');
  await page.getByTestId('trooper-0').click();
  await expect(form.getByTestId('f-mov0')).toHaveValue('6');
  await expect(form.getByTestId('weapon-2').getByTestId('w-name')).toHaveValue('Nailgun');
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-9 table editor: a roofed building added, dragged, resized, turned; overlap and the table edge refused; delete; a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openStart(page);
  await openEditors(page, 'table');
  await page.getByTestId('new-table').click();
  const view = page.getByTestId('table-topview');
  await expect(view).toBeVisible();
  await enter(page.getByTestId('table-name'), 'Copper Yard');

  // A roofed building, put down where clicked, its edges on the inch.
  await page.getByTestId('add-building').click();
  await expect(view).toHaveAttribute('data-path', 'table.placing');
  await clickAt(page, 12.2, 24.3);
  await expect(view).toHaveAttribute('data-path', 'table.idle');
  await expect(page.getByTestId('table-problem')).toHaveText('"building-1" placed.');
  const form = page.getByTestId('piece-form');
  await expect(form.getByTestId('p-type')).toHaveValue('building');
  await expect(form.getByTestId('p-x')).toHaveValue('12');
  await expect(form.getByTestId('p-y')).toHaveValue('24');

  // Dragged 6" east, resized by its east side, turned by its handle.
  await dragFrom(page, [12, 24], [18.3, 24]);
  await expect(form.getByTestId('p-x')).toHaveValue('18');
  await dragFrom(page, [21, 24], [23.4, 24]);
  await expect(form.getByTestId('p-w')).toHaveValue('8');
  await expect(form.getByTestId('p-x')).toHaveValue('19');
  await dragFrom(page, [19, 28.5], [15, 28.5]);
  await expect(form.getByTestId('p-rotation')).toHaveValue('45');
  await enter(form.getByTestId('p-rotation'), 0);
  await enter(form.getByTestId('p-h'), 5);

  // A block: dragged over the building, the spot is shown refused with the reason; let go, nothing changes.
  await page.getByTestId('add-block').click();
  await clickAt(page, 34, 24);
  const a = await at(page, 34, 24);
  const b = await at(page, 21, 24);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await expect(page.getByTestId('table-problem')).toHaveText('"block-1" would overlap "building-1": terrain pieces may touch but not overlap.');
  await shot(page, 'editors-02-table-overlap');
  await page.mouse.up();
  await expect(page.getByTestId('table-problem')).toHaveText('Refused: "block-1" would overlap "building-1": terrain pieces may touch but not overlap. Nothing was changed.');
  await expect(form.getByTestId('p-x')).toHaveValue('34');
  // Off the table edge: refused the same way.
  await dragFrom(page, [34, 24], [47, 24]);
  await expect(page.getByTestId('table-problem')).toHaveText('Refused: "block-1" would stick out of the 48" x 48" table by 1". Nothing was changed.');
  await expect(form.getByTestId('p-x')).toHaveValue('34');
  // A form edit that overlaps is refused too.
  await enter(form.getByTestId('p-x'), 24);
  await expect(form.getByTestId('field-error')).toHaveText('"block-1" would overlap "building-1": terrain pieces may touch but not overlap.');
  // Deleted with the key; undone.
  await view.click({ position: { x: 5, y: 5 } });
  await clickAt(page, 34, 24);
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('table-cover')).toContainText('(1 piece)');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('table-cover')).toContainText('(2 pieces)');
  // A ruin and an objective.
  await page.getByTestId('add-ruin').click();
  await clickAt(page, 30, 36);
  await page.getByTestId('add-objective').click();
  await clickAt(page, 24, 16);
  await shot(page, 'editors-03-table');

  // A reload in the middle: everything placed is there, in the table editor.
  await page.getByTestId('add-block').click();
  await page.reload();
  await expect(page.getByTestId('table-topview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('table-name')).toHaveValue('Copper Yard');
  await expect(page.getByTestId('table-cover')).toContainText('(3 pieces)');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-table').click()]);
  const file = parseTableFileText(readFileSync((await dl.path())!, 'utf8'));
  expect(file.terrain).toEqual([
    { id: 'building-1', kind: 'building', x: 19, y: 24, w: 8, d: 6, h: 5, rotation: 0, roof: true },
    { id: 'block-1', kind: 'block', x: 34, y: 24, w: 4, d: 2, h: 2, rotation: 0 },
    { id: 'ruin-1', kind: 'building', x: 30, y: 36, w: 6, d: 6, h: 3, rotation: 0, roof: false },
  ]);
  expect(file.objectives).toEqual([{ id: 'objective-1', x: 24, y: 16, r: 0.5 }]);
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-9 as a new player: a 10-trooper army and a table of one\'s own, a Hotseat game against a shipped army, a trooper deployed, and all of it still there after a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const log = watchConsole(page);
  await openStart(page);

  // The army: ten troopers, one of them the Lieutenant; an 11th in the same group is refused (GRP-1).
  await openEditors(page, 'army');
  await page.getByTestId('new-army').click();
  await enter(page.getByTestId('army-name'), 'Copper Wardens');
  const form = page.getByTestId('trooper-form');
  await page.getByTestId('add-trooper').click();
  await enter(form.getByTestId('f-name'), 'Marshal Ode');
  await form.getByRole('checkbox', { name: 'Lieutenant' }).check();
  await enter(form.getByTestId('f-points'), 28);
  for (let i = 2; i <= 10; i++) await page.getByTestId('add-trooper').click();
  await enter(form.getByTestId('f-name'), 'Scout Imre');
  await form.getByRole('checkbox', { name: 'Infiltration' }).check();
  await expect(page.getByTestId('tally-group-1')).toHaveText('Group 110/10 troopers118 pts');
  await page.getByTestId('add-trooper').click();
  await expect(page.getByTestId('editor-notice')).toHaveText('Refused: troopers: Combat Group 1 holds 11 troopers; a group holds at most 10. Nothing was changed.');
  await expect(page.getByTestId('trooper-list').locator('li')).toHaveCount(10);
  await expect(page.getByTestId('army-status')).toHaveText('Ready for a game.');

  // The table: a roofed building in the middle, a ruin and two blocks.
  await page.getByTestId('tab-table').click();
  await page.getByTestId('new-table').click();
  await enter(page.getByTestId('table-name'), 'Copper Yard');
  for (const [kind, x, y] of [['building', 24, 24], ['ruin', 10, 30], ['block', 36, 20], ['block', 14, 18]] as const) {
    await page.getByTestId(`add-${kind}`).click();
    await clickAt(page, x, y);
    await expect(page.getByTestId('table-topview')).toHaveAttribute('data-path', 'table.idle');
  }
  await expect(page.getByTestId('table-cover')).toContainText('(4 pieces)');
  await page.getByTestId('close-editors').click();
  await expect(page.getByTestId('editors')).toHaveCount(0);

  // New game: one's own army against a shipped one, on one's own table; Hotseat.
  await page.getByTestId('start-new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radio', { name: /^Armies and a table/ }).check();
  const pick = dialog.getByTestId('pick-setup');
  await expect(pick.getByTestId('pick-army-A').locator('option:checked')).toHaveText('Copper Wardens');
  await expect(pick.getByTestId('pick-army-B').locator('option:checked')).toHaveText('Tidewater Concord');
  await expect(pick.getByTestId('pick-table').locator('option:checked')).toHaveText('Copper Yard');
  await expect(pick).toContainText('10 troopers, 118 points');
  await shot(page, 'editors-04-new-game');
  await dialog.getByRole('radio', { name: /^Hotseat/ }).check();
  await dialog.getByTestId('pins').uncheck();
  await dialog.getByTestId('start-game').click();
  await expect(dialog).toBeHidden();

  // The initiative, the choices: Copper Wardens deploy first, in the south.
  const panel = page.getByTestId('initiative-panel');
  await expect(panel.getByTestId('ini-side-A')).toContainText('Lieutenant WIP 13');
  await panel.getByRole('button', { name: 'Roll initiative' }).click();
  await expect(panel.getByTestId('dice-tray')).toHaveAttribute('data-settled', 'true', { timeout: 20_000 });
  const winner = (await page.evaluate(() => window.__table!.game())).initiative.winner!;
  await panel.getByTestId('pass-to-winner').click();
  await handOver(page, winner);
  await panel.getByRole('button', { name: /Keep Deployment/ }).click();
  const choice = panel.getByTestId('deployment-choice');
  await choice.getByRole('radio', { name: 'Copper Wardens' }).check();
  await choice.getByRole('radio', { name: winner === 'A' ? /south/ : /north/ }).check();
  await choice.getByRole('button', { name: 'Confirm deployment choice' }).click();
  const loser = winner === 'A' ? 'B' : 'A';
  await handOver(page, loser);
  await panel.getByTestId('turn-order-choice').getByRole('radio', { name: 'Tidewater Concord' }).check();
  await panel.getByTestId('turn-order-choice').getByRole('button', { name: 'Confirm turn order' }).click();
  if (loser === 'B') await handOver(page, 'A');
  await expect(page.getByTestId('banner')).toContainText('Copper Wardens · main deployment step');

  // Deploy the Lieutenant in the south zone of one's own table.
  await page.keyboard.press('t');
  await page.waitForFunction(() => {
    const c = window.__table?.camera();
    return c !== undefined && c.view === 'top' && !c.busy;
  });
  await page.getByTestId('pick-trooper-1').click();
  const spot = (await page.evaluate(() => window.__table!.projectPoint(6, 4, 0)))!;
  await page.mouse.move(spot.x - 3, spot.y - 3);
  await page.mouse.move(spot.x, spot.y, { steps: 2 });
  await page.waitForFunction(() => window.__table!.ghost().legal === true);
  await page.mouse.click(spot.x, spot.y);
  await expect(page.getByTestId('deploy-notice')).toHaveText('Marshal Ode placed.');
  await shot(page, 'editors-05-deployed');
  const before = await page.evaluate(() => window.__table!.game());
  expect(before).toMatchObject({ phase: 'deployment', step: 'main', active: 'A' });

  // A reload: the game comes back (after the hand-over), and so do the army and the table.
  await page.reload();
  await handOver(page, 'A');
  const after = await page.evaluate(() => window.__table!.game());
  expect(after.commands).toBe(before.commands);
  expect((await page.evaluate(() => window.__table!.pieces())).map((p) => p.key)).toContain('trooper-1');
  await page.getByTestId('new-game').click();
  await dialog.getByRole('radio', { name: /^Armies and a table/ }).check();
  await expect(pick.getByTestId('pick-army-A').locator('option:checked')).toHaveText('Copper Wardens');
  await pick.getByTestId('pick-edit-armies').click();
  await expect(page.getByTestId('trooper-list').locator('li')).toHaveCount(10);
  await page.getByTestId('tab-table').click();
  await expect(page.getByTestId('table-cover')).toContainText('(4 pieces)');
  await page.getByTestId('close-editors').click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The game on the table is as it was.
  expect((await page.evaluate(() => window.__table!.game())).commands).toBe(before.commands);
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-9 the shipped tables open in the table editor, and a game on the 48" x 32" one is drawn at that size', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await page.setViewportSize({ width: 960, height: 540 });
  await openStart(page);
  await openEditors(page, 'table');
  for (const [path, name, pieces] of [
    ['assets/tables/nexus-station.json', 'nexus', 26],
    ['assets/tables/harbour-quarter.json', 'harbour', 23],
    ['assets/tables/foundry-ridge.json', 'foundry', 25],
  ] as const) {
    await page.getByTestId(`copy-${path}`).click();
    await expect(page.getByTestId('table-cover')).toContainText(`(${pieces} pieces)`);
    await expect(page.locator('[data-testid="table-topview"] [data-piece]')).toHaveCount(pieces);
    await shot(page, `editors-06-shipped-${name}`, name === 'foundry' ? 'editors-table.png' : undefined);
  }
  await page.getByTestId('close-editors').click();
  await page.getByTestId('start-new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radio', { name: /^Armies and a table/ }).check();
  const pick = dialog.getByTestId('pick-setup');
  await pick.getByTestId('pick-army-A').selectOption({ label: 'Ember Directorate' });
  // Shipped first in its group: the shipped Harbour Quarter, not the copy.
  await pick.getByTestId('pick-table').selectOption({ value: 'shipped:assets/tables/harbour-quarter.json' });
  await expect(pick).toContainText('48" x 32", 23 pieces');
  await dialog.getByRole('radio', { name: /^Solo:/ }).check();
  await dialog.getByTestId('start-game').click();
  await expect(dialog).toBeHidden();
  await page.keyboard.press('t');
  await page.waitForFunction(() => {
    const c = window.__table?.camera();
    return c !== undefined && c.view === 'top' && !c.busy;
  });
  // The table's corners are on screen, and wider than deep.
  const sw = (await page.evaluate(() => window.__table!.projectPoint(0, 0, 0)))!;
  const ne = (await page.evaluate(() => window.__table!.projectPoint(48, 32, 0)))!;
  const w = ne.x - sw.x;
  const d = sw.y - ne.y;
  expect(w / d).toBeCloseTo(1.5, 1);
  await shot(page, 'editors-07-harbour-game');
  expect(log.errors, 'console errors').toEqual([]);
});
