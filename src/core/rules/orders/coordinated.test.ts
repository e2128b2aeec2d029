/**
 * Coordinated Orders (COORD-1 to COORD-12, docs/rules/coordinated.md) on the turn table. West of the
 * wall's end (x < 9) A's troopers in the south and B's in the north see each other: b-lt at (6, 44)
 * and b-watch moved to (2, 40), both facing south; A's a-run, a-fast and a-lt moved there, a-irr out of their way.
 * At 34" and more, the Combi Rifle's -6 band: every BS 11 roll here is against 5.
 */
import { describe, expect, it } from 'vitest';
import { coordinatedCommand, plannedOdds } from '../../answers';
import { oddsOf } from '../queries/queries';
import type { Command, GameEvent } from '../../model/types';
import { TestGame } from '../../testing/fixtures';
import { turnOne, turnTable, type Positions } from '../../testing/turnTable';
import { viewEvents, viewFor, windowAsSeen } from '../../view';

const WEST: Positions = { 'a-run': [4, 8], 'a-fast': [7, 10], 'a-lt': [2, 6], 'a-irr': [12, 4], 'b-watch': [2, 40] };
const game = (over: Positions = WEST, facts: Record<string, unknown> = {}, camo: string[] = []) => {
  const f = turnTable();
  f.facts = { ...f.facts, ...facts };
  for (const t of f.players.A.troopers) if (camo.includes(t.id)) t.skills = [...t.skills, 'to-camouflage'];
  return new TestGame(f, turnOne(over));
};
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
const shootAll = (target: string, withIds: string[] = ['a-fast', 'a-lt'], burst = 2): Command =>
  ({
    do: 'order',
    player: 'A',
    trooper: 'a-run',
    skill: 'bs-attack',
    weapon: 'combi-rifle',
    targets: [{ target, burst }],
    with: withIds,
    each: Object.fromEntries(withIds.map((id) => [id, { skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target, burst: 1 }] }])),
  }) as Command;
const moveAll = (paths: Record<string, { x: number; y: number }[]>, lead = 'a-run'): Command => {
  const others = Object.keys(paths).filter((id) => id !== lead);
  return { do: 'order', player: 'A', trooper: lead, skill: 'move', path: paths[lead]!, with: others, each: Object.fromEntries(others.map((id) => [id, { skill: 'move', path: paths[id]! }])) } as Command;
};
const aros = (declarations: unknown[]): Command => ({ do: 'aros', player: 'B', declarations }) as Command;
const none: Command = { do: 'second', player: 'A', skill: 'none' };

