import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../data/facts';
import type { Terrain } from '../model/types';
import { hasLineOfFire, seesPatch, type LofBlocker } from './lof';
import { ALL_EYES, hiddenAtEvery, hiddenEyes } from './lofRun';
import { unseenArcs, unseenFromEach } from './lofRunBack';
import { AnalyticScenery, buildSceneryModel } from './scenery';
import type { Cylinder } from './shapes';

const facts = resolveFacts();
const S2 = facts.silhouettes[2];
const s2 = (x: number, y: number, z = 0): Cylinder => ({ x, y, z, r: S2.radius, h: S2.height });
const block = (id: string, x: number, y: number, w: number, d: number, h: number, rotation = 0): Terrain => ({ id, kind: 'block', x, y, w, d, h, rotation });
const scene = (terrain: Terrain[]) => new AnalyticScenery(buildSceneryModel({ table: { width: 48, depth: 48 }, terrain }, facts));

/** The active trooper every 0.1" along a straight path. */
function run(x0: number, y0: number, x1: number, y1: number, z = 0): Cylinder[] {
  const n = Math.max(1, Math.round(Math.hypot(x1 - x0, y1 - y0) / 0.1));
  return Array.from({ length: n + 1 }, (_, k) => s2(x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n, z));
}

const seenAt = (rays: AnalyticScenery, shooter: Cylinder, facing: number | null, targets: Cylinder[], blockers: LofBlocker[] = []) =>
  targets.filter((target) => hasLineOfFire({ shooter, facing, target, blockers, patch: facts.lofPatch }, rays)).length;

