import { describe, expect, it } from 'vitest';
import type { Command, GameEvent } from '../../model/types';
import { actingPlayer } from '../../acting';
import { TestGame } from '../../testing/fixtures';
import { turnOne, turnTable, type Positions } from '../../testing/turnTable';
import { parseGameFile } from '../../gamefile';
import { atOf, pointIndexAt } from './path';
import { viewEvents, viewFor } from '../../view';

const game = (over: Positions = {}) => new TestGame(turnTable(), turnOne(over));
const order = (trooper: string, skill: string, extra: Record<string, unknown> = {}): Command => ({ do: 'order', player: 'A', trooper, skill, ...extra }) as Command;
const move = (trooper: string, path: [number, number][], extra: Record<string, unknown> = {}): Command => order(trooper, 'move', { path: path.map(([x, y]) => ({ x, y })), ...extra });
const second = (skill: string, extra: Record<string, unknown> = {}): Command => ({ do: 'second', player: 'A', skill, ...extra }) as Command;
const none: Command = { do: 'aros', player: 'B', declarations: [] };
const dodgeMove = (player: 'A' | 'B', trooper: string, path: [number, number][], extra: Record<string, unknown> = {}): Command =>
  ({ do: 'dodgeMove', player, trooper, path: path.map(([x, y]) => ({ x, y })), ...extra }) as Command;
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

