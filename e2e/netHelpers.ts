import { expect, type Browser, type Page } from '@playwright/test';
import { RELAY, watchConsole } from './helpers';

/** What the wire carried, both ways, as text (Yjs writes strings as UTF-8 in its binary updates). */
export function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    const keep = (f: { payload: string | Buffer }) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'));
    ws.on('framesent', keep);
    ws.on('framereceived', keep);
  });
  return frames;
}

/** A machine: its own browser context (its own storage), on the page with the test relay. */
export async function machine(browser: Browser, path = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const frames = recordFrames(page);
  const log = watchConsole(page);
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${sep}relay=${encodeURIComponent(RELAY)}`);
  await expect(page.getByTestId('table-view')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
  return { context, page, frames, log };
}

/** Player A invites; Player B opens the link, or (`byCode`) opens the table and types the code. */
export async function twoMachines(browser: Browser, byCode = false) {
  const a = await machine(browser);
  await a.page.getByTestId('start-demo').click();
  await a.page.getByTestId('two-machines-open').click();
  // The relay's address, as the page was given it: editable before inviting, and carried by the link.
  await expect(a.page.getByTestId('net-relay')).toHaveValue(RELAY);
  await a.page.getByTestId('net-host').click();
  await expect(a.page.getByTestId('net-connected')).toHaveAttribute('data-status', 'connected');
  const link = new URL(await a.page.getByTestId('net-link').inputValue());
  expect(link.searchParams.get('seat')).toBe('B');
  expect(link.searchParams.get('relay')).toBe(RELAY);
  // The inviting machine's key, by its fingerprint: B's machine takes A's messages from that key only.
  expect(link.searchParams.get('key')).toMatch(/^[0-9a-f]{32}$/);
  // Nothing of A's own storage key goes with it (it lives in A's address only).
  expect(link.hash).toBe('');
  expect(new URL(a.page.url()).hash).toMatch(/^#k=[0-9a-f]{64}$/);
  await a.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await a.page.getByTestId('net-copy').click();
  await expect(a.page.getByTestId('net-copy')).toHaveText('Copied');
  expect(await a.page.evaluate(() => navigator.clipboard.readText())).toBe(link.toString());
  const code = link.searchParams.get('room')!;
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  let b: Awaited<ReturnType<typeof machine>>;
  if (byCode) {
    b = await machine(browser);
    await b.page.getByTestId('start-demo').click();
    await b.page.getByTestId('two-machines-open').click();
    await b.page.getByTestId('net-code').fill('no!');
    await b.page.getByTestId('net-join').click();
    await expect(b.page.getByTestId('net-error')).toHaveText('A room code is 4 to 32 letters and digits.');
    await b.page.getByTestId('net-code').fill(code.toLowerCase());
    await b.page.getByTestId('net-join').click();
  } else {
    b = await machine(browser, `${link.pathname}${link.search}`);
  }
  await expect(b.page.getByTestId('net-connected')).toHaveAttribute('data-seat', 'B');
  await expect(b.page.getByTestId('net-other')).toHaveText('Player A has joined');
  await expect(a.page.getByTestId('net-other')).toHaveText('Player B has joined');
  return { a, b, code };
}

