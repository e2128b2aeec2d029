import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cameraSettled, clickTable, handOver, newGame, openTable, shot, topDown, watchConsole, selectTrooper, diceByHand } from './helpers';
import { apply } from '../src/core/engine';
import { plannedOdds } from '../src/core/answers';
import { saved } from './savedGame';
import type { PlayerId } from '../src/core/model/types';

/**
 * The issue 38 trial (docs/trials/close-combat.md) as a regular browser test: a new user in Hotseat,
 * from the shipped examples and two prepared game files (the examples before their Orders, loaded
 * through New game's "A game file"). Every odds figure read off the screen is checked against the
 * engine's `odds` for the same state: the game is saved through the page's own Save button, replayed
 * here by the core, and each planned roll's `odds` query run again.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
/** examples/close-combat.json before its Orders: Runner Pell (a-run, a CC Weapon) at (30, 15.5), Infiltrator Kae (b-inf) at (30, 20). */
const CC_GAME = join(here, 'fixtures', 'closecombat-game.json');
/** examples/coordinated.json before its Orders (names given): Combat Group 1 of A near its corner, Warden Ise (b-lt) and Watcher Oda (b-watch) across the table. */
const COORD_GAME = join(here, 'fixtures', 'coordinated-game.json');

/**
 * Takes any Hotseat hand-over that comes up before `next` shows, and answers "No ARO" in an ARO window
 * where the reactive player has nobody to react (it is handed over all the same: a hidden trooper of
 * theirs could be there, and the other player may not learn otherwise).
 */
async function through(page: Page, next: string) {
  const cover = page.getByTestId('hand-over');
  const none = page.getByTestId('aro-none-eligible');
  const target = page.getByTestId(next);
  for (let i = 0; i < 6; i++) {
    await expect(cover.or(target).or(none).first()).toBeVisible();
    if (await target.isVisible()) return;
    if (await cover.isVisible()) await handOver(page, (await cover.getAttribute('data-player')) as 'A' | 'B');
    else await page.getByTestId('declare-aros').click();
  }
  await expect(target).toBeVisible();
}

/** Back to the demo (the header's Demo button), leaving the loaded example when the page asks. */
async function leaveForDemo(page: Page) {
  await page.getByTestId('reset-demo').click();
  const leave = page.getByTestId('leave-game');
  if (await leave.isVisible()) await leave.getByTestId('leave-confirm').click();
  await expect(page.getByTestId('reset-demo')).toHaveCount(0);
}

const pc = (p: number) => `${Math.round(p * 100)}%`;

/**
 * The engine's figures for the Order in progress, as `viewer` may know them: every planned roll's
 * `odds` query run through the engine, its chance of scoring (and the other side's) as the screen rounds them.
 */
async function engineOdds(page: Page, viewer: PlayerId) {
  const { state, ctx } = await saved(page);
  return plannedOdds(state, ctx, viewer).map((o) => {
    const r = apply(state, o.query, ctx);
    if (!r.ok) throw new Error(`odds refused: ${r.rejection.message}`);
    const e = r.events[0] as unknown as { outcomes?: { side: 'A' | 'B'; criticals: number; p: number }[]; success?: number; critical?: number };
    const mine = e.outcomes ? e.outcomes.filter((x) => x.side === 'A').reduce((n, x) => n + x.p, 0) : e.success!;
    const theirs = e.outcomes ? e.outcomes.filter((x) => x.side === 'B').reduce((n, x) => n + x.p, 0) : null;
    expect(mine, `${o.roller}: plannedOdds and the odds query agree`).toBeCloseTo(o.hit, 9);
    return { roller: o.roller, target: o.target, kind: o.kind, sv: o.sv, against: o.against?.sv ?? null, hit: pc(mine), theirs: theirs === null ? null : pc(theirs), critical: pc(o.critical) };
  });
}

