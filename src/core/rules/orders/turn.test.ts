import { describe, expect, it } from 'vitest';
import { apply, replay } from '../../engine';
import type { Command, GameEvent } from '../../model/types';
import { TestGame, contextFor } from '../../testing/fixtures';
import { TURN_ONE, turnOne, turnTable, type Positions } from '../../testing/turnTable';
import { viewEvents, viewFor } from '../../view';
import { parseGameFileText } from '../../gamefile';

const game = (over: Positions = {}, file = turnTable()) => new TestGame(file, turnOne(over));
const move = (trooper: string, path: [number, number][], extra: Record<string, unknown> = {}): Command =>
  ({ do: 'order', player: 'A', trooper, skill: 'move', path: path.map(([x, y]) => ({ x, y })), ...extra }) as Command;
const second = (skill: string, extra: Record<string, unknown> = {}): Command => ({ do: 'second', player: 'A', skill, ...extra }) as Command;
const none: Command = { do: 'aros', player: 'B', declarations: [] };
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

describe('the Order (ORD-5, ORD-6)', () => {
  it('ORD-5 an Order: the trooper and its first skill, window 1, the second skill, window 2, then everything resolves at once', () => {
    const g = game();
    const first = g.ok(move('a-run', [[28, 16]]));
    expect(first.map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    expect(first[0]).toMatchObject({ type: 'declared', player: 'A', trooper: 'a-run', skill: 'move', from: 'regular', path: [{ x: 28, y: 16 }] });
    expect(first[1]).toMatchObject({ type: 'aroWindow', player: 'B', window: 1 });
    // The state keeps the trooper at its start until the Order resolves.
    expect(g.trooper('a-run')).toMatchObject({ x: 28, y: 14 });
    expect(g.state.order).toMatchObject({ player: 'A', trooper: 'a-run', stage: 'aro1' });
    expect(g.ok(none)).toEqual([]);
    expect(g.state.order!.stage).toBe('second');
    expect(g.ok(second('move', { path: [{ x: 26, y: 16 }], facing: 90 })).map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    const end = g.ok(none);
    expect(end.map((e) => e.type)).toEqual(['moved', 'moved']);
    expect(ofType(end, 'moved')[1]).toMatchObject({ trooper: 'a-run', x: 26, y: 16, z: 0, facing: 90 });
    expect(g.state.order).toBeNull();
    expect(g.trooper('a-run')).toMatchObject({ x: 26, y: 16, facing: 90 });
  });

  it('ORD-5 window 1 opens even when nobody may react, and the view names no trooper the viewer may not know', () => {
    const g = game();
    const events = g.ok(move('a-lt', [[24, 6]]));
    expect(ofType(events, 'aroWindow')[0]!.eligible).toEqual([]);
    const h = game();
    const before = h.state;
    const w = h.ok(move('a-irr', [[4, 14]]));
    // b-lt sees a-irr past the west end of the wall; b-hide, hidden at (4, 33), sees it too (ARO-4).
    expect(ofType(w, 'aroWindow')[0]!.eligible).toEqual(['b-hide', 'b-lt']);
    expect(ofType(viewEvents(w, before, h.state, 'A'), 'aroWindow')[0]!.eligible).toEqual(['b-lt']);
    expect(JSON.stringify(viewFor(h.state, 'A'))).not.toContain('b-hide');
  });

  it('ORD-6 an Order holds two Short Movement Skills, or one with a Short Skill, or one Entire Order', () => {
    const g = game();
    g.ok({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'idle' });
    g.ok(none);
    expect(g.refused(second('cautious-move', { path: [] }))).toMatchObject({ code: 'skill-not-allowed', rule: 'ORD-6' });
    g.ok(second('idle'));
    g.ok(none);
    const c = game();
    c.ok({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'cautious-move', path: [{ x: 24, y: 7 }] });
    // An Entire Order: no window opened (nobody sees it end), nothing to add.
    expect(c.state.order).toBeNull();
    expect(c.trooper('a-lt')).toMatchObject({ x: 24, y: 7 });
  });

  it('ORD-6 never two Discovers against one marker in one Order', () => {
    const g = game({ 'a-run': [40, 14] });
    // B-m1 at (44, 34) sits in the open: a-run at (40, 14), facing north, sees it.
    g.ok({ do: 'order', player: 'A', trooper: 'a-run', skill: 'discover', target: 'B-m1' });
    g.ok(none);
    expect(g.refused(second('discover', { target: 'B-m1' }))).toMatchObject({ code: 'skill-not-allowed', rule: 'ORD-6' });
  });

  it('ORD-2 a Regular Order comes from the trooper\u2019s group, an Irregular one only from the trooper that gave it; none left is no-order', () => {
    const g = game();
    expect(g.state.pool).toEqual({ groups: { 1: 5 }, irregular: { 'a-irr': 1 }, lieutenant: 1 });
    g.ok(move('a-irr', [[4, 13]]));
    expect(g.state.order!.from).toBe('irregular');
    expect(g.state.pool!.irregular['a-irr']).toBe(0);
    g.ok(none);
    g.ok(second('none'));
    // b-lt and b-hide, eligible in window 1, declared nothing; the Order resolved.
    expect(g.state.order).toBeNull();
    expect(g.refused(move('a-run', [[28, 15]], { from: 'irregular' }))).toMatchObject({ code: 'no-order', rule: 'ORD-2' });
    g.ok(move('a-irr', [[4, 14]]));
    expect(g.state.order!.from).toBe('regular');
    expect(g.state.pool!.groups['1']).toBe(4);
    g.ok(none);
    g.ok(second('none'));
    for (let i = 0; i < 4; i++) {
      g.ok({ do: 'order', player: 'A', trooper: 'a-run', skill: 'idle' });
      g.ok(none);
      g.ok(second('none'));
    }
    expect(g.refused({ do: 'order', player: 'A', trooper: 'a-run', skill: 'idle' })).toMatchObject({ code: 'no-order', rule: 'ORD-2' });
  });

  it('ORD-3 GRP-4 the Lieutenant Special Order: only the Lieutenant spends it, and spending it tells the opponent who the Lieutenant is', () => {
    const g = game();
    expect(g.refused({ do: 'order', player: 'A', trooper: 'a-run', skill: 'idle', from: 'lieutenant' })).toMatchObject({ code: 'no-order', rule: 'ORD-3' });
    const before = g.state;
    const events = g.ok({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'idle', from: 'lieutenant' });
    expect(viewEvents(events, before, g.state, 'B')[0]).toMatchObject({ type: 'declared', trooper: 'a-lt', from: 'lieutenant' });
    expect(g.state.pool!.lieutenant).toBe(0);
    expect(g.state.lieutenantKnown.A).toBe(true);
    g.ok(none);
    g.ok(second('none'));
    expect(g.refused({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'idle', from: 'lieutenant' })).toMatchObject({ code: 'no-order', rule: 'ORD-3' });
  });

  it('ORD-7 the game ends after its last round: gameEnd, phase end, and only queries are taken', () => {
    const f = { ...turnTable(), facts: { rounds: 1 } };
    const g = new TestGame(f, TURN_ONE);
    g.ok({ do: 'endTurn', player: 'A' });
    const end = g.ok({ do: 'endTurn', player: 'B' });
    expect(end).toEqual([{ index: expect.any(Number), type: 'gameEnd', round: 1 }]);
    expect(g.state).toMatchObject({ phase: 'end', active: null, pool: null, order: null, round: 1 });
    expect(g.refused({ do: 'endTurn', player: 'A' })).toMatchObject({ code: 'out-of-turn', rule: 'ORD-7' });
    expect(g.refused({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'idle' })).toMatchObject({ code: 'out-of-turn', rule: 'ORD-7' });
    expect(g.ok({ do: 'measure', from: 'a-lt', to: 'b-lt' }).map((e) => e.type)).toEqual(['distance']);
    // The default is three rounds: the sixth endTurn ends the game.
    const h = new TestGame(turnTable(), TURN_ONE);
    const types: string[] = [];
    for (let i = 0; i < 6; i++) types.push(...h.ok({ do: 'endTurn', player: i % 2 ? 'B' : 'A' }).map((e) => e.type));
    expect(types.filter((t) => t === 'gameEnd')).toHaveLength(1);
    expect(types.at(-1)).toBe('gameEnd');
  });
});

describe('closing a window without AROs', () => {
  it('ORD-5 a second while window 1 is open closes it with no AROs, then applies', () => {
    const g = game();
    g.ok(move('a-irr', [[4, 13]]));
    const events = g.ok(second('move', { path: [{ x: 4, y: 14 }] }));
    expect(events.map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    // b-lt was eligible in window 1 and declared nothing: it may not react in window 2.
    expect(ofType(events, 'aroWindow')[0]!.eligible).toEqual([]);
  });

  it('ORD-5 any other command of the active player in stage second first declares none; in window 2 it closes the window', () => {
    const g = game();
    g.ok(move('a-run', [[28, 15]]));
    g.ok(none);
    const events = g.ok({ do: 'endTurn', player: 'A' });
    expect(events.map((e) => e.type)).toEqual(['declared', 'moved', 'turn', 'orders']);
    expect(events[0]).toMatchObject({ type: 'declared', skill: 'none' });
    const h = game();
    h.ok(move('a-run', [[28, 15]]));
    h.ok(none);
    h.ok(second('idle'));
    const next = h.ok(move('a-fast', [[14, 13]]));
    expect(next.map((e) => e.type)).toEqual(['moved', 'declared', 'aroWindow']);
  });

  it('ORD-5 while window 1 is open, other commands wait (out-of-turn), and a refused command changes nothing', () => {
    const g = game();
    g.ok(move('a-run', [[28, 15]]));
    expect(g.refused({ do: 'endTurn', player: 'A' })).toMatchObject({ code: 'out-of-turn', rule: 'ORD-5' });
    expect(g.refused(move('a-fast', [[14, 13]]))).toMatchObject({ code: 'out-of-turn', rule: 'ORD-5' });
    expect(g.refused({ do: 'aros', player: 'A', declarations: [] })).toMatchObject({ code: 'out-of-turn', rule: 'ORD-5' });
    g.ok(none);
    // A refused command in stage second does not declare the implied none either.
    expect(g.refused(move('a-fast', [[14, 40]]))).toMatchObject({ code: 'too-far' });
    expect(g.state.order!.stage).toBe('second');
  });
});

describe('Move (MOV-1 to MOV-6)', () => {
  it('MOV-1 the path is no longer than the first MOV value for the first Move, the second for the second', () => {
    const g = game();
    expect(g.refused(move('a-run', [[28, 18.6]]))).toEqual({ rule: 'MOV-1', code: 'too-far', message: "The path is 4.6 inches; a-run's first MOV value is 4." });
    g.ok(move('a-fast', [[14, 18]]));
    g.ok(none);
    expect(g.refused(second('move', { path: [{ x: 14, y: 20.1 }] }))).toMatchObject({ code: 'too-far', rule: 'MOV-1', message: "The path is 2.1 inches; a-fast's second MOV value is 2." });
    g.ok(second('move', { path: [{ x: 14, y: 20 }] }));
    g.ok(none);
    expect(g.trooper('a-fast')).toMatchObject({ x: 14, y: 20 });
  });

  it('MOV-1 a path exactly as long as the MOV value, within 1e-6, is taken', () => {
    const g = game();
    g.ok(move('a-run', [[28 + 4 / Math.SQRT2, 14 + 4 / Math.SQRT2 + 5e-7]]));
  });

  it('MOV-1 a path just over the MOV value says by how much: 4.03 inches, not a 4.0 that reads as allowed', () => {
    const g = game();
    expect(g.refused(move('a-run', [[28, 18.03]]))).toMatchObject({ rule: 'MOV-1', message: "The path is 4.03 inches; a-run's first MOV value is 4." });
  });

  it('MOV-2 MOV-7 the base never passes scenery higher than its reach, nor squeezes through a gap narrower than itself', () => {
    const g = game();
    // The posts (2") are higher than a Silhouette 2 trooper's 1.6" reach and leave a 0.8" gap: a 1" base does not pass.
    const gap = g.refused(move('a-fast', [[14.4, 11], [14.4, 8]]));
    expect(gap).toMatchObject({ code: 'too-high', rule: 'MOV-7' });
    expect(gap.message).toMatch(/post-[we]/);
    g.ok(move('a-fast', [[12, 11], [12, 8]]));
    // MOV-7: the 1" crate is within reach: the path vaults over it.
    game().ok(move('a-fast', [[19, 14]]));
  });

  it('MOV-2 MOV-7 stepping off a block top within reach; a path point off the table is off-board', () => {
    const g = game();
    g.ok(move('a-top', [[44, 9]]));
    const h = game();
    expect(h.refused(move('a-irr', [[0.3, 12]]))).toMatchObject({ code: 'off-board', rule: 'MOV-2' });
  });

  it('MOV-2 no overlap with another base anywhere along the path', () => {
    const g = game({ 'a-irr': [16, 12] });
    const r = g.refused(move('a-fast', [[16.5, 12]]));
    expect(r).toMatchObject({ code: 'blocked-path', rule: 'MOV-2' });
    expect(r.message).toContain('overlap a-irr');
  });

  it('MOV-3 no base contact with a TO Camouflage marker (TOC-3); with an enemy model only at the end (CC-1)', () => {
    const g = game();
    // A-m1 at (20, 12): a base centred 1.04" away touches it.
    expect(g.refused(move('a-fast', [[18.96, 12]]))).toMatchObject({ code: 'blocked-path', rule: 'MOV-3', message: expect.stringContaining('TO Camouflage marker a-camo') });
    // b-inf at (30, 20).
    const h = game();
    h.ok(move('a-run', [[28, 15.5]]));
    h.ok(none);
    // CC-1: touching b-inf and moving on is refused; ending in contact engages (close-combat.md).
    expect(h.refused(second('move', { path: [{ x: 29.7, y: 19 }, { x: 29.7, y: 18.9 }] }))).toMatchObject({ code: 'blocked-path', rule: 'CC-1', message: expect.stringContaining('enemy b-inf') });
    h.ok(second('move', { path: [{ x: 29.5, y: 18.8 }] }));
  });

  it('MOV-4 Cautious Movement is declared out of every enemy\u2019s Line of Fire and Zone of Control', () => {
    const g = game();
    expect(g.refused({ do: 'order', player: 'A', trooper: 'a-irr', skill: 'cautious-move', path: [{ x: 4, y: 13 }] })).toMatchObject({
      code: 'in-enemy-sight',
      rule: 'MOV-4',
      message: expect.stringContaining('b-lt sees a-irr'),
    });
    expect(g.refused({ do: 'order', player: 'A', trooper: 'a-run', skill: 'cautious-move', path: [{ x: 28, y: 13 }] })).toMatchObject({
      code: 'in-enemy-sight',
      rule: 'MOV-4',
      message: expect.stringContaining('Zone of Control'),
    });
  });

  it('MOV-4 it gives AROs only if it ends inside an enemy\u2019s Line of Fire or Zone of Control, and never to a hidden trooper', () => {
    const h = game();
    const events = h.ok({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'cautious-move', path: [{ x: 24, y: 8 }] });
    expect(events.map((e) => e.type)).toEqual(['declared', 'moved']);
    // a-fast walks from behind the wall into b-lt's sight; b-hide sees it there too, but hidden troopers never react to it.
    const g = game();
    const seen = g.ok({ do: 'order', player: 'A', trooper: 'a-fast', skill: 'cautious-move', path: [{ x: 10, y: 13 }] });
    expect(ofType(seen, 'aroWindow')[0]!.eligible).toEqual(['b-lt']);
    // Ending behind b-inf (at (30, 20), facing north): inside its Zone of Control, out of its sight.
    const z = game({ 'a-run': [22, 13] });
    const ends = z.ok({ do: 'order', player: 'A', trooper: 'a-run', skill: 'cautious-move', path: [{ x: 24.5, y: 15.5 }] });
    expect(ends.map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    expect(ofType(ends, 'aroWindow')[0]!.eligible).toEqual(['b-inf']);
    // An Entire Order: window 1 only, then it resolves.
    expect(z.ok(none).map((e) => e.type)).toEqual(['moved']);
  });

  it('MOV-5 a Move ends facing as its player chooses; without a facing the trooper keeps its own', () => {
    const g = game();
    g.ok(move('a-run', [[28, 16]], { facing: 270 }));
    g.ok(none);
    g.ok(second('move', { path: [{ x: 27, y: 16 }] }));
    g.ok(none);
    expect(g.trooper('a-run').facing).toBe(270);
    g.ok(move('a-fast', [[14, 13]], { facing: -90 }));
    g.ok(none);
    g.ok(second('none'));
    expect(g.trooper('a-fast').facing).toBe(270);
  });

  it('MOV-6 Idle: the trooper does nothing, and may still be reacted to', () => {
    const g = game();
    const events = g.ok({ do: 'order', player: 'A', trooper: 'a-irr', skill: 'idle' });
    expect(ofType(events, 'aroWindow')[0]!.eligible).toEqual(['b-hide', 'b-lt']);
    g.ok(none);
    g.ok(second('none'));
    expect(g.trooper('a-irr')).toMatchObject({ x: 4, y: 12 });
  });
});

describe('AROs (ARO-1, ARO-2, ARO-5)', () => {
  it('ARO-1 eligible: Line of Fire at some point of the path, or the Zone of Control; one ARO per trooper per Order', () => {
    const g = game({ 'a-run': [24, 14] });
    // Into b-inf's Zone of Control (b-inf at (30, 20) faces north: no Line of Fire).
    const events = g.ok(move('a-run', [[27, 16]]));
    expect(ofType(events, 'aroWindow')[0]!.eligible).toEqual(['b-inf']);
    expect(g.refused({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'delay' }] })).toMatchObject({ code: 'not-eligible', rule: 'ARO-1' });
  });

  it('ARO-2 with Line of Fire, Discover against a marker; with only the Zone of Control, a Dodge and nothing else', () => {
    const g = game({ 'a-camo': [5, 14, { as: 'marker' }] });
    g.ok(move('A-m1', [[5, 16]]));
    expect(g.refused({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }] })).toMatchObject({ code: 'skill-not-allowed', rule: 'ARO-3' });
    const ok = g.ok({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }] });
    expect(ok[0]).toMatchObject({ type: 'declared', player: 'B', trooper: 'b-lt', skill: 'discover', target: 'A-m1', window: 1, at: { x: 5, y: 16 } });
    const z = game({ 'a-run': [24, 14] });
    z.ok(move('a-run', [[27, 16]]));
    expect(z.refused({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-inf', skill: 'bs-attack', weapon: 'combi-rifle' }] })).toMatchObject({ code: 'skill-not-allowed', rule: 'ARO-2' });
    expect(z.refused({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-inf', skill: 'discover', target: 'a-run' }] })).toMatchObject({ code: 'skill-not-allowed', rule: 'ARO-2' });
    z.ok({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-inf', skill: 'dodge' }] });
  });

  it('ARO-5 an ARO is taken at a path point where the reactor sees the mover: given, or by default the last one', () => {
    const g = game({ 'a-camo': [5, 14, { as: 'marker' }] });
    g.ok(move('A-m1', [[5, 16]]));
    expect(g.refused({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1', at: { x: 5, y: 15.05 } }] })).toMatchObject({ code: 'not-visible', rule: 'ARO-5' });
    const e = g.ok({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1', at: { x: 5, y: 15 } }] });
    expect(e[0]).toMatchObject({ at: { x: 5, y: 15 } });
  });

  it('ARO-1 a trooper declares one ARO in an Order: not twice in one command, and not again in window 2', () => {
    const g = game({ 'a-camo': [5, 14, { as: 'marker' }] });
    g.ok(move('A-m1', [[5, 15]]));
    expect(g.refused({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }, { trooper: 'b-lt', skill: 'delay' }] })).toMatchObject({ code: 'not-eligible', rule: 'ARO-1' });
    g.ok({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }] });
    const w = g.ok(second('move', { path: [{ x: 5, y: 16 }] }));
    expect(ofType(w, 'aroWindow')[0]!.eligible).toEqual([]);
  });
});

describe('the resolution and its dice', () => {
  const discoverOrder = (g: TestGame) => {
    g.ok(move('A-m1', [[5, 16]]));
    g.ok({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }] });
    return g.ok(second('none'));
  };

  it('TOC-5 a Discover ARO rolls WIP with the range MOD and -6 at its at point; manual dice wait in stage rolls', () => {
    const g = game({ 'a-camo': [5, 14, { as: 'marker' }] });
    expect(discoverOrder(g).map((e) => e.type)).toEqual(['declared']);
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'b-lt': 1 } });
    expect(viewFor(g.state, 'A').order).toMatchObject({ stage: 'rolls', needs: { 'b-lt': 1 } });
    expect(g.refused({ do: 'rolls', rolls: { 'b-lt': [3, 4] } })).toMatchObject({ code: 'missing-roll' });
    expect(g.refused({ do: 'endTurn', player: 'A' })).toMatchObject({ code: 'out-of-turn', rule: 'ORD-5' });
    const events = g.ok({ do: 'rolls', rolls: { 'b-lt': [4] } });
    // b-lt at (6, 44), A-m1 at (5, 16): 27" between silhouettes: MOD 0, and -6: WIP 13 -> 7.
    expect(events.map((e) => e.type)).toEqual(['moved', 'roll', 'discovered']);
    expect(ofType(events, 'roll')[0]).toMatchObject({ trooper: 'b-lt', roll: 4, target: 7, result: 'success', skill: 'discover', dice: [4], against: 'a-camo' });
    expect(g.trooper('a-camo').status).toBe('model');
  });

  it('TOC-6 a failed Discover ARO locks that trooper out of that marker until the next turn', () => {
    const g = game({ 'a-camo': [5, 14, { as: 'marker' }] });
    discoverOrder(g);
    g.ok({ do: 'rolls', rolls: { 'b-lt': [12] } });
    expect(g.state.discoverLocks['b-lt']).toEqual(['A-m1']);
    g.ok(move('A-m1', [[5, 17]]));
    expect(g.refused({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }] })).toMatchObject({ code: 'discover-locked', rule: 'TOC-6' });
  });

  it('random dice are written into the command that closed the last window, and a saved game replays them', () => {
    const f = { ...turnTable(), dice: { random: true } as const };
    const g = new TestGame(f, turnOne({ 'a-camo': [5, 14, { as: 'marker' }] }));
    const recorded: Command[] = [...turnOne({ 'a-camo': [5, 14, { as: 'marker' }] })];
    const play = (c: Command) => {
      const r = apply(g.state, c, { ...g.ctx, randomD20: () => 17 });
      if (!r.ok) throw new Error(r.rejection.message);
      g.state = r.state;
      recorded.push(r.command);
      return r;
    };
    play(move('A-m1', [[5, 16]]));
    play({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }] });
    const closing = play(second('none'));
    expect(closing.command).toMatchObject({ do: 'second', skill: 'none', dice: [17] });
    const again = replay({ ...f, commands: recorded }, contextFor(f));
    expect(again.rejected).toBeNull();
    expect(again.state).toEqual(g.state);
  });

  it('seeded dice are drawn in draw order from the stream, and nothing is written into the command', () => {
    const f = { ...turnTable(), dice: { seed: 42 } as const };
    const cmds = [...turnOne({ 'a-camo': [5, 14, { as: 'marker' }] }), move('A-m1', [[5, 16]]), { do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }] } as Command, second('none')];
    const r = replay({ ...f, commands: cmds }, contextFor(f));
    expect(r.rejected).toBeNull();
    expect(r.commands.at(-1)).not.toHaveProperty('dice');
    expect(ofType(r.events, 'roll').at(-1)).toMatchObject({ trooper: 'b-lt', skill: 'discover' });
  });
});

