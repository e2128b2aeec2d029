/**
 * Markers and hidden troopers in the Active Turn (GAME-TURN.md): a hidden trooper's own Order, a
 * marker's Order, delayed AROs against a marker (ARO-3), hidden troopers reacting (ARO-4, HD-14),
 * going back to camouflage (TOC-1), and the older commands as Orders.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, replay } from '../../engine';
import type { Command, GameEvent, GameFile } from '../../model/types';
import { TestGame, contextFor } from '../../testing/fixtures';
import { turnOne, turnTable, type Positions } from '../../testing/turnTable';
import { viewEvents, viewFor } from '../../view';

type Roster = Record<string, Record<string, unknown>>;
/** The turn table with some troopers' profiles changed. */
function table(changes: Roster = {}): GameFile {
  const f = turnTable();
  for (const p of ['A', 'B'] as const) {
    f.players[p].troopers = f.players[p].troopers.map((t) => (changes[t.id] ? { ...t, ...changes[t.id] } : t));
  }
  return f;
}
const game = (over: Positions = {}, changes: Roster = {}) => new TestGame(table(changes), turnOne(over));
const order = (trooper: string, skill: Record<string, unknown>, player: 'A' | 'B' = 'A'): Command => ({ do: 'order', player, trooper, ...skill }) as Command;
const aros = (player: 'A' | 'B', declarations: unknown[]): Command => ({ do: 'aros', player, declarations }) as Command;
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

describe('a hidden trooper\u2019s own Order (HD-3, HD-10, HD-11)', () => {
  it('HD-3 a hidden trooper spends only its own Order: any other is no-order', () => {
    const g = game();
    expect(g.refused(order('a-hide', { skill: 'idle', from: 'regular' }))).toMatchObject({ code: 'no-order', rule: 'HD-3' });
    const events = g.ok(order('a-hide', { skill: 'idle' }));
    expect(events.map((e) => e.type)).toEqual(['revealed', 'declared', 'aroWindow']);
    expect(events[1]).toMatchObject({ from: 'own' });
    expect(g.state.pool!.groups['1']).toBe(5);
  });

  it('HD-11 TOC-1 Move, Cautious Movement and Idle keep a TO Camouflage trooper a marker; Discover, a roll, places the model', () => {
    const mv = game().ok(order('a-hide', { skill: 'move', path: [{ x: 34, y: 14 }] }));
    expect(mv[0]).toMatchObject({ type: 'revealed', trooper: 'a-hide', as: 'marker' });
    const d = game({ 'a-hide': [40, 14, { as: 'hidden' }] }).ok(order('a-hide', { skill: 'discover', target: 'B-m1' }));
    expect(d[0]).toMatchObject({ type: 'revealed', as: 'model' });
  });

  it('HD-10 in the owner\u2019s turn the older reveal is the trooper\u2019s own Order with Idle', () => {
    const g = game();
    const events = g.ok({ do: 'reveal', player: 'A', trooper: 'a-hide', declares: 'short-move-no-roll' });
    expect(events.map((e) => e.type)).toEqual(['revealed', 'declared', 'aroWindow']);
    expect(events[0]).toMatchObject({ as: 'marker' });
    expect(g.state.order).toMatchObject({ trooper: 'a-hide', from: 'own', stage: 'aro1' });
  });
});

