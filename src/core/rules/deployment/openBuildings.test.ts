import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../../gamefile';
import type { Command, GameFile, Terrain } from '../../model/types';
import { TO_DEPLOYMENT, TestGame, baseFile, dep } from '../../testing/fixtures';
import { LandingJudge } from '../landing';

/** Open buildings (docs/rules/movement.md, MOV-21) added to the base game's table, and a closed ruin. */
const OPEN: Terrain[] = [
  // South zone (y 0 to 12): walls 0.25" thick; the slab at 2.5 covers the north half (y 5.5 to 8.75).
  {
    id: 'ruin',
    kind: 'building',
    x: 24,
    y: 6,
    w: 8,
    d: 6,
    h: 5,
    rotation: 0,
    roof: false,
    interior: 'open',
    floors: [{ z: 2.5, x: 0, y: 1.125, w: 7.5, d: 3.25 }],
    openings: [{ side: 's', at: -2, w: 1.5, z: 0, h: 2, kind: 'door' }],
  },
  // A low floor: its slab from 1.25 to 1.5 leaves no room for a standing S2 under it.
  { id: 'low', kind: 'building', x: 33, y: 6, w: 4, d: 4, h: 3, rotation: 0, roof: false, interior: 'open', floors: [{ z: 1.5 }] },
  { id: 'old-ruin', kind: 'building', x: 14, y: 6, w: 4, d: 4, h: 3, rotation: 0, roof: false },
  // North zone (y 36 to 48) and the middle of the table.
  { id: 'loft', kind: 'building', x: 24, y: 42, w: 6, d: 6, h: 4, rotation: 0, roof: true, interior: 'open', floors: [{ z: 2 }], openings: [{ side: 's', at: 0, w: 1.5, z: 0, h: 1.8, kind: 'door' }] },
  { id: 'mid', kind: 'building', x: 30, y: 28, w: 6, d: 6, h: 4, rotation: 0, roof: false, interior: 'open', floors: [{ z: 2 }] },
];

function file(): GameFile {
  const base = baseFile();
  return parseGameFile({ ...base, terrain: [...base.terrain, ...OPEN] });
}

const at = (x: number, y: number, z: number) => ({ at: { x, y, z } });

describe('MOV-21 deployment inside buildings one may enter', () => {
  it('MOV-21 a trooper deploys on the ground of an open ruin and on its floor, as DEP-3 and DEP-6 allow', () => {
    const g = new TestGame(file(), TO_DEPLOYMENT);
    g.ok(dep('A', 'r-lt', 24, 5));
    expect(g.trooper('r-lt')).toMatchObject({ status: 'model', x: 24, y: 5, z: 0 });
    // DEP-8: placed again freely in the step: now on the slab.
    g.ok(dep('A', 'r-lt', 24, 8, at(24, 8, 2.5)));
    expect(g.trooper('r-lt')).toMatchObject({ x: 24, y: 8, z: 2.5 });
    // The low building's slab, from above.
    g.ok(dep('A', 'r-gun', 33, 6, at(33, 6, 1.5)));
    expect(g.trooper('r-gun').z).toBe(1.5);
  });

  it('MOV-21 no-room where the base does not fit: over a wall, over the slab\'s edge, under a low slab, or inside a closed ruin', () => {
    const g = new TestGame(file(), TO_DEPLOYMENT);
    expect(g.refused(dep('A', 'r-lt', 20.3, 5))).toMatchObject({ code: 'no-room', rule: 'DEP-6', message: 'The base overlaps the wall of "ruin".' });
    expect(g.refused(dep('A', 'r-lt', 24, 5.5, at(24, 5.5, 2.5)))).toMatchObject({ code: 'no-room', rule: 'DEP-6' });
    expect(g.refused(dep('A', 'r-lt', 33, 6))).toMatchObject({ code: 'no-room', rule: 'DEP-6', message: 'The base overlaps the floor of "low".' });
    expect(g.refused(dep('A', 'r-lt', 14, 6))).toMatchObject({ code: 'no-room', rule: 'DEP-6', message: 'The base would be inside the building "old-ruin".' });
    // Standing in the doorway, half in and half out: the wall beside the door is clear of a 1" base there.
    g.ok(dep('A', 'r-lt', 22, 3.1));
    expect(g.trooper('r-lt').z).toBe(0);
  });

  it('MOV-21 Hidden Deployment (HD-1) inside an open building, on its ground and on its floor', () => {
    const g = new TestGame(file(), TO_DEPLOYMENT);
    for (const c of [dep('A', 'r-lt', 24, 5), dep('A', 'r-bike', 30, 1.5), dep('A', 'r-inf', 20, 10), dep('A', 'r-fd', 8, 14)]) g.ok(c);
    g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' });
    g.ok(dep('B', 'u-scout', 24, 43, { as: 'hidden', ...at(24, 43, 2) }));
    expect(g.trooper('u-scout')).toMatchObject({ status: 'hidden', z: 2 });
    g.ok(dep('B', 'u-lt', 24, 40));
    expect(g.trooper('u-lt')).toMatchObject({ status: 'model', z: 0 });
  });

  it('MOV-21 a Combat Jump never lands inside an open building, on its ground or its floor (CJ-5 stands)', () => {
    const g = new TestGame(file(), [
      { do: 'initiative', rolls: { A: 12, B: 9 } },
      { do: 'keep', player: 'A', choice: 'initiative' },
      { do: 'turnOrder', player: 'A', first: 'A' },
      { do: 'deploymentChoice', player: 'B', first: 'A', keeperZone: 'north' },
    ]);
    const steps: Command[] = [
      dep('A', 'r-lt', 24, 5),
      dep('A', 'r-bike', 30, 1.5),
      dep('A', 'r-inf', 20, 10),
      dep('A', 'r-fd', 8, 14),
      { do: 'endStep', player: 'A', keep: 'r-gun' },
      dep('B', 'u-lt', 20, 46),
      dep('B', 'u-scout', 30, 40, { as: 'marker' }),
      { do: 'endStep', player: 'B', keep: 'u-mech' },
      dep('A', 'r-gun', 8, 10),
      { do: 'endStep', player: 'A' },
      dep('B', 'u-mech', 36, 42),
      { do: 'endStep', player: 'B' },
    ];
    for (const c of steps) g.ok(c);
    const judge = new LandingJudge(g.state, g.ctx, 'r-drop');
    expect(judge.spot(30, 28).refusal).toMatchObject({ code: 'enclosed-scenery', rule: 'CJ-5' });
    expect(judge.spot(30, 26).refusal).toMatchObject({ code: 'enclosed-scenery', rule: 'CJ-5' });
    // Beside it, on the table: as before.
    expect(judge.spot(30, 33.5)).toMatchObject({ z: 0, refusal: null });
  });
});
