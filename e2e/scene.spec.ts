import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cameraSettled, canvasShot, countColours, difference, frames, openTable, SCREENS, watchConsole } from './helpers';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');

test('the demo table is drawn: terrain, zones, objectives and both armies in their colours', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');

  // Replayed through the engine: the deployment is over and the first turn has begun.
  await expect(page.getByTestId('game-status')).toContainText('Round 1');

  const pieces = await page.evaluate(() => window.__table!.pieces());
  const models = pieces.filter((p) => p.kind === 'model');
  expect(models.filter((p) => p.player === 'A').length).toBeGreaterThanOrEqual(6);
  expect(models.filter((p) => p.player === 'B').length).toBeGreaterThanOrEqual(6);
  expect(pieces.some((p) => p.kind === 'marker')).toBe(true);
  // Framed on load: every model is on screen.
  for (const p of models) expect(p.screen, p.key).not.toBeNull();

  const colours = countColours(await canvasShot(page));
  expect(colours.distinct, 'distinct colours').toBeGreaterThanOrEqual(40);
  expect(colours.orange, 'red-orange pixels (Player A)').toBeGreaterThan(150);
  expect(colours.blue, 'blue pixels (Player B)').toBeGreaterThan(80);
  expect(colours.violet, 'violet pixels (objectives)').toBeGreaterThan(10);

  expect(log.errors, 'console errors').toEqual([]);
});

test('clicking a trooper highlights it and shows its profile card; hover names it; Escape clears', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');
  await expect(page.getByTestId('profile-card-empty')).toBeVisible();

  const at = await page.evaluate(() => window.__table!.project('a-ironclad'));
  expect(at).not.toBeNull();
  await page.mouse.move(at!.x, at!.y);
  await expect(page.getByTestId('tooltip')).toHaveText('Ironclad TAG');
  await page.mouse.click(at!.x, at!.y);

  const card = page.getByTestId('profile-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('card-name')).toHaveText('Ironclad TAG');
  await expect(card.getByTestId('card-player')).toContainText('Ember Directorate');
  const stats = card.getByTestId('card-stats');
  for (const label of ['S', 'WIP', 'PH', 'ARM', 'BTS', 'W']) await expect(stats).toContainText(label);
  await expect(stats).toContainText('7'); // S7
  await expect(card.getByTestId('card-status')).toContainText('On the table');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-card-empty')).toBeVisible();

  // A skilled trooper's card lists its skills; clicking empty table clears the selection.
  const lt = await page.evaluate(() => window.__table!.project('b-ishii'));
  await page.mouse.click(lt!.x, lt!.y);
  await expect(card.getByTestId('card-name')).toHaveText('Commander Ishii');
  await expect(card.getByTestId('card-skills')).toContainText('Lieutenant');
  const empty = await page.evaluate(() => window.__table!.projectPoint(46.5, 1.5));
  await page.mouse.click(empty!.x, empty!.y);
  await expect(page.getByTestId('profile-card-empty')).toBeVisible();

  expect(log.errors, 'console errors').toEqual([]);
});

test('the top-down button changes the view, and Reset brings the table back', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');
  const before = await page.evaluate(() => window.__table!.camera());
  const shotBefore = await canvasShot(page);

  await page.getByRole('button', { name: /Top-down/ }).click();
  await cameraSettled(page, 'top');
  const top = await page.evaluate(() => window.__table!.camera());
  // Straight down over the table: the camera stands above its target.
  expect(Math.abs(top.position[0] - top.target[0])).toBeLessThan(0.5);
  expect(Math.abs(top.position[2] - top.target[2])).toBeLessThan(0.5);
  expect(top.position[1]).toBeGreaterThan(before.position[1]);
  expect(difference(shotBefore, await canvasShot(page)), 'share of pixels changed').toBeGreaterThan(0.1);
  await expect(page.getByRole('button', { name: /Top-down/ })).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('r');
  await cameraSettled(page, 'reset');
  const back = await page.evaluate(() => window.__table!.camera());
  for (let i = 0; i < 3; i++) expect(back.position[i]).toBeCloseTo(before.position[i]!, 1);

  // Z: the viewer's own zone, from behind its edge (Player A's, in the south, in solo).
  await page.keyboard.press('z');
  await cameraSettled(page, 'zone');
  const zone = await page.evaluate(() => window.__table!.camera());
  expect(zone.position[2]).toBeGreaterThan(0); // beyond the south edge: three +z
  expect(zone.position[1]).toBeLessThan(back.position[1]); // lower than the whole-table view

  // Orbiting by hand frees the camera; a new window size then leaves it where the user put it.
  const box = (await page.getByTestId('table-view').locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  const orbited = await page.evaluate(() => window.__table!.camera());
  expect(orbited.view).toBe('free');
  expect(Math.abs(orbited.position[0] - zone.position[0])).toBeGreaterThan(1);
  await page.setViewportSize({ width: 900, height: 520 });
  await page.waitForTimeout(300);
  const resized = await page.evaluate(() => window.__table!.camera());
  expect(resized.view).toBe('free');
  for (let i = 0; i < 3; i++) expect(resized.position[i]).toBeCloseTo(orbited.position[i]!, 3);

  expect(log.errors, 'console errors').toEqual([]);
});

