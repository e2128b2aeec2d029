import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../core/engine';
import { parseGameFileText } from '../core/gamefile';
import { landingMap, type LandingMap } from '../core/rules/landing';
import { SplitLandingMap, workersFor, type MapWorkerLike } from './landingSplit';
import { answerLandingRequest, type LandingReply, type LandingRequest } from './landingWorker';
import { createSceneryIndex } from './sceneryIndex';

const file = parseGameFileText(readFileSync(join(__dirname, '../../examples/demo-deployed.json'), 'utf8'));
const { commands: _c, ...setup } = file;
const ctx = { scenery: createSceneryIndex(setup) };
const { state } = replay(file, ctx);
const jumper = Object.entries(state.troopers).find(([, t]) => t.status === 'off-table' && t.player === 'A')![0];

/** A worker that answers on the next turn of the event loop, as a real one would, in this thread. */
function fakeWorker(log: LandingRequest[], onReply: (r: LandingReply) => void): MapWorkerLike {
  return {
    postMessage(req) {
      log.push(req);
      const copy = structuredClone(req);
      setTimeout(() => answerLandingRequest(copy, (r) => onReply(structuredClone(r))), 0);
    },
    terminate() {},
  };
}

/** Two workers' map whose workers count as they are made (`spawned`) and let go (`terminated`). */
function countedMaps() {
  const spawned: number[] = [];
  const terminated: number[] = [];
  const sent: LandingRequest[] = [];
  const maps = new SplitLandingMap((on) => {
    const k = spawned.length;
    spawned.push(k);
    const w = fakeWorker(sent, on);
    return { postMessage: (r) => w.postMessage(r), terminate: () => terminated.push(k) };
  }, 2);
  return { maps, spawned, terminated, sent };
}

function split(n: number, step: number): Promise<{ map: LandingMap; progress: number[]; sent: LandingRequest[] }> {
  const sent: LandingRequest[] = [];
  const progress: number[] = [];
  const maps = new SplitLandingMap((on) => fakeWorker(sent, on), n);
  return new Promise((resolve, reject) => {
    maps.request({ state, trooper: jumper, step }, { progress: (d) => progress.push(d), map: (map) => resolve({ map, progress, sent }), error: reject });
  });
}

describe('a landing map split between workers', () => {
  it('TOOL-4 two workers share the rows, and the map they make is the whole map, cell for cell', async () => {
    const whole = landingMap(state, ctx, jumper, 1);
    const { map, progress, sent } = await split(2, 1);
    expect(sent.map((r) => r.rows)).toEqual([
      { first: 0, every: 2 },
      { first: 1, every: 2 },
    ]);
    expect(map.cols * map.rows).toBe(48 * 48);
    expect(Array.from(map.exposure)).toEqual(Array.from(whole.exposure));
    expect(Array.from(map.height)).toEqual(Array.from(whole.height));
    expect(map.exposure.some((e) => e > 0)).toBe(true);
    // Progress rises to 1, counted over both parts.
    expect(progress.every((d, i) => i === 0 || d >= progress[i - 1]!)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((d) => d > 0.4 && d < 0.6)).toBe(true);
  });

  it('TOOL-4 one worker makes the same map as the core', async () => {
    const { map } = await split(1, 2);
    expect(Array.from(map.exposure)).toEqual(Array.from(landingMap(state, ctx, jumper, 2).exposure));
  });

  it('TOOL-4 a newer request drops the older one', async () => {
    const sent: LandingRequest[] = [];
    const maps = new SplitLandingMap((on) => fakeWorker(sent, on), 2);
    const got: LandingMap[] = [];
    const on = { progress: () => {}, map: (m: LandingMap) => got.push(m), error: () => {} };
    maps.request({ state, trooper: jumper, step: 4 }, on);
    await new Promise<void>((resolve) => maps.request({ state, trooper: jumper, step: 2 }, { ...on, map: (m) => (got.push(m), resolve()) }));
    expect(got.map((m) => m.step)).toEqual([2]);
  });

  it('uses two workers where there are two cores', () => {
    expect(workersFor(1)).toBe(1);
    expect(workersFor(2)).toBe(2);
    expect(workersFor(16)).toBe(2);
    expect(workersFor(undefined)).toBe(1);
  });

  it('TOOL-4 a map done, its workers are kept warm for the next one; a map stopped while running drops them', async () => {
    const { maps, spawned, terminated } = countedMaps();
    const once = () => new Promise<LandingMap>((resolve, reject) => maps.request({ state, trooper: jumper, step: 4 }, { progress: () => undefined, map: resolve, error: reject }));
    await once();
    maps.stop();
    await once();
    expect(spawned).toEqual([0, 1]);
    expect(terminated).toEqual([]);
    maps.request({ state, trooper: jumper, step: 4 }, { progress: () => undefined, map: () => undefined, error: () => undefined });
    maps.stop();
    expect(terminated).toEqual([0, 1]);
    maps.close();
  });

  it('TOOL-4 a warm-up (a light map) is not dropped by the map asked after it: the same workers answer both, the light one unheard', async () => {
    const { maps, spawned, terminated } = countedMaps();
    let lightAnswered = false;
    maps.request({ state, trooper: jumper, step: 8 }, { progress: () => undefined, map: () => (lightAnswered = true), error: () => undefined }, true);
    const map = await new Promise<LandingMap>((resolve, reject) => maps.request({ state, trooper: jumper, step: 4 }, { progress: () => undefined, map: resolve, error: reject }));
    expect(map.step).toBe(4);
    expect(lightAnswered).toBe(false);
    expect(spawned.length).toBe(2);
    expect(terminated).toEqual([]);
    maps.close();
  });
});

describe('a landing map given fewer workers than the page has (issue 41: a core left to the page)', () => {
  it('TOOL-4 one of two workers makes the whole map; stopped, only the busy worker is dropped', async () => {
    const { maps, spawned, terminated, sent } = countedMaps();
    const progress: number[] = [];
    const map = await new Promise<LandingMap>((resolve, reject) => maps.request({ state, trooper: jumper, step: 2 }, { progress: (d) => progress.push(d), map: resolve, error: reject }, false, 1));
    expect(sent.map((r) => r.rows)).toEqual([{ first: 0, every: 1 }]);
    expect(Array.from(map.exposure)).toEqual(Array.from(landingMap(state, ctx, jumper, 2).exposure));
    expect(progress.at(-1)).toBe(1);
    maps.request({ state, trooper: jumper, step: 4 }, { progress: () => undefined, map: () => undefined, error: () => undefined }, false, 1);
    maps.stop();
    expect(terminated).toEqual([0]);
    // The idle worker stays; the next map of both gets one fresh worker beside it.
    maps.request({ state, trooper: jumper, step: 4 }, { progress: () => undefined, map: () => undefined, error: () => undefined });
    expect(spawned).toEqual([0, 1, 2]);
    maps.close();
  });
});
