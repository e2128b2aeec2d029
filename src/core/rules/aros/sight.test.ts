import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGameFileText } from '../../gamefile';
import { behindShooter, hasLineOfFire, seesPatch, type LofQuery } from '../../geometry/lof';
import { factsOf } from '../context';
import { contextFor, replayFile } from '../../testing/fixtures';
import { pathPoints } from '../movement/path';
import { isOnTable } from '../placement';
import { blockersFor } from '../queries/lineOfFire';
import { possibleReactors, Sight } from './sight';

const file = parseGameFileText(readFileSync(join(__dirname, '../../../../examples/midgame.json'), 'utf8'));
const { commands: _c, ...setup } = file;
const played = replayFile(file);
const state = played.state;
const ctx = contextFor(setup);
const movers = Object.keys(state.troopers).filter((id) => isOnTable(state.troopers[id]!));

describe('Sight along a path', () => {
  it('replays the mid-game table', () => {
    expect(played.rejected).toBeNull();
    expect(movers.length).toBe(30);
  });

  it('ARO-1 judges every reactor along a path as Line of Fire point by point does', () => {
    let hiddenRuns = 0;
    fc.assert(
      fc.property(fc.constantFrom(...movers), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.5, max: 6, noNaN: true }), (id, a, len) => {
        const t = state.troopers[id]!;
        const points = pathPoints({ x: t.x!, y: t.y! }, [{ x: t.x! + len * Math.cos(a), y: t.y! + len * Math.sin(a) }]).map((p) => ({ ...p, z: t.z! }));
        const scan = new Sight(state, ctx, id, points, t.prone);
        const each = new Sight(state, ctx, id, points, t.prone);
        for (const r of possibleReactors(state, id, true)) {
          const seen = points.map((_, i) => each.sees(r, i));
          expect(scan.seesAny(r)).toBe(seen.some(Boolean));
          expect(scan.lastSeen(r)).toBe(seen.lastIndexOf(true));
          expect(scan.eligible(r)).toBe(seen.some(Boolean) || points.some((_, i) => each.inZone(r, i)));
          points.forEach((_, i) => expect(scan.sees(r, i)).toBe(seen[i]));
          if (!seen.some(Boolean)) hiddenRuns++;
        }
      }),
      { numRuns: 60, seed: 18 },
    );
    expect(hiddenRuns).toBeGreaterThan(100);
  });

  it('LOF-1 judges every reactor along a path as Line of Fire both ways does at each point, the mover facing any way or all round: the run proofs stay exact', () => {
    const patch = factsOf(state).lofPatch;
    let hiddenRuns = 0;
    let backOnly = 0;
    fc.assert(
      fc.property(fc.constantFrom(...movers), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.5, max: 6, noNaN: true }), fc.option(fc.integer({ min: 0, max: 359 }), { freq: 4 }), (id, a, len, facing) => {
        const t = state.troopers[id]!;
        const points = pathPoints({ x: t.x!, y: t.y! }, [{ x: t.x! + len * Math.cos(a), y: t.y! + len * Math.sin(a) }]).map((p) => ({ ...p, z: t.z! }));
        const scan = new Sight(state, ctx, id, points, t.prone, facing);
        const all = blockersFor(state, id, null);
        for (const r of possibleReactors(state, id, true)) {
          const blockers = all.filter((b) => b.id !== r.id);
          const there = (i: number): LofQuery => ({ shooter: r.shooter, facing: r.facing, target: scan.target(i), blockers, patch, back: facing });
          const back = (i: number): LofQuery => ({ shooter: scan.target(i), facing, target: r.shooter, blockers, patch, back: r.facing });
          const seen = points.map((_, i) => hasLineOfFire(there(i), ctx.scenery));
          expect(scan.seesAny(r)).toBe(seen.some(Boolean));
          expect(scan.lastSeen(r)).toBe(seen.lastIndexOf(true));
          points.forEach((_, i) => {
            expect(scan.sees(r, i)).toBe(seen[i]);
            // Where the two face each other, the mover there sees the reactor as the reactor sees it.
            if (!behindShooter(there(i)) && !behindShooter(back(i))) expect(hasLineOfFire(back(i), ctx.scenery)).toBe(seen[i]);
            if (seen[i] && !seesPatch(there(i), ctx.scenery)) backOnly++;
          });
          if (!seen.some(Boolean)) hiddenRuns++;
        }
      }),
      { numRuns: 60, seed: 36 },
    );
    expect(hiddenRuns).toBeGreaterThan(100);
    // Some points are seen only by the mover's own test back: the rule changed answers here.
    expect(backOnly).toBeGreaterThan(0);
  });
});
