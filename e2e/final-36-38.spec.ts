import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { clickTable, diceByHand, endTurn, handOver, openStart, screenOf, selectTrooper, shot, topDown, watchConsole } from './helpers';
import { apply } from '../src/core/engine';
import { plannedOdds } from '../src/core/answers';
import { saved } from './savedGame';
import type { PlayerId } from '../src/core/model/types';

/**
 * The last try of issues 36, 37 and 38's Done-when lines as a new user (docs/trials/final-36-38.md),
 * on the built page, Hotseat without PINs, dice by hand, every game a prepared file opened through
 * New game's "A game file" (said in each test). What the screen shows is compared with the engine's
 * own answers for the same state: the page's Save, replayed here by the core (`lof`, `odds` queries).
 * Screenshots: reports/screens/final-*.png (not committed), only with TRIAL_SHOTS=1.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const LOOK = process.env.TRIAL_SHOTS === '1';
async function look(page: Page, name: string) {
  if (LOOK) await shot(page, `final-${name}`);
}

const pc = (p: number) => `${Math.round(p * 100)}%`;

/** The engine's figures for the Order in progress as `viewer` knows them: each planned roll's `odds` query run through the engine. */
async function engineOdds(page: Page, viewer: PlayerId) {
  const { state, ctx } = await saved(page);
  return plannedOdds(state, ctx, viewer).map((o) => {
    const r = apply(state, o.query, ctx);
    if (!r.ok) throw new Error(`odds refused: ${r.rejection.message}`);
    const e = r.events[0] as unknown as { outcomes?: { side: 'A' | 'B'; p: number }[]; success?: number };
    // The query's side A is the planned roller, B the roll it faces.
    const mine = e.outcomes ? e.outcomes.filter((x) => x.side === 'A').reduce((n, x) => n + x.p, 0) : e.success!;
    const theirs = o.against && e.outcomes ? e.outcomes.filter((x) => x.side === 'B').reduce((n, x) => n + x.p, 0) : null;
    return { roller: o.roller, target: o.target, sv: o.sv, against: o.against?.sv ?? null, hit: pc(mine), theirs: theirs === null ? null : pc(theirs), critical: pc(o.critical) };
  });
}

/** The engine's Line of Fire (`lof` query, LOF-1) between two troopers of a replayed state. */
function lof(s: Awaited<ReturnType<typeof saved>>, from: string, to: string): boolean {
  const r = apply(s.state, { do: 'lof', from, to } as never, s.ctx);
  if (!r.ok) throw new Error(`lof refused: ${r.rejection.message}`);
  return (r.events[0] as unknown as { visible: boolean }).visible;
}

/**
 * Takes hand-overs, and answers "no ARO" in any ARO window on the way, until `next` shows with no
 * hand-over up (a short wait first: the cover comes a frame after the click that calls it).
 */
async function through(page: Page, next: string) {
  const cover = page.getByTestId('hand-over');
  const aro = page.getByTestId('aro-panel');
  const target = page.getByTestId(next);
  for (let i = 0; i < 8; i++) {
    await page.waitForTimeout(400);
    await expect(cover.or(target).or(aro).first()).toBeVisible();
    if (await cover.isVisible()) await handOver(page, (await cover.getAttribute('data-player')) as 'A' | 'B');
    else if (await aro.isVisible()) await page.getByTestId('declare-aros').click();
    else if (await target.isVisible()) return;
  }
  await expect(target).toBeVisible();
}

/** From the start panel: New game, a prepared game file, Hotseat without PINs. */
async function openFile(page: Page, file: string) {
  await openStart(page);
  await page.getByTestId('start-new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radio', { name: /A game file/ }).check();
  await dialog.getByTestId('game-file').setInputFiles(file);
  await expect(dialog.getByTestId('file-ok')).toBeVisible();
  await dialog.getByRole('radio', { name: /^Hotseat:/ }).check();
  await dialog.getByTestId('pins').setChecked(false);
  await dialog.getByTestId('start-game').click();
  await expect(dialog).toBeHidden();
}

