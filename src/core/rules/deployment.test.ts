import { describe, expect, it } from 'vitest';
import type { GameFile } from '../model/types';
import { TO_DEPLOYMENT, TestGame, baseFile, dep } from '../testing/fixtures';


/** A at its main step (south zone, y 0 to 12). */
function atDeployment(file?: GameFile) {
  return new TestGame(file, TO_DEPLOYMENT);
}

/** A full legal deployment up to the start of the game, r-drop left off the table. */
function deployAll(g: TestGame) {
  g.ok(dep('A', 'r-lt', 24, 5));
  g.ok(dep('A', 'r-bike', 30, 6));
  g.ok(dep('A', 'r-inf', 20, 20));
  g.ok(dep('A', 'r-fd', 12, 14));
  g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' });
  g.ok(dep('B', 'u-lt', 20, 44));
  g.ok(dep('B', 'u-scout', 30, 40));
  g.ok({ do: 'endStep', player: 'B' });
  g.ok(dep('A', 'r-gun', 10, 10));
  g.ok({ do: 'endStep', player: 'A' });
  g.ok(dep('B', 'u-mech', 36, 42));
  return g.ok({ do: 'endStep', player: 'B' });
}

describe('deployment sequence', () => {
  it('DEP-1 main steps in the chosen order, then the last steps, then the first turn of round 1', () => {
    const g = atDeployment();
    expect(g.state).toMatchObject({ phase: 'deployment', step: 'main', active: 'A' });
    g.ok(dep('A', 'r-lt', 24, 5));
    g.ok(dep('A', 'r-bike', 30, 6));
    g.ok(dep('A', 'r-inf', 20, 20));
    g.ok(dep('A', 'r-fd', 12, 14));
    expect(g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' }).map((e) => e.type)).toEqual(['keptBack', 'step']);
    expect(g.state).toMatchObject({ step: 'main', active: 'B' });
    g.ok(dep('B', 'u-lt', 20, 44));
    g.ok(dep('B', 'u-scout', 30, 40));
    expect(g.ok({ do: 'endStep', player: 'B' }).at(-1)).toMatchObject({ type: 'step', step: 'last', active: 'A' });
    g.ok(dep('A', 'r-gun', 10, 10));
    expect(g.ok({ do: 'endStep', player: 'A' })).toEqual([{ index: expect.any(Number), type: 'step', step: 'last', active: 'B' }]);
    g.ok(dep('B', 'u-mech', 36, 42));
    expect(g.ok({ do: 'endStep', player: 'B' }).map(({ index: _i, ...e }) => e)).toEqual([
      { type: 'turn', round: 1, active: 'B' },
      { type: 'orders', player: 'B', groups: { 1: 3 }, irregular: {}, lieutenant: 1 },
    ]);
    expect(g.state).toMatchObject({ phase: 'game', step: null, round: 1, active: 'B' });
  });

  it('DEP-1 only the player whose step it is deploys or ends the step', () => {
    const g = atDeployment();
    expect(g.refused(dep('B', 'u-lt', 20, 44))).toMatchObject({ code: 'out-of-turn', rule: 'DEP-1' });
    expect(g.refused({ do: 'endStep', player: 'B' })).toMatchObject({ code: 'out-of-turn', rule: 'DEP-1' });
    // B's undeployed trooper is not known to A: named by A, it is an unknown id (GAME-TURN.md, Changed).
    expect(g.refused(dep('A', 'u-lt', 20, 44))).toMatchObject({ code: 'unknown-trooper', rule: null });
    expect(g.refused(dep('A', 'nobody', 20, 4))).toMatchObject({ code: 'unknown-trooper', rule: null });
  });

  it('DEP-1 a main step ends with exactly one trooper kept back, every other unplaced one airborne', () => {
    const g = atDeployment();
    g.ok(dep('A', 'r-lt', 24, 5));
    // r-gun, r-bike, r-inf, r-fd unplaced and without Combat Jump: which one is kept back?
    expect(g.refused({ do: 'endStep', player: 'A' })).toMatchObject({ code: 'reserve-count', rule: 'DEP-1' });
    expect(g.refused({ do: 'endStep', player: 'A', keep: 'r-gun' })).toMatchObject({ code: 'reserve-count', rule: 'DEP-1' });
    expect(g.refused({ do: 'endStep', player: 'A', keep: 'r-lt' })).toMatchObject({ code: 'wrong-status' });
    g.ok(dep('A', 'r-bike', 30, 6));
    g.ok(dep('A', 'r-inf', 20, 10));
    g.ok(dep('A', 'r-fd', 12, 14));
    // Without keep, the only unplaced trooper without Combat Jump is kept back; the jumper waits off the table.
    g.ok({ do: 'endStep', player: 'A' });
    expect(g.trooper('r-gun').status).toBe('reserve');
    expect(g.trooper('r-drop').status).toBe('off-table');
  });

  it('DEP-1 in the last step only the kept-back trooper is placed, and the step cannot end without it', () => {
    const g = atDeployment();
    g.ok(dep('A', 'r-lt', 24, 5));
    g.ok(dep('A', 'r-bike', 30, 6));
    g.ok(dep('A', 'r-inf', 20, 10));
    // r-gun and r-fd are both unplaced and cannot fly in: keeping one back leaves the other stranded.
    expect(g.refused({ do: 'endStep', player: 'A', keep: 'r-fd' })).toMatchObject({ code: 'reserve-count', rule: 'DEP-1' });
    g.ok(dep('A', 'r-gun', 8, 10));
    g.ok({ do: 'endStep', player: 'A', keep: 'r-fd' });
    g.ok(dep('B', 'u-lt', 20, 44));
    g.ok(dep('B', 'u-mech', 36, 42));
    g.ok({ do: 'endStep', player: 'B', keep: 'u-scout' });
    expect(g.refused(dep('A', 'r-drop', 40, 2))).toMatchObject({ code: 'wrong-status' });
    expect(g.refused({ do: 'endStep', player: 'A' })).toMatchObject({ code: 'reserve-count', rule: 'DEP-1' });
    g.ok(dep('A', 'r-fd', 12, 15));
    g.ok(dep('A', 'r-fd', 12, 14)); // placed again before the step ends
    g.ok({ do: 'endStep', player: 'A' });
    expect(g.trooper('r-fd')).toMatchObject({ status: 'model', y: 14, fixed: true });
    // Not the kept-back trooper (wrong-status) comes before its fixed position (position-fixed).
    expect(g.refused(dep('B', 'u-lt', 21, 44))).toMatchObject({ code: 'wrong-status', rule: null });
  });

  it('DEP-1 a jumper may be the one kept back, then it must be placed in the last step', () => {
    const g = atDeployment();
    for (const [t, x] of [['r-lt', 24], ['r-bike', 30], ['r-inf', 20], ['r-fd', 12], ['r-gun', 8]] as const) g.ok(dep('A', t, x, 10));
    g.ok({ do: 'endStep', player: 'A', keep: 'r-drop' });
    expect(g.trooper('r-drop').status).toBe('reserve');
    g.ok(dep('B', 'u-lt', 20, 44));
    g.ok(dep('B', 'u-scout', 30, 40));
    g.ok({ do: 'endStep', player: 'B' });
    expect(g.refused({ do: 'endStep', player: 'A' })).toMatchObject({ code: 'reserve-count', rule: 'DEP-1' });
    expect(g.refused(dep('A', 'r-lt', 25, 5))).toMatchObject({ code: 'wrong-status', rule: null });
    g.ok(dep('A', 'r-drop', 40, 2));
    g.ok({ do: 'endStep', player: 'A' });
    expect(g.trooper('r-drop')).toMatchObject({ status: 'model', fixed: true });
  });

  it('DEP-2 the number kept back is announced at the end of a main step; airborne troopers are not counted', () => {
    const g = atDeployment();
    g.ok(dep('A', 'r-lt', 24, 5));
    g.ok(dep('A', 'r-bike', 30, 6));
    g.ok(dep('A', 'r-inf', 20, 10));
    g.ok(dep('A', 'r-fd', 12, 14));
    const events = g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' });
    expect(events[0]).toMatchObject({ type: 'keptBack', player: 'A', count: 1 });
    expect(g.state.keptBack).toEqual({ A: 1 });
    expect(g.trooper('r-drop').status).toBe('off-table');
  });

  it('endTurn hands the turn over in the chosen order; a round ends with the second player', () => {
    const g = atDeployment();
    deployAll(g);
    expect(g.refused({ do: 'endTurn', player: 'A' })).toMatchObject({ code: 'out-of-turn', rule: 'INI-4' });
    expect(g.ok({ do: 'endTurn', player: 'B' }).filter((e) => e.type === 'turn')).toEqual([{ index: expect.any(Number), type: 'turn', round: 1, active: 'A' }]);
    expect(g.ok({ do: 'endTurn', player: 'A' }).filter((e) => e.type === 'turn')).toEqual([{ index: expect.any(Number), type: 'turn', round: 2, active: 'B' }]);
    expect(g.state.round).toBe(2);
  });

  it('HD-8 once the game has begun a deploy is refused, so nothing is hidden again', () => {
    const g = atDeployment();
    deployAll(g);
    expect(g.refused(dep('B', 'u-scout', 30, 40, { as: 'hidden' }))).toMatchObject({ code: 'out-of-turn', rule: 'DEP-1' });
  });
});

describe('deployment placement', () => {
  it('DEP-3 the base must be totally inside the Deployment Zone, and the message says by how much it is not', () => {
    const g = atDeployment();
    // S2 base, radius 0.5": centre at y 11.8 reaches 12.3, 0.3" past the zone's edge at 12.
    const r = g.refused(dep('A', 'r-gun', 10, 11.8));
    expect(r).toMatchObject({ code: 'outside-deployment-zone', rule: 'DEP-3' });
    expect(r.message).toBe('The base sticks out of your Deployment Zone by 0.3 inches.');
    // Touching the zone's edge from inside is totally inside.
    g.ok(dep('A', 'r-gun', 10, 11.5));
  });

  it('DEP-3 Forward Deployment grows the zone 4" towards the centre line, its width unchanged', () => {
    const g = atDeployment();
    g.ok(dep('A', 'r-fd', 10, 15.5));
    expect(g.refused(dep('A', 'r-fd', 10, 15.6))).toMatchObject({ code: 'outside-deployment-zone', rule: 'DEP-3' });
    expect(g.refused(dep('A', 'r-gun', 10, 15.5))).toMatchObject({ code: 'outside-deployment-zone' });
  });

  it('DEP-3 Infiltration: anywhere wholly in the own half without a roll', () => {
    const g = atDeployment();
    const events = g.ok(dep('A', 'r-inf', 30, 23.5));
    expect(events.map((e) => e.type)).toEqual(['placed']);
    expect(g.trooper('r-inf').fixed).toBe(false);
  });

  it('DEP-3 Infiltration: in the other half outside the enemy zone takes a PH roll, which fixes the trooper', () => {
    const g = atDeployment();
    expect(g.refused(dep('A', 'r-inf', 30, 30))).toMatchObject({ code: 'missing-roll' });
    const events = g.ok(dep('A', 'r-inf', 30, 30, { roll: 12 }));
    expect(events[0]).toMatchObject({ type: 'roll', player: 'A', trooper: 'r-inf', roll: 12, target: 12, result: 'critical' });
    expect(events[1]).toMatchObject({ type: 'placed', x: 30, y: 30 });
    expect(g.trooper('r-inf')).toMatchObject({ status: 'model', fixed: true });
    expect(g.refused(dep('A', 'r-inf', 30, 31, { roll: 1 }))).toMatchObject({ code: 'position-fixed', rule: 'DEP-8' });
  });

  it('DEP-3 Infiltration never reaches into the enemy Deployment Zone', () => {
    const g = atDeployment();
    const r = g.refused(dep('A', 'r-inf', 30, 35.7, { roll: 3 }));
    expect(r).toMatchObject({ code: 'outside-deployment-zone', rule: 'DEP-3' });
    expect(r.message).toContain('0.2 inches');
  });

  it('HD-4 a failed Infiltration roll owes a fallback: the model touching the own table edge, inside the own zone', () => {
    const g = atDeployment();
    const events = g.ok(dep('A', 'r-inf', 30, 30, { roll: 18 }));
    expect(events.map((e) => e.type)).toEqual(['roll', 'awaitingFallback']);
    expect(g.trooper('r-inf')).toMatchObject({ status: 'awaiting-fallback', x: null });
    expect(g.refused(dep('A', 'r-lt', 24, 5))).toMatchObject({ code: 'awaiting-fallback', rule: 'HD-4' });
    expect(g.refused({ do: 'endStep', player: 'A' })).toMatchObject({ code: 'awaiting-fallback' });
    const far = g.refused({ do: 'fallback', player: 'A', trooper: 'r-inf', at: { x: 30, y: 3 }, facing: 0 });
    expect(far).toMatchObject({ code: 'not-at-table-edge', rule: 'HD-4' });
    expect(far.message).toBe('The base is 2.5 inches away from the table edge.');
    // A gap of 0.05" to the edge is contact.
    const placed = g.ok({ do: 'fallback', player: 'A', trooper: 'r-inf', at: { x: 30, y: 0.55 }, facing: 0 });
    expect(placed).toEqual([
      { index: expect.any(Number), type: 'placed', player: 'A', trooper: 'r-inf', as: 'model', x: 30, y: 0.55, z: 0, facing: 0, prone: false },
    ]);
    expect(g.state.pendingFallback).toBeNull();
  });

  it('DEP-4 no contact with enemy models or markers, whatever the skills', () => {
    const file = baseFile();
    // Put the zones side by side in the middle so the two sides can meet at their common edge.
    file.zones.deployment = { south: { x: 0, y: 0, w: 48, d: 24 }, north: { x: 0, y: 24, w: 48, d: 24 } };
    const g = new TestGame(file, TO_DEPLOYMENT);
    g.ok(dep('A', 'r-lt', 10, 23.5));
    g.ok(dep('A', 'r-bike', 30, 6));
    g.ok(dep('A', 'r-inf', 20, 10));
    g.ok(dep('A', 'r-fd', 12, 14));
    g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' });
    // r-lt's base reaches y 24; B's base at y 24.55 leaves a gap of 0.05": contact.
    const touching = g.refused(dep('B', 'u-lt', 10, 24.55));
    expect(touching).toMatchObject({ code: 'contact-enemy', rule: 'DEP-4' });
    expect(touching.message).toBe('The base touches the enemy Red Captain.');
    g.ok(dep('B', 'u-lt', 10, 24.56));
    // A marker is an enemy marker to A: contact named by its marker id only.
    g.ok(dep('B', 'u-scout', 20, 24.5, { as: 'marker' }));
    g.ok({ do: 'endStep', player: 'B' });
    const m = g.refused(dep('A', 'r-gun', 20, 23.45));
    expect(m).toMatchObject({ code: 'contact-enemy', rule: 'DEP-4' });
    expect(m.message).toBe('The base touches the enemy marker B-m1.');
    g.ok(dep('A', 'r-gun', 20, 23.44));
    expect(m.message).not.toContain('Scout');
  });

  it('DEP-4 no contact with a mission objective', () => {
    const file = baseFile();
    file.objectives = [{ id: 'beacon', x: 20, y: 6, r: 0.5 }];
    const g = new TestGame(file, TO_DEPLOYMENT);
    const r = g.refused(dep('A', 'r-gun', 21.04, 6));
    expect(r).toMatchObject({ code: 'contact-objective', rule: 'DEP-4' });
    expect(r.message).toBe('The base touches the objective "beacon".');
    g.ok(dep('A', 'r-gun', 21.1, 6));
  });

  it('DEP-5 a trooper may deploy Prone: its silhouette is only as tall as its base', () => {
    const g = atDeployment();
    const events = g.ok(dep('A', 'r-gun', 10, 10, { prone: true }));
    expect(events[0]).toMatchObject({ type: 'placed', prone: true });
    expect(g.trooper('r-gun').prone).toBe(true);
    g.ok(dep('A', 'r-lt', 10, 2));
    // Measured from a point 1" above the Prone base's top, 3 mm = 0.12" tall.
    const d = g.ok({ do: 'measure', from: 'r-gun', to: { x: 10, y: 10, z: 1.12 } });
    expect(d[0]).toMatchObject({ type: 'distance' });
    expect((d[0] as { inches: number }).inches).toBeCloseTo(1, 9);
  });

  it('DEP-6 the whole base must be on the table', () => {
    const g = atDeployment();
    const r = g.refused(dep('A', 'r-gun', 0.3, 5));
    expect(r).toMatchObject({ code: 'off-board', rule: 'DEP-6' });
    expect(r.message).toBe('The base sticks out over the table edge by 0.2 inches.');
    g.ok(dep('A', 'r-gun', 0.5, 5));
  });

  it('DEP-6 the base cannot overlap scenery, nor stand inside a building', () => {
    const g = atDeployment();
    // crate: a block 4" x 2" centred on (40, 6), 1" tall: from y 5 to 7.
    expect(g.refused(dep('A', 'r-gun', 40, 4.6))).toMatchObject({ code: 'no-room', rule: 'DEP-6' });
    g.ok(dep('A', 'r-gun', 40, 4.5)); // touching the crate is room enough
    // bunker: a closed building centred on (6, 6), 4" x 4", walls 0.25" thick; its interior is out of bounds.
    const inside = g.refused(dep('A', 'r-lt', 6, 6));
    expect(inside).toMatchObject({ code: 'no-room', rule: 'DEP-6' });
    expect(inside.message).toContain('bunker');
  });

  it('DEP-6 the base stands on a surface at z: a block top or a closed roof, wholly', () => {
    const g = atDeployment();
    // On the crate's top, 1" up: the stored z is the surface's exact height.
    const events = g.ok(dep('A', 'r-gun', 40, 6, { at: { x: 40, y: 6, z: 1.04 } }));
    expect(events[0]).toMatchObject({ type: 'placed', z: 1 });
    // The base (1" wide) hangs over the crate's edge.
    expect(g.refused(dep('A', 'r-lt', 41.7, 6, { at: { x: 41.7, y: 6, z: 1 } }))).toMatchObject({ code: 'no-room', rule: 'DEP-6' });
    // Nothing at that height there.
    expect(g.refused(dep('A', 'r-lt', 24, 6, { at: { x: 24, y: 6, z: 2 } }))).toMatchObject({ code: 'no-room', rule: 'DEP-6' });
    // The bunker's closed roof at 2".
    g.ok(dep('A', 'r-lt', 6, 6, { at: { x: 6, y: 6, z: 2 } }));
    expect(g.trooper('r-lt')).toMatchObject({ z: 2 });
  });

  it('DEP-6 two bases cannot overlap, whoever they belong to; touching is fine for one side', () => {
    const g = atDeployment();
    g.ok(dep('A', 'r-lt', 24, 5));
    expect(g.refused(dep('A', 'r-gun', 24.9, 5))).toMatchObject({ code: 'no-room', rule: 'DEP-6' });
    g.ok(dep('A', 'r-gun', 25, 5));
  });

  it('DEP-8 placed again freely during the main step, fixed once the step ends', () => {
    const g = atDeployment();
    g.ok(dep('A', 'r-lt', 24, 5));
    g.ok(dep('A', 'r-lt', 26, 7));
    expect(g.trooper('r-lt')).toMatchObject({ x: 26, y: 7, fixed: false });
    // Its old spot is free again.
    g.ok(dep('A', 'r-gun', 24, 5));
    g.ok(dep('A', 'r-bike', 30, 6));
    g.ok(dep('A', 'r-inf', 20, 10));
    g.ok({ do: 'endStep', player: 'A', keep: 'r-fd' });
    expect(g.trooper('r-lt').fixed).toBe(true);
    expect(g.trooper('r-fd').fixed).toBe(false);
  });
});

describe('measure', () => {
  it('TOOL-1 measures between the closest points of two silhouettes in 3D, and refuses troopers not on the table', () => {
    const g = atDeployment();
    g.ok(dep('A', 'r-lt', 24, 5));
    g.ok(dep('A', 'r-gun', 24, 9));
    // Centres 4" apart, radius 0.5" each: 3" between the bases.
    expect(g.ok({ do: 'measure', from: 'r-lt', to: 'r-gun' })[0]).toMatchObject({ type: 'distance', inches: 3 });
    // From a point 3" above r-gun's top (S2 is 40 mm = 1.6" tall) and 4" aside: 5".
    const d = g.ok({ do: 'measure', from: 'r-gun', to: { x: 24 + 0.5 + 4, y: 9, z: 1.6 + 3 } })[0] as { inches: number };
    expect(d.inches).toBeCloseTo(5, 9);
    expect(g.refused({ do: 'measure', from: 'r-lt', to: 'r-drop' })).toMatchObject({ code: 'wrong-status' });
  });
});
