import { describe, expect, it } from 'vitest';
import type { Command, GameEvent, GameFile } from '../../model/types';
import { TestGame } from '../../testing/fixtures';
import { TO_GAME, twoSides } from '../../testing/twoSides';
import { knownProfiles, viewEvents, viewFor } from '../../view';

/**
 * The two-sided test game with Combat Groups and Order types: A's a-inf and a-camo in group 2, a-hack
 * Irregular, a-gun with Tactical Awareness, a-hide (hidden) with Tactical Awareness too; B's b-inf
 * Irregular and b-hide in group 2.
 */
function file(): GameFile {
  const f = twoSides();
  const change = (p: 'A' | 'B', id: string, more: object) => {
    f.players[p].troopers = f.players[p].troopers.map((t) => (t.id === id ? { ...t, ...more } : t));
  };
  change('A', 'a-inf', { group: 2 });
  change('A', 'a-camo', { group: 2 });
  change('A', 'a-hack', { orders: 'irregular' });
  change('A', 'a-gun', { skills: ['tactical-awareness'] });
  change('A', 'a-hide', { skills: ['hidden-deployment', 'tactical-awareness'] });
  change('B', 'b-inf', { orders: 'irregular' });
  change('B', 'b-hide', { group: 2 });
  return f;
}

const started = () => new TestGame(file(), TO_GAME.slice(0, -1));
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
const regroup = (player: 'A' | 'B', trooper: string, group: number): Command => ({ do: 'regroup', player, trooper, group });

describe('the Order Count', () => {
  it('ORD-1 each Player Turn starts with its Order Count: Regular Orders to the group pools, hidden and airborne troopers giving none', () => {
    const g = started();
    const events = g.ok(TO_GAME.at(-1)!);
    expect(events.map((e) => e.type)).toEqual(['turn', 'orders']);
    // A on the table: a-lt, a-gun, a-hack (Irregular), a-camo (marker, group 2), a-inf (group 2);
    // a-hide is hidden, a-drop and a-boom wait in the air.
    expect(ofType(events, 'orders')[0]).toMatchObject({ player: 'A', groups: { 1: 2, 2: 2 }, irregular: { 'a-hack': 1, 'a-gun': 1 }, lieutenant: 1 });
    expect(g.state.pool).toEqual({ groups: { 1: 2, 2: 2 }, irregular: { 'a-hack': 1, 'a-gun': 1 }, lieutenant: 1 });
  });

  it('ORD-1 Orders not spent are lost at the end of the turn: the next turn counts its own', () => {
    const g = started();
    g.ok(TO_GAME.at(-1)!);
    const events = g.ok({ do: 'endTurn', player: 'A' });
    expect(ofType(events, 'orders')[0]).toMatchObject({ player: 'B', groups: { 1: 4 }, irregular: { 'b-inf': 1 }, lieutenant: 1 });
    expect(g.state.pool).toMatchObject({ groups: { 1: 4 }, irregular: { 'b-inf': 1 } });
    // b-hide, hidden in group 2, gives nothing: group 2 has no trooper on the table and is not listed.
    expect(g.state.pool!.groups['2']).toBeUndefined();
  });

  it('ORD-2 a Regular trooper gives its Order to its Combat Group, an Irregular one to itself alone', () => {
    const g = started();
    g.ok(TO_GAME.at(-1)!);
    expect(g.state.pool!.irregular['a-hack']).toBe(1);
    expect(g.state.pool!.groups['1']).toBe(2); // a-lt and a-gun; a-hack adds to no group
  });

  it('ORD-3 the Lieutenant Special Order is 1 while the Lieutenant stands on the table, 0 when it does not', () => {
    const f = file();
    // B's Lieutenant deploys hidden this time.
    f.players.B.troopers = f.players.B.troopers.map((t) => (t.id === 'b-lt' ? { ...t, skills: ['lieutenant', 'hidden-deployment'] } : t));
    const cmds = TO_GAME.map((c) => (c.do === 'deploy' && c.trooper === 'b-lt' ? { ...c, as: 'hidden' as const } : c));
    const g = new TestGame(f, cmds);
    expect(g.state.pool!.lieutenant).toBe(1);
    const events = g.ok({ do: 'endTurn', player: 'A' });
    expect(ofType(events, 'orders')[0]!.lieutenant).toBe(0);
  });

  it('ORD-4 HD-16 Tactical Awareness gives one more Irregular Order, only while the trooper is on the table', () => {
    const g = started();
    g.ok(TO_GAME.at(-1)!);
    expect(g.state.pool!.irregular['a-gun']).toBe(1);
    expect(g.state.pool!.groups['1']).toBe(2);
    // a-hide has Tactical Awareness too, but is hidden: no entry at all.
    expect(g.state.pool!.irregular['a-hide']).toBeUndefined();
  });

  it('HD-16 a hidden trooper with Tactical Awareness gives no Order; the same trooper deployed as a model gives its Irregular one', () => {
    const hidden = started();
    hidden.ok(TO_GAME.at(-1)!);
    expect(hidden.state.pool!.irregular['a-hide']).toBeUndefined();
    const asModel = TO_GAME.map((c): Command => (c.do === 'deploy' && c.trooper === 'a-hide' ? { ...c, as: 'model' } : c));
    const shown = new TestGame(file(), asModel.slice(0, -1));
    shown.ok(asModel.at(-1)!);
    expect(shown.state.pool!.irregular['a-hide']).toBe(1);
  });

  it('GRP-4 the opponent sees the pool and the Order Count without the Lieutenant Special Order, and no trooper called Lieutenant', () => {
    const g = started();
    const before = g.state;
    const events = g.ok(TO_GAME.at(-1)!);
    const seen = viewEvents(events, before, g.state, 'B');
    const orders = ofType(seen, 'orders')[0]!;
    expect(orders).not.toHaveProperty('lieutenant');
    expect(orders).toMatchObject({ groups: { 1: 2, 2: 2 }, irregular: { 'a-hack': 1, 'a-gun': 1 }, markersIrregular: 0 });
    const pool = viewFor(g.state, 'B').pool!;
    expect(pool).not.toHaveProperty('lieutenant');
    expect(viewFor(g.state, 'A').pool!.lieutenant).toBe(1);
    expect(knownProfiles(g.state, 'B')['a-lt']!.skills).not.toContain('lieutenant');
    expect(knownProfiles(g.state, 'A')['a-lt']!.skills).toContain('lieutenant');
    expect(JSON.stringify(viewFor(g.state, 'B'))).not.toContain('lieutenant');
  });

  it('GRP-4 a marker\u2019s Irregular Orders are summed for the opponent, never keyed by the trooper behind it', () => {
    const f = file();
    f.players.A.troopers = f.players.A.troopers.map((t) => (t.id === 'a-camo' ? { ...t, orders: 'irregular' as const } : t));
    const g = new TestGame(f, TO_GAME);
    expect(g.state.pool!.irregular['a-camo']).toBe(1);
    const pool = viewFor(g.state, 'B').pool!;
    expect(pool.irregular['a-camo']).toBeUndefined();
    expect(pool.markersIrregular).toBe(1);
    expect(JSON.stringify(pool)).not.toContain('a-camo');
  });
});

