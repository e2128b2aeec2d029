/**
 * npm run bench: the speed of the table's hot questions, each against a baseline in the same run,
 * each printed with its goal (never a pass/fail: times depend on the machine and on what else runs).
 *
 * On the mid-game table (examples/midgame.json: the demo terrain, 15 troopers a side in the open):
 *  - Line of Fire over every ordered pair of opposing troopers, BVH against the plain Raycaster;
 *  - the ARO scan of a 6" path (ARO-1 as `eligibleIn` judges a Move's window), the same two ways and
 *    point by point;
 *  - the replay through `apply` of a 1,000-command game played on from it (Moves, close combat and Coordinated Moves).
 * Line of Fire is the same both ways for two troopers facing each other (LOF-1): the pairs check it.
 * On the deployed demo (examples/demo-deployed.json):
 *  - every pair's Line of Fire, as before;
 *  - the landing map (TOOL-4) at 0.5" over two worker threads against one, and in this thread through
 *    the BVH against the plain Raycaster (on a quarter of the rows: the baseline takes long).
 * The bot's decision times (bench/botBench.ts): an Order and an ARO of bot:normal, in games against greedy.
 * And, last (it takes 128 MiB a guess and disturbs nothing before it), the cost of one guess at a
 * Hotseat PIN for someone holding the storage: the shipped Argon2id seal against the PBKDF2 one of before.
 *
 *   npm run bench      (scripts/bench.mjs bundles this with esbuild and runs it: the code as shipped)
 *   npm run bench -- --replay   (the replay alone)
 */
