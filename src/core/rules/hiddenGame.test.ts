/** Hidden Deployment and TO Camouflage in a whole game (HD, TOC), and what testing from outside found. */
import { describe, expect, it } from 'vitest';
import { apply } from '../engine';
import type { Command, Terrain } from '../model/types';
import { TestGame } from '../testing/fixtures';
import { viewEvents, viewFor } from '../view';
import { discoverRangeMod } from './skills/discover/skill';
import { A_LINE, B_LINE, dep, endTurn, file, finishOrder, game, jump, ofType, old, standard } from '../testing/rulesGame';

describe('Hidden Deployment', () => {
  it('HD-2 a hidden trooper is not on the table: no measuring to it, no Line of Fire blocked, no contact', () => {
    const g = standard();
    expect(g.refused({ do: 'measure', from: 'u-lt', to: 'u-ghost' })).toMatchObject({ code: 'wrong-status' });
    expect(g.refused({ do: 'lof', from: 'r-lt', to: 'u-ghost' })).toMatchObject({ code: 'wrong-status' });
    // A jumper may land right on the hidden trooper's spot: nothing tells A it is there.
    g.ok(jump('r-drop', 24, 40));
  });

  it('HD-2 the opponent deploys ignoring hidden troopers, so a refusal never gives them away', () => {
    const g = new TestGame(file(), [
      { do: 'initiative', rolls: { A: 12, B: 9 } },
      { do: 'keep', player: 'A', choice: 'deployment' },
      { do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' },
      { do: 'turnOrder', player: 'B', first: 'A' },
    ]);
    g.ok(dep('A', ['r-scout', 20, 11.5, { as: 'hidden' }]));
    g.ok(dep('A', ['r-lt', 24, 5]));
    g.ok(dep('A', ['r-hack', 12, 10]));
    g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' });
    expect(g.state.troopers['r-scout']!.status).toBe('hidden');
    expect(viewFor(g.state, 'B').orders.A).toBe(2);
  });

  it('HD-3 a hidden trooper adds no Order to the pool', () => {
    const g = standard();
    expect(viewFor(g.state, null).orders).toEqual({ A: 3, B: 4 });
    g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' });
    expect(viewFor(g.state, null).orders.A).toBe(4);
  });

  it('HD-10 it appears when it declares a skill: in its Active Turn as an Order, in the other turn as an ARO', () => {
    const g = standard();
    expect(g.refused({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'delay-aro' })).toMatchObject({ code: 'not-active-player', rule: 'HD-10' });
    // GAME-TURN.md: in the opponent's turn only while an ARO window is open to it.
    expect(g.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'short-move-no-roll' })).toMatchObject({ code: 'out-of-turn', rule: 'HD-10' });
    g.ok({ do: 'order', player: 'A', trooper: 'r-gun', skill: 'idle' });
    expect(g.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'cautious-move' })).toMatchObject({ code: 'not-active-player', rule: 'HD-10' });
    const aro = g.ok({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'short-move-no-roll', facing: 90 });
    expect(aro[0]).toEqual({ index: expect.any(Number), type: 'revealed', player: 'B', trooper: 'u-ghost', as: 'model', x: 24, y: 40, z: 0, facing: 90 });
    expect(aro[1]).toMatchObject({ type: 'declared', player: 'B', trooper: 'u-ghost', skill: 'appear', window: 1 });
    expect(g.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'other' })).toMatchObject({ code: 'wrong-status' });
    // In its own turn, the reveal is the trooper's own Order: an Idle, and window 1.
    const own = standard().ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' });
    expect(own.map((e) => e.type)).toEqual(['revealed', 'declared', 'aroWindow']);
    expect(own[1]).toMatchObject({ skill: 'idle', from: 'own' });
    expect(new TestGame(file()).refused({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' })).toMatchObject({
      code: 'out-of-turn',
      rule: 'HD-10',
    });
  });

  it('HD-11 a trooper able to be a marker appears as its marker when what it declares keeps it hidden', () => {
    const cautious = standard().ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'cautious-move' });
    expect(cautious[0]).toMatchObject({ type: 'revealed', as: 'marker' });
    const attack = standard().ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' });
    expect(attack[0]).toMatchObject({ type: 'revealed', as: 'model' });
    // As an ARO: delaying it against a marker keeps the marker.
    const g = standard();
    endTurn(g, 'A');
    g.ok({ do: 'order', player: 'B', trooper: 'u-scout', skill: 'idle' });
    expect(g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'delay-aro' })[0]).toMatchObject({ as: 'marker' });
    g.ok({ do: 'aros', player: 'A', declarations: [] });
    // Without a marker state to keep, the model appears whatever it declares.
    g.ok({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'cautious-move' });
    expect(g.trooper('u-ghost').status).toBe('model');
  });

  it('TOC-1 leaving Hidden Deployment with a skill that does not reveal it puts the TO Camouflage marker on the table', () => {
    const g = standard();
    const before = g.state;
    const events = g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'short-move-no-roll' });
    expect(g.trooper('r-scout')).toMatchObject({ status: 'marker', markerId: 'A-m1' });
    const forB = viewEvents(events, before, g.state, 'B');
    expect(forB[0]).toMatchObject({ type: 'revealed', trooper: 'A-m1', as: 'marker' });
    expect(JSON.stringify({ forB, view: viewFor(g.state, 'B') })).not.toContain('r-scout');
  });

  it('HD-13 when its model is placed the opponent gets its Public Information', () => {
    const g = standard();
    expect(viewFor(g.state, 'B').troopers['r-scout']).toBeUndefined();
    g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other', facing: 45 });
    expect(viewFor(g.state, 'B').troopers['r-scout']).toMatchObject({ status: 'model', x: 30, y: 10, facing: 45 });
  });

  it('HD-17 a taken spot places it at the closest free spot, never in silhouette contact', () => {
    const g = standard();
    // A jumper lands right on u-ghost's recorded spot (24, 40), facing it from the south.
    g.ok(jump('r-drop', 24, 40));
    endTurn(g, 'A');
    const events = g.ok({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'other' });
    const r = ofType(events, 'revealed')[0]!;
    // The first ring clear of contact, walked from u-ghost's recorded facing (180: south) counter-clockwise.
    const gap = Math.hypot(r.x - 24, r.y - 40) - 1;
    expect(gap).toBeGreaterThan(0.05);
    expect(gap).toBeLessThanOrEqual(0.05 + 1 / 20 + 1e-9);
    expect(Math.hypot(r.x - 24, r.y - 40)).toBeCloseTo(1.1, 9);
    expect(r.y).toBeCloseTo(40 - 1.1, 9);
  });

  it('HD-17 no room within 6" is refused, and the trooper stays hidden', () => {
    // A hidden trooper recorded on a 1.2" block top, its only surface at that height, then another lands on it.
    const pad: Terrain = { id: 'pad', kind: 'block', x: 30, y: 30, w: 1.2, d: 1.2, h: 2, rotation: 0 };
    const g = game(A_LINE, [['u-lt', 20, 44], ['u-mech', 36, 42], ['u-hack', 12, 40], ['u-scout', 30, 38, { as: 'marker' }], ['u-ghost', 24, 40, { as: 'hidden' }]], [pad]);
    endTurn(g, 'A');
    endTurn(g, 'B');
    g.ok(jump('r-drop', 30, 30, { at: { x: 30, y: 30, z: 2 } }));
    expect(g.trooper('r-drop').z).toBe(2);
    const h = standard();
    h.state.troopers['u-ghost'] = { ...h.trooper('u-ghost'), x: 30, y: 30, z: 2 };
    const crowded = new TestGame(file([pad]));
    crowded.state = { ...h.state, troopers: { ...h.state.troopers, 'r-drop': { ...g.trooper('r-drop') } } };
    endTurn(crowded, 'A');
    expect(crowded.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'other' })).toMatchObject({ code: 'no-room', rule: 'HD-17' });
    expect(crowded.trooper('u-ghost').status).toBe('hidden');
  });
});