describe('Combat Groups', () => {
  it('GRP-1 a trooper belongs to a Combat Group; a regroup into a group that holds 10 is refused', () => {
    const f = file();
    // Four more jumpers in group 1, waiting in the air: group 1 holds 10 (a-inf and a-camo are in group 2).
    const jumpers = Array.from({ length: 4 }, (_, i) => ({ ...f.players.A.troopers.find((t) => t.id === 'a-drop')!, id: `a-para-${i}`, name: `Para ${i}` }));
    f.players.A.troopers = [...f.players.A.troopers, ...jumpers];
    const g = new TestGame(f, TO_GAME);
    expect(g.trooper('a-inf').group).toBe(2);
    expect(g.trooper('a-para-0')).toMatchObject({ group: 1, status: 'off-table' });
    expect(g.refused(regroup('A', 'a-inf', 1))).toMatchObject({ code: 'group-full', rule: 'GRP-1' });
    g.ok(regroup('A', 'a-para-0', 2));
    g.ok(regroup('A', 'a-inf', 1));
  });

  it('GRP-2 TOC-15 which group a model or a marker belongs to is Open Information; a hidden trooper\u2019s is not', () => {
    const g = new TestGame(file(), TO_GAME);
    const b = viewFor(g.state, 'B');
    expect(b.troopers['a-inf']!.group).toBe(2);
    expect(b.markers['A-m1']!.group).toBe(2);
    expect(b.troopers['a-hide']).toBeUndefined();
  });

  it('TOC-15 a marker\u2019s Combat Group is Open Information: the opponent sees it by the marker id, and its move to another group', () => {
    const g = new TestGame(file(), TO_GAME);
    expect(viewFor(g.state, 'B').markers['A-m1']!.group).toBe(2);
    const before = g.state;
    const events = g.ok(regroup('A', 'a-camo', 1));
    expect(viewFor(g.state, 'B').markers['A-m1']!.group).toBe(1);
    const seen = viewEvents(events, before, g.state, 'B');
    expect(seen).toMatchObject([{ type: 'regrouped', trooper: 'A-m1', group: 1 }]);
    expect(JSON.stringify(seen)).not.toContain('a-camo');
  });

  it('GRP-3 in their own Tactical Phase a player moves a trooper to another group, and its Regular Order moves with it', () => {
    const g = new TestGame(file(), TO_GAME);
    const events = g.ok(regroup('A', 'a-inf', 1));
    expect(events).toEqual([{ index: expect.any(Number), type: 'regrouped', player: 'A', trooper: 'a-inf', group: 1 }]);
    expect(g.trooper('a-inf').group).toBe(1);
    expect(g.state.pool!.groups).toEqual({ 1: 3, 2: 1 });
    g.ok(regroup('A', 'a-camo', 3));
    // Group 2 has no trooper left on the table: it is no longer listed; group 3 is.
    expect(g.state.pool!.groups).toEqual({ 1: 3, 3: 1 });
    // An Irregular trooper moves with no Order: a-hack's stays its own.
    g.ok(regroup('A', 'a-hack', 2));
    expect(g.state.pool!.groups).toEqual({ 1: 3, 2: 0, 3: 1 });
    expect(g.state.pool!.irregular['a-hack']).toBe(1);
  });

  it('GRP-3 only in the player\u2019s own Tactical Phase, of its own troopers, into another group', () => {
    const g = new TestGame(file(), TO_GAME);
    expect(g.refused(regroup('B', 'b-lt', 2))).toMatchObject({ code: 'out-of-turn', rule: 'GRP-3' });
    expect(g.refused(regroup('A', 'b-lt', 2))).toMatchObject({ code: 'not-your-trooper' });
    expect(g.refused(regroup('A', 'a-lt', 1))).toMatchObject({ code: 'wrong-status' });
    const early = new TestGame(file(), TO_GAME.slice(0, 10));
    expect(early.refused(regroup('A', 'a-lt', 2))).toMatchObject({ code: 'out-of-turn', rule: 'GRP-3' });
  });

  it('HD-6 a hidden trooper moving group tells the opponent a trooper of theirs exists in that group, and nothing more', () => {
    const g = new TestGame(file(), TO_GAME);
    const before = g.state;
    const events = g.ok(regroup('A', 'a-hide', 2));
    expect(viewEvents(events, before, g.state, 'B')).toEqual([{ index: expect.any(Number), type: 'regrouped', player: 'A', group: 2 }]);
    expect(viewEvents(events, before, g.state, 'A')[0]).toMatchObject({ trooper: 'a-hide' });
    expect(g.state.pool!.groups).toEqual({ 1: 2, 2: 2 });
  });

  it('CJ-9 an airborne trooper moving group tells the opponent it exists; its details stay private until it lands', () => {
    const g = new TestGame(file(), TO_GAME);
    const before = g.state;
    const events = g.ok(regroup('A', 'a-drop', 2));
    const seen = viewEvents(events, before, g.state, 'B');
    expect(seen).toEqual([{ index: expect.any(Number), type: 'regrouped', player: 'A', group: 2 }]);
    expect(JSON.stringify(viewFor(g.state, 'B'))).not.toContain('a-drop');
  });

  it('GRP-3 a marker moving group is named by its marker id', () => {
    const g = new TestGame(file(), TO_GAME);
    const before = g.state;
    const events = g.ok(regroup('A', 'A-m1', 1));
    expect(viewEvents(events, before, g.state, 'B')[0]).toMatchObject({ type: 'regrouped', trooper: 'A-m1', group: 1 });
  });

  it('GRP-3 every kind of Order counts once among the Orders given this turn (regroup comes before the first)', () => {
    const g = new TestGame(file(), TO_GAME);
    expect(g.state.ordersGiven).toBe(0);
    g.ok({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'idle' });
    expect(g.state.ordersGiven).toBe(1);
    g.ok({ do: 'aros', player: 'B', declarations: [] });
    g.ok({ do: 'second', player: 'A', skill: 'none' });
    g.ok({ do: 'order', player: 'A', trooper: 'a-lt', from: 'lieutenant', skill: 'idle' });
    expect(g.state.ordersGiven).toBe(2);
    g.ok({ do: 'aros', player: 'B', declarations: [] });
    g.ok({ do: 'second', player: 'A', skill: 'none' });
    expect(g.refused(regroup('A', 'a-inf', 1))).toMatchObject({ code: 'out-of-turn', rule: 'GRP-3' });
  });
});
