/**
 * What every Order costs, over random games (fast-check): the pool after a command is the pool before
 * minus one Order of the source the rules take (ORD-2, ORD-3), or unchanged where the rules name the
 * trooper's own Order (a hidden trooper's, HD-3; a Combat Jump's, CJ-2; a reveal in its own turn). The
 * source is worked out here from the rules, not read from the engine's events. The commands include
 * every form of `from` (the four sources, none, and the firing point older files wrote there).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../engine';
import type { Command, GameState, Pool } from '../../model/types';
import { TestGame } from '../../testing/fixtures';
import { TURN_ONE, turnTable } from '../../testing/turnTable';
import { lieutenantOf } from '../initiative/lieutenant';

const IDS = { A: ['a-lt', 'a-run', 'a-fast', 'A-m1', 'a-hide', 'a-irr', 'a-top'], B: ['b-lt', 'b-watch', 'b-inf', 'B-m1', 'b-hide'] };
const FROMS = [undefined, 'regular', 'irregular', 'lieutenant', 'own', 'point'] as const;

type Intent =
  | { kind: 'order'; who: number; from: (typeof FROMS)[number]; skill: 'idle' | 'move' | 'bs-attack' | 'discover'; dx: number; dy: number; at: number }
  | { kind: 'discover'; who: number }
  | { kind: 'reveal'; who: number }
  | { kind: 'second' }
  | { kind: 'aros' }
  | { kind: 'endTurn' };

const intent: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      who: fc.nat(20),
      from: fc.constantFrom(...FROMS),
      skill: fc.constantFrom('idle' as const, 'move' as const, 'bs-attack' as const, 'bs-attack' as const, 'discover' as const),
      dx: fc.integer({ min: -20, max: 20 }).map((n) => n / 10),
      dy: fc.integer({ min: -20, max: 20 }).map((n) => n / 10),
      at: fc.nat(20),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('discover' as const), who: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reveal' as const), who: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('second' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('aros' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('endTurn' as const) }) },
);

function realId(state: GameState, ref: string): string | null {
  if (Object.hasOwn(state.troopers, ref)) return ref;
  return Object.entries(state.troopers).find(([, t]) => t.markerId === ref && t.status === 'marker')?.[0] ?? null;
}

function toCommand(state: GameState, it: Intent): Command {
  const active = state.active ?? 'A';
  const reactive = active === 'A' ? 'B' : 'A';
  const mine = IDS[active];
  const theirs = IDS[reactive];
  // While a window is open the reactive player answers first (with no AROs), so that most steps give Orders.
  const o = state.order;
  if (o && (o.stage === 'aro1' || o.stage === 'aro2') && it.kind !== 'second') return { do: 'aros', player: reactive, declarations: [] };
  switch (it.kind) {
    case 'order': {
      const trooper = mine[it.who % mine.length]!;
      const real = realId(state, trooper);
      const t = real ? state.troopers[real] : undefined;
      const here = { x: t?.x ?? 24, y: t?.y ?? 24 };
      const from = it.from === 'point' ? here : it.from;
      const base = { do: 'order' as const, player: active, trooper, ...(from !== undefined ? { from } : {}) };
      if (it.skill === 'idle') return { ...base, skill: 'idle' } as Command;
      if (it.skill === 'discover') return { ...base, skill: 'discover', target: active === 'A' ? 'B-m1' : 'A-m1' } as Command;
      if (it.skill === 'move') return { ...base, skill: 'move', path: [{ x: here.x + it.dx, y: here.y + it.dy }] } as Command;
      const target = theirs[it.at % theirs.length]!;
      // The firing point where it stands, as `fireFrom` (or, with a point `from`, as older files wrote it).
      const fire = it.from === 'point' || it.at % 2 === 1 ? {} : { fireFrom: here };
      return { ...base, skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target, burst: 1 }], ...fire } as Command;
    }
    case 'discover':
      return { do: 'discover', player: active, trooper: mine[it.who % mine.length]!, target: active === 'A' ? 'B-m1' : 'A-m1' };
    case 'reveal':
      return { do: 'reveal', player: active, trooper: mine[it.who % mine.length]!, declares: 'other' };
    case 'second':
      return { do: 'second', player: active, skill: 'none' };
    case 'aros':
      return { do: 'aros', player: reactive, declarations: [] };
    case 'endTurn':
      return { do: 'endTurn', player: active };
  }
}

/** The pool the rules leave after `cmd`, worked out from the state before it (null: not judged here). */
function expectedPool(state: GameState, cmd: Command): Pool | null {
  const pool = state.pool;
  if (!pool) return null;
  const next: Pool = { groups: { ...pool.groups }, irregular: { ...pool.irregular }, lieutenant: pool.lieutenant };
  if (cmd.do === 'endTurn') return null;
  if (cmd.do === 'discover') {
    // GAME-TURN.md: the older `discover` command spends a Regular Order of the discoverer's group.
    const t = state.troopers[cmd.trooper]!;
    next.groups[String(t.group)]! -= 1;
    return next;
  }
  if (cmd.do !== 'order') return next;
  const id = realId(state, cmd.trooper)!;
  const t = state.troopers[id]!;
  // HD-3: a hidden trooper spends its own Order, which the pool never held.
  if (t.status === 'hidden') return next;
  // ORD-2: left out (or a point, as older files wrote the firing point there), its own Irregular Order
  // if it has one left, else a Regular Order of its group.
  const asked = typeof cmd.from === 'string' ? cmd.from : undefined;
  const from = asked ?? ((pool.irregular[id] ?? 0) > 0 ? 'irregular' : 'regular');
  if (from === 'lieutenant') next.lieutenant -= 1;
  else if (from === 'irregular') next.irregular[id]! -= 1;
  else if (from === 'regular') next.groups[String(t.group)]! -= 1;
  return next;
}

