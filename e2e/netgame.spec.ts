import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { deployAsCommanded, endTurn, shot, topDown } from './helpers';
import { twoMachines } from './netHelpers';

const here = dirname(fileURLToPath(import.meta.url));
const DEMO = JSON.parse(readFileSync(join(here, '..', 'examples', 'demo-deployed.json'), 'utf8'));

type Seat = 'A' | 'B';

/** The game waits for this window's player: its bar says so. */
async function myMove(page: Page, seat: Seat) {
  await expect(page.getByTestId('remote-bar')).toHaveAttribute('data-speaker', seat, { timeout: 30_000 });
}

/**
 * A `"key":"id"` pair as it crosses the wire: Yjs writes a JSON value of a list in its own binary form,
 * a string as the byte 'w' (119), its length and its UTF-8 (ids here are short and ASCII). Null for
 * anything else (numbers are written as binary floats).
 */
function onWire(pair: string): string | null {
  const m = /^"(\w+)":"([\w-]+)"$/.exec(pair);
  return m ? `${m[1]}w${String.fromCharCode(m[2]!.length)}${m[2]}` : null;
}

/** Everything a window holds that the other player's secrets could be in: its page, its storage, what it received. */
async function heldBy(page: Page) {
  return page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    title: document.title,
    storage: JSON.stringify({ ...localStorage }),
    // The room's messages after the hellos (the inviting machine's hello carries the public setup: both rosters).
    said: JSON.stringify(['A', 'B'].flatMap((s) => window.__net!.state().net.logs[s as 'A' | 'B'].filter((m) => m.body.t !== 'hello'))),
    pieces: window.__table!.pieces().map((p) => p.key),
  }));
}

