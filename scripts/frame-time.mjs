#!/usr/bin/env node
// The table's frame time while the camera orbits: builds the page, serves it, opens it in headless
// Chromium (software WebGL, 960x540, as the browser tests do), loads the mid-game table
// (examples/midgame.json: both armies, 30 troopers) through the page's Load button, drags the camera
// round for a few seconds and reports the milliseconds between the frames it drew. A script that
// reports, not a test with a time limit.
//
//   npm run frame-time [-- --no-build] [--seconds 4] [--port 4390] [--shot file.png] [--cdp]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { buildPage, launchChromium, options, root, servePage } from './pageScript.mjs';

const { opt, has } = options();
const seconds = Number(opt('seconds', '4'));
const port = Number(opt('port', '4390'));
const shot = opt('shot', null);
const game = resolve(root, opt('game', 'examples/midgame.json'));

buildPage({ skip: has('no-build') });

/** Counts the draw calls of every WebGL context, so a frame that drew something can be told from one that did not. */
function countDraws() {
  window.__draws = 0;
  for (const proto of [window.WebGLRenderingContext?.prototype, window.WebGL2RenderingContext?.prototype]) {
    if (!proto) continue;
    for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced']) {
      const f = proto[name];
      if (typeof f !== 'function') continue;
      proto[name] = function (...a) {
        window.__draws++;
        return f.apply(this, a);
      };
    }
  }
}

const { url, stop: stopServer } = await servePage(port);
let browser;
try {
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  await page.addInitScript(countDraws);
  await page.goto(url);
  await page.locator('[data-testid="table-view"][data-ready="true"]').waitFor({ timeout: 60_000 });
  // The start panel, where there is one: look around the demo first.
  const look = page.getByTestId('start-demo');
  if (await look.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
    await look.click();
    await page.getByTestId('start-panel').waitFor({ state: 'detached', timeout: 10_000 });
  }
  await page.waitForFunction(() => window.__table !== undefined, null, { timeout: 30_000 });
  await page.getByTestId('load-input').setInputFiles(game);
  // Loaded once the page holds every command of the file.
  const commands = JSON.parse(readFileSync(game, 'utf8')).commands.length;
  await page.waitForFunction((n) => window.__table.game().commands === n, commands, { timeout: 60_000 });
  // Let the loaded table draw and settle.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
  const box = await page.getByTestId('table-view').locator('canvas').boundingBox();
  if (!box) throw new Error('the table has no canvas');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;

  // Record every animation frame and the draw calls made up to it.
  await page.evaluate(() => {
    window.__frames = [];
    window.__recording = true;
    const tick = (t) => {
      window.__frames.push([t, window.__draws]);
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // Orbit: drag across the table and back in small steps. By default the drag is made inside the page,
  // one pointer move each animation frame, so the figure is the table's own frame time; `--cdp` moves
  // the mouse from here instead (each move a round trip to the browser, which then sets the pace).
  let moves = 0;
  let frames;
  if (has('cdp')) {
    await page.mouse.move(cx - 150, cy);
    await page.mouse.down();
    const end = Date.now() + seconds * 1000;
    let x = -150;
    let dir = 1;
    while (Date.now() < end) {
      x += 3 * dir;
      if (Math.abs(x) >= 150) dir = -dir;
      await page.mouse.move(cx + x, cy + Math.sin(x / 40) * 20);
      moves += 1;
    }
    await page.mouse.up();
    frames = await page.evaluate(() => {
      window.__recording = false;
      return window.__frames;
    });
  } else {
    const r = await page.evaluate(
      ({ cx, cy, ms }) =>
        new Promise((resolve) => {
          const canvas = document.querySelector('[data-testid="table-view"] canvas');
          const fire = (type, x, y) =>
            canvas.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, composed: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1, clientX: x, clientY: y }));
          let x = -150;
          let dir = 1;
          let n = 0;
          fire('pointerdown', cx + x, cy);
          const end = performance.now() + ms;
          const step = () => {
            if (performance.now() >= end) {
              fire('pointerup', cx + x, cy);
              window.__recording = false;
              resolve({ frames: window.__frames, moves: n });
              return;
            }
            x += 3 * dir;
            if (Math.abs(x) >= 150) dir = -dir;
            fire('pointermove', cx + x, cy + Math.sin(x / 40) * 20);
            n += 1;
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }),
      { cx, cy, ms: seconds * 1000 },
    );
    frames = r.frames;
    moves = r.moves;
  }
  if (shot) await page.screenshot({ path: shot });

  // The frames that drew something, and the time between one and the next.
  const drawn = [];
  const calls = [];
  for (let i = 1; i < frames.length; i++) {
    if (frames[i][1] > frames[i - 1][1]) {
      drawn.push(frames[i][0]);
      calls.push(frames[i][1] - frames[i - 1][1]);
    }
  }
  const gaps = drawn.slice(1).map((t, i) => t - drawn[i]);
  if (gaps.length < 5) throw new Error(`only ${drawn.length} frames drew while the camera moved`);
  gaps.sort((a, b) => a - b);
  const mean = (drawn.at(-1) - drawn[0]) / gaps.length;
  const median = gaps[Math.floor(gaps.length / 2)];
  const p90 = gaps[Math.floor(gaps.length * 0.9)];
  const pieces = await page.evaluate(() => window.__table.pieces().length);
  console.log(`Frame time, camera orbiting, 960x540, software WebGL, ${pieces} pieces on the table (${game.replace(root + '/', '')}):`);
  console.log(`  ${drawn.length} frames drawn in ${(seconds).toFixed(0)} s of dragging: ${mean.toFixed(1)} ms a frame on average, median ${median.toFixed(1)} ms, 90th percentile ${p90.toFixed(1)} ms`);
  calls.sort((a, b) => a - b);
  console.log(`  ${calls[Math.floor(calls.length / 2)]} draw calls a frame (median), ${frames.length} animation frames in all, ${moves} pointer moves (${has('cdp') ? 'from outside the page' : 'inside the page, one each animation frame'})`);
  console.log(`  goal: at most 33 ms a frame: ${mean <= 33 ? 'met' : 'NOT met'} (load average ${loadavg()[0].toFixed(2)})`);
} finally {
  await browser?.close();
  stopServer();
}
