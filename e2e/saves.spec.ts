import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { normalOdds } from '../src/core/rules/dice';
import { cameraSettled, endTurn, frames, gameOf, newGame, openTable, SCREENS, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
/** A deployed small game, Round 1, Player A's turn, dice by hand: A's Shade Operative is hidden, A's Veil Sniper is marker A-m1. */
const GAME = join(here, 'fixtures', 'saves-game.json');
const NAMES = ['Captain Varro', 'Veil Sniper', 'Shade Operative', 'Commander Ishii', 'Strider Walker', 'Seeker Scout'];
/** What Player B may not learn before the secrets end: the hidden trooper and who the marker is. */
const SECRETS = ['Shade Operative', 'a-shade', 'Veil Sniper', 'a-veil'];

async function shot(page: Page, name: string) {
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}


/** The hand-over for `player` is up with nothing private behind it; then that player confirms. */
async function handOver(page: Page, player: 'A' | 'B', screenshot?: string) {
  const cover = page.getByTestId('hand-over');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('data-player', player);
  const html = await page.content();
  for (const name of [...NAMES, 'a-shade', 'a-veil', 'b-seeker']) expect(html, `"${name}" while the hand-over is up`).not.toContain(name);
  expect(await page.title()).toBe(`Pass to Player ${player} · Infinity Table`);
  await expect(page.getByTestId('side-panel')).toHaveCount(0);
  if (screenshot) await shot(page, screenshot);
  await page.getByTestId('hand-over-confirm').click();
  await expect(cover).toBeHidden();
  await expect(page.getByTestId('seat')).toContainText(`Player ${player}`);
}

/** Nothing on B's screen names the hidden trooper or the trooper under the marker. */
async function noSecrets(page: Page, where: string) {
  const html = await page.content();
  for (const s of SECRETS) expect(html, `"${s}" ${where}`).not.toContain(s);
  expect(await page.title()).toBe('Infinity Table');
}


async function pickDiscover(page: Page, trooper: string, marker: string) {
  await page.locator(`.roster button[data-key="${trooper}"]`).click();
  await page.locator(`.roster button[data-key="${marker}"]`).click();
  await expect(page.getByTestId('discover-panel')).toBeVisible();
  await expect(page.getByTestId('discover-marker')).toHaveValue(marker);
}

test('HD-1 HD-2 HD-10 TOC-2 TOC-5 TOC-6 TOC-12 hotseat: no secret at the hand-over or on B\'s screen, Discover and Reveal as Orders with their ARO windows, reload, a bad file', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  await newGame(page, { file: GAME, mode: 'Hotseat' });

  // A's turn: A sees its hidden trooper (HD token) and knows its marker.
  await handOver(page, 'A');
  await expect(page.locator('.roster button[data-key="a-shade"]')).toContainText('hidden');
  await expect(page.locator('.roster button[data-key="A-m1"]')).toContainText('Veil Sniper');
  const kinds = await page.evaluate(() => window.__table!.pieces().map((p) => `${p.key}:${p.kind}`));
  expect(kinds).toContain('a-shade:hidden');
  await expect(page.getByTestId('undo')).toBeDisabled();
  await endTurn(page);

  // HD-2, TOC-2: at the hand-over to B and on B's screen, nothing names the hidden trooper or the marker's trooper.
  await handOver(page, 'B');
  await noSecrets(page, "on B's screen");
  await expect(page.locator('.roster button[data-key="A-m1"]')).toContainText('Marker A-m1');
  await page.locator('.roster button[data-key="A-m1"]').click();
  await expect(page.getByTestId('card-name')).toHaveText('Marker A-m1');
  // The tooltip over the marker on the table names the marker, nothing more.
  await cameraSettled(page, 'reset');
  const m1 = await page.evaluate(() => window.__table!.project('A-m1'));
  expect(m1).not.toBeNull();
  await page.mouse.move(m1!.x - 2, m1!.y - 2);
  await page.mouse.move(m1!.x, m1!.y, { steps: 2 });
  await expect(page.getByTestId('tooltip')).toContainText('A-m1');
  await noSecrets(page, 'in the tooltip over the marker');
  await page.mouse.move(5, 300);
  await noSecrets(page, "on B's card of the marker");
  expect(await page.evaluate(() => window.__table!.pieces().map((p) => p.key))).not.toContain('a-shade');

  // TOC-5: Discover from the Seeker Scout against A-m1: range, MODs, target, odds, Line of Fire.
  await pickDiscover(page, 'b-seeker', 'A-m1');
  const panel = page.getByTestId('discover-panel');
  await expect(page.getByTestId('discover-mods')).toHaveText('+0 range, -6 TO Camouflage');
  await expect(page.getByTestId('discover-target')).toHaveText('WIP 14 + 0 - 6 = 8');
  await expect(page.getByTestId('discover-odds')).toContainText(`${Math.round(normalOdds(8).success * 100)}% to discover`);
  await expect(page.getByTestId('discover-lof')).toContainText('yes');
  await expect(page.getByTestId('discover-range')).toHaveText(/^1\d(\.\d)?"$/);
  await shot(page, 'saves-01-discover-panel');
  // TOC-6: a failure locks this trooper out of the marker: the engine's sentence says so. The Discover
  // is an Order: A's ARO window hands the screen over, and back (ARO-1).
  await page.getByTestId('discover-die').fill('15');
  await panel.getByTestId('discover-roll').click();
  await handOver(page, 'A');
  await expect(page.getByTestId('game-log')).toContainText('Seeker Scout fails to discover marker A-m1');
  await expect(page.getByTestId('aro-panel')).toBeVisible();
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'B');
  await noSecrets(page, 'after a failed Discover');
  await page.getByTestId('skill-none').click();
  await expect(page.getByTestId('game-log')).toContainText('Seeker Scout fails to discover marker A-m1');
  await pickDiscover(page, 'b-seeker', 'A-m1');
  await expect(page.getByTestId('discover-refused')).toHaveText('TOC-6: Seeker Scout failed to Discover A-m1 this turn: it may try again next turn.');
  // Undo takes back B's choice of no second skill, but nothing before the hand-over: A has seen it.
  await expect(page.getByTestId('undo')).toBeEnabled();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('skill-none')).toBeVisible();
  await expect(page.getByTestId('undo')).toBeDisabled();
  await page.getByTestId('skill-none').click();
  await pickDiscover(page, 'b-seeker', 'A-m1');
  await noSecrets(page, 'after a failed Discover');
  await shot(page, 'saves-02-discover-locked');

  // Reload mid-game: the autosave comes back exactly, behind the hand-over.
  await page.keyboard.press('Escape');
  await cameraSettled(page, 'reset');
  const before = await gameOf(page);
  const piecesBefore = await page.evaluate(() => window.__table!.pieces());
  await page.reload();
  await expect(page.getByTestId('hand-over')).toBeVisible({ timeout: 45_000 });
  await shot(page, 'saves-03-hand-over-after-reload');
  await handOver(page, 'B');
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
  await cameraSettled(page, 'reset');
  const after = await gameOf(page);
  expect(after).toEqual(before);
  expect(await page.evaluate(() => window.__table!.pieces())).toEqual(piecesBefore);
  await noSecrets(page, 'after the reload');
  // Even the lock came back: it is the same game.
  await pickDiscover(page, 'b-seeker', 'A-m1');
  await expect(page.getByTestId('discover-refused')).toContainText('TOC-6');
  await endTurn(page);

  // HD-10, HD-17: A reveals the Shade Operative, declaring a skill of its Active Turn, facing as it chooses.
  await handOver(page, 'A');
  await page.locator('.roster button[data-key="a-shade"]').click();
  const reveal = page.getByTestId('reveal-panel');
  await expect(reveal).toBeVisible();
  const declares = await page.getByTestId('reveal-declares').locator('option').allTextContents();
  expect(declares).toEqual(['Cautious Move', 'Short Movement Skill, no roll', 'Mount', 'Dismount', 'Any other skill']);
  await page.getByTestId('reveal-declares').selectOption('other');
  await page.getByTestId('reveal-facing').fill('90');
  await shot(page, 'saves-04-reveal-panel');
  await page.getByTestId('reveal').click();
  // Revealing in its own turn is the trooper's own Order: B may react, then A goes on.
  await handOver(page, 'B');
  await expect(page.getByTestId('game-log')).toContainText('Shade Operative appears');
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  await page.getByTestId('skill-none').click();
  await page.locator('.roster button[data-key="a-shade"]').click();
  await expect(page.getByTestId('card-name')).toHaveText('Shade Operative');
  await expect(page.getByTestId('card-status')).toContainText('On the table');
  await shot(page, 'saves-05-revealed');
  await endTurn(page);

  // Round 2: B's Seeker may try again; TOC-12: the model replaces the marker.
  await handOver(page, 'B');
  await expect(page.getByTestId('game-log')).toContainText('Shade Operative appears');
  await pickDiscover(page, 'b-seeker', 'A-m1');
  await expect(page.getByTestId('discover-refused')).toHaveCount(0);
  await page.getByTestId('discover-die').fill('3');
  await page.getByTestId('discover-roll').click();
  await handOver(page, 'A');
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'B');
  await page.getByTestId('skill-none').click();
  await expect(page.getByTestId('game-log')).toContainText('Seeker Scout discovers marker A-m1: Veil Sniper');
  await page.locator('.roster button[data-key="a-veil"]').click();
  await expect(page.getByTestId('card-name')).toHaveText('Veil Sniper');

  // Load a broken file: a clear message naming what is wrong, and the game untouched.
  const now = await gameOf(page);
  const bad = JSON.parse(readFileSync(GAME, 'utf8'));
  bad.players.B.troopers[1].s = 9;
  await page.getByTestId('load-input').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(page.getByTestId('load-error')).toContainText('broken.json was not loaded: players.B.troopers[1].s: expected at most 8');
  await page.getByTestId('load-input').setInputFiles({ name: 'garbage.json', mimeType: 'application/json', buffer: Buffer.from('{"format": ') });
  await expect(page.getByTestId('load-error')).toContainText('garbage.json was not loaded: (file): not JSON');
  await shot(page, 'saves-06-bad-file');
  expect(await gameOf(page)).toEqual(now);
  // The notice covers no button: End turn is still the thing under its own middle.
  const endTurnBox = (await page.getByTestId('end-turn').boundingBox())!;
  const under = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.dataset.testid ?? null, [endTurnBox.x + endTurnBox.width / 2, endTurnBox.y + endTurnBox.height / 2]);
  expect(under, 'what is under the middle of End turn').toBe('end-turn');
  // A file whose command the engine refuses is refused with the rule that refused it.
  const refused = JSON.parse(readFileSync(GAME, 'utf8'));
  refused.commands[4].at.y = 20;
  await page.getByTestId('load-input').setInputFiles({ name: 'refused.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(refused)) });
  await expect(page.getByTestId('load-error')).toContainText('refused.json was not loaded: commands[4]: refused by DEP-3: ');
  expect(await gameOf(page)).toEqual(now);
  await page.getByTestId('load-error').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  expect(log.errors, 'console errors').toEqual([]);
});

