/**
 * npm run bench: on the deployed demo,
 *  - Line of Fire over every ordered pair of opposing troopers standing on the table, and
 *  - the landing map (TOOL-4) of an airborne S2 trooper over the whole table at 0.5",
 * each through the BVH and through three's plain Raycaster over the same merged mesh (no spatial index),
 * measured in the same run. Prints times and ratios, never a pass/fail on a time limit.
 *
 *   npm run bench [-- path/to/game.json]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { replay } from '../src/core/engine';
import { parseGameFileText } from '../src/core/gamefile';
import type { GameState } from '../src/core/model/types';
import { landingMap } from '../src/core/rules/landing';
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

/** The landing map of the first airborne S2 trooper found (any airborne one if none is S2). */
const airborne = Object.entries(state.troopers).filter(([, t]) => t.status === 'off-table').map(([id]) => id);
const s2 = airborne.find((id) => [...setup.players.A.troopers, ...setup.players.B.troopers].find((p) => p.id === id)?.s === 2) ?? airborne[0];
function mapTime(kind: RayKind): { ms: number; legal: number; cells: number } {
  const ctx = { scenery: createSceneryIndex(setup, kind) };
  let legal = 0;
  let cells = 0;
  const ms = time(() => {
    const m = landingMap(state, ctx, s2!, 0.5);
    cells = m.exposure.length;
    legal = m.exposure.filter((e) => e >= 0).length;
  }, kind === 'bvh' ? 3 : 1);
  return { ms, legal, cells };
}
const mapBvh = s2 ? mapTime('bvh') : null;
const mapPlain = s2 ? mapTime('plain') : null;

const rate = (ms: number) => (pairs.length / ms) * 1000;
const f = (n: number, d = 1) => n.toFixed(d);
console.log(`Line of Fire bench: ${path.replace(root + '/', '')}`);
console.log(`  ${standing.length} troopers on the table, ${pairs.length} ordered pairs of opponents, ${bvh.visible} with Line of Fire`);
console.log(`  scenery index (merged mesh + BVH) built in ${f(build, 2)} ms`);
console.log(`  BVH:             all pairs in ${f(bvh.ms)} ms, ${f(rate(bvh.ms), 0)} checks/s  (goal: all pairs under 100 ms)`);
console.log(`  plain Raycaster: all pairs in ${f(plain.ms)} ms, ${f(rate(plain.ms), 0)} checks/s`);
console.log(`  ratio BVH / plain Raycaster: ${f(plain.ms / bvh.ms, 2)}x  (goal: at least 2x)`);
if (mapBvh && mapPlain) {
  const enemies = standing.filter(([, t]) => t.player !== state.troopers[s2!]!.player).length;
  console.log(`Landing map: ${s2}, ${mapBvh.cells} spots at 0.5", ${mapBvh.legal} legal, ${enemies} enemies each`);
  console.log(`  BVH:             ${f(mapBvh.ms, 0)} ms  (goal: under 2000 ms)`);
  console.log(`  plain Raycaster: ${f(mapPlain.ms, 0)} ms`);
  console.log(`  ratio BVH / plain Raycaster: ${f(mapPlain.ms / mapBvh.ms, 2)}x`);
} else console.log('Landing map: no airborne trooper in this game');
