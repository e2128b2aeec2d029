import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArmyFileText } from '../../armyfile';
import { apply, createGame } from '../../engine';
import type { Command, GameState, Setup, TrooperStatus } from '../../model/types';
import { composeGameFile } from '../../newgame';
import { parseTableFileText } from '../../tablefile';
import { contextFor } from '../../testing/fixtures';
import { knownProfiles, viewEvents, viewFor } from '../../view';
import { nextTurnPool } from '../../answers';
import { parseMissionFileText } from './file';

const asset = (path: string) => readFileSync(new URL(`../../../../assets/${path}`, import.meta.url), 'utf8');

function setupWith(missionId: string | null): Setup {
  const file = composeGameFile(
    parseTableFileText(asset('tables/foundry-ridge.json')),
    parseArmyFileText(asset('armies/ember-directorate.json')),
    parseArmyFileText(asset('armies/tidewater-concord.json')),
    { manual: true },
    missionId ? parseMissionFileText(asset(`missions/${missionId}.json`)) : undefined,
  );
  const { commands: _c, ...setup } = file;
  return setup;
}

/** The end of B's turn in `round` (A plays first): every trooper a model spread along its edge, unless given a status. */
function endOfRound(setup: Setup, round: number, status: Record<string, TrooperStatus> = {}): GameState {
  const s = createGame(setup);
  s.phase = 'game';
  s.round = round;
  s.active = 'B';
  s.initiative.firstTurn = 'A';
  s.pool = { groups: {}, irregular: {}, lieutenant: 0 };
  let xa = 0;
  let xb = 0;
  for (const [id, t] of Object.entries(s.troopers)) {
    const st = status[id] ?? 'model';
    const x = t.player === 'A' ? (xa += 4) : (xb += 4);
    Object.assign(t, { status: st, x: st === 'removed' ? null : x, y: t.player === 'A' ? 4 : 44, z: st === 'removed' ? null : 0, facing: t.player === 'A' ? 0 : 180, prone: st === 'unconscious' });
    if (st === 'unconscious') t.wounds = 0;
    if (st === 'removed') t.wounds = -1;
  }
  return s;
}

function step(s: GameState, c: Command) {
  const r = apply(s, c, contextFor(s.setup));
  if (!r.ok) return { state: s, events: [], rejection: r.rejection };
  return { state: r.state, events: r.events, rejection: null };
}

const ALL_BUT = (keep: string[], army: string[]) => Object.fromEntries(army.filter((id) => !keep.includes(id)).map((id) => [id, 'removed' as TrooperStatus]));
const EMBER = ['a-varro', 'a-osei', 'a-drone', 'a-outrider', 'a-bulwark', 'a-ironclad', 'a-veil', 'a-sable', 'a-skyfall'];