/**
 * ATK-1 on screen: the attack form of `shooter`'s `weapon`, one die put on each enemy in turn: the
 * enemies it shows odds for (the shot offered) and those refused, with the text of each.
 */
async function offeredShots(page: Page, shooter: string, weapon: string, enemies: string[]) {
  await selectTrooper(page, shooter);
  await page.getByTestId(`skill-attack-${weapon}`).click();
  const offered: Record<string, string> = {};
  const refused: Record<string, string> = {};
  for (const e of enemies) {
    await page.getByTestId(`burst-${e}`).fill('1');
    const odds = page.getByTestId(`odds-${e}`);
    const no = page.getByTestId('attack-refused');
    await expect(odds.or(no).first()).toBeVisible();
    if (await odds.isVisible()) offered[e] = (await odds.textContent())!;
    else refused[e] = (await no.textContent())!;
    await page.getByTestId(`burst-${e}`).fill('0');
  }
  return { offered, refused };
}

/** The reactive player's ARO window on screen: who is listed, and each one's choices. */
async function aroList(page: Page) {
  // The panel shows once every choice is worked out ("working out what each of your troopers may declare" until then).
  await expect(page.getByTestId('aro-panel')).toBeVisible();
  const rows = page.locator('[data-testid^="aro-choice-"]');
  const out: Record<string, string[]> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const id = (await rows.nth(i).getAttribute('data-testid'))!.slice('aro-choice-'.length);
    out[id] = await rows.nth(i).locator('option').allTextContents();
  }
  return out;
}