test('NET-1 NET-2 NET-3 NET-4 NET-7 two players in two windows: the initiative, the demo deployment with a hidden trooper, a marker and jumpers, Round 1 with a reveal, a Discover and a jump, and the game to its end with the closing audit passing on both; neither window shows, stores or sends the other\'s secrets before the rules reveal them', async ({ browser }) => {
  test.setTimeout(480_000);
  const { a, b } = await twoMachines(browser);
  const pages: Record<Seat, Page> = { A: a.page, B: b.page };
  for (const p of [a.page, b.page]) await p.getByTestId('net-close').click();
  await expect(a.page.getByTestId('remote-bar')).toHaveAttribute('data-seat', 'A');
  await expect(b.page.getByTestId('remote-bar')).toHaveAttribute('data-seat', 'B');

  // The initiative: rolled from A's window with dice from both machines; both windows show the same dice.
  await expect(b.page.getByTestId('initiative-waits')).toBeVisible();
  const panelA = a.page.getByTestId('initiative-panel');
  let winner: Seat | null = null;
  for (let i = 0; i < 10 && winner === null; i++) {
    await panelA.getByRole('button', { name: /Roll initiative|Roll again/ }).click();
    await expect(panelA.getByTestId('dice-tray')).toHaveAttribute('data-settled', 'true', { timeout: 30_000 });
    winner = (await a.page.evaluate(() => window.__table!.game())).initiative.winner as Seat | null;
  }
  expect(winner).not.toBeNull();
  await expect(b.page.getByTestId('initiative-outcome')).toHaveText(await a.page.getByTestId('initiative-outcome').textContent() ?? '');
  await shot(a.page, 'net-game-01-initiative-A');
  const loser: Seat = winner === 'A' ? 'B' : 'A';
  // As in the demo file: B deploys first, A in the south; B takes the first turn.
  const w = pages[winner!].getByTestId('initiative-panel');
  await myMove(pages[winner!], winner!);
  await w.getByRole('button', { name: /Keep Deployment/ }).click();
  await w.getByTestId('deployment-choice').getByRole('radio', { name: 'Tidewater Concord' }).check();
  await w.getByTestId('deployment-choice').getByRole('radio', { name: winner === 'A' ? /south/ : /north/ }).check();
  await w.getByRole('button', { name: 'Confirm deployment choice' }).click();
  const l = pages[loser].getByTestId('initiative-panel');
  await myMove(pages[loser], loser);
  await l.getByTestId('turn-order-choice').getByRole('radio', { name: 'Tidewater Concord' }).check();
  await l.getByRole('button', { name: 'Confirm turn order' }).click();
  await topDown(a.page);
  await topDown(b.page);

  // The deployment, each placement in the window of its player.
  // Private until the rules reveal them: B's hidden trooper and airborne one, A's marker's trooper and airborne one.
  // (The inviting machine's hello carries both rosters, public: a secret is a trooper named in a command, or a spot.)
  const secretsOf: Record<Seat, string[]> = { A: ['"trooper":"a-veil"', '"trooper":"a-skyfall"'], B: ['"trooper":"b-wraith"', '"x":44,"y":37.5', '"trooper":"b-harrier"'] };
  /** Neither window holds the other's secrets: not in what it received, not in its storage, not on its wire. */
  const noSecrets = async (extra: Record<Seat, string[]> = { A: [], B: [] }) => {
    for (const [me, them] of [['A', 'B'], ['B', 'A']] as const) {
      const seen = await heldBy(pages[me]);
      const wire = (me === 'A' ? a : b).frames.join('\n');
      for (const s of [...secretsOf[them], ...extra[them]]) {
        for (const [where, text] of Object.entries({ said: seen.said, storage: seen.storage })) expect(text, `${s} in ${me}'s ${where}`).not.toContain(s);
        const binary = onWire(s);
        if (binary) expect(wire, `${s} on the wire to ${me}`).not.toContain(binary);
      }
    }
  };
  for (const [i, cmd] of DEMO.commands.slice(4).entries()) {
    const page = pages[cmd.player as Seat];
    // Both main steps over: who each player kept back is still theirs alone.
    if (i === 16) await noSecrets({ A: ['"keep":"a-sable"', '"trooper":"a-sable"'], B: ['"keep":"b-kai"', '"trooper":"b-kai"'] });
    await myMove(page, cmd.player);
    if (cmd.do === 'endStep') {
      if (cmd.keep) await page.getByTestId('keep-back').selectOption(cmd.keep);
      await page.getByTestId('end-step').click();
      continue;
    }
    await deployAsCommanded(page, cmd);
  }
  await myMove(b.page, 'B');
  for (const p of [a.page, b.page]) expect(await p.evaluate(() => window.__table!.game())).toMatchObject({ phase: 'game', round: 1, active: 'B', keptBack: { A: 1, B: 1 } });
  await shot(b.page, 'net-game-02-deployed-B');
  await shot(a.page, 'net-game-03-deployed-A');

  await noSecrets();
  const seenA = await heldBy(a.page);
  const seenB = await heldBy(b.page);
  expect(seenA.html).not.toContain('Wraith Operative');
  expect(seenB.html).not.toContain('Veil Sniper');
  expect(seenA.pieces).not.toContain('b-wraith');
  expect(seenB.pieces).toContain('A-m1');
  expect(seenB.pieces).not.toContain('a-veil');

  /** Plays out the Order in progress with no ARO and no second skill, each answer from the window of the player who gives it. */
  const finishOrder = async () => {
    for (let i = 0; i < 12; i++) {
      const o = await a.page.evaluate(() => window.__table!.view().order);
      if (!o) return;
      const reactive: Seat = o.player === 'A' ? 'B' : 'A';
      if (o.stage === 'aro1' || o.stage === 'aro2') {
        await myMove(pages[reactive], reactive);
        await pages[reactive].getByTestId('declare-aros').click();
      } else if (o.stage === 'second') {
        await myMove(pages[o.player as Seat], o.player as Seat);
        await pages[o.player as Seat].getByTestId('skill-none').click();
      }
      await a.page.waitForFunction((was) => JSON.stringify(window.__table!.view().order) !== was, JSON.stringify(o), { timeout: 30_000 });
    }
  };
  const select = (page: Page, key: string) => page.locator(`.roster button[data-key="${key}"]`).click();

  // Round 1, B's turn. HD-10: B's hidden trooper appears; only then does A's window know of it.
  await select(b.page, 'b-wraith');
  await b.page.getByTestId('reveal').click();
  await finishOrder();
  await expect.poll(() => a.page.evaluate(() => window.__table!.pieces().map((p) => p.key))).toContain('b-wraith');
  expect(await a.page.evaluate(() => window.__table!.view().troopers['b-wraith'])).toMatchObject({ status: 'model', x: 44, y: 37.5 });
  secretsOf.B = secretsOf.B.filter((x) => !x.includes('b-wraith') && !x.includes('37.5'));
  // Revealed, it is on the wire now, as the check above would have seen it: the check can fail.
  expect(a.frames.join('\n')).toContain(onWire('"trooper":"b-wraith"'));
  await shot(a.page, 'net-game-04-revealed-A');

  // TOC-5: B's Netrunner Kai tries to Discover A's marker, dice from both machines.
  await myMove(b.page, 'B');
  await select(b.page, 'b-kai');
  await b.page.getByTestId('discover-marker').selectOption('A-m1');
  await b.page.getByTestId('discover-roll').click();
  // The roll shown is the one both machines made, as the log has it (no made-up die, no stand-in's name).
  await expect(b.page.getByTestId('discover-notice')).toHaveText(/^Rolled \d+ against \d+: A-m1 (is discovered: Veil Sniper|stays hidden)\.$/, { timeout: 30_000 });
  const noticed = (await b.page.getByTestId('discover-notice').textContent())!.match(/Rolled (\d+) against (\d+)/)!.slice(1, 3);
  expect((await b.page.getByTestId('game-log').textContent())!).toMatch(new RegExp(`Netrunner Kai[^.]*?rolls ${noticed[0]} against ${noticed[1]}`));
  await finishOrder();
  const discovered = await b.page.evaluate(() => window.__table!.view().troopers['a-veil']?.status === 'model');
  if (discovered) secretsOf.A = secretsOf.A.filter((x) => !x.includes('a-veil'));
  else expect(await b.page.evaluate(() => window.__table!.pieces().map((p) => p.key))).toContain('A-m1');
  await noSecrets();
  await myMove(b.page, 'B');
  await endTurn(b.page);

  // A's turn. NET-4: B's window reloads mid-turn and comes back to the game from its own log.
  await myMove(a.page, 'A');
  /** A window reloads and comes back to the game, as it was, from its own log and storage. */
  const reloadBack = async (page: Page) => {
    const before = await page.evaluate(() => window.__table!.view());
    await page.reload();
    await expect(page.getByTestId('table-view')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
    await expect(page.getByTestId('remote-bar')).toHaveAttribute('data-speaker', 'A', { timeout: 30_000 });
    expect(await page.evaluate(() => window.__table!.view())).toEqual(before);
    if (await page.getByTestId('net-close').isVisible()) await page.getByTestId('net-close').click();
  };
  await reloadBack(b.page);
  // And A's window too: its own secrets (the clear commands behind its sealed ones) come back from its own storage.
  await reloadBack(a.page);
  await topDown(a.page);

  // CJ-1, CJ-5: A's Skyfall Trooper jumps in from the air; B's window learns of it as it lands.
  await a.page.getByTestId('jump-a-skyfall').click();
  await expect(a.page.getByTestId('jump-map-ready')).toBeVisible({ timeout: 90_000 });
  const spot = { x: 24, y: 24 };
  const at = await a.page.evaluate(([x, y]) => window.__table!.projectPoint(x!, y!, 0), [spot.x, spot.y]);
  await a.page.mouse.move(at!.x - 3, at!.y - 3);
  await a.page.mouse.move(at!.x, at!.y, { steps: 2 });
  await a.page.waitForFunction(() => window.__jump!.state().hover !== null);
  await a.page.mouse.click(at!.x, at!.y);
  await expect(a.page.getByTestId('jump-pinned')).toBeVisible();
  await a.page.getByTestId('jump-go').click();
  // The PH roll is the shared dice's: on a failure (CJ-7) the trooper comes in at A's own table edge.
  await a.page.waitForFunction(() => window.__jump!.state().phase === 'fallback' || window.__table!.view().order !== null, null, { timeout: 30_000 });
  if ((await a.page.evaluate(() => window.__jump!.state().phase)) === 'fallback') {
    const edge = await a.page.evaluate(() => window.__table!.projectPoint(20, 6, 0));
    await a.page.mouse.move(edge!.x - 3, edge!.y - 3);
    await a.page.mouse.move(edge!.x, edge!.y, { steps: 2 });
    await expect(a.page.getByTestId('jump-fallback-verdict')).toHaveAttribute('data-legal', 'true');
    await a.page.mouse.click(edge!.x, edge!.y);
  }
  await shot(a.page, 'net-game-05-jumped-A');
  // The PH roll the jump panel shows is the one both machines made, as the log has it (no made-up die).
  const logged = async () => (await a.page.getByTestId('game-log').textContent())?.match(/Skyfall Trooper[^.]*?rolls (\d+) against (\d+)/)?.slice(1, 3);
  await expect.poll(logged, { timeout: 30_000 }).toBeTruthy();
  const [die, target] = (await logged())!;
  await expect(a.page.getByTestId('jump-roll-result')).toContainText(new RegExp(`${die}\\D+against ${target}`));
  await expect.poll(() => b.page.evaluate(() => window.__table!.pieces().map((p) => p.key)), { timeout: 30_000 }).toContain('a-skyfall');
  secretsOf.A = secretsOf.A.filter((x) => !x.includes('a-skyfall'));
  await finishOrder();
  await shot(b.page, 'net-game-06-jumped-B');
  await myMove(a.page, 'A');
  await endTurn(a.page);

  // Round 2 begins on both windows, with everything still secret still secret.
  for (const p of [a.page, b.page]) await expect.poll(() => p.evaluate(() => window.__table!.game().round)).toBe(2);
  await noSecrets();

  // Rounds 2 and 3, each player ending its turn at once: the game ends.
  for (let i = 0; i < 4; i++) {
    const seat: Seat = i % 2 === 0 ? 'B' : 'A';
    await myMove(pages[seat], seat);
    await endTurn(pages[seat]);
  }
  // The closing audit: each machine opens everything it held, and replays the other's whole game. Both pass,
  // and each window says so for both games.
  for (const p of [a.page, b.page]) {
    await expect(p.getByTestId('remote-bar')).toHaveAttribute('data-speaker', '', { timeout: 30_000 });
    await expect(p.getByTestId('remote-turn')).toHaveText(/^The game is over\. Closing audit \(Player [AB]\): their game checked: passed; yours checked by their machine: passed\.$/, { timeout: 60_000 });
    await expect(p.getByTestId('remote-error')).toHaveCount(0);
    await p.getByTestId('two-machines-open').click();
    await expect(p.getByTestId('net-closing')).toHaveAttribute('data-theirs', 'true');
    await expect(p.getByTestId('net-closing')).toHaveAttribute('data-mine', 'true');
  }
  await shot(b.page, 'net-game-07-audit-B');
  // Everything is open now: the hidden trooper's spot was in the end on the wire, as the audit needs it.
  expect(await a.page.getByTestId('net-audit-theirs').textContent()).toMatch(/every private choice \(1\)/);
  for (const [me, log] of [['A', a.log], ['B', b.log]] as const) expect(log.errors, `console errors in ${me}'s window`).toEqual([]);
});