describe('markers in the Active Turn (TOC-11, TOC-13, ARO-3)', () => {
  const seen: Positions = { 'a-camo': [5, 14, { as: 'marker' }] };

  it('TOC-13 a marker declaring a skill that reveals it shows its model for the whole Order', () => {
    const g = game({ 'a-camo': [40, 14, { as: 'marker' }] });
    const events = g.ok(order('A-m1', { skill: 'discover', target: 'B-m1' }));
    expect(events[0]).toMatchObject({ type: 'revealed', trooper: 'a-camo', as: 'model' });
    expect(g.trooper('a-camo').status).toBe('model');
    const m = game({ 'a-camo': [40, 14, { as: 'marker' }] });
    m.ok(order('A-m1', { skill: 'move', path: [{ x: 40, y: 15 }] }));
    m.ok(aros('B', []));
    // The second skill reveals it: the Order's Move counts as revealed too (it was already declared).
    const second = m.ok({ do: 'second', player: 'A', skill: 'discover', target: 'B-m1' });
    expect(second[0]).toMatchObject({ type: 'revealed', as: 'model' });
  });

  it('ARO-3 against an undiscovered marker every ARO but Discover is delay, and is made, if still allowed, against its second skill', () => {
    const g = game(seen);
    g.ok(order('A-m1', { skill: 'move', path: [{ x: 5, y: 15 }] }));
    expect(g.refused(aros('B', [{ trooper: 'b-lt', skill: 'dodge' }]))).toMatchObject({ code: 'skill-not-allowed', rule: 'ARO-3' });
    const d = g.ok(aros('B', [{ trooper: 'b-lt', skill: 'delay' }]));
    expect(d[0]).toMatchObject({ type: 'declared', trooper: 'b-lt', skill: 'delay', window: 1 });
    const w2 = g.ok({ do: 'second', player: 'A', skill: 'move', path: [{ x: 5, y: 16 }] });
    // b-hide, eligible in window 1, declared nothing: only the delayed b-lt may react now.
    expect(ofType(w2, 'aroWindow')[0]!.eligible).toEqual(['b-lt']);
    expect(g.refused(aros('B', [{ trooper: 'b-lt', skill: 'delay' }]))).toMatchObject({ code: 'skill-not-allowed', rule: 'ARO-3' });
    expect(g.refused(aros('B', [{ trooper: 'b-hide', skill: 'discover', target: 'A-m1' }]))).toMatchObject({ code: 'not-eligible', rule: 'ARO-1' });
    g.ok(aros('B', [{ trooper: 'b-lt', skill: 'discover', target: 'A-m1' }]));
    expect(g.state.order).toMatchObject({ stage: 'rolls', needs: { 'b-lt': 1 } });
  });

  it('ARO-3 a second of none opens window 2 only for the troopers that delayed', () => {
    const g = game(seen);
    g.ok(order('A-m1', { skill: 'move', path: [{ x: 5, y: 15 }] }));
    g.ok(aros('B', [{ trooper: 'b-lt', skill: 'delay' }]));
    const e = g.ok({ do: 'second', player: 'A', skill: 'none' });
    expect(e.map((x) => x.type)).toEqual(['declared', 'aroWindow']);
    expect(ofType(e, 'aroWindow')[0]).toMatchObject({ window: 2, eligible: ['b-lt'] });
    const h = game(seen);
    h.ok(order('A-m1', { skill: 'move', path: [{ x: 5, y: 15 }] }));
    h.ok(aros('B', []));
    expect(h.ok({ do: 'second', player: 'A', skill: 'none' }).map((x) => x.type)).toEqual(['declared', 'moved']);
  });
});

describe('hidden troopers reacting (ARO-4, HD-17)', () => {
  const seen: Positions = { 'a-camo': [5, 14, { as: 'marker' }] };

  it('ARO-4 a hidden trooper reacts from its recorded spot, seeing all round, and appears at the aros command', () => {
    const g = game(seen);
    const before = g.state;
    const w = g.ok(order('A-m1', { skill: 'move', path: [{ x: 5, y: 15 }] }));
    expect(ofType(w, 'aroWindow')[0]!.eligible).toEqual(['b-hide', 'b-lt']);
    expect(ofType(viewEvents(w, before, g.state, 'A'), 'aroWindow')[0]!.eligible).toEqual(['b-lt']);
    const e = g.ok(aros('B', [{ trooper: 'b-hide', skill: 'discover', target: 'A-m1', revealFacing: 170 }]));
    expect(e.map((x) => x.type)).toEqual(['revealed', 'declared']);
    expect(e[0]).toMatchObject({ trooper: 'b-hide', as: 'model', x: 4, y: 33, facing: 170 });
    g.ok({ do: 'second', player: 'A', skill: 'none' });
    const r = g.ok({ do: 'rolls', rolls: { 'b-hide': [1] } });
    // It rolls from where it stands: (4, 33) to A-m1 at (5, 15): 17" apart, MOD 0: WIP 13 - 6 = 7.
    expect(ofType(r, 'roll')[0]).toMatchObject({ trooper: 'b-hide', target: 7, result: 'success' });
  });

  it('HD-17 a hidden trooper appearing in ARO on a taken spot is placed at the closest free spot', () => {
    // b-hide (with Infiltration) hides at (5, 19.5) in A's half; a-irr walks onto that spot in its first Order.
    const g = game({ 'b-hide': [5, 19.5, { as: 'hidden', roll: 1 }] }, { 'b-hide': { skills: ['hidden-deployment', 'infiltration'] } });
    g.ok(order('a-irr', { skill: 'move', path: [{ x: 4, y: 16 }] }));
    g.ok(aros('B', []));
    g.ok({ do: 'second', player: 'A', skill: 'move', path: [{ x: 5, y: 19.5 }] });
    g.ok(aros('B', []));
    expect(g.trooper('a-irr')).toMatchObject({ x: 5, y: 19.5 });
    g.ok(order('a-irr', { skill: 'idle' }));
    const e = g.ok({ do: 'reveal', player: 'B', trooper: 'b-hide', declares: 'other' });
    const spot = e[0] as Extract<GameEvent, { type: 'revealed' }>;
    expect(Math.hypot(spot.x - 5, spot.y - 19.5)).toBeGreaterThan(1.05);
    expect(Math.hypot(spot.x - 5, spot.y - 19.5)).toBeLessThan(1.2);
    expect(e[1]).toMatchObject({ type: 'declared', skill: 'appear', window: 1 });
  });
});

