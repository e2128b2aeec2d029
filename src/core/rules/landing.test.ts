import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../engine';
import { TestGame, dep } from '../testing/fixtures';
import type { Command } from '../model/types';
import { LandingJudge, landingMap } from './landing';

/** The base game played to round 1, A's turn, r-drop waiting off the table. */
function inGame() {
  const g = new TestGame(undefined, [
    { do: 'initiative', rolls: { A: 12, B: 9 } },
    { do: 'keep', player: 'A', choice: 'initiative' },
    { do: 'turnOrder', player: 'A', first: 'A' },
    { do: 'deploymentChoice', player: 'B', first: 'A', keeperZone: 'north' },
  ]);
  for (const c of [dep('A', 'r-lt', 24, 5), dep('A', 'r-bike', 30, 6), dep('A', 'r-inf', 20, 10), dep('A', 'r-fd', 12, 14)]) g.ok(c);
  g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' });
  g.ok(dep('B', 'u-lt', 20, 44));
  g.ok(dep('B', 'u-scout', 30, 40, { as: 'marker' }));
  g.ok({ do: 'endStep', player: 'B', keep: 'u-mech' });
  g.ok(dep('A', 'r-gun', 8, 10));
  g.ok({ do: 'endStep', player: 'A' });
  g.ok(dep('B', 'u-mech', 36, 42));
  g.ok({ do: 'endStep', player: 'B' });
  return g;
}

const jump = (x: number, y: number, z: number): Command => ({ do: 'combatJump', player: 'A', trooper: 'r-drop', at: { x, y, z }, facing: 0, roll: 1 });

describe('the landing map', () => {
  it('TOOL-4 a spot on a closed roof is legal, one inside a ruin or a building is not, and says why', () => {
    const g = inGame();
    const judge = new LandingJudge(g.state, g.ctx, 'r-drop');
    // hab: a roofed building centred on (34, 16), 3" tall; shell: a ruin centred on (12, 34).
    expect(judge.spot(34, 16)).toMatchObject({ z: 3, refusal: null });
    expect(judge.spot(12, 34).refusal).toMatchObject({ code: 'enclosed-scenery', rule: 'CJ-5' });
    expect(judge.spot(16, 20)).toMatchObject({ z: 6, refusal: null }); // the tower's top
    expect(judge.spot(24, 24).refusal).toMatchObject({ code: 'contact-objective', rule: 'CJ-3' });
  });

  it('TOOL-4 LOF-1 every spot is judged as the combatJump command judges it, and its watchers, for the facing it lands with, are the ARO list', () => {
    const g = inGame();
    const judge = new LandingJudge(g.state, g.ctx, 'r-drop', true, 0);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 48, noNaN: true }), fc.double({ min: 0, max: 48, noNaN: true }), (x, y) => {
        const s = judge.spot(x, y);
        const r = apply(g.state, jump(x, y, s.z), g.ctx);
        expect(r.ok).toBe(s.refusal === null);
        if (!r.ok) expect(r.rejection.code).toBe(s.refusal!.code);
        else {
          const aro = r.events.find((e) => e.type === 'aro') as { by: string[] };
          expect(s.seenBy.sort()).toEqual(aro.by);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('TOOL-4 the map covers the table cell by cell, -1 where it may not land', () => {
    const g = inGame();
    const seen: number[] = [];
    const m = landingMap(g.state, g.ctx, 'r-drop', 2, undefined, (d) => seen.push(d));
    expect([m.cols, m.rows]).toEqual([24, 24]);
    expect(seen.at(-1)).toBe(1);
    // The cell over the shell's middle (12, 34) is refused; the hab's roof is legal at 3".
    const cell = (x: number, y: number) => Math.floor((y - 0) / 2) * m.cols + Math.floor(x / 2);
    expect(m.exposure[cell(12.5, 34.5)]).toBe(-1);
    expect(m.exposure[cell(34.5, 16.5)]).toBeGreaterThanOrEqual(0);
    expect(m.height[cell(34.5, 16.5)]).toBe(3);
  });

  it('LOF-1 TOOL-4 with no facing given a spot\'s watchers are those for any facing it might land with: none is seen by more', () => {
    const g = inGame();
    const all = new LandingJudge(g.state, g.ctx, 'r-drop');
    const faced = [0, 90, 180, 270].map((f) => new LandingJudge(g.state, g.ctx, 'r-drop', true, f));
    fc.assert(
      fc.property(fc.double({ min: 0, max: 48, noNaN: true }), fc.double({ min: 0, max: 48, noNaN: true }), (x, y) => {
        const s = all.spot(x, y);
        if (s.refusal) return;
        for (const j of faced) for (const id of j.spot(x, y).seenBy) expect(s.seenBy).toContain(id);
      }),
      { numRuns: 120, seed: 36 },
    );
    // Beside u-lt (facing south, its arc's edge touching the spot): seen only if it faces u-lt.
    expect(all.spot(4, 44.5).seenBy).toContain('u-lt');
    expect(faced[3]!.spot(4, 44.5).seenBy).toContain('u-lt');
    expect(faced[1]!.spot(4, 44.5).seenBy).not.toContain('u-lt');
  });

  it('DMG-3 CJ-8 TOOL-4 an Unconscious enemy cannot react: it is neither in the jump\'s ARO list nor among a spot\'s watchers', () => {
    const g = inGame();
    // A spot u-lt sees; then the same game with u-lt Unconscious (as a lost save would leave it).
    const judge = new LandingJudge(g.state, g.ctx, 'r-drop');
    const spot = { x: 20, y: 30 };
    expect(judge.spot(spot.x, spot.y).seenBy).toContain('u-lt');
    const down = structuredClone(g.state);
    down.troopers['u-lt'] = { ...down.troopers['u-lt']!, status: 'unconscious', prone: true, wounds: 0 };
    const s = new LandingJudge(down, g.ctx, 'r-drop').spot(spot.x, spot.y);
    expect(s.seenBy).not.toContain('u-lt');
    const r = apply(down, jump(spot.x, spot.y, s.z), g.ctx);
    if (!r.ok) throw new Error(r.rejection.message);
    const aro = r.events.find((e) => e.type === 'aro') as { by: string[] };
    expect(aro.by).not.toContain('u-lt');
    expect(r.events.find((e) => e.type === 'aroWindow')).toMatchObject({ eligible: expect.not.arrayContaining(['u-lt']) });
  });
});
