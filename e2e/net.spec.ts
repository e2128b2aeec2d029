import { expect, test, type Page } from '@playwright/test';
import { linkHash } from '../src/core/commit/chain';
import { webCryptoHash } from '../src/core/commit/hash';
import { signerOf } from '../src/core/commit/sign';
import { SCREENS } from './helpers';
import { twoMachines } from './netHelpers';

const rollsOf = (page: Page) => page.getByTestId('net-rolls').locator('li');

const SECRET = 'Shade Operative hidden at 30, 8 behind the crates';

test('NET-1 NET-2 NET-3 two browsers by an invitation link: shared dice the same on both, a sealed choice that never crosses the wire in the clear until it is revealed', async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, code } = await twoMachines(browser);
  await expect(b.page.getByTestId('net-room')).toHaveText(code);

  // NET-3: a roll from A's window, made of both machines' values: the same dice on both.
  await a.page.getByTestId('net-count').fill('3');
  await a.page.getByTestId('net-roll').click();
  await expect(rollsOf(a.page).first()).toHaveText(/^Player A: \d+ · \d+ · \d+$/);
  const dice = await rollsOf(a.page).first().textContent();
  await expect(rollsOf(b.page).first()).toHaveText(dice!);
  const label = await rollsOf(a.page).first().getAttribute('data-label');
  const roll = await b.page.evaluate((l) => window.__net!.state().net.rolls[l!], label);
  expect(roll!.commitments.A).toMatch(/^[0-9a-f]{64}$/);
  expect(roll!.commitments.B).toMatch(/^[0-9a-f]{64}$/);

  // NET-2: A seals a private choice; B gets the seal and nothing of the choice.
  await a.page.getByTestId('net-note').fill(SECRET);
  await a.page.getByTestId('net-seal').click();
  await expect(b.page.getByTestId('net-their-seals').locator('li')).toHaveText('Player A, note 1: sealed');
  await expect(a.page.getByTestId('net-my-seals')).toContainText(SECRET);
  await a.page.screenshot({ path: `${SCREENS}/net-01-sealed-A.png` });
  await b.page.screenshot({ path: `${SCREENS}/net-02-sealed-B.png` });
  for (const [who, text] of [
    ['frames sent and received by A', a.frames.join('\n')],
    ['frames sent and received by B', b.frames.join('\n')],
    ["B's page", await b.page.content()],
    ["B's storage", await b.page.evaluate(() => JSON.stringify(localStorage))],
    ["B's session", await b.page.evaluate(() => JSON.stringify(window.__net!.state()))],
  ]) {
    expect(text, who).not.toContain('Shade Operative');
    expect(text, who).not.toContain('30, 8');
  }
  expect(a.frames.length).toBeGreaterThan(0);

  // Revealed: B checks the opening against the seal and shows the choice; now (and only now) it crosses the wire.
  await a.page.getByRole('button', { name: 'Reveal' }).click();
  await expect(b.page.getByTestId('net-their-seals').locator('li')).toHaveText(`Player A, note 1: ${SECRET}`);
  await expect.poll(() => b.frames.some((f) => f.includes('Shade Operative'))).toBe(true);
  await expect(b.page.getByTestId('net-refusal')).toHaveCount(0);
  expect(a.log.errors).toEqual([]);
  expect(b.log.errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('NET-4 NET-9 a dropped connection mid-roll loses nothing: the roll waits, the other goes on, and on reconnect (and after a reload) both machines hold the same log', async ({ browser }) => {
  test.setTimeout(120_000);
  // B joins by the code this time; the page's address then names the room, which the reload comes back to.
  const { a, b } = await twoMachines(browser, true);
  await b.page.evaluate(() => window.__net!.room.disconnect());
  await expect(b.page.getByTestId('net-status')).toHaveText(/^offline/);
  // NET-9: A's window says B's machine is gone, and for how long.
  await expect(a.page.getByTestId('net-away')).toHaveText(/^ · Player B is disconnected \(for 0:0\d\)$/);
  // A rolls while B is away: the roll waits for B's value.
  await a.page.getByTestId('net-roll').click();
  await expect(rollsOf(a.page).first()).toHaveText('Player A: waiting for both machines…');
  // B seals a choice while offline: it is kept and sent on reconnect.
  await b.page.getByTestId('net-note').fill('Veil Sniper is marker B-m1');
  await b.page.getByTestId('net-seal').click();
  await b.page.evaluate(() => window.__net!.room.connect());
  await expect(b.page.getByTestId('net-status')).toHaveText('connected');
  await expect(a.page.getByTestId('net-away')).toHaveCount(0);
  await expect(rollsOf(a.page).first()).toHaveText(/^Player A: \d+ · \d+$/);
  const dice = await rollsOf(a.page).first().textContent();
  await expect(rollsOf(b.page).first()).toHaveText(dice!);
  await expect(a.page.getByTestId('net-their-seals').locator('li')).toHaveText('Player B, note 1: sealed');

  // B reloads: the page comes back to the room from its address, resumes from its own log, and agrees with A's by hash.
  await b.page.reload();
  await expect(b.page.getByTestId('net-connected')).toHaveAttribute('data-status', 'connected', { timeout: 45_000 });
  await expect(rollsOf(b.page).first()).toHaveText(dice!);
  await expect(b.page.getByTestId('net-my-seals')).toContainText('Veil Sniper is marker B-m1');
  const heads = async (p: Page) => p.evaluate(() => ({ A: window.__net!.state().net.logs.A.at(-1)!.hash, B: window.__net!.state().net.logs.B.at(-1)!.hash }));
  await expect.poll(async () => JSON.stringify(await heads(b.page))).toBe(JSON.stringify(await heads(a.page)));
  // Another roll after the reload still works both ways.
  await b.page.getByTestId('net-roll').click();
  await expect(rollsOf(a.page).first()).toHaveText(/^Player B: \d+ · \d+$/);
  await expect(b.page.getByTestId('net-refusal')).toHaveCount(0);
  expect(a.log.errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('NET-2 NET-5 a forged opening is refused with a clear message (unsigned: a forgery; signed: it does not open its seal), and the other machine stays as it was', async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b } = await twoMachines(browser);
  await a.page.getByTestId('net-note').fill(SECRET);
  await a.page.getByTestId('net-seal').click();
  await expect(b.page.getByTestId('net-their-seals').locator('li')).toHaveText('Player A, note 1: sealed');
  // A's machine writes an opening of its seal with another choice: the leaf and salt are right, the choice is not.
  const { last, seal, keep, keys } = await a.page.evaluate(() => {
    const s = window.__net!.state();
    const [n, mine] = Object.entries(s.secrets.seals)[0]!;
    return { last: s.net.logs.A.at(-1)!, seal: Number(n), keep: mine.keep, keys: s.secrets.keys! };
  });
  const o = keep.open[0]!;
  const body = { t: 'open', seat: 'A', seal, opening: { root: keep.root, leaves: keep.leaves, leaf: o.leaf, opening: { salt: o.opening.salt, choice: 'Shade Operative hidden at 4, 20' } } };
  const n = last.n + 1;
  const h = await linkHash(webCryptoHash, n, last.hash, body);
  // Unsigned first (anyone could write it into the room): refused as a forgery, and passed over.
  const before = await b.page.evaluate(() => JSON.stringify(window.__net!.state().net));
  await a.page.evaluate((m) => window.__net!.room.append('A', m as never), { n, prev: last.hash, hash: h, body });
  await expect(b.page.getByTestId('net-refusal')).toHaveText(`Player A's message ${n} is refused: it is not signed by Player A's machine: a forgery, or a copy changed after it was signed.`);
  // Then signed with A's own key, as A's machine edited its own message: refused for what it says.
  const forged = { n, prev: last.hash, hash: h, body, sig: await (await signerOf(keys))(h) };
  await a.page.evaluate((m) => window.__net!.room.append('A', m as never), forged);
  await expect(b.page.getByTestId('net-refusal')).toHaveText(
    `Player A's message ${n} is refused: the opening of seal "note 1" does not match its commitment: the choice or the salt was changed.`,
  );
  await b.page.screenshot({ path: `${SCREENS}/net-03-forged-refused.png` });
  await expect(b.page.getByTestId('net-their-seals').locator('li')).toHaveText('Player A, note 1: sealed');
  const after = JSON.parse(await b.page.evaluate(() => JSON.stringify(window.__net!.state().net)));
  const was = JSON.parse(before);
  // Its place in A's list is kept, void: nothing of it is believed, and A's next message follows it.
  expect(after.logs.A.slice(0, -1)).toEqual(was.logs.A);
  expect(after.logs.A.at(-1).body).toMatchObject({ t: 'void' });
  expect(after.seals).toEqual(was.seals);
  // A's machine is told which of its messages B's machine refused.
  await expect.poll(() => a.page.evaluate(() => window.__net!.state().net.logs.B.some((m) => m.body.t === 'refused'))).toBe(true);
  await a.context.close();
  await b.context.close();
});