describe('back to camouflage (TOC-1, HD-14)', () => {
  // a-run, with TO Camouflage, stands in the east corridor past the wall's end; B-m1 moves west, out of the way.
  const east: Positions = { 'a-run': [44, 14], 'b-camo': [10, 44, { as: 'marker' }], 'b-hide': [44, 34, { as: 'hidden' }] };
  const camo: Roster = { 'a-run': { skills: ['to-camouflage'] }, 'a-irr': { skills: ['to-camouflage'], orders: 'irregular' } };

  it('TOC-1 an Entire Order out of every enemy\u2019s Line of Fire puts the trooper back into its TO Camouflage marker', () => {
    const g = game(east, camo);
    const e = g.ok(order('a-run', { skill: 'camouflage' }));
    expect(e.map((x) => x.type)).toEqual(['declared', 'aroWindow']);
    const done = g.ok(aros('B', []));
    expect(done).toEqual([{ index: expect.any(Number), type: 'camouflaged', player: 'A', trooper: 'a-run', marker: 'A-m2' }]);
    expect(g.trooper('a-run')).toMatchObject({ status: 'marker', markerId: 'A-m2' });
    expect(viewFor(g.state, 'B').markers['A-m2']).toMatchObject({ x: 44, y: 14 });
  });

  it('TOC-1 not in an enemy\u2019s Line of Fire, and only with the skill', () => {
    const g = game(east, camo);
    expect(g.refused(order('a-irr', { skill: 'camouflage' }))).toMatchObject({ code: 'in-enemy-sight', rule: 'TOC-1', message: expect.stringContaining('sees a-irr') });
    expect(g.refused(order('a-fast', { skill: 'camouflage' }))).toMatchObject({ code: 'no-skill', rule: 'TOC-1' });
    expect(g.refused(order('A-m1', { skill: 'camouflage' }))).toMatchObject({ code: 'wrong-status' });
  });

  it('HD-14 a hidden trooper with Line of Fire appearing as the enemy declares it stops the return to camouflage', () => {
    const g = game(east, camo);
    const before = g.state;
    const e = g.ok(order('a-run', { skill: 'camouflage' }));
    expect(ofType(e, 'aroWindow')[0]!.eligible).toEqual(['b-hide']);
    expect(ofType(viewEvents(e, before, g.state, 'A'), 'aroWindow')[0]!.eligible).toEqual([]);
    g.ok({ do: 'reveal', player: 'B', trooper: 'b-hide', declares: 'stop-marker-state' });
    const done = g.ok(aros('B', []));
    expect(done).toEqual([{ index: expect.any(Number), type: 'camouflageFailed', player: 'A', trooper: 'a-run', by: ['b-hide'] }]);
    expect(g.trooper('a-run').status).toBe('model');
  });
});