test.describe('issue 36: no one-way shot', () => {
  test('LOF-1 the Harbour Quarter pair of the issue ((40, 31) facing 180, (22, 4) facing 0): each is offered the shot at the other, and each is listed to react to the other\u2019s shot', async ({ page }) => {
    test.setTimeout(240_000);
    const log = watchConsole(page);
    // Harbour Quarter with the movement trial's small armies, Commander Ishii deployed at (40, 31)
    // facing south and Rifleman Osei at (22, 4) facing north: the positions.
    await openFile(page, join(here, 'fixtures', 'lof-harbour-game.json'));
    await handOver(page, 'A');
    await topDown(page);
    const s0 = await saved(page);
    expect(lof(s0, 'a-osei', 'b-ishii')).toBe(true);
    expect(lof(s0, 'b-ishii', 'a-osei')).toBe(true);
    // A's turn: Osei (who sees no patch of Ishii: the shot stands by reciprocity) is offered the shot.
    const a = await offeredShots(page, 'a-osei', 'rifle', ['b-ishii', 'b-reyes']);
    expect(Object.keys(a.offered).sort()).toEqual(['b-ishii', 'b-reyes']);
    await page.getByTestId('burst-b-ishii').fill('1');
    await look(page, '36-01-osei-aims-at-ishii');
    await page.getByTestId('declare-attack').click();
    await handOver(page, 'B');
    const aros = await aroList(page);
    expect(aros['b-ishii'], 'Ishii may shoot back').toContain('BS Attack: Combi Rifle');
    await page.getByTestId('aro-choice-b-ishii').selectOption({ label: 'BS Attack: Combi Rifle' });
    const ishiiAro = (await page.getByTestId('aro-odds-b-ishii').textContent())!;
    await look(page, '36-02-ishii-shoots-back');
    await page.getByTestId('declare-aros').click();
    await handOver(page, 'A');
    await page.getByTestId('skill-none').click();
    await through(page, 'dice-a-osei');
    const e1 = await engineOdds(page, 'A');
    const osei = e1.find((o) => o.roller === 'a-osei')!;
    expect(osei.against, 'Face to Face with the ARO').not.toBeNull();
    const eb = (await engineOdds(page, 'B')).find((o) => o.roller === 'b-ishii')!;
    expect(ishiiAro).toContain(`at ${eb.sv}`);
    await diceByHand(page, { 'a-osei': '20', 'b-ishii': '20' });
    await expect(page.getByTestId('dice-submit')).toHaveCount(0);
    await through(page, 'end-turn');
    // The issue's own direction: B's turn, Ishii shoots Osei; Osei is listed to react (it was told
    // "None of your troopers may react" before LOF-1).
    await endTurn(page);
    await handOver(page, 'B');
    const b = await offeredShots(page, 'b-ishii', 'combi-rifle', ['a-osei']);
    expect(Object.keys(b.offered)).toEqual(['a-osei']);
    await page.getByTestId('burst-a-osei').fill('1');
    await page.getByTestId('declare-attack').click();
    await handOver(page, 'A');
    const back = await aroList(page);
    expect(back['a-osei'], 'Osei may shoot back').toContain('BS Attack: Rifle');
    await page.getByTestId('aro-choice-a-osei').selectOption({ label: 'BS Attack: Rifle' });
    await look(page, '36-03-osei-may-react');
    expect(log.errors).toEqual([]);
  });

  test('LOF-1 in a loaded mid-game: for three shooters, the shots offered on screen and the reactors listed when each acts agree with the engine\u2019s lof both ways', async ({ page }) => {
    test.skip(process.env.E2E_WHOLE !== '1', 'the mid-game check (about 40 s): E2E_WHOLE=1');
    test.setTimeout(240_000);
    const log = watchConsole(page);
    // The shipped mid-game (348 commands: round 4, B's turn), opened as a game file.
    await openFile(page, join(root, 'examples', 'midgame.json'));
    await handOver(page, 'B');
    await topDown(page);
    const s0 = await saved(page);
    const enemies = Object.keys(s0.state.troopers).filter((k) => k.startsWith('a-'));
    // Soren looks east past three troopers and has three in his back; Hana sees Rook, Brask, Osei
    // (who faces away); Reyes faces Osei and Lune.
    for (const [shooter, weapon] of [['b-soren', 'sniper-rifle'], ['b-hana', 'combi-rifle'], ['b-reyes', 'rifle']] as const) {
      const { offered } = await offeredShots(page, shooter, weapon, enemies);
      const sees = enemies.filter((a) => lof(s0, shooter, a));
      const seen = enemies.filter((a) => lof(s0, a, shooter));
      // Every shot offered is the engine's Line of Fire from the shooter (a refusal for range aside).
      expect(Object.keys(offered).sort(), `${shooter}: the shots offered`).toEqual(sees.sort());
      await look(page, `36-mid-${shooter}-form`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      // It declares Idle: A's window lists every enemy that has Line of Fire to it (or it in Zone of Control).
      await page.getByTestId('skill-idle').click();
      await handOver(page, 'A');
      const listed = await aroList(page);
      const shooting = Object.keys(listed).filter((k) => listed[k]!.some((o) => o.startsWith('BS Attack')));
      expect(shooting.sort(), `${shooter}: the reactors that may shoot`).toEqual(seen.sort());
      // Both ways: a pair facing each other is in both lists or in neither.
      for (const a of enemies) if (lof(s0, a, shooter) !== lof(s0, shooter, a)) expect(shooting.includes(a) && offered[a] !== undefined, `${shooter}/${a} one way`).toBe(false);
      await look(page, `36-mid-${shooter}-window`);
      await page.getByTestId('declare-aros').click();
      await handOver(page, 'B');
      await page.getByTestId('skill-none').click();
      await through(page, 'turn-panel');
    }
    expect(log.errors).toEqual([]);
  });
});

test('CC-8 CC-6 CC-5 issue 38: Torch Vane, Engaged with Kae, Dodges out of contact against Kae\u2019s CC Attack; then Runner Pell engages Kae, who answers with a CC ARO, and they fight to Unconscious; every odds figure is the engine\u2019s', async ({ page }) => {
  test.skip(process.env.E2E_WHOLE !== '1', 'the close combat (about 45 s; cc-trial.spec.ts covers the like): E2E_WHOLE=1');
  test.setTimeout(240_000);
  const log = watchConsole(page);
  // examples/close-combat.json's troopers with Torch Vane already moved into contact with Infiltrator Kae.
  await openFile(page, join(here, 'fixtures', 'cc-attacker-game.json'));
  await handOver(page, 'A');
  await topDown(page);
  // Order 1: Torch Vane, Engaged, may only attack, Dodge or Idle; it Dodges to leave.
  await selectTrooper(page, 'a-fast');
  await expect(page.getByTestId('card-status')).toContainText('Engaged');
  await expect(page.getByTestId('skill-move')).toBeDisabled();
  await page.getByTestId('skill-dodge').click();
  await handOver(page, 'B');
  await page.getByTestId('aro-choice-b-inf').selectOption({ label: 'CC Attack: Bare-Handed' });
  const kaeAro = (await page.getByTestId('aro-odds-b-inf').textContent())!;
  await look(page, '38-01-kae-attacks-the-dodger');
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  await page.getByTestId('skill-none').click();
  await through(page, 'dice-a-fast');
  const o1 = await engineOdds(page, 'B');
  const k1 = o1.find((o) => o.roller === 'b-inf')!;
  // Face to Face with the dodger: the other side's figure is its Dodge, not a hit.
  expect(kaeAro).toContain(`Infiltrator Kae at ${k1.sv} against ${k1.against}: hits ${k1.hit}, it dodges ${k1.theirs}`);
  await diceByHand(page, { 'a-fast': '5', 'b-inf': '15' });
  await through(page, 'dodge-move-draw');
  await page.getByTestId('dodge-move-draw').click();
  await topDown(page);
  await clickTable(page, 32.3, 18.8);
  await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this');
  // MOV-20: a Dodge's move draws no ARO: nobody listed as able to react along it.
  await expect(page.getByTestId('path-reactors')).toHaveCount(0);
  await look(page, '38-02-dodge-move');
  await page.getByTestId('declare-move').click();
  await through(page, 'turn-panel');
  await expect(page.getByTestId('game-log')).toContainText(/Torch Vane is no longer Engaged|disengage/i);
  await selectTrooper(page, 'a-fast');
  await expect(page.getByTestId('card-status')).not.toContainText('Engaged');

  // Order 2: Runner Pell engages Kae; Kae's CC Attack ARO; Pell's CC Attack: Face to Face; Kae falls.
  await selectTrooper(page, 'a-run');
  await page.getByTestId('skill-move').click();
  await clickTable(page, 30, 19);
  await expect(page.getByTestId('path-verdict')).toContainText('engages Infiltrator Kae');
  await page.getByTestId('declare-move').click();
  await handOver(page, 'B');
  await page.getByTestId('aro-choice-b-inf').selectOption({ label: 'CC Attack: Bare-Handed' });
  const kaeAro2 = (await page.getByTestId('aro-odds-b-inf').textContent())!;
  await page.getByTestId('declare-aros').click();
  await handOver(page, 'A');
  const k2 = (await engineOdds(page, 'B')).find((o) => o.roller === 'b-inf')!;
  expect(kaeAro2).toContain(`at ${k2.sv}: hits ${k2.hit}`);
  await page.getByTestId('skill-cc-cc-weapon').click();
  await page.getByTestId('burst-b-inf').fill('1');
  const att = (await page.getByTestId('odds-b-inf').textContent())!;
  await look(page, '38-03-pell-attack-odds');
  await page.getByTestId('declare-attack').click();
  await through(page, 'dice-a-run');
  const a2 = (await engineOdds(page, 'A')).find((o) => o.roller === 'a-run')!;
  expect(att).toContain(`Face to Face, at ${a2.sv}: hit ${a2.hit}, critical ${a2.critical}`);
  expect(att).toContain(`its ARO wins ${a2.theirs}`);
  await diceByHand(page, { 'a-run': '12', 'b-inf': '9' });
  await through(page, 'dice-b-inf');
  await diceByHand(page, { 'b-inf': '11' });
  await expect(page.getByTestId('game-log')).toContainText('Infiltrator Kae is Unconscious');
  await through(page, 'turn-panel');
  await look(page, '38-04-unconscious');
  expect(log.errors).toEqual([]);
});

test.describe('a small tablet by touch (820 x 540)', () => {
  test.use({ viewport: { width: 820, height: 540 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });

  test('MOV-19 MOV-21 MOV-13 issue 37 by touch: Osei walks to another spot inside the south ruin and ends facing west (the panel\u2019s turn buttons); Varro climbs onto the shed (tap to aim, tap again)', async ({ page }) => {
    test.setTimeout(240_000);
    const log = watchConsole(page);
    // The movement trial's game saved with Varro at the shed's east wall (e2e/fixtures/movement-trial-at-wall.json).
    await openStart(page);
    await page.getByTestId('start-new-game').tap();
    const dialog = page.getByTestId('new-game-dialog');
    await dialog.getByRole('radio', { name: /A game file/ }).check();
    await dialog.getByTestId('game-file').setInputFiles(join(here, 'fixtures', 'movement-trial-at-wall.json'));
    await expect(dialog.getByTestId('file-ok')).toBeVisible();
    await dialog.getByRole('radio', { name: /^Hotseat:/ }).check();
    await dialog.getByTestId('pins').setChecked(false);
    await dialog.getByTestId('start-game').tap();
    await page.getByTestId('hand-over-confirm').tap();
    await page.getByRole('button', { name: 'Top-down' }).tap();
    await page.locator('.roster button[data-key="a-osei"]').tap();
    await page.getByTestId('skill-move').tap();
    const spot = await screenOf(page, 30, 7.6, 0);
    await page.touchscreen.tap(spot.x, spot.y);
    await expect(page.getByTestId('path-verdict')).toContainText('The engine takes this path');
    for (let i = 0; i < 6; i++) await page.getByTestId('move-turn-left').tap();
    await expect(page.getByTestId('move-facing')).toHaveText('90°');
    await look(page, '37-touch-01-in-ruin-facing-west');
    await page.getByTestId('declare-move').tap();
    await through(page, 'skill-none');
    await page.getByTestId('skill-none').tap();
    await through(page, 'turn-panel');
    await expect(page.getByTestId('game-log')).toContainText('Rifleman Osei');
    const s = await saved(page);
    expect(s.state.troopers['a-osei']).toMatchObject({ x: 30, y: 7.6, z: 0, facing: 90 });

    await page.locator('.roster button[data-key="a-varro"]').tap();
    await page.getByTestId('skill-climb').tap();
    // The bar said "Tap waypoints on the table" for a Climb, which has none.
    await expect(page.getByTestId('dock-line')).toContainText('Tap where it lands');
    // What tripped: in the Top-down view at this size the bar of the tool in hand (Climb, Declare,
    // Cancel) lay over the south edge of the table, the shed's roof under it, and a tap there hit the
    // bar. The bar now stands at the top while the trooper in hand is in its player's own half.
    const roof = await screenOf(page, 6, 2.8, 3);
    const dock = page.getByTestId('tool-dock');
    await expect(dock).toHaveAttribute('data-place', 'top');
    const bar = (await dock.boundingBox())!;
    const under = roof.x >= bar.x && roof.x <= bar.x + bar.width && roof.y >= bar.y && roof.y <= bar.y + bar.height;
    expect(under, 'the roof is clear of the bar').toBe(false);
    await look(page, '37-touch-02a-bar-at-the-top');
    await page.touchscreen.tap(roof.x, roof.y);
    await expect(page.getByTestId('path-length')).toHaveText('1.4"');
    await expect(page.getByTestId('path-verdict')).toContainText('tap again');
    await look(page, '37-touch-02-climb-aimed');
    await page.touchscreen.tap(roof.x, roof.y);
    await through(page, 'turn-panel');
    expect((await saved(page)).state.troopers['a-varro']).toMatchObject({ z: 3 });
    await look(page, '37-touch-03-on-the-roof');
    expect(log.errors).toEqual([]);
  });
});