describe('Line of Fire along a run of path points', () => {
  it('TOOL-2 a run behind one wall is proven hidden at once; a run that steps past its end is not', () => {
    const rays = scene([block('wall', 10, 15, 8, 0.5, 3)]); // x 6..14
    const behind = run(8, 20, 12, 20);
    expect(hiddenAtEvery(s2(10, 10), 0, behind, [], rays)).toBe(true);
    expect(seenAt(rays, s2(10, 10), 0, behind)).toBe(0);
    const past = run(10, 20, 18, 20);
    expect(hiddenAtEvery(s2(10, 10), 0, past, [], rays)).toBe(false);
    expect(seenAt(rays, s2(10, 10), 0, past)).toBeGreaterThan(0);
  });

  it('TOOL-2 a run wholly behind a model is proven out of its arc; a marker sees all round', () => {
    const rays = scene([]);
    const south = run(6, 4, 14, 4);
    expect(hiddenAtEvery(s2(10, 10), 0, south, [], rays)).toBe(true);
    expect(hiddenAtEvery(s2(10, 10), null, south, [], rays)).toBe(false);
  });

  it('TOOL-2 two walls hiding a part each are proven together once the run is cut in two', () => {
    const rays = scene([block('left', 7, 15, 8, 0.5, 3), block('right', 13, 17, 8, 0.5, 3)]); // x 3..11 and 9..17
    const targets = run(6, 22, 14, 22);
    expect(seenAt(rays, s2(10, 10), 0, targets)).toBe(0);
    // Neither wall alone hides the whole run.
    expect(hiddenAtEvery(s2(10, 10), 0, targets, [], scene([block('left', 7, 15, 8, 0.5, 3)]))).toBe(false);
    expect(hiddenAtEvery(s2(10, 10), 0, targets, [], scene([block('right', 13, 17, 8, 0.5, 3)]))).toBe(false);
    expect(hiddenAtEvery(s2(10, 10), 0, targets, [], rays)).toBe(true);
  });

  it('TOOL-2 a proof over a run never hides a point that Line of Fire sees, however close to an edge', () => {
    // Walls across the table, the shooter south of them and runs north of them, near the shadows' edges.
    const rays = scene([block('west', 14, 20, 8, 0.5, 2), block('east', 24, 21.5, 8, 0.5, 3), block('crate', 19, 18, 2, 1.5, 1.1, 20)]);
    const shooterAt = fc.record({ x: fc.double({ min: 12, max: 26, noNaN: true }), y: fc.double({ min: 12, max: 17, noNaN: true }) });
    const runAt = fc.record({ x: fc.double({ min: 8, max: 32, noNaN: true }), y: fc.double({ min: 23, max: 30, noNaN: true }) });
    let proven = 0;
    fc.assert(
      fc.property(shooterAt, runAt, fc.double({ min: 0.3, max: 6, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.option(fc.integer({ min: 0, max: 359 })), fc.array(runAt, { maxLength: 2 }), (s, t, len, a, facing, bodies) => {
        const shooter = s2(s.x, s.y);
        const targets = run(t.x, t.y, t.x + len * Math.cos(a), t.y + len * Math.sin(a));
        const blockers = bodies.map((b, i) => ({ id: `m${i}`, c: s2(b.x, b.y) }));
        if (!hiddenAtEvery(shooter, facing, targets, blockers, rays)) return;
        proven++;
        expect(seenAt(rays, shooter, facing, targets, blockers)).toBe(0);
      }),
      { numRuns: 1500, seed: 25 },
    );
    expect(proven).toBeGreaterThan(150);
  });
  it('LOF-1 a proof that no point of a run sees the shooter back never hides a point whose patch test sees it, whatever their facings', () => {
    // The same walls as above, and the same runs, each point looking back at the shooter all round.
    const rays = scene([block('west', 14, 20, 8, 0.5, 2), block('east', 24, 21.5, 8, 0.5, 3), block('crate', 19, 18, 2, 1.5, 1.1, 20)]);
    const shooterAt = fc.record({ x: fc.double({ min: 12, max: 26, noNaN: true }), y: fc.double({ min: 12, max: 17, noNaN: true }) });
    const runAt = fc.record({ x: fc.double({ min: 8, max: 32, noNaN: true }), y: fc.double({ min: 23, max: 30, noNaN: true }) });
    let proven = 0;
    fc.assert(
      fc.property(shooterAt, runAt, fc.double({ min: 0.3, max: 6, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.array(runAt, { maxLength: 2 }), fc.boolean(), (s, t, len, a, bodies, high) => {
        // Sometimes on a rooftop's height, above the run: its top is then looked at too.
        const shooter = s2(s.x, s.y, high ? 2.5 : 0);
        const targets = run(t.x, t.y, t.x + len * Math.cos(a), t.y + len * Math.sin(a));
        const blockers = bodies.map((b, i) => ({ id: `m${i}`, c: s2(b.x, b.y) }));
        if (!unseenFromEach(shooter, targets, facts.lofPatch, blockers, rays)) return;
        proven++;
        for (const target of targets) expect(seesPatch({ shooter: target, facing: null, target: shooter, blockers, patch: facts.lofPatch }, rays)).toBe(false);
      }),
      { numRuns: 1000, seed: 36 },
    );
    expect(proven).toBeGreaterThan(100);
  });

  it('LOF-1 the arcs of the shooter\'s side proven unseen from a run leave every point\'s test back as it was', () => {
    // A shooter beside a building's corner, with a second piece beyond: the building hides part of its
    // side from the run, the rest shows or is hidden by the other pieces.
    const rays = scene([block('hab', 16, 16, 8, 6, 4), block('far', 30, 24, 4, 3, 2), block('crate', 22, 22, 1.5, 1.5, 1.2, 30)]);
    const shooterAt = fc.record({ x: fc.double({ min: 10, max: 13, noNaN: true }), y: fc.double({ min: 19.6, max: 21, noNaN: true }) });
    const runAt = fc.record({ x: fc.double({ min: 24, max: 40, noNaN: true }), y: fc.double({ min: 20, max: 34, noNaN: true }) });
    let partial = 0;
    let whole = 0;
    fc.assert(
      fc.property(shooterAt, runAt, fc.double({ min: 0.3, max: 6, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.option(fc.integer({ min: 0, max: 359 })), (s, t, len, a, facing) => {
        const shooter = s2(s.x, s.y);
        const targets = run(t.x, t.y, t.x + len * Math.cos(a), t.y + len * Math.sin(a));
        const arcs = unseenArcs(shooter, targets, facts.lofPatch, [], rays);
        if (arcs.length === 0) return;
        if (unseenFromEach(shooter, targets, facts.lofPatch, [], rays)) whole++;
        else partial++;
        for (const target of targets) {
          const back = { shooter: target, facing, target: shooter, blockers: [], patch: facts.lofPatch };
          expect(seesPatch({ ...back, hiddenArcs: arcs }, rays)).toBe(seesPatch(back, rays));
        }
      }),
      { numRuns: 500, seed: 36 },
    );
    expect(partial).toBeGreaterThan(5);
    expect(whole).toBeGreaterThan(0);
  });

  it('LOF-1 a proof that no point sees the shooter back leaves out the model it is told to', () => {
    const rays = scene([block('wall', 10, 15, 8, 0.5, 3)]);
    const shooter = s2(10, 10);
    const others = [{ id: 'm0', c: s2(30, 30) }];
    const withMe = [{ id: 'me', c: shooter }, ...others];
    for (const targets of [run(14, 20, 18, 20), run(8, 20, 12, 20)]) {
      expect(unseenFromEach(shooter, targets, facts.lofPatch, withMe, rays, 'me')).toBe(unseenFromEach(shooter, targets, facts.lofPatch, others, rays));
    }
    expect(unseenFromEach(shooter, run(14, 20, 18, 20), facts.lofPatch, others, rays)).toBe(false);
    expect(unseenFromEach(shooter, run(8, 20, 12, 20), facts.lofPatch, others, rays)).toBe(true);
  });

  it('TOOL-2 the eyes proven blind along a run leave every point\'s Line of Fire as it was', () => {
    // A shooter beside a building's corner, with a second piece beyond: some of its eyes are hidden
    // all along by the building, the others look past it.
    const rays = scene([block('hab', 16, 16, 8, 6, 4), block('far', 30, 24, 4, 3, 2), block('crate', 22, 22, 1.5, 1.5, 1.2, 30)]);
    const shooterAt = fc.record({ x: fc.double({ min: 10, max: 13, noNaN: true }), y: fc.double({ min: 17, max: 21, noNaN: true }) });
    const runAt = fc.record({ x: fc.double({ min: 24, max: 40, noNaN: true }), y: fc.double({ min: 20, max: 34, noNaN: true }) });
    let partial = 0;
    fc.assert(
      fc.property(shooterAt, runAt, fc.double({ min: 0.3, max: 6, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.option(fc.integer({ min: 0, max: 359 })), (s, t, len, a, facing) => {
        const shooter = s2(s.x, s.y);
        const targets = run(t.x, t.y, t.x + len * Math.cos(a), t.y + len * Math.sin(a));
        const mask = hiddenEyes(shooter, facing, targets, [], rays, true);
        if (mask === ALL_EYES) expect(seenAt(rays, shooter, facing, targets)).toBe(0);
        if (mask === 0 || mask === ALL_EYES) return;
        partial++;
        for (const target of targets) {
          const q = { shooter, facing, target, blockers: [], patch: facts.lofPatch };
          expect(hasLineOfFire({ ...q, hiddenEyes: mask }, rays)).toBe(hasLineOfFire(q, rays));
        }
        // And each eye said to be blind sees nothing on its own, at the ends and the middle of the run.
        for (let e = 0; e < 27; e++) {
          if (!(mask & (1 << e))) continue;
          for (const target of [targets[0]!, targets[targets.length >> 1]!, targets[targets.length - 1]!]) {
            expect(hasLineOfFire({ shooter, facing, target, blockers: [], patch: facts.lofPatch, hiddenEyes: ALL_EYES & ~(1 << e) }, rays)).toBe(false);
          }
        }
      }),
      { numRuns: 400, seed: 26 },
    );
    expect(partial).toBeGreaterThan(20);
  });

  it('TOOL-2 a proof leaves out the model it is told to: a list with the shooter in it, less the shooter', () => {
    const rays = scene([block('wall', 10, 15, 8, 0.5, 3)]);
    const shooter = s2(10, 10);
    const open = run(14, 20, 18, 20);
    const behind = run(8, 20, 12, 20);
    const others = [{ id: 'm0', c: s2(30, 30) }];
    const withShooter = [{ id: 'me', c: shooter }, ...others];
    // The shooter's own body stands across every line from its eyes: left in, it would hide anything.
    expect(hiddenAtEvery(shooter, 0, open, withShooter, rays)).toBe(true);
    for (const targets of [open, behind]) {
      expect(hiddenAtEvery(shooter, 0, targets, withShooter, rays, 'me')).toBe(hiddenAtEvery(shooter, 0, targets, others, rays));
      expect(hiddenEyes(shooter, 0, targets, withShooter, rays, true, 'me')).toBe(hiddenEyes(shooter, 0, targets, others, rays, true));
    }
    expect(hiddenAtEvery(shooter, 0, open, withShooter, rays, 'me')).toBe(false);
    expect(hiddenAtEvery(shooter, 0, behind, withShooter, rays, 'me')).toBe(true);
  });
});
