/**
 * npm run bench: Line of Fire over every ordered pair of opposing troopers standing on the table in
 * the deployed demo, through the BVH and through three's plain Raycaster over the same merged mesh,
 * measured in the same run. Prints rates and their ratio, never a pass/fail on a time limit.
 *
 *   npm run bench [-- path/to/game.json]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { replay } from '../src/core/engine';
import { parseGameFileText } from '../src/core/gamefile';
import type { GameState } from '../src/core/model/types';
import { hasLineOfFireBetween } from '../src/core/rules/queries';
import { isOnTable } from '../src/core/rules/placement';
import { createSceneryIndex, type RayKind } from '../src/spatial/sceneryIndex';

const root = resolve(import.meta.dirname, '..');
const arg = process.argv[2];
const path = arg ? resolve(process.env.INIT_CWD ?? process.cwd(), arg) : resolve(root, 'examples/demo-deployed.json');
const file = parseGameFileText(readFileSync(path, 'utf8'));
const { commands: _c, ...setup } = file;
const played = replay(file, { scenery: createSceneryIndex(setup) });
if (played.rejected) throw new Error(`the game does not replay: ${played.rejected.message}`);
const state: GameState = played.state;

const standing = Object.entries(state.troopers).filter(([, t]) => isOnTable(t));
const pairs: [string, string][] = [];
for (const [a, ta] of standing) for (const [b, tb] of standing) if (ta.player !== tb.player) pairs.push([a, b]);

/** Median of several timed runs of fn, in milliseconds. */
function time(fn: () => void, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((x, y) => x - y);
  return samples[Math.floor(samples.length / 2)]!;
}

function allPairs(kind: RayKind): { ms: number; visible: number } {
  const ctx = { scenery: createSceneryIndex(setup, kind) };
  let visible = 0;
  const once = () => {
    visible = 0;
    for (const [a, b] of pairs) if (hasLineOfFireBetween(state, ctx, a, b)) visible++;
  };
  once(); // warm up
  return { ms: time(once, kind === 'bvh' ? 15 : 5), visible };
}

const build = time(() => createSceneryIndex(setup, 'bvh'), 30);
const bvh = allPairs('bvh');
const plain = allPairs('plain');
if (bvh.visible !== plain.visible) throw new Error(`the two ray engines disagree: ${bvh.visible} against ${plain.visible} pairs seen`);

const rate = (ms: number) => (pairs.length / ms) * 1000;
const f = (n: number, d = 1) => n.toFixed(d);
console.log(`Line of Fire bench: ${path.replace(root + '/', '')}`);
console.log(`  ${standing.length} troopers on the table, ${pairs.length} ordered pairs of opponents, ${bvh.visible} with Line of Fire`);
console.log(`  scenery index (merged mesh + BVH) built in ${f(build, 2)} ms`);
console.log(`  BVH:             all pairs in ${f(bvh.ms)} ms, ${f(rate(bvh.ms), 0)} checks/s  (goal: all pairs under 100 ms)`);
console.log(`  plain Raycaster: all pairs in ${f(plain.ms)} ms, ${f(rate(plain.ms), 0)} checks/s`);
console.log(`  ratio BVH / plain Raycaster: ${f(plain.ms / bvh.ms, 2)}x  (goal: at least 2x)`);