describe('what an Order costs', () => {
  it('ORD-2 ORD-3 HD-3 every Order spends one Order of the source the rules take, whatever its `from` (a firing point there too)', () => {
    let orders = 0;
    fc.assert(
      fc.property(fc.array(intent, { minLength: 5, maxLength: 30, size: 'medium' }), (intents) => {
        const g = new TestGame({ ...turnTable(), dice: { seed: 11 } }, TURN_ONE);
        for (const it of intents) {
          const cmd = toCommand(g.state, it);
          const r = apply(g.state, cmd, g.ctx);
          if (!r.ok) continue;
          const expected = expectedPool(g.state, cmd);
          if (expected) {
            expect(r.state.pool).toEqual(expected);
            // Every count stays a whole number of Orders left: never below nothing.
            expect(Object.values(r.state.pool!.groups).every((n) => n >= 0)).toBe(true);
            expect(Object.values(r.state.pool!.irregular).every((n) => n >= 0)).toBe(true);
          }
          if (cmd.do === 'order' && expected) orders++;
          g.state = r.state;
        }
      }),
      { numRuns: 200 },
    );
    // The games gave Orders, not only refusals.
    expect(orders).toBeGreaterThan(200);
  });

  it('ORD-2 an Order whose first skill is a BS Attack with its firing point spends one Order (the repro of three free Orders)', () => {
    const g = new TestGame({ ...turnTable(), dice: { seed: 3 } }, TURN_ONE);
    const before = g.state.pool!.groups['1']!;
    const attack = (extra: Record<string, unknown>) =>
      ({ do: 'order', player: 'A', trooper: 'a-run', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }], ...extra }) as Command;
    g.ok(attack({ fireFrom: { x: 28, y: 14 } }));
    g.ok({ do: 'aros', player: 'B', declarations: [] });
    g.ok({ do: 'second', player: 'A', skill: 'none' });
    // As older files wrote it: the firing point in `from`.
    g.ok(attack({ from: { x: 28, y: 14 } }));
    g.ok({ do: 'aros', player: 'B', declarations: [] });
    g.ok({ do: 'second', player: 'A', skill: 'none' });
    expect(g.state.pool!.groups['1']).toBe(before - 2);
    // The Lieutenant Special Order with a firing point: spent, and the record loads again.
    const lt = lieutenantOf(g.state, 'A');
    const r = apply(g.state, { do: 'order', player: 'A', trooper: lt, from: 'lieutenant', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }], fireFrom: { x: 24, y: 4 } } as Command, g.ctx);
    if (r.ok) expect(r.state.pool!.lieutenant).toBe(0);
    else expect(r.rejection.code).not.toBe('bad-command');
  });

  it('ATK-1 the firing point is a point of the Move before the attack, or where the trooper stands; anywhere else is refused', () => {
    const g = new TestGame({ ...turnTable(), dice: { seed: 3 } }, TURN_ONE);
    const r = g.refused({ do: 'order', player: 'A', trooper: 'a-run', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }], fireFrom: { x: 27, y: 14 } } as Command);
    expect(r).toMatchObject({ code: 'skill-not-allowed', rule: 'ATK-1' });
  });
});