test('hover labels follow what is under the pointer: the camera moving (T) takes them away from a piece no longer there', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');
  const tooltip = page.getByTestId('tooltip');
  const at = (await page.evaluate(() => window.__table!.project('a-ironclad')))!;
  await page.mouse.move(at.x - 2, at.y - 2);
  await page.mouse.move(at.x, at.y, { steps: 2 });
  await expect(tooltip).toHaveText('Ironclad TAG');
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
  // Nothing stands under the resting pointer now (no piece projects near it): no label.
  const near = (await page.evaluate(() => window.__table!.pieces())).filter((p) => p.screen && Math.hypot(p.screen.x - at.x, p.screen.y - at.y) < 30);
  expect(near).toEqual([]);
  await expect(tooltip).not.toHaveClass(/shown/);
  await expect(tooltip).toHaveText('');

  // The Line of Fire tool's label over an enemy goes the same way.
  await page.keyboard.press('r');
  await cameraSettled(page, 'reset');
  await page.keyboard.press('l');
  const kai = (await page.evaluate(() => window.__table!.project('b-kai')))!;
  await page.mouse.click(kai.x, kai.y);
  await page.waitForFunction(() => window.__table!.tools().lof?.shooter === 'b-kai');
  const m = (await page.evaluate(() => window.__table!.project('A-m1')))!;
  await page.mouse.move(m.x - 2, m.y - 2);
  await page.mouse.move(m.x, m.y, { steps: 2 });
  await expect(page.getByTestId('lof-label')).toBeVisible();
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
  await expect(page.getByTestId('lof-label')).toBeHidden();
  expect((await page.evaluate(() => window.__table!.tools())).inspected).toBeNull();
  expect(log.errors, 'console errors').toEqual([]);
});

test('TO markers and HD tokens read at default zoom: a badge over each, in its player\'s colour, even behind a wall', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');
  await page.mouse.move(0, 0);
  await frames(page);
  const shot = await canvasShot(page);
  /** The colours around the spot over a token where its badge stands, a 24 px square. */
  const around = async (x: number, y: number) => {
    const p = (await page.evaluate(([x, y]) => window.__table!.projectPoint(x!, y!, 0.83), [x, y]))!;
    return countColours({ ...shot, x0: Math.round(p.x - 12), x1: Math.round(p.x + 12), y0: Math.round(p.y - 12), y1: Math.round(p.y + 12) });
  };
  // A-m1 (the Veil Sniper's marker) stands just behind ruin-west's wall: its badge shows over it.
  expect((await around(16.5, 21.5)).orange, 'Player A orange around A-m1').toBeGreaterThan(60);
  // Solo sees B's hidden Wraith: a dark badge with a light dashed ring, not lost in the blue zone.
  const p = (await page.evaluate(() => window.__table!.projectPoint(44, 37.5, 0.83)))!;
  let white = 0;
  for (let y = Math.round(p.y - 12); y < p.y + 12; y++) {
    for (let x = Math.round(p.x - 12); x < p.x + 12; x++) {
      const i = (y * shot.png.width + x) * 4;
      if (Math.min(shot.png.data[i]!, shot.png.data[i + 1]!, shot.png.data[i + 2]!) > 225) white++;
    }
  }
  expect(white, 'the badge\'s white letters over the HD token').toBeGreaterThan(15);
  await page.screenshot({ path: `${SCREENS}/markers-default-zoom.png` });
  expect(log.errors, 'console errors').toEqual([]);
});