test('Save to file writes the GAME-FILE; Load from file replays it; names are text, never HTML', async ({ page }) => {
  const log = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openTable(page);
  const evil = '<img src=x onerror=alert(1)>';
  const file = JSON.parse(readFileSync(GAME, 'utf8'));
  file.players.A.troopers[0].name = evil;
  file.players.B.name = '<b id="bold">Tidewater</b>';
  await page.getByTestId('load-input').setInputFiles({ name: 'evil.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(page.getByTestId('game-status')).toContainText('Round 1');
  expect((await gameOf(page)).mode).toBe('solo');
  await expect(page.locator('.roster button[data-key="a-lt"] .roster-name')).toHaveText(evil);
  await expect(page.locator('.roster-side-name').nth(1)).toHaveText('<b id="bold">Tidewater</b>');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('#bold')).toHaveCount(0);

  // Save: the file is the setup and every command, as GAME-FILE.md says.
  const download = page.waitForEvent('download');
  await page.getByTestId('save-file').click();
  const saved = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
  expect(saved.format).toBe('infinity-table/1');
  expect(saved.players.A.troopers[0].name).toBe(evil);
  expect(saved.commands).toEqual(file.commands);
  // Demo, Load and New game ask before they throw away a game in progress; staying keeps it as it was.
  const before = await gameOf(page);
  const leave = page.getByTestId('leave-game');
  await page.getByTestId('reset-demo').click();
  await expect(leave).toContainText('Leave the game in progress?');
  await shot(page, 'saves-07-leave-game');
  await leave.getByTestId('leave-stay').click();
  await expect(leave).toHaveCount(0);
  await page.getByTestId('load-input').setInputFiles(GAME);
  await expect(leave.getByTestId('leave-confirm')).toHaveText('Load saves-game.json');
  await leave.getByTestId('leave-stay').click();
  await page.getByTestId('new-game').click();
  await page.getByTestId('start-game').click();
  await expect(leave.getByTestId('leave-confirm')).toHaveText('Start the new game');
  await leave.getByTestId('leave-stay').click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await gameOf(page)).toEqual(before);
  await expect(page.locator('.roster button[data-key="a-lt"] .roster-name')).toHaveText(evil);
  // Save to file from the question, then leave: Reset to demo clears the autosave: a reload opens the demo.
  await page.getByTestId('reset-demo').click();
  const again = page.waitForEvent('download');
  await leave.getByTestId('leave-save').click();
  expect(JSON.parse(readFileSync((await (await again).path())!, 'utf8')).commands).toEqual(file.commands);
  await leave.getByTestId('leave-confirm').click();
  expect((await gameOf(page)).mode).toBe('demo');
  await page.reload();
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
  await expect(page.getByTestId('start-panel')).toBeVisible();
  expect((await gameOf(page)).mode).toBe('demo');
  expect(dialogs).toEqual([]);
  expect(log.errors, 'console errors').toEqual([]);
});