describe('random dice written where an Order closes', () => {
  it('ORD-5 an Order closed by End turn (or any command of the active player) keeps its random dice in that command, and the saved file replays to the same game', () => {
    let n = 0;
    const file = { ...turnTable(), dice: { random: true as const } };
    const g = new TestGame(file, TURN_ONE);
    const ctx = { ...g.ctx, randomD20: () => 1 + ((n += 7) % 20) };
    const recorded: Command[] = [...TURN_ONE];
    for (const c of [
      { do: 'order', player: 'A', trooper: 'a-top', skill: 'discover', target: 'B-m1' },
      { do: 'aros', player: 'B', declarations: [] },
      { do: 'endTurn', player: 'A' },
    ] as Command[]) {
      const r = apply(g.state, c, ctx);
      if (!r.ok) throw new Error(r.rejection.message);
      g.state = r.state;
      recorded.push(r.command);
    }
    // End turn closed the Order (none declared, the Discover rolled): its die is in the End turn.
    expect(recorded.at(-1)).toMatchObject({ do: 'endTurn', dice: [expect.any(Number)] });
    // Written to a file and read back, the game replays to the same state, with no die drawn anew.
    const text = JSON.stringify({ ...file, commands: recorded });
    const back = parseGameFileText(text);
    const again = replay(back, { ...contextFor(back), randomD20: () => { throw new Error('a die drawn again'); } });
    expect(again.rejected).toBeNull();
    expect(again.state.troopers).toEqual(g.state.troopers);
  });
});