describe('TO Camouflage', () => {
  it('TOC-2 a TO Camouflage trooper is shown by its marker, not its model', () => {
    const g = standard();
    const forA = viewFor(g.state, 'A');
    expect(forA.markers['B-m1']).toEqual({ player: 'B', s: 2, x: 30, y: 38, z: 0, group: 1 });
    expect(forA.troopers['u-scout']).toBeUndefined();
  });

  it('TOC-3 no base may be placed in contact with a TO Camouflage marker of its own side', () => {
    const g = new TestGame(file(), [
      { do: 'initiative', rolls: { A: 12, B: 9 } },
      { do: 'keep', player: 'A', choice: 'deployment' },
      { do: 'deploymentChoice', player: 'A', first: 'B', keeperZone: 'south' },
      { do: 'turnOrder', player: 'B', first: 'A' },
    ]);
    g.ok(dep('B', ['u-scout', 30, 40, { as: 'marker' }]));
    const r = g.refused(dep('B', ['u-lt', 31.05, 40]));
    expect(r).toMatchObject({ code: 'marker-contact', rule: 'TOC-3' });
    g.ok(dep('B', ['u-lt', 31.06, 40]));
  });

  it('TOC-5 Discover: WIP with the range MOD and -6, needing Line of Fire; success replaces the marker by the model', () => {
    const g = standard();
    // r-lt (24, 5) to the marker at (30, 38): about 32.5" between silhouettes, the -3 band.
    const events = g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 4, facing: 200 });
    expect(events[0]).toMatchObject({ type: 'roll', player: 'A', trooper: 'r-lt', roll: 4, target: 13 - 3 - 6, result: 'critical' });
    expect(events[1]).toEqual({ index: expect.any(Number), type: 'discovered', player: 'B', marker: 'B-m1', trooper: 'u-scout', by: 'r-lt' });
    expect(g.trooper('u-scout')).toMatchObject({ status: 'model', facing: 200 });
    // GAME-TURN.md: the Discover was the first skill of r-lt's Order, rolled at once: window 1 is open.
    expect(events.slice(2).map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    finishOrder(g);
    expect(g.refused({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'u-scout', roll: 1 })).toMatchObject({ code: 'wrong-status' });
  });

  it('TOC-5 Discover needs Line of Fire to the marker', () => {
    // A 3" wall from x 28 to 32, 0.25" in front of the marker at (30, 38), hides it from r-lt at (24, 5).
    const g = game(A_LINE, B_LINE, [{ id: 'screen', kind: 'block', x: 30, y: 37, w: 4, d: 0.5, h: 3, rotation: 0 }]);
    expect(g.refused({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 1 })).toMatchObject({ code: 'not-visible', rule: 'TOC-5' });
  });

  it('TOC-5 the range MODs: +3 to 8", 0 to 32", -3 to 48", -6 beyond', () => {
    expect([0, 8, 8.01, 32, 32.01, 48, 48.01, 90].map(discoverRangeMod)).toEqual([3, 3, 0, 0, -3, -3, -6, -6]);
  });

  it('TOC-6 a failed Discover locks that trooper out of that marker until the next turn', () => {
    const g = standard();
    const failed = g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 19 });
    expect(failed[1]).toEqual({ index: expect.any(Number), type: 'discoverFailed', player: 'B', marker: 'B-m1', by: 'r-lt' });
    finishOrder(g);
    expect(g.refused({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 1 })).toMatchObject({ code: 'discover-locked', rule: 'TOC-6' });
    // Another trooper may try.
    g.ok({ do: 'discover', player: 'A', trooper: 'r-gun', target: 'B-m1', roll: 19 });
    endTurn(g, 'A');
    endTurn(g, 'B');
    g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 19 });
  });

  it('TOC-9 the marker keeps the silhouette of the trooper it hides', () => {
    const g = standard();
    // The marker is S2: 25 mm across and 40 mm tall, measured like the model.
    expect(viewFor(g.state, 'A').markers['B-m1']!.s).toBe(2);
    const d = g.ok({ do: 'measure', from: 'B-m1', to: { x: 30, y: 38, z: 1.6 + 2 } })[0] as { inches: number };
    expect(d.inches).toBeCloseTo(2, 9);
  });

  it('TOC-12 on Discovery the opponent learns the model, facing as its owner chooses', () => {
    const g = standard();
    const before = g.state;
    const events = g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 2, facing: 135 });
    const forA = viewEvents(events, before, g.state, 'A');
    expect(ofType(forA, 'discovered')[0]).toMatchObject({ trooper: 'u-scout', marker: 'B-m1' });
    expect(viewFor(g.state, 'A').troopers['u-scout']).toMatchObject({ status: 'model', x: 30, y: 38, facing: 135 });
    expect(viewFor(g.state, 'A').markers).toEqual({});
  });
});