import { cpus, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { replay } from '../src/core/engine';
import { parseGameFileText } from '../src/core/gamefile';
import type { GameFile, GameState, Setup } from '../src/core/model/types';
import type { EngineContext } from '../src/core/ports';
import type { LandingMap } from '../src/core/rules/landing';
import { createSceneryIndex } from '../src/spatial/sceneryIndex';
import { inThread, threadBench, type ThreadFigures } from './landingBench';
import { longGame, longGameCounts } from './longGame';
import { argon2Guesses, pbkdf2Guesses, type GuessTiming, type PinFigures } from './pinBench';
import { replayBench } from './replayBench';
import { botBench } from './botBench';
import { aroScan, aroScanPointByPoint, facingPairs, openPaths, opposingPairs, pairsBench, scanBench, verticalPaths, type PathCase, type ScanFigures } from './sightBench';
import { ms, ratio, type Figure, type Timing } from './timing';

const root = resolve(import.meta.dirname, '..');
const figures: Figure[] = [];

function load(name: string): { file: GameFile; state: GameState } {
  const file = parseGameFileText(readFileSync(resolve(root, 'examples', name), 'utf8'));
  const { commands: _c, ...setup } = file;
  const played = replay(file, { scenery: createSceneryIndex(setup) });
  if (played.rejected) throw new Error(`${name} does not replay: ${played.rejected.message}`);
  return { file, state: played.state };
}

/*
 * Each figure is measured in two parts: the fast way first (the BVH), for every figure, and only then
 * the baselines (the plain Raycaster). Both ray engines answer through the same calls; once the plain
 * one has run, those calls serve two kinds of object and the engine's compiled code for them slows,
 * which the page (one ray engine only) never sees.
 */

interface PairsRun {
  name: string;
  what: string;
  goalMs: number;
  goalRatio: number;
  setup: Setup;
  state: GameState;
  list: [string, string][];
  bvh: Timing & { visible: number };
}

/** `goalRatio` 0: the ratio is shown but sets no goal (on the demo most answers need no ray at all). */
function pairsFast(name: string, goalMs: number, goalRatio: number, what: string): PairsRun {
  const { file, state } = load(name);
  const { commands: _c, ...setup } = file;
  const list = opposingPairs(state);
  return { name, what, goalMs, goalRatio, setup, state, list, bvh: pairsBench(setup, state, list, 'bvh', 31) };
}

function pairsBaseline(r: PairsRun): void {
  const { bvh } = r;
  const plain = pairsBench(r.setup, r.state, r.list, 'plain', 7);
  if (bvh.visible !== plain.visible) throw new Error(`the two ray engines disagree: ${bvh.visible} against ${plain.visible} pairs seen`);
  const standing = new Set(r.list.flat()).size;
  // LOF-1: every pair that faces each other has the same answer both ways.
  const facing = facingPairs(r.state, r.list, createSceneryIndex(r.setup, 'bvh'));
  console.log(`${r.what} (examples/${r.name}): ${standing} troopers on the table, ${r.list.length} ordered pairs of opponents, ${bvh.visible} with Line of Fire; ${facing} pairs facing each other, each the same both ways`);
  console.log(`  Line of Fire, every pair: BVH ${ms(bvh.cpu)} (wall ${ms(bvh.median)}, best ${ms(bvh.best)}), plain Raycaster ${ms(plain.cpu)} (wall ${ms(plain.median)}): ${ratio(plain.cpu, bvh.cpu)}`);
  figures.push({
    what: `${r.what}: every pair's Line of Fire`,
    figure: ms(bvh.cpu),
    baseline: `${ratio(plain.cpu, bvh.cpu)} the plain Raycaster (${ms(plain.cpu)})`,
    goal: r.goalRatio > 0 ? `under ${r.goalMs} ms, at least ${r.goalRatio}x` : `under ${r.goalMs} ms`,
    met: bvh.cpu < r.goalMs && plain.cpu / bvh.cpu >= r.goalRatio,
  });
}

interface ScanRun {
  setup: Setup;
  state: GameState;
  paths: PathCase[];
  bvhCtx: EngineContext;
  bvh: ScanFigures;
  each: ScanFigures;
}

function scansFast(): ScanRun {
  const { file, state } = load('midgame.json');
  const { commands: _c, ...setup } = file;
  const bvhCtx = { scenery: createSceneryIndex(setup, 'bvh') };
  const paths = openPaths(state, bvhCtx, 6);
  if (paths.length === 0) throw new Error('no 6" path through the open in the mid-game');
  // Issue 37: a Climb onto a block and a Jump down from it, scanned as the Moves are.
  const vertical = verticalPaths(state, bvhCtx);
  if (vertical.length === 0) throw new Error('no block in the mid-game to climb and jump down from');
  paths.push(...vertical);
  const bvh = scanBench(bvhCtx, paths, aroScan, 9);
  const each = scanBench(bvhCtx, paths, aroScanPointByPoint, 3);
  return { setup, state, paths, bvhCtx, bvh, each };
}

function scansBaseline(r: ScanRun): void {
  const { paths, bvh, each, bvhCtx, state } = r;
  const plainCtx = { scenery: createSceneryIndex(r.setup, 'plain') };
  const plain = scanBench(plainCtx, paths, aroScan, 3);
  // Every way gives the same troopers.
  for (const p of paths) {
    const want = JSON.stringify(aroScanPointByPoint(bvhCtx, p));
    if (JSON.stringify(aroScan(bvhCtx, p)) !== want || JSON.stringify(aroScan(plainCtx, p)) !== want) throw new Error(`the ARO scans of ${p.trooper}'s path disagree`);
  }
  const worst = Math.max(...bvh.perPath);
  console.log(`  ARO scan of a 6" path (${paths.length} paths of ${paths[0]!.points.length} points, one for each of ${state.active}'s troopers with MOV 6, and the last two a Climb onto a block and a Jump down from it; ${possible(state)} enemies each, ${bvh.eligible} eligible in all):`);
  console.log(`    BVH ${ms(bvh.mean.cpu)} a path (wall ${ms(bvh.mean.median)}; by path: ${paths.map((p, i) => `${p.trooper} ${bvh.perPath[i]!.toFixed(1)}`).join(', ')})`);
  console.log(`    plain Raycaster ${ms(plain.mean.cpu)} a path: ${ratio(plain.mean.cpu, bvh.mean.cpu)}; point by point through the BVH, no run proofs: ${ms(each.mean.cpu)}: ${ratio(each.mean.cpu, bvh.mean.cpu)}`);
  figures.push({
    what: 'mid-game: ARO scan of a 6" path',
    figure: `${ms(bvh.mean.cpu)} a path (slowest path ${ms(worst)})`,
    baseline: `${ratio(plain.mean.cpu, bvh.mean.cpu)} the plain Raycaster, ${ratio(each.mean.cpu, bvh.mean.cpu)} point by point`,
    goal: 'under 8 ms a path',
    met: bvh.mean.cpu < 8,
  });
}

function possible(state: GameState): number {
  return Object.values(state.troopers).filter((t) => t.player !== state.active && (t.status === 'model' || t.status === 'marker')).length;
}

interface LandingRun {
  state: GameState;
  jumper: string;
  two: ThreadFigures;
  one: ThreadFigures;
  here: Timing & { map: LandingMap };
  quarterBvh: Timing & { map: LandingMap };
}

async function landingFast(): Promise<LandingRun> {
  const { file, state } = load('demo-deployed.json');
  const airborne = Object.entries(state.troopers).filter(([, t]) => t.status === 'off-table').map(([id]) => id);
  const profiles = [...file.players.A.troopers, ...file.players.B.troopers];
  const jumper = airborne.find((id) => profiles.find((p) => p.id === id)?.s === 2) ?? airborne[0];
  if (!jumper) throw new Error('no airborne trooper in the demo');
  const two = await threadBench(state, jumper, 0.5, 2, 5);
  const one = await threadBench(state, jumper, 0.5, 1, 3);
  const here = inThread(state, jumper, 0.5, 'bvh', 1, 3);
  const quarterBvh = inThread(state, jumper, 0.5, 'bvh', 4, 3);
  return { state, jumper, two, one, here, quarterBvh };
}

function landingBaseline(r: LandingRun): void {
  const { state, jumper, two, one, here, quarterBvh } = r;
  const quarterPlain = inThread(state, jumper, 0.5, 'plain', 4, 1);
  for (const m of [one.map, here.map]) if (JSON.stringify(Array.from(m.exposure)) !== JSON.stringify(Array.from(two.map.exposure))) throw new Error('the split landing map differs from the whole');
  for (let i = 0; i < quarterBvh.map.exposure.length; i++) if (quarterBvh.map.exposure[i] !== quarterPlain.map.exposure[i]) throw new Error('the two ray engines disagree on the landing map');
  const cells = two.map.exposure.length;
  const legal = two.map.exposure.filter((e) => e >= 0).length;
  const enemies = Object.values(state.troopers).filter((t) => t.player !== state.troopers[jumper]!.player && (t.status === 'model' || t.status === 'marker')).length;
  console.log(`  Landing map of ${jumper}: ${cells.toLocaleString('en')} spots at 0.5", ${legal.toLocaleString('en')} legal, ${enemies} enemies looked from at each`);
  console.log(`    two worker threads ${ms(two.median)} (best ${ms(two.best)}, ${two.reports} progress reports, rising to 1: ${two.rising ? 'yes' : 'NO'}); one worker thread ${ms(one.median)} (best ${ms(one.best)}): ${ratio(one.best, two.best)}`);
  console.log(`    in this thread: BVH ${ms(here.cpu)} (wall ${ms(here.median)}); on a quarter of the rows, BVH ${ms(quarterBvh.cpu)} against the plain Raycaster ${ms(quarterPlain.cpu)}: ${ratio(quarterPlain.cpu, quarterBvh.cpu)}`);
  // Two threads share the machine's two cores with whatever else runs: judged on the best run.
  figures.push({
    what: 'demo: landing map, 9,216 spots',
    figure: `${ms(two.best)} (two workers, best of ${two.runs}; median ${ms(two.median)})`,
    baseline: `${ratio(one.best, two.best)} one worker (${ms(one.best)}), ${ratio(quarterPlain.cpu, quarterBvh.cpu)} the plain Raycaster`,
    goal: 'under 0.6 s',
    met: two.best < 600 && two.rising,
  });
}

interface ReplayRun {
  setup: Setup;
  game: GameFile;
  built: number;
  bvh: Timing & { byCommand: Record<string, number>; warmed: number };
}

function replaysFast(): ReplayRun {
  const { file } = load('midgame.json');
  const { commands: _c, ...setup } = file;
  const ctx = { scenery: createSceneryIndex(setup, 'bvh') };
  const t0 = performance.now();
  const game = longGame(file, ctx, 1000);
  const built = performance.now() - t0;
  return { setup, game, built, bvh: replayBench(game, ctx, 7) };
}

function replaysBaseline(r: ReplayRun): void {
  const { game, built, bvh } = r;
  const counts: Record<string, number> = {};
  for (const c of game.commands) counts[c.do] = (counts[c.do] ?? 0) + 1;
  const plain = replayBench(game, { scenery: createSceneryIndex(r.setup, 'plain') }, 3);
  const { engagements, ccAttacks, coordinated } = longGameCounts(game);
  console.log(`  Replay of a ${game.commands.length.toLocaleString('en')}-command game (the mid-game played on, built in ${ms(built)}: ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}; with ${engagements} engagements, ${ccAttacks} CC Attacks and ${coordinated} Coordinated Moves):`);
  console.log(`    through apply with the BVH ${ms(bvh.cpu)} (median of ${bvh.runs} after ${bvh.warmed} runs to warm; wall ${ms(bvh.median)}, best ${ms(bvh.best)}; by command, wall: ${Object.entries(bvh.byCommand).filter(([, t]) => t >= 5).map(([k, t]) => `${k} ${ms(t)}`).join(', ')}); plain Raycaster ${ms(plain.cpu)} (median of ${plain.runs} after ${plain.warmed}): ${ratio(plain.cpu, bvh.cpu)}`);
  figures.push({
    what: `mid-game: replay of ${game.commands.length} commands`,
    figure: ms(bvh.cpu),
    baseline: `${ratio(plain.cpu, bvh.cpu)} the plain Raycaster (${ms(plain.cpu)})`,
    // Restated from 0.3 s for LOF-1 (Line of Fire both ways): an enemy the mover faces that does not
    // see it is now asked the patch test back too, at each point no run proof settles, and its runs
    // are proven both ways; the same game measured 1.2x to 1.5x the one-way rule in the same process.
    goal: 'under 0.4 s',
    met: bvh.cpu < 400,
  });
}

/** Days, for reading: hours below a day, minutes below an hour. */
function span(ms: number): string {
  const min = ms / 60_000;
  return min < 60 ? `${min.toFixed(0)} minutes` : min < 1440 ? `${(min / 60).toFixed(1)} hours` : `${(min / 1440).toFixed(1)} days`;
}

function pinsReport({ record, argon2 }: PinFigures, pbkdf2: GuessTiming): void {
  if (record.kdf !== 'argon2id') throw new Error(`a new seal is made with ${record.kdf}`);
  const range = (t: GuessTiming) => `wall ${ms(t.median)}, from ${ms(t.best)} to ${ms(t.worst)}`;
  console.log(`Hotseat PINs, one guess for someone holding the storage (a wrong PIN through unlockPin, median of ${argon2.runs}):`);
  console.log(`  Argon2id, the shipped parameters (${record.memoryKiB / 1024} MiB, ${record.iterations} passes, ${record.parallelism} lane): ${ms(argon2.cpu)} (${range(argon2)})`);
  console.log(`  PBKDF2-SHA-256, 200,000 rounds (the seals of before): ${ms(pbkdf2.cpu)} (${range(pbkdf2)}): ${ratio(argon2.cpu, pbkdf2.cpu)}`);
  console.log(`  every PIN on one core: of 6 digits now ${span(argon2.cpu * 1e6)} (half that on average); of 4 digits before ${span(pbkdf2.cpu * 1e4)}`);
  figures.push({
    what: 'one PIN guess (Argon2id, the shipped parameters)',
    figure: `${ms(argon2.cpu)} (${range(argon2)})`,
    baseline: `${ratio(argon2.cpu, pbkdf2.cpu)} the cost of the PBKDF2 guess of before (${ms(pbkdf2.cpu)})`,
    goal: 'at least 0.5 s',
    met: argon2.cpu >= 500,
  });
}

async function main(): Promise<void> {
  const load0 = loadavg()[0]!;
  console.log(`${cpus().length} cores, load average ${load0.toFixed(2)} at the start. Figures are medians of several runs, in CPU time`);
  console.log('(what the wall clock shows on a quiet machine; other programs disturb it far less), with the wall clock beside;');
  console.log('the landing map over worker threads is wall-clock time, its best run. Every BVH figure is measured before any baseline.');
  // `npm run bench -- --replay`: the replay of the long game alone (about a minute), for a quiet moment.
  if (process.argv.includes('--replay')) {
    replaysBaseline(replaysFast());
    goals();
    return;
  }
  const midPairs = pairsFast('midgame.json', 20, 3, 'Mid-game table');
  const scan = scansFast();
  const replayed = replaysFast();
  const demoPairs = pairsFast('demo-deployed.json', 100, 0, 'Demo table');
  const landed = await landingFast();
  pairsBaseline(midPairs);
  scansBaseline(scan);
  replaysBaseline(replayed);
  console.log('');
  pairsBaseline(demoPairs);
  landingBaseline(landed);
  console.log('');
  figures.push(...botBench(root));
  console.log('');
  const pins = await argon2Guesses(5);
  pinsReport(pins, await pbkdf2Guesses(root, 5));
  goals();
}

function goals(): void {
  console.log('');
  console.log(`Goals (load average ${loadavg()[0]!.toFixed(2)} at the end):`);
  const w = Math.max(...figures.map((f) => f.what.length));
  for (const f of figures) console.log(`  ${f.what.padEnd(w)}  ${f.figure}, ${f.baseline}; goal ${f.goal}: ${f.met ? 'met' : 'NOT met'}`);
}

await main();
