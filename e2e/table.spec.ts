import { expect, test } from '@playwright/test';
import { decodePng } from './png';

test('the page shows the header and a rendered 3D table', async ({ page }) => {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const threeWarnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
    if (msg.type() === 'warning' && msg.text().startsWith('THREE.')) threeWarnings.push(msg.text());
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));

  await page.goto('/');

  await expect(page.locator('header h1')).toHaveText('Infinity Table');

  // The app flags data-ready after R3F has created the canvas and drawn a frame.
  const view = page.getByTestId('table-view');
  await expect(view).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
  // The page opens on the start panel; the demo lies behind it.
  await page.getByTestId('start-demo').click();
  await page.waitForTimeout(500);

  const canvas = view.locator('canvas');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box, 'canvas has a bounding box').not.toBeNull();
  if (!box) return;
  expect(box.width).toBeGreaterThan(100);
  expect(box.height).toBeGreaterThan(100);

  // Screenshot the page (the WebGL buffer is not preserved, so we don't read the canvas).
  const png = decodePng(await page.screenshot());
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(png.width, Math.floor(box.x + box.width));
  const y1 = Math.min(png.height, Math.floor(box.y + box.height));

  const counts = new Map<number, number>();
  let total = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      // Quantise each channel to 4 bits.
      const key =
        (((png.data[i] ?? 0) >> 4) << 8) | (((png.data[i + 1] ?? 0) >> 4) << 4) | ((png.data[i + 2] ?? 0) >> 4);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      total++;
    }
  }
  const dominant = Math.max(...counts.values());

  expect(total).toBeGreaterThan(0);
  expect(counts.size, 'distinct quantised colours in the canvas').toBeGreaterThanOrEqual(5);
  expect(dominant / total, 'share of the most common colour').toBeLessThanOrEqual(0.95);

  expect(consoleErrors, 'console errors').toEqual([]);
  expect(pageErrors, 'page errors').toEqual([]);
  // No deprecation warnings from three.js (React Three Fiber's THREE.Clock used to write one per canvas).
  expect(threeWarnings, 'three.js warnings').toEqual([]);
});