describe('what testing from outside found', () => {
  it('CJ-10 Combat Jump (Explosion) implies Combat Jump: a trooper with only the former waits in the air and jumps', async () => {
    const { TO_GAME, twoSides } = await import('../testing/twoSides');
    const g = new TestGame(twoSides(), TO_GAME);
    expect(g.file.players.A.troopers.find((t) => t.id === 'a-boom')!.skills).toEqual(['combat-jump-explosion']);
    expect(g.trooper('a-boom').status).toBe('off-table');
    const events = g.ok({ do: 'combatJump', player: 'A', trooper: 'a-boom', at: { x: 16, y: 33 }, facing: 0, roll: 5, explosion: true });
    expect(old(events).map((e) => e.type)).toEqual(['roll', 'placed', 'template', 'aro']);
  });

  it('CJ-10 a saved seeded game with an exploding jump replays to the same state: seeded saves are not written into the command', async () => {
    const { TO_GAME, twoSides } = await import('../testing/twoSides');
    const { replay } = await import('../engine');
    const { contextFor } = await import('../testing/fixtures');
    const setup = { ...twoSides(), dice: { seed: 7 } as const };
    const g = new TestGame(setup, TO_GAME);
    const recorded: Command[] = [...TO_GAME];
    const play = (c: Command) => {
      const r = apply(g.state, c, g.ctx);
      if (!r.ok) throw new Error(r.rejection.message);
      g.state = r.state;
      recorded.push(r.command);
      return r;
    };
    // Landing 0.4" from b-inf: the blast reaches it.
    const jump = play({ do: 'combatJump', player: 'A', trooper: 'a-boom', at: { x: 28.5, y: 24.5 }, facing: 0, explosion: true });
    if (jump.events.some((e) => e.type === 'awaitingFallback')) play({ do: 'fallback', player: 'A', trooper: 'a-boom', at: { x: 34, y: 0.5 }, facing: 0 });
    expect(recorded.at(-1)).not.toHaveProperty('saves');
    const again = replay({ ...setup, commands: recorded }, contextFor(setup));
    expect(again.rejected).toBeNull();
    expect(ofType(again.events, 'save').length).toBeGreaterThan(0);
    expect(again.state).toEqual(g.state);
  });
});