describe('facing (MOV-19)', () => {
  it('MOV-19 a Move of no length turns the trooper in place, with its ARO windows as any Move', () => {
    const g = game();
    const first = g.ok(move('a-run', [], { facing: 135 }));
    expect(first.map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    g.ok(none);
    const end = g.ok(second('none'));
    expect(ofType(end, 'moved')).toMatchObject([{ trooper: 'a-run', x: 28, y: 14, facing: 135, path: [{ x: 28, y: 14, z: 0 }] }]);
    expect(g.trooper('a-run')).toMatchObject({ x: 28, y: 14, facing: 135 });
  });

  it('MOV-19 Cautious Movement ends facing as declared, and its moved event names the skill; a Move leaves its facing unchanged by default', () => {
    const g = game();
    const done = g.ok(order('a-lt', 'cautious-move', { path: [{ x: 24, y: 7 }], facing: 270 }));
    expect(g.trooper('a-lt')).toMatchObject({ x: 24, y: 7, facing: 270 });
    expect(ofType(done, 'moved').at(-1)).toMatchObject({ skill: 'cautious-move', facing: 270 });
    const h = game();
    h.ok(move('a-run', [[28, 15]]));
    h.ok(none);
    const end = h.ok(second('none'));
    expect(h.trooper('a-run')).toMatchObject({ y: 15, facing: 0 });
    expect(ofType(end, 'moved').at(-1)!.skill).toBeUndefined();
  });

  it('MOV-19 N4 has no Change Facing: Idle keeps the facing, a successful Dodge turns (ATK-5)', () => {
    const g = game();
    g.ok(order('a-run', 'idle'));
    g.ok(none);
    g.ok(second('none'));
    expect(g.trooper('a-run')).toMatchObject({ facing: 0 });
  });
});

describe('Prone (MOV-17, MOV-18)', () => {
  it('MOV-17 `prone` on a Move sets the state at its start; a Move of no length goes Prone in place and the event says so', () => {
    const g = game();
    g.ok(move('a-run', [], { prone: true }));
    expect(g.trooper('a-run').prone).toBe(true);
    g.ok(none);
    const end = g.ok(second('move', { path: [{ x: 28, y: 15 }] }));
    expect(end.map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    const moved = ofType(g.ok(none), 'moved');
    expect(moved).toMatchObject([{ prone: true, x: 28, y: 14 }, { prone: true, x: 28, y: 15 }]);
    expect(g.trooper('a-run')).toMatchObject({ prone: true, y: 15 });
    // Standing up, at the start of the next Move.
    g.ok({ do: 'endTurn', player: 'A' } as Command);
    expect(g.trooper('a-run').prone).toBe(true);
  });

  it('MOV-18 Prone every distance is half: a Prone trooper of MOV 4-4 moves 2" a Move (too-far by MOV-18), standing up at the start gives the whole value', () => {
    const g = game();
    g.ok(move('a-run', [], { prone: true }));
    g.ok(none);
    expect(g.refused(second('move', { path: [{ x: 28, y: 16.5 }] }))).toMatchObject({ code: 'too-far', rule: 'MOV-18' });
    g.ok(second('move', { path: [{ x: 28, y: 16 }] }));
    const h = game();
    h.ok(move('a-run', [], { prone: true }));
    h.ok(none);
    h.ok(second('move', { path: [{ x: 28, y: 17.5 }], prone: false }));
    expect(h.trooper('a-run').prone).toBe(false);
  });
});

describe("Dodge's move (MOV-20)", () => {
  /** a-run moves into b-inf's Zone of Control; b-inf Dodges (PH 12, -3 without Line of Fire) and rolls `die`. */
  const dodged = (die: number) => {
    const g = game({ 'a-run': [26.5, 15.5] });
    g.ok(move('a-run', [[29, 18.2]]));
    g.ok({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-inf', skill: 'dodge' }] });
    g.ok(second('none'));
    return { g, events: g.ok({ do: 'rolls', rolls: { 'b-inf': [die] } }) };
  };

  it('MOV-20 a Dodge that succeeds waits in stage dodge-moves for its player to move it up to 2", then the Order ends', () => {
    const { g, events } = dodged(5);
    expect(ofType(events, 'dodgeMoves')).toMatchObject([{ troopers: ['b-inf'] }]);
    expect(g.state.order).toMatchObject({ stage: 'dodge-moves', needs: { 'b-inf': 1 }, dodgeMoves: ['b-inf'], dodgePlayer: 'B' });
    expect(actingPlayer(viewFor(g.state, 'A'))).toBe('B');
    expect(viewFor(g.state, 'A').order).toMatchObject({ stage: 'dodge-moves', dodgeMoves: ['b-inf'] });
    expect(g.refused(dodgeMove('B', 'b-inf', [[30, 22.5]]))).toMatchObject({ code: 'too-far', rule: 'MOV-20' });
    expect(g.refused(dodgeMove('B', 'b-watch', []))).toMatchObject({ code: 'wrong-status', rule: 'MOV-20' });
    expect(g.refused(dodgeMove('A', 'b-inf', []))).toMatchObject({ code: 'not-your-trooper' });
    expect(g.refused({ do: 'endTurn', player: 'B' } as Command)).toMatchObject({ code: 'out-of-turn' });
    const before = g.state;
    const moved = g.ok(dodgeMove('B', 'b-inf', [[31, 21.5]], { facing: 200 }));
    expect(moved).toMatchObject([{ type: 'moved', player: 'B', trooper: 'b-inf', skill: 'dodge', x: 31, y: 21.5, facing: 200 }]);
    expect(viewEvents(moved, before, g.state, 'A')).toMatchObject([{ type: 'moved', trooper: 'b-inf', skill: 'dodge' }]);
    expect(g.state.order).toBeNull();
    expect(g.trooper('b-inf')).toMatchObject({ x: 31, y: 21.5, facing: 200 });
  });

  it('MOV-20 `[]` is no move; Prone the move is 1" (MOV-18); it may end in contact with an enemy (CC-8), never touch one on the way (CC-1)', () => {
    const a = dodged(5).g;
    a.ok(dodgeMove('B', 'b-inf', []));
    expect(a.trooper('b-inf')).toMatchObject({ x: 30, y: 20 });
    const b = dodged(5).g;
    expect(b.refused(dodgeMove('B', 'b-inf', [[30, 21.5]], { prone: true }))).toMatchObject({ code: 'too-far', rule: 'MOV-18' });
    b.ok(dodgeMove('B', 'b-inf', [[30, 21]], { prone: true }));
    expect(b.trooper('b-inf')).toMatchObject({ prone: true, y: 21 });
    const c = dodged(5).g;
    // a-run stands at (29, 18.2): 1.03" towards it, the bases touch.
    expect(c.refused(dodgeMove('B', 'b-inf', [[29.5, 19.09], [30, 19.5]]))).toMatchObject({ code: 'blocked-path', rule: 'CC-1' });
  });

  it('MOV-20 a failed Dodge owes no move; a command of the active player closes the stage, the dodger staying', () => {
    const { g, events } = dodged(15);
    expect(ofType(events, 'dodgeMoves')).toEqual([]);
    expect(g.state.order).toBeNull();
    const h = dodged(5).g;
    h.ok(move('a-lt', [[24, 5]]));
    expect(h.trooper('b-inf')).toMatchObject({ x: 30, y: 20 });
    expect(h.state.order).toMatchObject({ trooper: 'a-lt', stage: 'aro1' });
  });
});

describe('heights along a path (MOV-7, MOV-8, MOV-16)', () => {
  it('MOV-7 a path vaults onto the 1" crate and stands on it (within the 1.6" reach of a Silhouette 2 trooper); the points carry the height, the vault counts nothing', () => {
    const g = game();
    g.ok(move('a-fast', [[17, 14]]));
    g.ok(none);
    const moved = ofType(g.ok(second('none')), 'moved')[0]!;
    expect(moved).toMatchObject({ x: 17, y: 14, z: 1 });
    expect(moved.path[0]!.z).toBe(0);
    expect(g.trooper('a-fast')).toMatchObject({ x: 17, y: 14, z: 1 });
  });

  it('MOV-8 a listed point\'s z must be the stance there; the Move ends with the whole base on one surface', () => {
    const g = game();
    expect(g.refused(move('a-fast', [], { path: [{ x: 17, y: 14, z: 0 }] }))).toMatchObject({ code: 'blocked-path', rule: 'MOV-8' });
    expect(g.refused(move('a-fast', [[16.2, 14]]))).toMatchObject({ code: 'blocked-path', rule: 'MOV-8' });
    g.ok(move('a-fast', [], { path: [{ x: 17, y: 14, z: 1 }] }));
  });

  it('MOV-16 MOV-7 no falls: from the 2" post a Silhouette 2 trooper cannot walk off (less than half its base held, then a drop above its reach): too-high', () => {
    const g = game({ 'a-top': [13.5, 9.5, { at: { x: 13.5, y: 9.5, z: 2 } }] });
    expect(g.trooper('a-top')).toMatchObject({ z: 2 });
    expect(g.refused(move('a-top', [[13.5, 7]]))).toMatchObject({ code: 'too-high', rule: 'MOV-7' });
  });
});

describe('Jump and Climb (MOV-11 to MOV-13)', () => {
  // post-w: a 1" x 1" block 2" high, x 13..14, y 9..10; a-irr stands against its north face.
  const atPost = () => game({ 'a-irr': [13.5, 10.5], 'a-fast': [20, 5] });
  const climbUp = (g: TestGame) => g.ok(order('a-irr', 'climb', { to: { x: 13.5, y: 9.5, z: 2 }, facing: 180 }));

  it('MOV-13 Climb: an Entire Order from a face the base touches, straight up onto the top touching its edge; the window sees it go up', () => {
    const g = atPost();
    const w = climbUp(g);
    expect(w.map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    expect(g.state.order!.skills[0]!.points.some((p) => p.z > 0 && p.z < 2)).toBe(true);
    const end = g.ok(none);
    expect(ofType(end, 'moved')).toMatchObject([{ skill: 'climb', x: 13.5, y: 9.5, z: 2, facing: 180 }]);
    expect(g.trooper('a-irr')).toMatchObject({ z: 2, facing: 180 });
  });

  it('MOV-13 not-at-wall away from any face; no-landing sideways, or not on the top nor at the foot', () => {
    const g = game();
    expect(g.refused(order('a-irr', 'climb', { to: { x: 4, y: 12, z: 2 } }))).toMatchObject({ code: 'not-at-wall', rule: 'MOV-13' });
    const h = atPost();
    expect(h.refused(order('a-irr', 'climb', { to: { x: 13.7, y: 9.5, z: 2 } }))).toMatchObject({ code: 'no-landing', rule: 'MOV-13' });
    // Half way up, over the post's middle: inside the post.
    expect(h.refused(order('a-irr', 'climb', { to: { x: 13.5, y: 9.5, z: 1 } }))).toMatchObject({ code: 'blocked-path' });
  });

  it('MOV-13 MOV-17 a Prone trooper stands up to climb; from the top, at the edge, a Climb goes back down to the foot', () => {
    const g = atPost();
    g.ok(move('a-irr', [], { prone: true }));
    g.ok(none);
    g.ok(second('none'));
    g.ok({ do: 'endTurn', player: 'A' } as Command);
    g.ok({ do: 'endTurn', player: 'B' } as Command);
    climbUp(g);
    expect(g.trooper('a-irr').prone).toBe(false);
    g.ok(none);
    g.ok({ do: 'endTurn', player: 'A' } as Command);
    g.ok({ do: 'endTurn', player: 'B' } as Command);
    g.ok(order('a-irr', 'climb', { to: { x: 13.5, y: 10.5, z: 0 } }));
    g.ok(none);
    expect(g.trooper('a-irr')).toMatchObject({ x: 13.5, y: 10.5, z: 0 });
  });

  it('MOV-11 Jump: an Entire Order down from the 2" post to the table, measured from the silhouette to the landing base\'s edge; the flight vaults the post\'s top', () => {
    const g = game({ 'a-top': [13.5, 9.5, { at: { x: 13.5, y: 9.5, z: 2 } }], 'a-fast': [20, 5] });
    expect(g.refused(order('a-top', 'jump', { to: { x: 13.5, y: 14.6, z: 0 } }))).toMatchObject({ code: 'too-far', rule: 'MOV-11' });
    expect(g.refused(order('a-top', 'jump', { to: { x: 13.5, y: 12, z: 1 } }))).toMatchObject({ code: 'no-landing', rule: 'MOV-11' });
    expect(g.refused(order('a-top', 'jump', { to: { x: 13.5, y: 12, z: 0 }, entire: true }))).toMatchObject({ code: 'no-skill', rule: 'MOV-12' });
    const w = g.ok(order('a-top', 'jump', { to: { x: 13.5, y: 12, z: 0 }, facing: 90 }));
    expect(w.map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    // MOV-11: no Partial Cover during the whole Order.
    expect(g.state.orderJumper).toBe('a-top');
    const end = g.ok(none);
    expect(ofType(end, 'moved')).toMatchObject([{ skill: 'jump', x: 13.5, y: 12, z: 0, facing: 90 }]);
  });

  it('MOV-11 a Jump is an Entire Order: never a second skill', () => {
    const g = atPost();
    g.ok(move('a-irr', [[13.5, 11]]));
    g.ok(none);
    expect(g.refused(second('jump', { to: { x: 13.5, y: 13, z: 0 } }))).toMatchObject({ code: 'skill-not-allowed', rule: 'ORD-6' });
  });
});

describe('ladders (MOV-9)', () => {
  // A 3" tower, x 28.5..31.5, y 6.5..9.5, with a ladder up the middle of its south face.
  const withTower = () => {
    const file = turnTable();
    const tower = { id: 'tower', kind: 'block', x: 30, y: 8, w: 3, d: 3, h: 3, ladders: [{ side: 's', at: 0 }] };
    return new TestGame(parseGameFile({ ...file, terrain: [...file.terrain, tower] }), turnOne({ 'a-fast': [30, 5] }));
  };

  it('MOV-9 a ladder segment goes from its foot to the top as level ground, counting the horizontal length and the ladder\'s height; the points climb it', () => {
    const g = withTower();
    // 2" along and 3" up: 5" of a-fast's MOV 6.
    g.ok(move('a-fast', [], { path: [{ x: 30, y: 7, via: 'ladder' }] }));
    const points = g.state.order!.skills[0]!.points;
    expect(points.at(-1)).toMatchObject({ x: 30, y: 7, z: 3 });
    expect(points.some((p) => p.z > 1 && p.z < 2)).toBe(true);
    g.ok(none);
    g.ok(second('none'));
    expect(g.trooper('a-fast')).toMatchObject({ z: 3 });
    // 2" along the ladder, 3" up it and 2" on the top: 7" is past a-fast's 6.
    const h = withTower();
    expect(h.refused(move('a-fast', [], { path: [{ x: 30, y: 7, via: 'ladder' }, { x: 30, y: 9 }] }))).toMatchObject({ code: 'too-far', rule: 'MOV-9' });
  });

  it('MOV-9 a ladder segment must start at the ladder and end on the surface at its other end, touching it; walking up the tower is too-high', () => {
    const g = withTower();
    expect(g.refused(move('a-fast', [], { path: [{ x: 30, y: 8.5, via: 'ladder' }] }))).toMatchObject({ code: 'blocked-path', rule: 'MOV-9' });
    expect(g.refused(move('a-fast', [[30, 7]]))).toMatchObject({ code: 'too-high', rule: 'MOV-7' });
    const h = new TestGame(parseGameFile({ ...turnTable(), terrain: [...turnTable().terrain, { id: 'tower', kind: 'block', x: 30, y: 8, w: 3, d: 3, h: 3, ladders: [{ side: 's', at: 0 }] }] }), turnOne({ 'a-fast': [26, 5] }));
    expect(h.refused(move('a-fast', [], { path: [{ x: 30, y: 7, via: 'ladder' }] }))).toMatchObject({ code: 'blocked-path', rule: 'MOV-9' });
  });
});

describe('ARO-5 at a point of a path in 3D (movement.md §3)', () => {
  it('MOV-13 ARO-5 an `at` with z names the point at that height; without z, the last point at its x, y; the engine writes z only where x, y would name another point', () => {
    const climb = [0, 0.5, 1, 1.5, 2].map((z) => ({ x: 13.5, y: 10.5, z })).concat([{ x: 13.5, y: 10, z: 2 }]);
    expect(pointIndexAt(climb, { x: 13.5, y: 10.5, z: 1 })).toBe(2);
    expect(pointIndexAt(climb, { x: 13.5, y: 10.5, z: 1.03 })).toBe(2);
    expect(pointIndexAt(climb, { x: 13.5, y: 10.5, z: 1.2 })).toBe(-1);
    expect(pointIndexAt(climb, { x: 13.5, y: 10.5 })).toBe(4);
    expect(atOf(climb, 2)).toEqual({ x: 13.5, y: 10.5, z: 1 });
    expect(atOf(climb, 4)).toEqual({ x: 13.5, y: 10.5 });
    expect(atOf(climb, 5)).toEqual({ x: 13.5, y: 10 });
  });
});

describe('Super-Jump (MOV-12)', () => {
  // a-fast (MOV 6-2) with Super-Jump, on the 2" post-e (x 14.8..15.8, y 9..10).
  const superJumper = () => {
    const file = turnTable();
    const players = { ...file.players, A: { ...file.players.A, troopers: file.players.A.troopers.map((t) => (t.id === 'a-fast' ? { ...t, skills: [...t.skills, 'super-jump'] } : t)) } };
    return new TestGame(parseGameFile({ ...file, players }), turnOne({ 'a-fast': [15.3, 9.5, { at: { x: 15.3, y: 9.5, z: 2 } }] }));
  };

  it('MOV-12 without `entire` a Super-Jumper\'s Jump is a Short Movement Skill: a Move may follow it, at the second MOV value', () => {
    const g = superJumper();
    g.ok(order('a-fast', 'jump', { to: { x: 15.3, y: 13, z: 0 } }));
    expect(g.state.order).toMatchObject({ entire: false, stage: 'aro1' });
    g.ok(none);
    expect(g.refused(second('move', { path: [{ x: 15.3, y: 15.5 }] }))).toMatchObject({ code: 'too-far', rule: 'MOV-1' });
    g.ok(second('move', { path: [{ x: 15.3, y: 15 }] }));
    g.ok(none);
    expect(g.trooper('a-fast')).toMatchObject({ x: 15.3, y: 15, z: 0 });
  });

  it('MOV-12 with `entire` both MOV values added (8"); a Jump as the second skill reaches the second value', () => {
    const g = superJumper();
    // From the post's silhouette to the landing edge: 7" of 8.
    g.ok(order('a-fast', 'jump', { to: { x: 15.3, y: 17.4, z: 0 }, entire: true }));
    expect(g.state.order).toMatchObject({ entire: true });
    const h = superJumper();
    h.ok(move('a-fast', []));
    h.ok(none);
    expect(h.refused(second('jump', { to: { x: 15.3, y: 13, z: 0 } }))).toMatchObject({ code: 'too-far', rule: 'MOV-12' });
  });
});

describe('on a wall (MOV-14)', () => {
  // A 6" tower, x 28.5..31.5, y 6.5..9.5: a-run (MOV 4-4) stands against its south face.
  const tower = () => {
    const file = turnTable();
    const t = { id: 'tower', kind: 'block', x: 30, y: 8, w: 3, d: 3, h: 6 };
    return new TestGame(parseGameFile({ ...file, terrain: [...file.terrain, t] }), turnOne({ 'a-run': [30, 5.99] }));
  };

  it('MOV-14 a Climb too long for the top ends on the face (onWall); from there only a Climb, which reaches the top', () => {
    const g = tower();
    expect(g.refused(order('a-run', 'climb', { to: { x: 30, y: 7, z: 6 } }))).toMatchObject({ code: 'too-far', rule: 'MOV-13' });
    g.ok(order('a-run', 'climb', { to: { x: 30, y: 5.99, z: 2.4 } }));
    expect(ofType(g.ok(none), 'moved')).toMatchObject([{ skill: 'climb', z: 2.4, onWall: true }]);
    expect(g.trooper('a-run')).toMatchObject({ z: 2.4, onWall: true });
    expect(viewFor(g.state, 'B').troopers['a-run']).toMatchObject({ onWall: true });
    expect(g.refused(move('a-run', []))).toMatchObject({ code: 'skill-not-allowed', rule: 'MOV-14' });
    g.ok(order('a-run', 'climb', { to: { x: 30, y: 7, z: 6 } }));
    g.ok(none);
    expect(g.trooper('a-run')).toMatchObject({ z: 6 });
    expect(g.trooper('a-run').onWall).toBeUndefined();
  });
});

describe('openings (MOV-10)', () => {
  // An open ruin, x 27..33, y 8..12, its south wall with a narrow 2" door in the middle.
  const ruin = (s: number) => {
    const file = turnTable();
    const building = { id: 'ruin', kind: 'building', x: 30, y: 10, w: 6, d: 4, h: 3, roof: false, interior: 'open', openings: [{ side: 's', at: 0, w: 2, z: 0, h: 2, kind: 'door', access: 'narrow' }] };
    const players = { ...file.players, A: { ...file.players.A, troopers: file.players.A.troopers.map((t) => (t.id === 'a-fast' ? { ...t, s } : t)) } };
    return new TestGame(parseGameFile({ ...file, players, terrain: [...file.terrain, building] }), turnOne({ 'a-fast': [30, 6] }));
  };

  it('MOV-10 a narrow door takes a Silhouette 2 trooper into an open ruin, not a Silhouette 3 one (narrow-access); beside the door the wall stops both', () => {
    ruin(2).ok(move('a-fast', [[30, 10]]));
    expect(ruin(3).refused(move('a-fast', [[30, 10]]))).toMatchObject({ code: 'narrow-access', rule: 'MOV-10' });
    expect(ruin(2).refused(move('a-fast', [[28, 6], [28, 10]]))).toMatchObject({ code: 'too-high' });
  });
});