describe('the older commands as Orders (GAME-TURN.md)', () => {
  it('TOC-5 discover spends a Regular Order of the discoverer\u2019s group, rolls at once, and opens window 1 with the second skill owed', () => {
    const g = game({ 'a-run': [40, 14] });
    const e = g.ok({ do: 'discover', player: 'A', trooper: 'a-run', target: 'B-m1', roll: 15 });
    expect(e.map((x) => x.type)).toEqual(['roll', 'discoverFailed', 'declared', 'aroWindow']);
    expect(g.state.pool!.groups['1']).toBe(4);
    g.ok(aros('B', []));
    expect(g.state.order!.stage).toBe('second');
    // ORD-6: never two Discovers against one marker in an Order.
    expect(g.refused({ do: 'second', player: 'A', skill: 'discover', target: 'B-m1' })).toMatchObject({ code: 'skill-not-allowed', rule: 'ORD-6' });
    // In the other player's turn Discover is an ARO, not a command.
    expect(game().refused({ do: 'discover', player: 'B', trooper: 'b-lt', target: 'A-m1', roll: 3 })).toMatchObject({ code: 'out-of-turn', rule: 'TOC-5' });
  });
});

describe('what the other player learns (twin games)', () => {
  // Twins alike for A: B's hidden trooper recorded at another spot, and placed twice in one of them.
  const twin = (at: [number, number], twice: boolean): Command[] => {
    const base = turnOne({ 'b-hide': [at[0], at[1], { as: 'hidden' }] });
    if (!twice) return base;
    const i = base.findIndex((c) => c.do === 'deploy' && c.trooper === 'b-hide');
    return [...base.slice(0, i), { do: 'deploy', player: 'B', trooper: 'b-hide', at: { x: 40, y: 40 }, facing: 0, as: 'hidden' }, ...base.slice(i)];
  };
  const one = twin([4, 33], false);
  const two = twin([30, 44], true);

  const who = fc.constantFrom('a-lt', 'a-run', 'a-fast', 'A-m1', 'a-hide', 'a-irr', 'a-top', 'b-hide', 'nobody');
  const step = fc.integer({ min: -30, max: 30 }).map((n) => n / 10);
  const aMove = fc.oneof(
    fc.record({ kind: fc.constant('move' as const), who, dx: step, dy: step }),
    fc.record({ kind: fc.constant('idle' as const), who }),
    fc.record({ kind: fc.constant('cautious' as const), who, dx: step, dy: step }),
    fc.record({ kind: fc.constant('camouflage' as const), who }),
    fc.record({ kind: fc.constant('lof' as const), who }),
  );

  type Move = { kind: string; who: string; dx?: number; dy?: number };
  /** Plays A's Orders after the prefix (B answering every window with nothing); what A sees of each command. */
  const play = (prefix: Command[], moves: Move[]) => {
    const g = new TestGame(table({ 'a-run': { skills: ['to-camouflage'] } }), prefix);
    const seen: unknown[] = [];
    for (const m of moves) {
      const t = g.state.troopers[m.who] ?? Object.values(g.state.troopers).find((x) => x.markerId === m.who);
      const p = t && t.x !== null ? { x: t.x, y: t.y! } : { x: 24, y: 24 };
      const first: Command =
        m.kind === 'lof'
          ? { do: 'lof', player: 'A', from: { x: p.x, y: p.y, z: 1 }, to: m.who }
          : m.kind === 'idle' || m.kind === 'camouflage'
            ? order(m.who, { skill: m.kind })
            : order(m.who, { skill: m.kind === 'move' ? 'move' : 'cautious-move', path: [{ x: p.x + m.dx!, y: p.y + m.dy! }] });
      for (const c of [first, aros('B', []), { do: 'second', player: 'A', skill: 'none' } as Command]) {
        const before = g.state;
        const r = apply(g.state, c, g.ctx);
        if (!r.ok) {
          // A sees its own refusals in full, and of B's only that one was refused.
          seen.push(c.do === 'aros' ? 'B refused' : r.rejection);
          continue;
        }
        g.state = r.state;
        seen.push(viewEvents(r.events, before, g.state, 'A').map(({ index: _i, ...e }) => e), viewFor(g.state, 'A'));
      }
    }
    return seen;
  };

  it('HD-2 ARO-4 nothing in an Order\u2019s events, windows, order state or refusals tells A of a hidden trooper that could have reacted but did not', () => {
    fc.assert(
      fc.property(fc.array(aMove, { minLength: 1, maxLength: 6 }), (moves) => {
        expect(play(two, moves)).toEqual(play(one, moves));
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('the twins differ where A may not look', () => {
    const f = table();
    const full = (cmds: Command[]) => replay({ ...f, commands: cmds }, contextFor(f)).state.troopers['b-hide'];
    expect(full(one)).toMatchObject({ x: 4, y: 33 });
    expect(full(two)).toMatchObject({ x: 30, y: 44 });
  });
});
