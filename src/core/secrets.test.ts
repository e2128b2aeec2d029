/**
 * What one player's commands may learn of the other's secrets (GAME-TURN.md, "Changed": secrets in
 * refusals, and the numbering of a view's events). Every id a player may not know answers exactly as an
 * id that does not exist; a marker is named by its marker id; a query asked by one player shows only
 * in that player's view; the view's numbering leaves no gap where the other side's private commands were.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, replay } from './engine';
import type { Command, GameFile } from './model/types';
import { UNKNOWN_TROOPER } from './rules/refs';
import { TestGame, contextFor } from './testing/fixtures';
import { B_MAIN, CHOICES, TO_A_LAST, TO_B_MAIN, TO_GAME, dep, twoSides } from './testing/twoSides';
import { viewFor, viewLog } from './view';

const game = (prefix: Command[]) => new TestGame(twoSides(), prefix);
const refusal = (prefix: Command[], cmd: Command) => game(prefix).refused(cmd);

describe('secrets in refusals', () => {
  it('a command naming the opponent\u2019s marker as its actor is refused naming the marker, never the trooper behind it', () => {
    const r = refusal(TO_GAME, { do: 'discover', player: 'A', trooper: 'B-m1', target: 'B-m1', roll: 3 });
    expect(r).toMatchObject({ code: 'not-your-trooper', rule: null });
    expect(r.message).toBe('B-m1 belongs to Player B.');
    expect(r.message).not.toContain('b-camo');
  });

  it('every id a player may not know (hidden, kept back, undeployed, airborne, behind a marker) answers as an id that does not exist', () => {
    const nobody = (prefix: Command[], make: (id: string) => Command) => {
      const a = refusal(prefix, make('nobody'));
      expect(a).toEqual({ rule: null, code: 'unknown-trooper', message: UNKNOWN_TROOPER });
      return a;
    };
    // In A's last step: B's hidden trooper, B's kept-back trooper, the trooper behind B-m1.
    for (const secret of ['b-hide', 'b-gun', 'b-camo']) {
      const make = (id: string): Command => dep('A', id, 22, 10);
      expect(refusal(TO_A_LAST, make(secret))).toEqual(nobody(TO_A_LAST, make));
      const keep = (id: string): Command => ({ do: 'endStep', player: 'A', keep: id });
      expect(refusal(TO_A_LAST, keep(secret))).toEqual(nobody(TO_A_LAST, keep));
      const measure = (id: string): Command => ({ do: 'measure', player: 'A', from: 'a-lt', to: id });
      expect(refusal(TO_A_LAST, measure(secret))).toEqual(nobody(TO_A_LAST, measure));
      const lof = (id: string): Command => ({ do: 'lof', player: 'A', from: id, to: 'a-lt' });
      expect(refusal(TO_A_LAST, lof(secret))).toEqual(nobody(TO_A_LAST, lof));
    }
    // In A's main step: B's troopers not yet deployed are unknown to A.
    const early = [...CHOICES];
    expect(refusal(early, dep('A', 'b-lt', 22, 10))).toEqual(nobody(early, (id) => dep('A', id, 22, 10)));
    // In B's turn: A's airborne jumper, named by B in every command that takes an id.
    const inB: Command[] = [...TO_GAME, { do: 'endTurn', player: 'A' }];
    const cmds: ((id: string) => Command)[] = [
      (id) => ({ do: 'combatJump', player: 'B', trooper: id, at: { x: 20, y: 30 }, facing: 0, roll: 3 }),
      (id) => ({ do: 'combatJump', player: 'B', trooper: 'b-gun', at: { x: 20, y: 30 }, facing: 0, roll: 3, controlledJump: id }),
      (id) => ({ do: 'fallback', player: 'B', trooper: id, at: { x: 20, y: 47.5 }, facing: 0 }),
      (id) => ({ do: 'reveal', player: 'B', trooper: id, declares: 'other' }),
      (id) => ({ do: 'discover', player: 'B', trooper: id, target: 'A-m1', roll: 3 }),
      (id) => ({ do: 'discover', player: 'B', trooper: 'b-lt', target: id, roll: 3 }),
      (id) => ({ do: 'measure', player: 'B', from: id, to: 'b-lt' }),
      (id) => ({ do: 'lof', player: 'B', from: 'b-lt', to: id }),
    ];
    for (const make of cmds) {
      for (const secret of ['a-drop', 'a-boom', 'a-hide', 'a-camo']) expect(refusal(inB, make(secret))).toEqual(nobody(inB, make));
    }
  });

  it('a query without a player sees the whole game; with one, it knows what that player knows', () => {
    const g = game(TO_GAME);
    expect(apply(g.state, { do: 'measure', from: 'a-lt', to: 'b-camo' }, g.ctx).ok).toBe(true);
    expect(g.refused({ do: 'measure', from: 'a-lt', to: 'b-camo', player: 'A' })).toMatchObject({ code: 'unknown-trooper' });
    expect(apply(g.state, { do: 'measure', from: 'a-lt', to: 'B-m1', player: 'A' }, g.ctx).ok).toBe(true);
    expect(apply(g.state, { do: 'measure', from: 'a-lt', to: 'b-camo', player: 'B' }, g.ctx).ok).toBe(true);
  });

  it('a query asked by one player shows only in that player\u2019s view', () => {
    const file: GameFile = { ...twoSides(), commands: [...TO_GAME, { do: 'measure', player: 'A', from: 'a-lt', to: 'B-m1' }, { do: 'odds', player: 'B', a: 12 }, { do: 'odds', a: 9 }] };
    const ctx = contextFor(file);
    const last = (viewer: 'A' | 'B' | null) => replay(file, ctx, viewer).events.slice(-3).map((e) => e.type);
    expect(last(null)).toEqual(['distance', 'odds', 'odds']);
    expect(replay(file, ctx, 'A').events.filter((e) => e.type === 'odds')).toHaveLength(1);
    expect(replay(file, ctx, 'A').events.filter((e) => e.type === 'distance')).toHaveLength(1);
    expect(replay(file, ctx, 'B').events.filter((e) => e.type === 'distance')).toHaveLength(0);
    expect(replay(file, ctx, 'B').events.filter((e) => e.type === 'odds')).toHaveLength(2);
  });

  it('LoF from a point of the table sees all round', () => {
    const g = game(TO_GAME);
    const [e] = g.ok({ do: 'lof', from: { x: 24, y: 12, z: 1 }, to: 'a-lt' });
    expect(e).toMatchObject({ type: 'lof', visible: true });
    // Behind the tower (x 22..26, y 22..26, 6" tall), a point at its foot does not see b-inf's far side... b-inf is 0.6" east of it:
    const [hidden] = g.ok({ do: 'lof', from: { x: 20, y: 24, z: 0.5 }, to: 'b-inf' });
    expect(hidden).toMatchObject({ type: 'lof', visible: false });
  });
});

describe('the numbering of a view', () => {
  it('a command none of whose events the viewer may see takes no number: B\u2019s hidden deployments leave no gap in A\u2019s view', () => {
    // B places its hidden trooper once, or three times: A's view must read the same.
    const once = [...TO_B_MAIN, ...B_MAIN, { do: 'endStep', player: 'B', keep: 'b-gun' } as Command];
    const thrice = [...TO_B_MAIN, dep('B', 'b-hide', 10, 40, { as: 'hidden' }), dep('B', 'b-hide', 12, 41, { as: 'hidden' }), ...B_MAIN, { do: 'endStep', player: 'B', keep: 'b-gun' } as Command];
    const after: Command[] = [dep('A', 'a-inf', 22, 10), { do: 'measure', player: 'A', from: 'a-inf', to: 'b-lt' }];
    const view = (cmds: Command[]) => {
      const file: GameFile = { ...twoSides(), commands: [...cmds, ...after] };
      return replay(file, contextFor(file), 'A');
    };
    expect(view(thrice).events).toEqual(view(once).events);
    const indices = view(once).events.map((e) => e.index);
    // The numbers run 0, 1, 2 ... with no gap: B's hidden deploy took none.
    expect([...new Set(indices)]).toEqual([...new Set(indices)].map((_, i) => i));
    expect(viewFor(view(once).state, 'A').troopers['b-hide']).toBeUndefined();
  });

  it('the refusal of the opponent\u2019s command shows at the number the next command would take', () => {
    const cmds = [...TO_B_MAIN, ...B_MAIN, dep('B', 'b-gun', 40, 5)];
    const file: GameFile = { ...twoSides(), commands: cmds };
    const r = replay(file, contextFor(file), 'A');
    const last = Math.max(...r.events.map((e) => e.index));
    expect(r.rejected).toMatchObject({ index: cmds.length - 1, viewIndex: last + 1, code: 'outside-deployment-zone' });
    const full = replay(file, contextFor(file), null);
    expect(full.rejected!.viewIndex).toBe(cmds.length - 1);
  });

  it('viewLog numbers a history exactly as replay does', () => {
    const file: GameFile = { ...twoSides(), commands: TO_GAME };
    const g = new TestGame(twoSides());
    const entries = [];
    for (const c of TO_GAME) {
      const r = apply(g.state, c, g.ctx);
      if (!r.ok) throw new Error(r.rejection.message);
      entries.push({ command: r.command, events: r.events, before: g.state, after: r.state });
      g.state = r.state;
    }
    for (const v of ['A', 'B', null] as const) expect(viewLog(entries, v)).toEqual(replay(file, contextFor(file), v).events);
  });
});

describe('twin games: A\u2019s results never depend on B\u2019s secrets', () => {
  // Two games alike in everything A may know: B's hidden trooper is recorded elsewhere (and placed
  // twice in one), and a different one of B's two TO Camouflage troopers stands behind B-m1.
  const bFirst: Command[] = [
    { do: 'initiative', rolls: { A: 7, B: 11 } },
    { do: 'keep', player: 'B', choice: 'initiative' },
    { do: 'turnOrder', player: 'B', first: 'A' },
    { do: 'deploymentChoice', player: 'A', first: 'B', keeperZone: 'south' },
  ];
  const twinFile = (): GameFile => {
    const f = twoSides();
    // b-gun gets TO Camouflage too: b-camo and b-gun are alike to A as markers (S2, same group).
    const b = f.players.B.troopers.map((t) => (t.id === 'b-gun' ? { ...t, skills: ['to-camouflage' as const, 'hidden-deployment' as const] } : t));
    return { ...f, players: { ...f.players, B: { ...f.players.B, troopers: b } } };
  };
  const twinOne: Command[] = [
    ...bFirst,
    dep('B', 'b-lt', 20, 44),
    dep('B', 'b-camo', 30, 40, { as: 'marker' }),
    dep('B', 'b-gun', 34, 40, { as: 'hidden' }),
    dep('B', 'b-hide', 14, 40, { as: 'hidden' }),
    dep('B', 'b-inf', 27.1, 24.5),
    { do: 'endStep', player: 'B', keep: 'b-hack' },
  ];
  const twinTwo: Command[] = [
    ...bFirst,
    dep('B', 'b-lt', 20, 44),
    dep('B', 'b-hide', 6, 38, { as: 'hidden' }),
    dep('B', 'b-gun', 30, 40, { as: 'marker' }),
    dep('B', 'b-camo', 10, 38, { as: 'hidden' }),
    dep('B', 'b-hide', 20, 46, { as: 'hidden' }),
    dep('B', 'b-inf', 27.1, 24.5),
    { do: 'endStep', player: 'B', keep: 'b-hack' },
  ];

  const ids = ['a-lt', 'a-gun', 'a-camo', 'a-hide', 'a-hack', 'a-inf', 'a-drop', 'a-boom', 'b-lt', 'b-camo', 'b-gun', 'b-hide', 'b-hack', 'B-m1', 'nobody'];
  const id = fc.constantFrom(...ids);
  const coord = fc.integer({ min: -4, max: 100 }).map((n) => n / 2);
  const point = fc.record({ x: coord, y: coord });
  const aCommand: fc.Arbitrary<Command> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ do: fc.constant('deploy' as const), player: fc.constant('A' as const), trooper: id, at: point, facing: fc.constant(0), as: fc.constantFrom('model' as const, 'marker' as const, 'hidden' as const), roll: fc.constant(20) }) },
    fc.record({ do: fc.constant('endStep' as const), player: fc.constant('A' as const), keep: fc.option(id, { nil: undefined }) }),
    fc.record({ do: fc.constant('measure' as const), player: fc.constant('A' as const), from: id, to: fc.oneof(id, point) }),
    fc.record({ do: fc.constant('lof' as const), player: fc.constant('A' as const), from: fc.oneof(id, point), to: id }),
    fc.record({ do: fc.constant('fallback' as const), player: fc.constant('A' as const), trooper: id, at: point, facing: fc.constant(0) }),
  );

  const play = (prefix: Command[], cmds: Command[]) => {
    const file: GameFile = { ...twinFile(), commands: [...prefix, ...cmds] };
    const r = replay(file, contextFor(file), 'A');
    const fromA = r.events.filter((e) => e.index >= 0);
    return { events: fromA, rejected: r.rejected && { code: r.rejected.code, rule: r.rejected.rule, message: r.rejected.message, viewIndex: r.rejected.viewIndex }, view: viewFor(r.state, 'A') };
  };

  it('the twins themselves are alike to A, and differ for B', () => {
    expect(play(twinOne, [])).toEqual(play(twinTwo, []));
    const full = (p: Command[]) => replay({ ...twinFile(), commands: p }, contextFor(twinFile())).state.troopers;
    expect(full(twinOne)['b-camo']!.status).not.toBe(full(twinTwo)['b-camo']!.status);
  });

  it('any sequence of A\u2019s commands in A\u2019s main step gives A the same answers in both games', () => {
    fc.assert(
      fc.property(fc.array(aCommand, { maxLength: 8 }), (cmds) => {
        // Stop where A's command is refused: replay stops there in both games too.
        expect(play(twinOne, cmds)).toEqual(play(twinTwo, cmds));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