test('each player sees only their view: no enemy hidden trooper, enemy markers without a name', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  const solo = await page.evaluate(() => window.__table!.pieces());
  expect(solo.find((p) => p.key === 'b-wraith')?.kind).toBe('hidden');

  await page.getByTestId('viewer').selectOption('A');
  await page.waitForFunction(() => !window.__table!.pieces().some((p) => p.key === 'b-wraith'));
  const a = await page.evaluate(() => window.__table!.pieces());
  expect(a.find((p) => p.key === 'A-m1')?.label).toContain('Veil Sniper');

  await page.getByTestId('viewer').selectOption('B');
  await page.waitForFunction(() => window.__table!.pieces().some((p) => p.key === 'b-wraith'));
  const b = await page.evaluate(() => window.__table!.pieces());
  const marker = b.find((p) => p.key === 'A-m1');
  expect(marker?.label).toBe('A-m1');
  // Hovering the enemy marker names it by its marker id only.
  const at = await page.evaluate(() => window.__table!.project('A-m1'));
  await page.mouse.move(at!.x, at!.y);
  await expect(page.getByTestId('tooltip')).toHaveText('A-m1');

  expect(log.errors, 'console errors').toEqual([]);
});

test('README screenshot: the demo table at 1280 x 720 saved to docs/table.png', async ({ page }) => {
  const log = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openTable(page);
  await cameraSettled(page, 'reset');
  // With one trooper selected, so the picture shows a profile card too.
  const at = await page.evaluate(() => window.__table!.project('a-ironclad'));
  await page.mouse.click(at!.x, at!.y);
  await expect(page.getByTestId('card-name')).toHaveText('Ironclad TAG');
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shot = await page.screenshot();
  mkdirSync(docs, { recursive: true });
  writeFileSync(join(docs, 'table.png'), shot);
  expect(countColours(await canvasShot(page)).orange).toBeGreaterThan(150);
  expect(log.errors, 'console errors').toEqual([]);
});

test('software WebGL: no multisampling; while the camera orbits the table is drawn with fewer pixels and no shadows, and in full once it stops', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');
  const size = () => page.evaluate(() => {
    const c = document.querySelector('[data-testid="table-view"] canvas') as HTMLCanvasElement;
    return { backing: c.width, css: c.clientWidth, dpr: window.devicePixelRatio };
  });
  const still = await size();
  expect(still.backing).toBe(Math.round(still.css * still.dpr));
  // Software WebGL smooths no edges (multisampling would cost it as much as the rest of a frame),
  // and at rest the meshes look up the sun's shadow.
  const atRest = await page.evaluate(() => window.__table!.renderer());
  expect(atRest.antialias).toBe(false);
  expect(atRest.shadowsReceived).toBeGreaterThan(3);
  // A drag made inside the page, one pointer move a frame; the backing store is measured mid-drag.
  const during = await page.evaluate(
    () =>
      new Promise<{ smallest: number; shadows: number }>((resolve) => {
        const c = document.querySelector('[data-testid="table-view"] canvas') as HTMLCanvasElement;
        const r = c.getBoundingClientRect();
        const fire = (type: string, x: number) =>
          c.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1, clientX: x, clientY: r.top + r.height / 2 }));
        let x = r.left + r.width / 2 - 100;
        fire('pointerdown', x);
        let n = 0;
        let smallest = c.width;
        let shadows = Infinity;
        const step = () => {
          x += 4;
          fire('pointermove', x);
          smallest = Math.min(smallest, c.width);
          shadows = Math.min(shadows, window.__table!.renderer().shadowsReceived);
          if (++n < 20) requestAnimationFrame(step);
          else {
            fire('pointerup', x);
            resolve({ smallest, shadows });
          }
        };
        requestAnimationFrame(step);
      }),
  );
  // Mid-drag: fewer pixels, and no shadow looked up.
  expect(during.smallest).toBeLessThan(still.backing * 0.5);
  expect(during.shadows).toBe(0);
  await expect.poll(async () => (await size()).backing, { timeout: 5_000 }).toBe(still.backing);
  await expect.poll(async () => (await page.evaluate(() => window.__table!.renderer())).shadowsReceived, { timeout: 5_000 }).toBe(atRest.shadowsReceived);
  // And a frame is drawn at full resolution: the table is there, sharp, in both armies' colours.
  await frames(page);
  const colours = countColours(await canvasShot(page));
  expect(colours.orange).toBeGreaterThan(150);
  expect(colours.blue).toBeGreaterThan(80);
  expect(log.errors, 'console errors').toEqual([]);
});
