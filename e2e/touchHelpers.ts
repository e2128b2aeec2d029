import AxeBuilder from '@axe-core/playwright';
import { expect, type CDPSession, type Page } from '@playwright/test';
import { frames, screenOf } from './helpers';

export { screenOf };

/**
 * Fingers on the glass for the touch tests: taps through Playwright's touchscreen, and drags and
 * pinches as the browser's own touch input (CDP `Input.dispatchTouchEvent`), so the page gets the same
 * pointer events (pointerType `touch`) and the orbit controls the same gestures a tablet gives.
 */

/** The tablet of the touch tests: 1024 x 768 with touch, one CSS pixel a device pixel. */
export const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
/** The phone: 390 x 844 with touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;

type Point = { x: number; y: number };

const sessions = new WeakMap<Page, CDPSession>();

async function cdp(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = await page.context().newCDPSession(page);
    sessions.set(page, s);
  }
  return s;
}

/** Where a piece is on screen now. */
export async function screenOfPiece(page: Page, key: string): Promise<Point> {
  const at = await page.evaluate((k) => window.__table!.project(k), key);
  expect(at, `${key} on screen`).not.toBeNull();
  return at!;
}

/** A finger's tap on a screen point. */
export async function tap(page: Page, at: Point): Promise<void> {
  await page.touchscreen.tap(at.x, at.y);
  await frames(page);
}

/** One finger pressed at `from`, moved to `to` in `steps` (a frame each), and lifted there. */
export async function fingerDrag(page: Page, from: Point, to: Point, steps = 8): Promise<void> {
  const s = await cdp(page);
  const point = (p: Point) => [{ x: p.x, y: p.y, id: 1, radiusX: 6, radiusY: 6, force: 1 }];
  await s.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await s.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }) });
    await frames(page);
  }
  await s.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(page);
}

/** Two fingers: from a pair of points to another pair (a pinch, or a two-finger pan). */
export async function twoFingers(page: Page, from: [Point, Point], to: [Point, Point], steps = 8): Promise<void> {
  const s = await cdp(page);
  const points = (a: Point, b: Point) => [
    { x: a.x, y: a.y, id: 1, radiusX: 6, radiusY: 6, force: 1 },
    { x: b.x, y: b.y, id: 2, radiusX: 6, radiusY: 6, force: 1 },
  ];
  await s.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from[0], from[1]) });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const lerp = (a: Point, b: Point) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    await s.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(lerp(from[0], to[0]), lerp(from[1], to[1])) });
    await frames(page);
  }
  await s.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(page);
}

/** The camera's pose now. */
export async function cameraPose(page: Page) {
  return page.evaluate(() => window.__table!.camera());
}

/** How far the camera moved between two poses (position and target, inches). */
export function cameraMoved(a: Awaited<ReturnType<typeof cameraPose>>, b: Awaited<ReturnType<typeof cameraPose>>): number {
  const d = (p: number[], q: number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
  return d(a.position, b.position) + d(a.target, b.target);
}

/** Nothing sticks out of its box: no scrolling needed, nothing cut off sideways. */
export async function fitsItsBox(page: Page, selector: string, what: string): Promise<void> {
  const s = await page.locator(selector).first().evaluate((el) => ({ sh: el.scrollHeight, ch: el.clientHeight, sw: el.scrollWidth, cw: el.clientWidth }));
  expect(s.sh, `${what}: height needed vs shown`).toBeLessThanOrEqual(s.ch + 1);
  expect(s.sw, `${what}: width needed vs shown`).toBeLessThanOrEqual(s.cw + 1);
}

/** axe-core on the page as it is (the bar over the table, the sheet): nothing serious or critical. */
export async function axeClean(page: Page, screen: string): Promise<void> {
  await frames(page);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(bad, `axe on ${screen}`).toEqual([]);
}
