#!/usr/bin/env node
// A scripted Hotseat Round in the built page, as two people would play it: the deployed demo loaded as a
// Hotseat game (no PINs unless --pins), each player's Combat Jump (the landing map, "Jump: roll PH",
// the ARO window handed over and back) and End turn, in headless Chromium (software WebGL, 960x540, as
// the browser tests do). It reports the longest main-thread task of each step (the Long Tasks API) and
// how long each landing map took. A script that reports, not a test with a time limit; the goal
// (docs/speed.md): no task over 200 ms outside the first load, each landing map under 1.5 s.
//
//   npm run hotseat-round [-- --no-build] [--port 4391] [--pins] [--profile out.cpuprofile] [--trace out.json] [--out-dir dir] [--detail]
//   [--profile out.cpuprofile --profile-step 'ARO window']   (a profile of each step whose name holds those words)
//
// Each step also says what it cost whatever the machine's load (scripts/pageCounts.mjs): the CPU time
// of the browser's GPU process (where software WebGL draws) and of the page's process, from the step's
// start (a hand-over's: from the click that passes the screen) until 300 ms after it; the frames drawn,
// shadow map passes, shader programs linked, canvas resizes and draw calls. --detail names the programs
// and the resizes, and splits the GPU process's CPU by thread.
// --out-dir builds into and serves another folder than dist/ (for a checkout others build in too).
// --trace writes a Chrome trace and reports, for each step's longest task, the main thread's own CPU
// time in it and how long it waited for the software renderer's frame.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildPage, launchChromium, options, root, servePage } from './pageScript.mjs';
import { browserCpu, countWebGL, cpuSpent } from './pageCounts.mjs';

const { opt, has } = options();
const port = Number(opt('port', '4391'));
const profileTo = opt('profile', null);
// --profile-step WORDS: the profile covers only the steps whose name holds WORDS (one file per step).
const profileStep = opt('profile-step', null);
const traceTo = opt('trace', null);
const pins = has('pins');
const game = resolve(root, 'examples/demo-deployed.json');
const outDir = opt('out-dir', null);
const detail = has('detail');

buildPage({ skip: has('no-build'), outDir });

/**
 * --trace: each step's longest main-thread task as the trace saw it: its wall time, the main thread's
 * own CPU time in it, and how long it waited for the WebGL frame to be read back (software WebGL draws
 * on the CPU; the page's compositor then waits for the frame: GLES2::ReadPixels).
 */
function traceReport(file) {
  const ev = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
  const names = new Map(ev.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const count = new Map();
  for (const e of ev) if (names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain') count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  const on = ev.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
  const marks = ev.filter((e) => e.name.startsWith('step: ')).sort((a, b) => a.ts - b.ts);
  console.log('Longest task of each step in the trace (wall; main thread CPU; waiting for the frame):');
  marks.forEach((m, i) => {
    const end = marks[i + 1]?.ts ?? Infinity;
    const tasks = on.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts >= m.ts && e.ts < end);
    const t = tasks.reduce((a, b) => (b.dur > (a?.dur ?? 0) ? b : a), null);
    if (!t) return;
    const read = on.filter((e) => e.name === 'GLES2::ReadPixels' && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur).reduce((a, e) => a + e.dur, 0);
    const ms = (us) => String(Math.round(us / 1000)).padStart(5);
    console.log(`  ${m.name.slice(6).padEnd(44)} ${ms(t.dur)} ms; ${ms(t.tdur ?? 0)} ms; ${ms(read)} ms`);
  });
}

/** Collects the page's long tasks (over 50 ms) from now on, in `window.__long`. */
function watchLongTasks() {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: false });
}