describe('Coordinated Orders: cost and participants (COORD-1, COORD-2)', () => {
  it('COORD-1 spends one Regular Order of the group and one Command Token (4 by default), and says so', () => {
    const g = game();
    const before = g.state.pool!.groups['1']!;
    expect(g.state.commandTokens).toBeUndefined();
    const e = g.ok(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-fast': [{ x: 7, y: 11 }] }));
    expect(g.state.pool!.groups['1']).toBe(before - 1);
    expect(g.state.commandTokens).toEqual({ A: 3, B: 4 });
    expect(ofType(e, 'coordinated')).toMatchObject([{ player: 'A', spearhead: 'a-run', with: ['a-fast'] }]);
    expect(ofType(e, 'commandToken')).toMatchObject([{ player: 'A', left: 3 }]);
    expect(g.state.order).toMatchObject({ trooper: 'a-run', with: ['a-fast'], from: 'regular' });
  });

  it('COORD-1 refuses without a Command Token, and from any Order but a Regular one; the state unchanged', () => {
    const g = game(WEST, { commandTokens: 0 });
    expect(g.state.commandTokens).toEqual({ A: 0, B: 0 });
    expect(g.refused(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-fast': [{ x: 7, y: 11 }] }))).toMatchObject({ code: 'no-command-token', rule: 'COORD-1' });
    const h = game();
    const cmd = { ...moveAll({ 'a-lt': [{ x: 2, y: 7 }], 'a-fast': [{ x: 7, y: 11 }] }, 'a-lt'), from: 'lieutenant' } as Command;
    expect(h.refused(cmd)).toMatchObject({ code: 'no-order', rule: 'COORD-1' });
  });

  it('COORD-2 two to four troopers, each named once; of one Combat Group, all Regular or all Irregular, none hidden', () => {
    const g = game();
    const five = moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-fast': [{ x: 7, y: 11 }], 'a-lt': [{ x: 2, y: 7 }], 'a-top': [{ x: 44, y: 7 }], 'a-camo': [{ x: 20, y: 13 }] });
    expect(g.refused(five)).toMatchObject({ code: 'too-many-troopers', rule: 'COORD-2' });
    expect(g.refused({ ...moveAll({ 'a-run': [{ x: 4, y: 9 }] }), with: [] } as Command)).toMatchObject({ code: 'too-many-troopers' });
    expect(g.refused({ ...moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-fast': [{ x: 7, y: 11 }] }), with: ['a-fast', 'a-fast'] } as Command)).toMatchObject({ code: 'too-many-troopers' });
    expect(g.refused(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-irr': [{ x: 12, y: 5 }] }))).toMatchObject({ code: 'not-coordinated', rule: 'COORD-2' });
    expect(g.refused(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-hide': [{ x: 34, y: 13 }] }))).toMatchObject({ code: 'not-coordinated', rule: 'COORD-2' });
    // the participants are checked before the cost
    const h = game(WEST, { commandTokens: 0 });
    expect(h.refused(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-irr': [{ x: 12, y: 5 }] }))).toMatchObject({ code: 'not-coordinated' });
  });
});

describe('Coordinated Orders: declaring (COORD-3 to COORD-5)', () => {
  it('COORD-3 the Spearhead shoots with half its Burst rounded up, every other participant with Burst 1', () => {
    const g = game();
    expect(g.refused(shootAll('b-lt', ['a-fast'], 3))).toMatchObject({ code: 'bad-burst', rule: 'COORD-3' });
    const h = game();
    const two = shootAll('b-lt', ['a-fast'], 2);
    (two as { each: Record<string, { targets: { burst: number }[] }> }).each['a-fast']!.targets[0]!.burst = 2;
    expect(h.refused(two)).toMatchObject({ code: 'bad-burst', rule: 'COORD-3' });
    h.ok(shootAll('b-lt', ['a-fast'], 2));
    h.ok(aros([]));
    h.ok(none);
    expect(h.state.order).toMatchObject({ stage: 'rolls', needs: { 'a-run': 2, 'a-fast': 1 } });
  });

  it('COORD-4 the same skill for all, naming the same single target', () => {
    const g = game();
    const other = shootAll('b-lt', ['a-fast']);
    (other as { each: Record<string, unknown> }).each['a-fast'] = { skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-watch', burst: 1 }] };
    expect(g.refused(other)).toMatchObject({ code: 'different-targets', rule: 'COORD-4' });
    const mixed = shootAll('b-lt', ['a-fast']);
    (mixed as { each: Record<string, unknown> }).each['a-fast'] = { skill: 'idle' };
    expect(g.refused(mixed)).toMatchObject({ code: 'different-targets', rule: 'COORD-4' });
    // each participant's own fields are checked as a single Order's: a-fast's path too long for MOV 6
    expect(g.refused(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-fast': [{ x: 7, y: 20 }] }))).toMatchObject({ code: 'too-far' });
  });

  it('COORD-5 COORD-9 movement in listed order: a participant whose path one moving before it blocks does Idle instead', () => {
    const g = game();
    // a-run ends at (5, 11.5); a-fast's path from (7, 10) to (5, 13) would cross it there.
    g.ok(moveAll({ 'a-run': [{ x: 5, y: 11.5 }], 'a-fast': [{ x: 5, y: 13 }] }));
    g.ok(aros([]));
    const e = g.ok(none);
    expect(ofType(e, 'idleInstead')).toMatchObject([{ player: 'A', trooper: 'a-fast', skill: 'move' }]);
    expect(ofType(e, 'moved').map((m) => m.trooper)).toEqual(['a-run']);
    expect(g.trooper('a-run')).toMatchObject({ x: 5, y: 11.5 });
    expect(g.trooper('a-fast')).toMatchObject({ x: 7, y: 10 });
  });

  it('COORD-9 every participant moves, in listed order, the Spearhead first', () => {
    const g = game();
    g.ok(moveAll({ 'a-run': [{ x: 4, y: 11 }], 'a-fast': [{ x: 8, y: 13 }], 'a-lt': [{ x: 1.5, y: 9 }] }));
    g.ok(aros([]));
    const e = g.ok({ do: 'second', player: 'A', skill: 'move', path: [{ x: 4, y: 12 }], each: { 'a-fast': { skill: 'move', path: [{ x: 8, y: 14 }] }, 'a-lt': { skill: 'move', path: [{ x: 1.5, y: 10 }] } } } as Command);
    expect(ofType(e, 'declared').map((d) => d.trooper)).toEqual(['a-run', 'a-fast', 'a-lt']);
    const done = g.ok(aros([]));
    expect(ofType(done, 'moved').map((m) => [m.trooper, m.x, m.y])).toEqual([
      ['a-run', 4, 11], ['a-run', 4, 12], ['a-fast', 8, 13], ['a-fast', 8, 14], ['a-lt', 1.5, 9], ['a-lt', 1.5, 10],
    ]);
    expect(g.state.order).toBeNull();
  });
});

describe('Coordinated Orders: AROs and resolution (COORD-6 to COORD-10)', () => {
  it('COORD-6 COORD-9 each reactor reacts against the participant it names; Face to Face with that one, the other attacks Normal rolls', () => {
    const g = game();
    const w = g.ok(shootAll('b-lt', ['a-fast', 'a-lt']));
    const win = ofType(w, 'aroWindow')[0]!;
    expect(win.against!['b-lt']).toEqual(['a-run', 'a-fast', 'a-lt']);
    // b-lt shoots back at a-fast, b-watch at a-lt
    const d = g.ok(aros([
      { trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle', against: 'a-fast' },
      { trooper: 'b-watch', skill: 'bs-attack', weapon: 'combi-rifle', against: 'a-lt' },
    ]));
    expect(ofType(d, 'declared').map((x) => [x.trooper, x.against])).toEqual([['b-lt', 'a-fast'], ['b-watch', 'a-lt']]);
    g.ok(none);
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'a-run': 2, 'a-fast': 1, 'a-lt': 1, 'b-lt': 1, 'b-watch': 1 } });
    // a-fast's 3 beats b-lt's 2 (Face to Face); a-run's 2 and 4 are Normal rolls against b-lt, which b-lt's
    // die does not cancel; b-watch's 4 is a Normal roll on a-lt (it is not attacked), a-lt's 1 hits b-lt too.
    const r = g.ok({ do: 'rolls', rolls: { 'a-run': [2, 4], 'a-fast': [3], 'a-lt': [1], 'b-lt': [2], 'b-watch': [4] } });
    const hits = ofType(r, 'hits').map((h) => [h.by, h.target, h.hits]);
    expect(hits).toEqual(expect.arrayContaining([['a-run', 'b-lt', 2], ['a-fast', 'b-lt', 1], ['a-lt', 'b-lt', 1], ['b-watch', 'a-lt', 1]]));
    expect(hits.find((h) => h[0] === 'b-lt')).toBeUndefined();
    expect(ofType(r, 'roll').map((x) => [x.trooper, x.against])).toEqual([['a-run', 'b-lt'], ['a-fast', 'b-lt'], ['a-lt', 'b-lt'], ['b-lt', 'a-fast'], ['b-watch', 'a-lt']]);
  });

  it('COORD-6 a reactor reacts only against a participant it is eligible against; a refusal leaves the state unchanged', () => {
    // a-top stands on the step far east, behind the wall from b-lt's side.
    const g = game();
    g.ok(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-top': [{ x: 44, y: 7 }] }));
    expect(g.state.order!.eligibleAgainst![0]!['b-lt']).toEqual(['a-run']);
    expect(g.refused(aros([{ trooper: 'b-lt', skill: 'dodge', against: 'a-top' }]))).toMatchObject({ code: 'not-eligible', rule: 'COORD-6' });
    expect(g.refused(aros([{ trooper: 'b-lt', skill: 'dodge', against: 'b-watch' }]))).toMatchObject({ code: 'not-eligible', rule: 'COORD-6' });
    // with no `against`, the first participant it is eligible against
    const e = g.ok(aros([{ trooper: 'b-lt', skill: 'dodge' }]));
    expect(ofType(e, 'declared')[0]).toMatchObject({ trooper: 'b-lt', against: 'a-run' });
  });

  it('COORD-6 ARO-5 the window gives each participant\u2019s path as the viewer names it; a reactor\u2019s `at` lies on the path of the one it reacts against', () => {
    const g = game();
    g.ok(moveAll({ 'a-run': [{ x: 4, y: 10 }], 'a-fast': [{ x: 7, y: 12 }, { x: 8, y: 13 }] }));
    const w = windowAsSeen(g.state, 'B')!;
    expect(w.path).toEqual([{ x: 4, y: 8 }, { x: 4, y: 10 }]);
    expect(w.paths).toEqual({ 'a-run': [{ x: 4, y: 8 }, { x: 4, y: 10 }], 'a-fast': [{ x: 7, y: 10 }, { x: 7, y: 12 }, { x: 8, y: 13 }] });
    // a-fast's waypoint is on a-fast's path, not on a-run's.
    expect(g.refused(aros([{ trooper: 'b-lt', skill: 'dodge', against: 'a-run', at: { x: 7, y: 12 } }]))).toMatchObject({ code: 'not-visible', rule: 'ARO-5' });
    g.ok(aros([{ trooper: 'b-lt', skill: 'dodge', against: 'a-fast', at: { x: 7, y: 12 } }]));
    // A single Order's window has no `paths`.
    const h = game();
    h.ok({ do: 'order', player: 'A', trooper: 'a-run', skill: 'move', path: [{ x: 4, y: 10 }] });
    expect(windowAsSeen(h.state, 'B')!.paths).toBeUndefined();
  });

  it('COORD-7 window 2 opens after the second skill of all; a delay against a marker participant declares again against it', () => {
    // a-camo, a marker, moves beside a-run; b-lt sees both.
    const g = game({ ...WEST, 'a-camo': [6, 6, { as: 'marker' }] });
    g.ok(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-camo': [{ x: 6, y: 7 }] }));
    expect(g.refused(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle', against: 'A-m1' }]))).toMatchObject({ code: 'skill-not-allowed', rule: 'ARO-3' });
    g.ok(aros([{ trooper: 'b-lt', skill: 'delay', against: 'A-m1' }]));
    const w2 = g.ok({ do: 'second', player: 'A', skill: 'idle', each: { 'a-camo': { skill: 'idle' } } } as Command);
    expect(ofType(w2, 'aroWindow')[0]).toMatchObject({ window: 2 });
    expect(g.state.order!.eligibleAgainst![1]!['b-lt']).toEqual(['a-camo']);
    expect(g.refused(aros([{ trooper: 'b-lt', skill: 'dodge', against: 'a-run' }]))).toMatchObject({ code: 'not-eligible' });
  });

  it('COORD-10 two participants attacking one target from markers give its ARO one Surprise Attack MOD, not two', () => {
    // a-run given TO Camouflage, deployed as a marker too: both participants attack by surprise.
    const g = game({ ...WEST, 'a-run': [4, 8, { as: 'marker' }], 'a-camo': [6, 6, { as: 'marker' }] }, {}, ['a-run']);
    g.ok(shootAll('b-lt', ['a-camo'], 1));
    g.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle', against: 'a-run' }]));
    g.ok(none);
    const odds = plannedOdds(g.state, g.ctx, 'A');
    const aro = odds.find((o) => o.roller === 'b-lt')!;
    // b-lt's BS 11, -6 for the range band, -3 once for the two Surprise Attacks; against two models, no MOD
    const alone = game();
    alone.ok(shootAll('b-lt', ['a-fast'], 1));
    alone.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle', against: 'a-run' }]));
    alone.ok(none);
    const plain = plannedOdds(alone.state, alone.ctx, 'A').find((o) => o.roller === 'b-lt')!;
    expect(aro.sv).toBe(plain.sv - 3);
  });
});

describe('Coordinated Orders: views and odds (COORD-11, COORD-12)', () => {
  it('COORD-11 the opponent sees a marker participant by its marker id, the Command Tokens, and each ARO\u2019s participant', () => {
    const g = game({ ...WEST, 'a-camo': [6, 6, { as: 'marker' }] });
    const before = g.state;
    const e = g.ok(moveAll({ 'a-run': [{ x: 4, y: 9 }], 'a-camo': [{ x: 6, y: 7 }] }));
    const seen = viewEvents(e, before, g.state, 'B');
    const text = JSON.stringify(seen);
    expect(text).not.toContain('a-camo');
    expect(ofType(seen, 'coordinated')[0]).toMatchObject({ spearhead: 'a-run', with: ['A-m1'] });
    expect(ofType(seen, 'commandToken')[0]).toMatchObject({ player: 'A', left: 3 });
    const v = viewFor(g.state, 'B');
    expect(v.order).toMatchObject({ trooper: 'a-run', with: ['A-m1'] });
    expect(v.order!.window!.against).toMatchObject({ 'b-lt': ['a-run', 'A-m1'], 'b-watch': ['a-run', 'A-m1'] });
    expect(JSON.stringify(v)).not.toContain('a-camo');
    const mine = viewFor(g.state, 'A');
    expect(mine.order).toMatchObject({ with: ['a-camo'] });
    // B's hidden trooper may react against the marker; A is not told it exists.
    expect(v.order!.window!.against!['b-hide']).toContain('A-m1');
    expect(JSON.stringify(mine)).not.toContain('b-hide');
    expect(JSON.stringify(viewEvents(e, before, g.state, 'A'))).not.toContain('b-hide');
  });

  it('COORD-12 the odds of every roll of a Coordinated Order are the engine\u2019s odds query for it', () => {
    const g = game();
    g.ok(shootAll('b-lt', ['a-fast', 'a-lt']));
    g.ok(aros([{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle', against: 'a-fast' }]));
    g.ok(none);
    const odds = plannedOdds(g.state, g.ctx, 'A');
    expect(odds.map((o) => [o.roller, o.dice, o.against?.roller ?? null])).toEqual([
      ['a-run', 2, null], ['a-fast', 1, 'b-lt'], ['a-lt', 1, null], ['b-lt', 1, 'a-fast'],
    ]);
    for (const o of odds) {
      const q = oddsOf(o.query) as { outcomes: { side: string; p: number }[] };
      expect(q.outcomes.filter((x) => x.side === 'A').reduce((n, x) => n + x.p, 0)).toBeCloseTo(o.hit, 12);
    }
  });
});

describe('Coordinated Orders: close combat (COORD-8)', () => {
  it('COORD-8 only the Spearhead attacks in close combat, +1 Burst for each other participant its Order leaves in contact with the target', () => {
    const f = turnTable();
    f.players.A.troopers.find((t) => t.id === 'a-run')!.ccWeapons = [{ id: 'blade', name: 'CC Weapon', damage: 'PH', burst: 1, ammo: 'N', save: 'arm' }];
    // b-inf stands at (30, 20); S2 bases touch with their centres 1" apart.
    const g = new TestGame(f, turnOne({ 'a-run': [30, 15.5], 'a-fast': [28, 15] }));
    g.ok(moveAll({ 'a-run': [{ x: 30, y: 19 }], 'a-fast': [{ x: 29.02, y: 19.8 }] }));
    g.ok(aros([]));
    g.ok({ do: 'second', player: 'A', skill: 'cc-attack', weapon: 'blade', targets: [{ target: 'b-inf', burst: 1 }], each: { 'a-fast': { skill: 'cc-attack', targets: [{ target: 'b-inf', burst: 1 }] } } } as Command);
    g.ok(aros([]));
    // a-run's Burst 1 (half of 1, rounded up) +1 for a-fast in contact; a-fast rolls nothing.
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'a-run': 2 } });
    expect(g.state.order!.needs['a-fast']).toBeUndefined();
  });
});

describe('Coordinated Orders on the table (COORD-13)', () => {
  it('COORD-13 the table builds its commands through the core: order with with/each, then second in the Order in progress', () => {
    const g = game();
    const first = coordinatedCommand(g.state, 'A', 'a-run', { 'a-run': { skill: 'move', path: [{ x: 4, y: 9 }] }, 'a-fast': { skill: 'move', path: [{ x: 7, y: 11 }] } });
    expect(first).toMatchObject({ do: 'order', trooper: 'a-run', with: ['a-fast'], each: { 'a-fast': { skill: 'move' } } });
    g.ok(first);
    g.ok(aros([]));
    const next = coordinatedCommand(g.state, 'A', 'a-run', { 'a-run': { skill: 'idle' }, 'a-fast': { skill: 'idle' } });
    expect(next).toMatchObject({ do: 'second', skill: 'idle', each: { 'a-fast': { skill: 'idle' } } });
    g.ok(next);
    expect(viewFor(g.state, 'A').commandTokens).toEqual({ A: 3, B: 4 });
  });
});
