import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../core/engine';
import { parseGameFileText } from '../core/gamefile';
import { answerLandingRequest, type LandingReply } from './landingWorker';
import { createSceneryIndex } from './sceneryIndex';

describe('the landing map worker', () => {
  it('TOOL-4 answers a request with progress and then the map of the demo table', () => {
    const file = parseGameFileText(readFileSync(join(__dirname, '../../examples/demo-deployed.json'), 'utf8'));
    const { commands: _c, ...setup } = file;
    const { state } = replay(file, { scenery: createSceneryIndex(setup) });
    const airborne = Object.entries(state.troopers).find(([, t]) => t.status === 'off-table' && t.player === 'A')![0];
    const replies: LandingReply[] = [];
    // A structured clone, as postMessage would deliver it.
    answerLandingRequest({ id: 7, state: structuredClone(state), trooper: airborne, step: 2 }, (r) => replies.push(r));
    const progress = replies.filter((r) => r.kind === 'progress');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toEqual({ id: 7, first: 0, kind: 'progress', done: 1 });
    const last = replies.at(-1)!;
    if (last.kind !== 'map') throw new Error('no map');
    expect(last.map.cols * last.map.rows).toBe(24 * 24);
    expect(last.map.exposure.some((e) => e === -1)).toBe(true);
    expect(last.map.exposure.some((e) => e > 0)).toBe(true);
  });
});