const { url, stop: stopServer } = await servePage(port, outDir);
const steps = [];
let browser;
try {
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  await page.addInitScript(countWebGL);
  const T = (ms = 120_000) => ({ timeout: ms });
  await page.goto(url);
  await page.getByTestId('table-view').and(page.locator('[data-ready="true"]')).waitFor(T());
  await page.waitForFunction(() => window.__table !== undefined, null, T());
  await page.getByTestId('start-demo').click();

  // New game: the deployed demo as a Hotseat game.
  await page.getByTestId('new-game').click();
  const dialog = page.getByTestId('new-game-dialog');
  await dialog.getByRole('radio', { name: /A game file/ }).check();
  await dialog.getByTestId('game-file').setInputFiles(game);
  await dialog.getByTestId('file-ok').waitFor(T());
  await dialog.getByRole('radio', { name: /^Hotseat/ }).check();
  await dialog.getByTestId('pins').setChecked(pins);
  await dialog.getByTestId('start-game').click();
  await dialog.waitFor({ state: 'hidden', ...T() });
  await page.evaluate(watchLongTasks);
  const atLoad = await page.evaluate(() => window.__glNotes.splice(0));
  if (detail) console.log(`Before the Round (the page's load, the demo, New game): ${atLoad.join('; ')}`);
  const cdp = profileTo ? await page.context().newCDPSession(page) : null;
  if (traceTo) await browser.startTracing(page, { path: traceTo, categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'gpu', 'cc', 'viz', 'blink.user_timing'] });
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    if (!profileStep) await cdp.send('Profiler.start');
  }
  let profiled = 0;

  // The browser runs under this script; its CPU is counted from the step's start, or from the click a
  // hand-over waits to make (not the second the cover stands there first).
  let cpuFrom = null;
  const cpuNow = () => browserCpu(process.pid, detail);
  /** Runs one step and notes its longest main-thread task, its wall time and what it cost. */
  const step = async (name, fn) => {
    const [from, gl0] = await page.evaluate((n) => [performance.mark(`step: ${n}`).startTime, { ...window.__gl }], name);
    cpuFrom = cpuNow();
    const t0 = Date.now();
    const profiling = cdp && profileStep && name.includes(profileStep);
    if (profiling) await cdp.send('Profiler.start');
    const extra = await fn();
    // Let what the step set going finish (a frame, the autosave) before reading the tasks.
    await page.waitForTimeout(300);
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      const to = `${profileTo.replace(/\.cpuprofile$/, '')}.${++profiled}.cpuprofile`;
      writeFileSync(to, JSON.stringify(profile));
      console.log(`      CPU profile of this step: ${to}`);
    }
    const cpu = cpuSpent(cpuFrom, cpuNow());
    const [longest, gl1, notes] = await page.evaluate((from) => [Math.max(0, ...window.__long.filter((t) => t.start >= from).map((t) => t.ms)), { ...window.__gl }, window.__glNotes.splice(0)], from);
    const gl = Object.fromEntries(Object.keys(gl1).map((k) => [k, gl1[k] - gl0[k]]));
    steps.push({ name, ms: Date.now() - t0, longest: Math.round(longest), cpu, gl, ...(extra ?? {}) });
    const costs = `${cpu ? `CPU ${String(cpu.gpu).padStart(4)} + ${String(cpu.page).padStart(4)} ms; ` : ''}${gl.frames} fr, ${gl.targets} sh, ${gl.programs} pr, ${gl.resizes} rs, ${gl.draws} draws`;
    console.log(`  ${name.padEnd(38)} ${String(Date.now() - t0).padStart(5)} ms wall, longest task ${String(Math.round(longest)).padStart(4)} ms; ${costs}${extra?.map ? `; landing map ${extra.map} ms` : ''}`);
    if (detail && (notes.length || cpu?.threads.length)) console.log(`      ${[...notes, cpu?.threads.map(([k, v]) => `${k} ${v}`).join(', ')].filter(Boolean).join('; ')}`);
  };
  const handOver = async (player) => {
    const cover = page.getByTestId('hand-over');
    await page.locator(`[data-testid="hand-over"][data-player="${player}"]`).waitFor(T());
    if (pins) {
      await page.getByTestId('pin-input').waitFor(T());
      const first = await page.getByTestId('pin-again').count();
      await page.getByTestId('pin-input').fill('246810');
      if (first) await page.getByTestId('pin-again').fill('246810');
      await page.locator('[data-testid="pin-submit"]:not([disabled])').waitFor(T());
      cpuFrom = cpuNow();
      await page.getByTestId('pin-submit').click();
    } else {
      await page.locator('[data-testid="hand-over-confirm"][data-armed="true"]').waitFor(T());
      cpuFrom = cpuNow();
      await page.getByTestId('hand-over-confirm').click();
    }
    await cover.waitFor({ state: 'hidden', ...T() });
  };
  /** An airborne trooper's jump: the map, a legal spot clicked, "Jump: roll PH". */
  const jump = async (trooper) => {
    let map = 0;
    await step(`${trooper}: landing map`, async () => {
      const t0 = Date.now();
      await page.getByTestId(`jump-${trooper}`).click();
      await page.getByTestId('jump-map-ready').waitFor(T());
      map = Date.now() - t0;
      return { map };
    });
    await page.keyboard.press('t');
    await page.waitForFunction(() => window.__table.camera().view === 'top' && !window.__table.camera().busy, null, T());
    // A legal cell near the middle of the table, seen by at least one enemy.
    const spot = await page.evaluate(() => {
      for (let r = 0; r < 20; r++)
        for (let dx = -r; dx <= r; dx++)
          for (const dy of [-r, r]) {
            const x = 24 + dx;
            const y = 24 + dy;
            const c = window.__jump.cell(x, y);
            if (c && c.exposure > 0) return { x, y, z: c.height };
          }
      return null;
    });
    if (!spot) throw new Error(`no legal spot for ${trooper}`);
    const at = await page.evaluate(([x, y, z]) => window.__table.projectPoint(x, y, z), [spot.x, spot.y, spot.z]);
    await page.mouse.move(at.x - 3, at.y - 3);
    await page.mouse.move(at.x, at.y, { steps: 2 });
    await page.waitForFunction(() => window.__jump.state().hover !== null, null, T());
    await page.mouse.click(at.x, at.y);
    await page.getByTestId('jump-pinned').waitFor(T());
    // CJ-11: where the other player may have a hacker, they are asked on their screen before the roll.
    const player = await page.evaluate(() => window.__table.game().seat);
    const other = player === 'A' ? 'B' : 'A';
    if (await page.getByTestId('jump-ask').count()) {
      await page.getByTestId('jump-ask').click();
      await step(`hand-over to ${other} (Controlled Jump?)`, () => handOver(other));
      await step(`${other}: no Controlled Jump`, () => page.getByTestId('controlled-jump-none').click());
      await step(`hand-over back to ${player}`, () => handOver(player));
    }
    // The demo plays with dice typed in by hand: the PH roll's die.
    if (await page.getByTestId('jump-roll').count()) await page.getByTestId('jump-roll').fill('5');
    await step(`${trooper}: Jump: roll PH`, async () => {
      await page.getByTestId('jump-go').click();
      await page.waitForFunction((t) => window.__table.game().handOverTo !== null || window.__table.view().troopers[t]?.status !== 'off-table', trooper, T());
    });
  };
  const endTurn = async () => {
    await page.getByTestId('end-turn').click();
    if (await page.getByTestId('end-turn-ask').count()) await page.getByTestId('end-turn-confirm').click();
  };
  /** The ARO window (if handed over): the reactive player declares no ARO, the screen comes back. */
  const window1 = async (active, reactive) => {
    const handed = await page.evaluate(() => window.__table.game().handOverTo);
    if (handed !== reactive) return;
    await step(`hand-over to ${reactive} (ARO window)`, () => handOver(reactive));
    await step(`${reactive}: No ARO`, () => page.getByTestId('declare-aros').click());
    await step(`hand-over back to ${active}`, () => handOver(active));
  };

  console.log(`Hotseat Round 1 of the demo${pins ? ' (with PINs)' : ''} (CPU: GPU process + page; fr frames, sh shadow map passes, pr programs linked, rs canvas resizes):`);
  await step('hand-over to B (first turn)', () => handOver('B'));
  await jump('b-harrier');
  await window1('B', 'A');
  await step('B: End turn', endTurn);
  await step('hand-over to A (second turn)', () => handOver('A'));
  await jump('a-skyfall');
  await window1('A', 'B');
  await step('A: End turn', endTurn);
  await step('hand-over to B (round 2)', () => handOver('B'));

  if (cdp && !profileStep) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileTo, JSON.stringify(profile));
    console.log(`  CPU profile: ${profileTo}`);
  }
  if (traceTo) {
    await browser.stopTracing();
    console.log(`  trace: ${traceTo}`);
    traceReport(traceTo);
  }
  const worst = steps.reduce((a, b) => (b.longest > a.longest ? b : a));
  const overs = steps.filter((s) => s.name.startsWith('hand-over'));
  const sum = (f) => overs.reduce((a, s) => a + f(s), 0);
  if (overs[0]?.cpu) console.log(`Hand-overs (${overs.length}): GPU process CPU ${Math.min(...overs.map((s) => s.cpu.gpu))}-${Math.max(...overs.map((s) => s.cpu.gpu))} ms each; ${sum((s) => s.gl.frames)} frames, ${sum((s) => s.gl.targets)} shadow passes, ${sum((s) => s.gl.programs)} programs, ${sum((s) => s.gl.resizes)} resizes in all`);
  const maps = steps.filter((s) => s.map !== undefined);
  console.log(`Longest main-thread task: ${worst.longest} ms (${worst.name}); goal: none over 200 ms`);
  console.log(`Landing maps: ${maps.map((s) => `${s.name.split(':')[0]} ${s.map} ms`).join(', ')}; goal: under 1500 ms`);
} finally {
  await browser?.close();
  stopServer();
}