describe('Loss of Lieutenant and Retreat!', () => {
  it('MIS-16 with the Lieutenant Unconscious, the next Tactical Phase makes every Order Irregular, with no Lieutenant Special Order', () => {
    const r = step(endOfRound(setupWith('hold-the-crossing'), 1, { 'a-varro': 'unconscious' }), { do: 'endTurn', player: 'B' });
    expect(r.rejection).toBeNull();
    const orders = r.events.find((e) => e.type === 'orders');
    expect(orders).toMatchObject({ player: 'A', lieutenant: 0 });
    expect(orders!.type === 'orders' && Object.values(orders!.groups).every((n) => n === 0)).toBe(true);
    expect(orders!.type === 'orders' && orders!.irregular['a-osei']).toBe(1);
    expect(orders!.type === 'orders' && orders!.irregular['a-sable']).toBe(2); // Tactical Awareness keeps its own
    expect(orders!.type === 'orders' && orders!.irregular['a-varro']).toBeUndefined();
    expect(r.events.map((e) => e.type)).toContain('lossOfLieutenant');
    expect(r.state.score!.lossOfLieutenant.A).toBe(true);
    expect(viewFor(r.state, 'B').score!.lossOfLieutenant.A).toBe(true);
    // Changing group moves no Order: every Order is the trooper's own now (no pool goes below 0).
    const moved = step(r.state, { do: 'regroup', player: 'A', trooper: 'a-osei', group: 2 });
    expect(moved.rejection).toBeNull();
    expect(Object.values(moved.state.pool!.groups).every((n) => n === 0)).toBe(true);
    expect(moved.state.pool!.irregular['a-osei']).toBe(1);
    // Spending a Regular Order from the group is now no-order; the trooper's own Irregular one is taken.
    const move: Command = { do: 'order', player: 'A', trooper: 'a-osei', from: 'regular', skill: 'move', path: [{ x: 8, y: 5 }] };
    expect(step(r.state, move).rejection).toMatchObject({ code: 'no-order', rule: 'ORD-2' });
  });

  it('MIS-16 MIS-1 a dead Lieutenant is a Loss too; a game without a mission keeps the Order Count as before', () => {
    const dead = step(endOfRound(setupWith('war-of-attrition'), 1, { 'a-varro': 'removed' }), { do: 'endTurn', player: 'B' });
    expect(dead.state.score!.lossOfLieutenant.A).toBe(true);
    const plain = step(endOfRound(setupWith(null), 1, { 'a-varro': 'unconscious' }), { do: 'endTurn', player: 'B' });
    const count = plain.events.find((e) => e.type === 'orders');
    expect(count).toMatchObject({ lieutenant: 0, groups: { '1': 3, '2': 4 } });
    expect(plain.events.some((e) => e.type === 'lossOfLieutenant')).toBe(false);
  });

  it('MIS-17 the turn ends only once a new Lieutenant is named; it is Private; the next turn it has the Lieutenant Special Order', () => {
    const lost = step(endOfRound(setupWith('hold-the-crossing'), 1, { 'a-varro': 'unconscious' }), { do: 'endTurn', player: 'B' }).state;
    expect(step(lost, { do: 'endTurn', player: 'A' }).rejection).toMatchObject({ code: 'lieutenant-owed', rule: 'MIS-17' });
    expect(step(lost, { do: 'nameLieutenant', player: 'A', trooper: 'a-drone' }).rejection).toMatchObject({ code: 'wrong-status', rule: 'MIS-17' }); // Irregular
    expect(step(lost, { do: 'nameLieutenant', player: 'A', trooper: 'a-varro' }).rejection).toMatchObject({ code: 'wrong-status', rule: 'MIS-17' }); // Unconscious
    expect(step(lost, { do: 'nameLieutenant', player: 'B', trooper: 'b-reyes' }).rejection).toMatchObject({ code: 'out-of-turn', rule: 'MIS-17' });
    const named = step(lost, { do: 'nameLieutenant', player: 'A', trooper: 'a-osei' });
    expect(named.rejection).toBeNull();
    expect(named.events).toEqual([{ index: expect.any(Number), type: 'lieutenantNamed', player: 'A', trooper: 'a-osei' }]);
    for (const v of ['A', 'B'] as const) expect(viewEvents(named.events, lost, named.state, v)).toEqual([{ index: named.events[0]!.index, type: 'lieutenantNamed', player: 'A' }]);
    expect(JSON.stringify(viewFor(named.state, 'B'))).not.toMatch(/lieutenants/);
    // The profiles the screens show: A's marks its new Lieutenant (and no longer the first); B's marks none.
    const marked = (s: typeof lost, v: 'A' | 'B') => Object.entries(knownProfiles(s, v)).filter(([id, p]) => id.startsWith('a-') && p.skills.includes('lieutenant')).map(([id]) => id);
    expect(marked(named.state, 'A')).toEqual(['a-osei']);
    expect(marked(named.state, 'B')).toEqual([]);
    const ended = step(named.state, { do: 'endTurn', player: 'A' });
    expect(ended.rejection).toBeNull();
    const next = step(ended.state, { do: 'endTurn', player: 'B' });
    const orders = next.events.find((e) => e.type === 'orders');
    expect(orders).toMatchObject({ player: 'A', lieutenant: 1 });
    expect(orders!.type === 'orders' && Object.values(orders!.groups).some((n) => n > 0)).toBe(true);
    expect(next.state.score!.lossOfLieutenant.A).toBe(false);
    // The Lieutenant Special Order is a-osei's now, and nobody else's.
    expect(step(next.state, { do: 'order', player: 'A', trooper: 'a-sable', from: 'lieutenant', skill: 'idle' }).rejection).toMatchObject({ code: 'no-order', rule: 'ORD-3' });
    const spent = step(next.state, { do: 'order', player: 'A', trooper: 'a-osei', from: 'lieutenant', skill: 'idle' });
    expect(spent.rejection).toBeNull();
    // Spent, the Lieutenant Special Order shows it (GRP-4): B's screen marks a-osei, not the first one.
    expect(marked(spent.state, 'B')).toEqual(['a-osei']);
  });

  it('MIS-18 an army at or under a quarter of its points is in Retreat!: Loss of Lieutenant, no new one owed, only moves, Discover, Dodge and Idle', () => {
    // Ember's army is 266 points: Varro (32) and Osei (10) left is 42, under 66.5.
    const r = step(endOfRound(setupWith('hold-the-crossing'), 1, ALL_BUT(['a-varro', 'a-osei'], EMBER)), { do: 'endTurn', player: 'B' });
    expect(r.events.map((e) => e.type).filter((t) => t === 'retreat' || t === 'lossOfLieutenant')).toEqual(['retreat', 'lossOfLieutenant']);
    expect(r.state.score).toMatchObject({ retreat: { A: true, B: false }, lossOfLieutenant: { A: true }, lieutenantOwed: null });
    const shoot: Command = { do: 'order', player: 'A', trooper: 'a-osei', skill: 'bs-attack', weapon: 'rifle', targets: [{ target: 'b-reyes', burst: 1 }] };
    expect(step(r.state, shoot).rejection).toMatchObject({ code: 'skill-not-allowed', rule: 'MIS-18' });
    expect(step(r.state, { do: 'order', player: 'A', trooper: 'a-osei', skill: 'idle' }).rejection).toBeNull();
    // Just over a quarter: no Retreat!.
    const over = step(endOfRound(setupWith('hold-the-crossing'), 1, ALL_BUT(['a-varro', 'a-osei', 'a-bulwark'], EMBER)), { do: 'endTurn', player: 'B' });
    expect(over.state.score!.retreat.A).toBe(false);
  });

  it('MIS-16 MIS-18 the screen\'s next-turn pool (nextTurnPool) foresees a Loss of Lieutenant and Retreat! for its own side: the Orders the Tactical Phase then gives', () => {
    /** The pool foreseen for A before B's endTurn, against the `orders` event that endTurn then emits. */
    const foreseen = (s: GameState) => {
      const next = nextTurnPool(s, 'A')!;
      const orders = step(s, { do: 'endTurn', player: 'B' }).events.find((e) => e.type === 'orders');
      if (orders?.type !== 'orders') throw new Error('no orders event');
      const irregular = Object.entries(orders.irregular).flatMap(([id, n]) => Array<string>(n).fill(id));
      const groups = Object.entries(orders.groups).filter(([, n]) => n > 0).map(([g, n]) => ({ group: Number(g), orders: n, markers: 0 }));
      return { next, expected: { groups, irregular: irregular.sort(), lieutenant: orders.lieutenant } };
    };
    // MIS-16: the Lieutenant Unconscious: every Order Irregular, none to a group, no Lieutenant Special Order.
    const down = foreseen(endOfRound(setupWith('hold-the-crossing'), 1, { 'a-varro': 'unconscious' }));
    expect(down.next.situation).toBe('loss-of-lieutenant');
    expect({ groups: down.next.groups, irregular: [...down.next.irregular].sort(), lieutenant: down.next.lieutenant }).toEqual(down.expected);
    expect(down.next.groups).toEqual([]);
    expect(down.next.lieutenant).toBe(0);
    // MIS-18: a quarter of the army's points or less: Retreat!, which is a Loss of Lieutenant too.
    const few = foreseen(endOfRound(setupWith('hold-the-crossing'), 1, ALL_BUT(['a-varro', 'a-osei'], EMBER)));
    expect(few.next.situation).toBe('retreat');
    expect({ groups: few.next.groups, irregular: [...few.next.irregular].sort(), lieutenant: few.next.lieutenant }).toEqual(few.expected);
    // Nothing lost: the Order Count as it was; no mission (MIS-1): the same, with no situation.
    const whole = foreseen(endOfRound(setupWith('hold-the-crossing'), 1));
    expect(whole.next.situation).toBeNull();
    expect(whole.next.lieutenant).toBe(1);
    expect({ groups: whole.next.groups, irregular: [...whole.next.irregular].sort(), lieutenant: whole.next.lieutenant }).toEqual(whole.expected);
    const none = nextTurnPool(endOfRound(setupWith(null), 1, { 'a-varro': 'unconscious' }), 'A')!;
    expect(none.situation).toBeNull();
    expect(none.groups.length).toBeGreaterThan(0);
    // The other side's screen is not told (who the Lieutenant is, and what the army cost, are Private).
    expect(nextTurnPool(endOfRound(setupWith('hold-the-crossing'), 1, { 'a-varro': 'unconscious' }), 'B')!.situation).toBeNull();
  });

  it('MIS-19 the game ends at the end of a round in which an army began a turn in Retreat!, scored as a game end', () => {
    const r = step(endOfRound(setupWith('hold-the-crossing'), 1, ALL_BUT(['a-varro', 'a-osei'], EMBER)), { do: 'endTurn', player: 'B' });
    const a = step(r.state, { do: 'endTurn', player: 'A' });
    expect(a.events.some((e) => e.type === 'gameEnd')).toBe(false);
    const b = step(a.state, { do: 'endTurn', player: 'B' });
    expect(b.rejection).toBeNull();
    expect(b.events.map((e) => e.type).slice(-2)).toEqual(['gameEnd', 'gameResult']);
    expect(b.state.phase).toBe('end');
    expect(b.state.round).toBe(2);
  });

  it('MIS-19 a side with no trooper standing ends the game at that turn\u2019s end', () => {
    const s = endOfRound(setupWith('war-of-attrition'), 1, { ...ALL_BUT([], EMBER), 'a-varro': 'unconscious' });
    s.active = 'A';
    const r = step(s, { do: 'endTurn', player: 'A' });
    expect(r.events.map((e) => e.type)).toEqual(['scored', 'scored', 'gameEnd', 'gameResult']);
    expect(r.events.at(-1)).toMatchObject({ winner: 'B', points: { A: 0, B: 10 } });
  });

  it('MIS-17 GRP-4 twin games that differ only in whom A names see the same in B\u2019s view, event for event, through the next round', () => {
    const seenByB = (named: string) => {
      let state = step(endOfRound(setupWith('hold-the-crossing'), 1, { 'a-varro': 'unconscious' }), { do: 'endTurn', player: 'B' }).state;
      const out: unknown[] = [];
      for (const c of [
        { do: 'nameLieutenant', player: 'A', trooper: named },
        { do: 'endTurn', player: 'A' },
        { do: 'endTurn', player: 'B' },
        { do: 'order', player: 'A', trooper: 'a-bulwark', skill: 'idle' },
        { do: 'aros', player: 'B', declarations: [] },
        { do: 'second', player: 'A', skill: 'none' },
        { do: 'endTurn', player: 'A' },
      ] as Command[]) {
        const r = step(state, c);
        expect(r.rejection).toBeNull();
        out.push(viewEvents(r.events, state, r.state, 'B'));
        state = r.state;
        out.push(viewFor(state, 'B'));
      }
      return JSON.stringify(out);
    };
    expect(seenByB('a-osei')).toEqual(seenByB('a-sable'));
    expect(seenByB('a-osei')).not.toMatch(/lieutenants/);
  });
});
