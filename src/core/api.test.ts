/**
 * The core's public face (api.ts): the rule answers the interface shows are the engine's own. The odds
 * of a planned roll are the figures of the `odds` query for the same roll, with the Success Value the
 * resolution rolls against and the Attack Damage its saves are made against, across Partial Cover,
 * ammunition and Face to Face; the Orders next turn, the open window and the dice marks likewise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverOdds, markDice, nextTurnPool, openWindow, plannedOdds, type RollOdds } from './api';
import { apply } from './engine';
import type { Ammo, Command, GameEvent, GameFile, Weapon } from './model/types';
import { counting, judgeDice } from './rules/attacks/burst';
import { orderCount } from './rules/orders/count';
import { TestGame } from './testing/fixtures';
import { turnOne, turnTable, type Positions } from './testing/turnTable';
import { viewEvents } from './view';

const rifle = (ammo: Ammo, burst = 3): Weapon => ({ id: `rifle-${ammo}`, name: `Rifle ${ammo}`, burst, damage: 13, ammo, save: 'arm', ranges: [[8, 3], [16, 3], [24, -3], [48, -6]] });

function table(weapons: Weapon[]): GameFile {
  const f = turnTable();
  for (const p of ['A', 'B'] as const) f.players[p].troopers = f.players[p].troopers.map((t) => ({ ...t, weapons: [...t.weapons, ...weapons] }));
  return f;
}
const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** What the engine's own `odds` query says of a planned roll. */
function engineOdds(g: TestGame, r: RollOdds) {
  const res = apply(g.state, r.query, g.ctx);
  if (!res.ok) throw new Error(res.rejection.message);
  return res.events[0] as unknown as { outcomes: { side: 'A' | 'B'; hits: number; criticals: number; p: number }[]; woundsA?: number[] };
}

describe('the odds the table shows are the engine\u2019s', () => {
  // a-fast against the crate's west face, in Partial Cover from b-inf (facing west from (30, 20), seeing it over the crate).
  const at: Positions = { 'a-fast': [15.45, 14], 'b-inf': [30, 20, { facing: 90, roll: 1 }] };

  for (const ammo of ['N', 'DA', 'EXP'] as const) {
    for (const reply of [false, true]) {
      it(`TOOL-8 DMG-1 ATK-2 ${ammo} ammunition into Partial Cover${reply ? ', Face to Face against a BS Attack in ARO' : ', a Normal roll'}: the Success Value and Attack Damage the odds use are those the resolution rolls and saves against`, () => {
        const g = new TestGame(table([rifle(ammo)]), turnOne(at));
        g.ok({ do: 'endTurn', player: 'A' });
        const attack: Command = { do: 'order', player: 'B', trooper: 'b-inf', skill: 'bs-attack', weapon: `rifle-${ammo}`, targets: [{ target: 'a-fast', burst: 3 }] };
        g.ok(attack);
        const aro: Command = { do: 'aros', player: 'A', declarations: reply ? [{ trooper: 'a-fast', skill: 'bs-attack', weapon: 'combi-rifle' }] : [] };
        g.ok(aro);
        // As B's screen would show it, once the window is closed: the Order's planned rolls.
        const odds = plannedOdds(g.state, g.ctx, 'B');
        const mine = odds.find((o) => o.roller === 'b-inf')!;
        expect(mine).toMatchObject({ target: 'a-fast', dice: 3, kind: 'attack' });
        expect(mine.against !== null).toBe(reply);
        // Every figure is the engine's `odds` query for the same roll.
        for (const o of odds) {
          const e = engineOdds(g, o);
          expect(o.hit).toBeCloseTo(e.outcomes.filter((x) => x.side === 'A').reduce((n, x) => n + x.p, 0), 12);
          expect(o.wounds).toEqual(e.woundsA ?? null);
        }
        // Partial Cover: -3 to the Success Value and to the Attack Damage (13 - ARM 1 - 3 = 9).
        expect(mine.query.damageA).toEqual({ attackDamage: 9, ammo });
        // The resolution rolls at that Success Value and saves against that Attack Damage.
        g.ok({ do: 'second', player: 'B', skill: 'none' });
        const rolled = g.ok({ do: 'rolls', rolls: { 'b-inf': [1, 2, 3], ...(reply ? { 'a-fast': [20] } : {}) } });
        expect(ofType(rolled, 'roll').find((x) => x.trooper === 'b-inf')).toMatchObject({ target: mine.sv });
        if (reply) expect(ofType(rolled, 'roll').find((x) => x.trooper === 'a-fast')).toMatchObject({ target: mine.against!.sv });
        const owed = g.state.order!.needs['a-fast']!;
        const saved = g.ok({ do: 'saves', rolls: { 'a-fast': Array.from({ length: owed }, () => 10) } });
        expect(ofType(saved, 'save').every((s) => s.target === mine.query.damageA!.attackDamage)).toBe(true);
        // The chance of a Wound or more is below the chance of a hit: cover makes saves easier, never harder.
        expect(1 - mine.wounds![0]!).toBeLessThan(mine.hit);
      });
    }
  }

  it('TOOL-8 a declaration not yet given: its odds come from the same plan, with the dice held back, and nothing changes', () => {
    const g = new TestGame(table([rifle('N')]), turnOne(at));
    g.ok({ do: 'endTurn', player: 'A' });
    const before = JSON.stringify(g.state);
    const cmd: Command = { do: 'order', player: 'B', trooper: 'b-inf', skill: 'bs-attack', weapon: 'rifle-N', targets: [{ target: 'a-fast', burst: 3 }] };
    const odds = plannedOdds(g.state, g.ctx, 'B', cmd);
    expect(odds).toHaveLength(1);
    expect(odds[0]!.sv).toBe(11);
    expect(JSON.stringify(g.state)).toBe(before);
    expect(plannedOdds(g.state, g.ctx, 'B', { ...cmd, weapon: 'nothing' } as Command)).toEqual([]);
  });
});