test('CC trial Hotseat: engaged by a Move (the path says so), a CC Attack ARO, a Dodge out of contact, engaged again and fought to Unconscious; every odds figure is the engine\u2019s', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  // A newcomer first loads the shipped example: it replays to its end, the fight told in the log.
  await page.getByTestId('load-input').setInputFiles(join(root, 'examples', 'close-combat.json'));
  await expect(page.getByTestId('game-log')).toContainText('Coup de Gr\u00e2ce');
  // Its troopers have names, not ids: the log reads as a game.
  await expect(page.getByTestId('game-log')).toContainText('Infiltrator Kae');
  await expect(page.getByTestId('game-log')).not.toContainText('b-inf');
  await shot(page, 'trial-cc-00-example-loaded');
  await leaveForDemo(page);

  await newGame(page, { file: CC_GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await topDown(page);

  // Order 1: Runner Pell moves into contact; the path's verdict names whom it engages.
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-move').click();
  await clickTable(page, 30, 19);
  await expect(page.getByTestId('path-verdict')).toContainText('It ends in contact: engages Infiltrator Kae.');
  await shot(page, 'trial-cc-01-engaging-path');
  await page.getByTestId('declare-move').click();
  await handOver(page, 'B');
  await page.getByTestId('aro-choice-b-inf').selectOption({ label: 'CC Attack: Bare-Handed' });
  const aro1 = await page.getByTestId('aro-odds-b-inf').textContent();
  await shot(page, 'trial-cc-02-cc-aro');
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  // The ARO's odds as the window showed them: the engine's for the Order as it stands (A's second skill
  // not declared yet, so a Normal roll; the panel says a CC Attack back would make it Face to Face).
  const b0 = (await engineOdds(page, 'B')).find((o) => o.roller === 'b-inf')!;
  expect(aro1).toContain(`Infiltrator Kae at ${b0.sv}: hits ${b0.hit}`);
  await page.getByTestId('skill-cc-cc-weapon').click();
  await page.getByTestId('burst-b-inf').fill('1');
  const att1 = await page.getByTestId('odds-b-inf').textContent();
  await shot(page, 'trial-cc-03-cc-odds');
  await page.getByTestId('declare-attack').click();
  await through(page, 'dice-a-run');
  // The engine's odds for the Order as declared: A's CC Attack Face to Face with B's CC Attack ARO.
  const e1 = await engineOdds(page, 'A');
  const a1 = e1.find((o) => o.roller === 'a-run')!;
  expect(att1).toContain(`Face to Face, at ${a1.sv}: hit ${a1.hit}, critical ${a1.critical}`);
  expect(att1).toContain(`its ARO wins ${a1.theirs}`);
  // Both miss: still in contact, both Engaged.
  await diceByHand(page, { 'a-run': '19', 'b-inf': '20' });
  await expect(page.getByTestId('hand-over').or(page.getByTestId('turn-panel')).first()).toBeVisible();
  await through(page, 'turn-panel');
  await selectTrooper(page, 'a-run');
  await expect(page.getByTestId('card-status')).toContainText('Engaged');
  await shot(page, 'trial-cc-04-both-engaged');

  // Order 2: an Engaged trooper may only attack, dodge or idle; B's Dodge wins and Kae steps out of contact.
  await expect(page.getByTestId('skill-move')).toBeDisabled();
  await page.getByTestId('skill-cc-cc-weapon').click();
  await page.getByTestId('burst-b-inf').fill('1');
  await page.getByTestId('declare-attack').click();
  await handOver(page, 'B');
  await page.getByTestId('aro-choice-b-inf').selectOption({ label: 'Dodge' });
  const aro2 = await page.getByTestId('aro-odds-b-inf').textContent();
  await shot(page, 'trial-cc-05-dodge-aro');
  await page.getByTestId('aro-panel').screenshot({ path: 'reports/screens/trial-cc-05b-aro-panel.png' });
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  await page.getByTestId('skill-idle').click();
  await through(page, 'dice-a-run');
  const b2 = (await engineOdds(page, 'B')).find((o) => o.roller === 'b-inf')!;
  expect(aro2).toContain(`at ${b2.sv} against ${b2.against}: dodges ${b2.hit}, hit by the attack ${b2.theirs}`);
  await diceByHand(page, { 'a-run': '20', 'b-inf': '5' });
  await through(page, 'dodge-move-draw');
  await page.getByTestId('dodge-move-draw').click();
  await topDown(page);
  await clickTable(page, 30, 21.5);
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this');
  await shot(page, 'trial-cc-06-dodge-move');
  await page.getByTestId('declare-move').click();
  await through(page, 'turn-panel');
  await expect(page.getByTestId('game-log')).toContainText(/Infiltrator Kae is no longer Engaged|disengage/i);

  // Order 3: into contact again, the CC Attack ARO again, and this time Pell wins: Kae falls Unconscious.
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-move').click();
  await topDown(page);
  await clickTable(page, 30, 20.5);
  await expect(page.getByTestId('path-verdict')).toContainText('engages Infiltrator Kae');
  await page.getByTestId('declare-move').click();
  await handOver(page, 'B');
  await page.getByTestId('aro-choice-b-inf').selectOption({ label: 'CC Attack: Bare-Handed' });
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  await page.getByTestId('skill-cc-cc-weapon').click();
  await page.getByTestId('burst-b-inf').fill('1');
  const att3 = await page.getByTestId('odds-b-inf').textContent();
  await page.getByTestId('declare-attack').click();
  await through(page, 'dice-a-run');
  const a3 = (await engineOdds(page, 'A')).find((o) => o.roller === 'a-run')!;
  expect(att3).toContain(`Face to Face, at ${a3.sv}: hit ${a3.hit}, critical ${a3.critical}`);
  await diceByHand(page, { 'a-run': '12', 'b-inf': '9' });
  await through(page, 'dice-b-inf');
  await diceByHand(page, { 'b-inf': '11' });
  await expect(page.getByTestId('game-log')).toContainText('Infiltrator Kae is Unconscious');
  await through(page, 'turn-panel');
  await shot(page, 'trial-cc-07-unconscious');
  expect(log.errors).toEqual([]);
});

test('COORD trial Hotseat: four troopers advance under one Coordinated Order, two enemies each react to one of them; every odds figure is the engine\u2019s', async ({ page }) => {
  test.setTimeout(180_000);
  const log = watchConsole(page);
  await openTable(page);
  await page.getByTestId('load-input').setInputFiles(join(root, 'examples', 'coordinated.json'));
  await expect(page.getByTestId('game-log')).toContainText('Coordinated Order');
  await expect(page.getByTestId('game-log')).toContainText('Captain Arkos');
  await expect(page.getByTestId('game-log')).not.toContainText('a-lt');
  await shot(page, 'trial-coord-00-example-loaded');
  await leaveForDemo(page);

  await newGame(page, { file: COORD_GAME, mode: 'Hotseat' });
  await handOver(page, 'A');
  await cameraSettled(page, 'reset');
  await topDown(page);
  await page.getByTestId('coord-start').click();
  // COORD-2: a TO Camouflage marker of the group may take part (the engine takes it); a hidden trooper is not offered.
  await expect(page.getByTestId('coord-pick-a-camo')).toContainText('Shade Ren (marker A-m1, group 1)');
  await expect(page.getByTestId('coord-pick-a-hide')).toHaveCount(0);
  await page.getByTestId('coord-pick-a-run').click();
  await page.getByTestId('coord-pick-a-camo').click();
  await expect(page.getByTestId('coord-draw')).toBeEnabled();
  await expect(page.getByTestId('coord-refused')).toHaveCount(0);
  await page.getByTestId('coord-pick-a-camo').click();
  await page.getByTestId('coord-pick-a-run').click();
  for (const id of ['a-run', 'a-fast', 'a-lt', 'a-top']) await page.getByTestId(`coord-pick-${id}`).click();
  await shot(page, 'trial-coord-01-picked');
  await page.getByTestId('coord-draw').click();
  const paths: [string, { x: number; y: number }][] = [
    ['a-run', { x: 4, y: 11 }],
    ['a-fast', { x: 7, y: 14 }],
    ['a-lt', { x: 2, y: 9 }],
    ['a-top', { x: 7, y: 8 }],
  ];
  for (const [k, [, at]] of paths.entries()) {
    await clickTable(page, at.x, at.y);
    await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
    if (k === 3) await shot(page, 'trial-coord-02-last-path');
    await page.getByTestId('declare-move').click();
  }
  await handOver(page, 'B');
  await expect(page.getByTestId('aro-against-b-lt')).toBeVisible();
  await page.getByTestId('aro-against-b-lt').selectOption({ label: 'against Torch Vane' });
  await page.getByTestId('aro-choice-b-lt').selectOption({ label: 'BS Attack: Combi Rifle' });
  await page.getByTestId('aro-against-b-watch').selectOption({ label: 'against Captain Arkos' });
  await page.getByTestId('aro-choice-b-watch').selectOption({ label: 'BS Attack: Combi Rifle' });
  // ARO-5, COORD-6: the points offered lie on the path of the participant each reacts against:
  // Warden Ise may take Torch Vane anywhere it sees on Torch Vane's path, (7, 10) to (7, 14).
  const at = page.getByTestId('aro-at-b-lt');
  await expect(at).toContainText('at x 7", y 14"');
  await expect(at).not.toContainText('at x 4",');
  await at.selectOption({ label: 'at x 7", y 14"' });
  await expect(page.getByTestId('aro-declared')).toContainText('Torch Vane: Move');
  const shown = { 'b-lt': await page.getByTestId('aro-odds-b-lt').textContent(), 'b-watch': await page.getByTestId('aro-odds-b-watch').textContent() };
  await shot(page, 'trial-coord-03-aros');
  await page.getByTestId('aro-panel').screenshot({ path: 'reports/screens/trial-coord-03b-aro-panel.png' });
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  await page.getByTestId('skill-none').click();
  await through(page, 'dice-needs');
  for (const o of (await engineOdds(page, 'B')).filter((x) => x.roller === 'b-lt' || x.roller === 'b-watch')) {
    expect(shown[o.roller as 'b-lt'], o.roller).toContain(`at ${o.sv}`);
    expect(shown[o.roller as 'b-lt'], o.roller).toContain(`hits ${o.hit}`);
  }
  await shot(page, 'trial-coord-04-dice');
  expect(log.errors).toEqual([]);
});