describe('the other rule answers', () => {
  it('ORD-1 ORD-4 GRP-4 the next turn\u2019s Orders: the Order Count for its own side; for the opponent, a marker counts in its group and the Lieutenant is not told', () => {
    const g = new TestGame(turnTable(), turnOne());
    // A's turn: B's pool next turn.
    const own = nextTurnPool(g.state, 'B')!;
    const count = orderCount(g.state, 'B');
    expect(own.lieutenant).toBe(count.lieutenant);
    expect(own.groups.reduce((n, x) => n + x.orders, 0)).toBe(Object.values(count.groups).reduce((n, x) => n + x, 0));
    const seen = nextTurnPool(g.state, 'A')!;
    expect(seen.lieutenant).toBeNull();
    expect(seen.groups.reduce((n, x) => n + x.markers, 0)).toBe(1);
    // B's hidden trooper gives no Order and is not counted by anyone.
    expect(own.groups.reduce((n, x) => n + x.orders, 0)).toBe(seen.groups.reduce((n, x) => n + x.orders, 0));
  });

  it('ARO-1 ARO-5 the open window: its eligible troopers are those of its aroWindow event as the viewer sees it, and the path is the Move declared', () => {
    const g = new TestGame(turnTable(), turnOne());
    const before = g.state;
    const events = g.ok({ do: 'order', player: 'A', trooper: 'a-run', skill: 'move', path: [{ x: 28, y: 16 }, { x: 30, y: 16 }] });
    for (const v of ['A', 'B'] as const) {
      const w = openWindow(g.state, v)!;
      const e = viewEvents(events, before, g.state, v).find((x) => x.type === 'aroWindow') as { eligible: string[] };
      expect(w.eligible).toEqual(e.eligible);
      expect(w).toMatchObject({ window: 1, player: 'B', trooper: 'a-run', skill: 'move' });
      expect(w.path).toEqual([{ x: 28, y: 14 }, { x: 28, y: 16 }, { x: 30, y: 16 }]);
    }
    expect(openWindow(before, 'A')).toBeNull();
  });

  it('TOC-5 a Discover\u2019s Success Value: WIP, the range MOD and -6, as the Discover command rolls it', () => {
    const g = new TestGame(turnTable(), turnOne());
    const d = discoverOdds(g.state, 'a-top', 'B-m1', 'A')!;
    expect(d.sv).toBe(d.wip + d.rangeMod - 6);
    const r = g.ok({ do: 'discover', player: 'A', trooper: 'a-top', target: 'B-m1', roll: 1 });
    expect(ofType(r, 'roll')[0]).toMatchObject({ target: d.sv });
    // Not for the opponent's trooper, and nothing for a marker it may not name.
    expect(discoverOdds(g.state, 'a-top', 'B-m1', 'B')).toBeNull();
  });

  it('ATK-2 TOOL-6 each die\u2019s mark counts exactly the hits and criticals the resolution counts', () => {
    const die = fc.integer({ min: 1, max: 20 });
    fc.assert(
      fc.property(fc.array(die, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 25 }), fc.option(fc.tuple(fc.array(die, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 25 })), { nil: undefined }), (mine, sv, other) => {
        const marks = markDice({ dice: mine, roll: mine[0]!, target: sv }, other ? { dice: other[0], roll: other[0][0]!, target: other[1] } : null);
        const t = counting(judgeDice(mine, sv), other ? judgeDice(other[0], other[1]) : null);
        expect(marks.filter((m) => m === 'hit')).toHaveLength(t.hits);
        expect(marks.filter((m) => m === 'critical')).toHaveLength(t.criticals);
      }),
      { numRuns: 500 },
    );
  });
});
