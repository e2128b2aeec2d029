/**
 * Properties of the Active Turn, over random games (fast-check): no command sequence makes a base
 * overlap another or scenery, or leaves a base off its surface or off the table; no trooper reacts twice
 * in one Order; a refused command changes nothing; a recorded game replays to the same state, with
 * seeded, random and manual dice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT } from '../../data/facts';
import { apply, replay } from '../../engine';
import { cylinderGap } from '../../geometry/shapes';
import type { Command, DiceSetup, GameFile, GameState } from '../../model/types';
import type { EngineContext } from '../../ports';
import { TestGame, contextFor } from '../../testing/fixtures';
import { TURN_ONE, turnTable } from '../../testing/turnTable';
import { isOnTable, silhouetteOf } from '../placement';

const A_IDS = ['a-lt', 'a-run', 'a-fast', 'A-m1', 'a-hide', 'a-irr', 'a-top'];
const B_IDS = ['b-lt', 'b-watch', 'b-inf', 'B-m1', 'b-hide'];

/** What a step of a random game tries; the driver turns it into a command from the state it meets. */
type Intent =
  | { kind: 'move'; who: number; dx: number; dy: number; twice: boolean; skill: 'move' | 'cautious-move' | 'idle' | 'discover' }
  | { kind: 'second'; dx: number; dy: number; skill: 'move' | 'idle' | 'none' }
  | { kind: 'aros'; picks: { who: number; skill: 'discover' | 'delay' }[] }
  | { kind: 'rolls'; dice: number[] }
  | { kind: 'endTurn' };

const step = fc.integer({ min: -40, max: 40 }).map((n) => n / 10);
const intent: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('move' as const), who: fc.nat(20), dx: step, dy: step, twice: fc.boolean(), skill: fc.constantFrom('move' as const, 'move' as const, 'cautious-move' as const, 'idle' as const, 'discover' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('second' as const), dx: step, dy: step, skill: fc.constantFrom('move' as const, 'idle' as const, 'none' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('aros' as const), picks: fc.array(fc.record({ who: fc.nat(20), skill: fc.constantFrom('discover' as const, 'delay' as const) }), { maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rolls' as const), dice: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 6, maxLength: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('endTurn' as const) }) },
);

function toCommand(state: GameState, it: Intent): Command {
  const active = state.active ?? 'A';
  const reactive = active === 'A' ? 'B' : 'A';
  const mine = active === 'A' ? A_IDS : B_IDS;
  const theirs = active === 'A' ? B_IDS : A_IDS;
  const posOf = (id: string) => {
    const real = Object.hasOwn(state.troopers, id) ? id : Object.entries(state.troopers).find(([, t]) => t.markerId === id)?.[0];
    const t = real ? state.troopers[real] : undefined;
    return t && t.x !== null && t.y !== null ? { x: t.x, y: t.y } : { x: 24, y: 24 };
  };
  switch (it.kind) {
    case 'move': {
      const trooper = mine[it.who % mine.length]!;
      const p = posOf(trooper);
      if (it.skill === 'idle') return { do: 'order', player: active, trooper, skill: 'idle' };
      if (it.skill === 'discover') return { do: 'order', player: active, trooper, skill: 'discover', target: active === 'A' ? 'B-m1' : 'A-m1' };
      const path = [{ x: p.x + it.dx, y: p.y + it.dy }];
      if (it.twice) path.push({ x: p.x + it.dx, y: p.y + it.dy * 0.5 });
      return { do: 'order', player: active, trooper, skill: it.skill, path };
    }
    case 'second': {
      const o = state.order;
      const p = o ? posOf(o.trooper) : { x: 24, y: 24 };
      if (it.skill === 'move') return { do: 'second', player: active, skill: 'move', path: [{ x: p.x + it.dx, y: p.y + it.dy }] };
      return { do: 'second', player: active, skill: it.skill };
    }
    case 'aros': {
      const target = state.order && state.troopers[state.order.trooper]?.markerId;
      return {
        do: 'aros',
        player: reactive,
        declarations: it.picks.map((p) => {
          const trooper = theirs[p.who % theirs.length]!;
          return p.skill === 'discover' ? { trooper, skill: 'discover', target: target ?? 'nobody' } : { trooper, skill: 'delay' };
        }),
      };
    }
    case 'rolls': {
      const needs = state.order?.needs ?? { 'b-lt': 1 };
      let k = 0;
      return { do: 'rolls', rolls: Object.fromEntries(Object.entries(needs).map(([id, n]) => [id, Array.from({ length: n }, () => it.dice[k++ % it.dice.length]!)])) };
    }
    case 'endTurn':
      return { do: 'endTurn', player: active };
  }
}

/** Every base on the table: wholly on it, on the surface its height says, overlapping no scenery and no other base. */
function soundTable(state: GameState, ctx: EngineContext): string | null {
  const on = Object.entries(state.troopers).filter(([, t]) => isOnTable(t));
  const { width, depth } = state.setup.table;
  for (const [id] of on) {
    const c = silhouetteOf(state, id)!;
    if (c.x - c.r < -CONTACT.contain || c.y - c.r < -CONTACT.contain || c.x + c.r > width + CONTACT.contain || c.y + c.r > depth + CONTACT.contain) return `${id} is off the table`;
    const z = ctx.scenery.supportHeight(c.x, c.y, c.r, c.z);
    if (z === null || Math.abs(z - c.z) > 1e-9) return `${id} is not on its surface`;
    if (ctx.scenery.overlapping(c)) return `${id} overlaps scenery`;
  }
  for (let i = 0; i < on.length; i++) {
    for (let j = i + 1; j < on.length; j++) {
      if (cylinderGap(silhouetteOf(state, on[i]![0])!, silhouetteOf(state, on[j]![0])!) < -CONTACT.overlap) return `${on[i]![0]} overlaps ${on[j]![0]}`;
    }
  }
  return null;
}

/** No trooper with two AROs in the Order in progress (a delay and its second declaration count as one). */
function oneAroEach(state: GameState): string | null {
  const o = state.order;
  if (!o) return null;
  const counted = new Map<string, number>();
  for (const a of o.aroList) if (a.skill !== 'delay') counted.set(a.trooper, (counted.get(a.trooper) ?? 0) + 1);
  for (const [id, n] of counted) if (n > 1) return `${id} reacted ${n} times`;
  return null;
}

function play(dice: DiceSetup, intents: Intent[]) {
  const file: GameFile = { ...turnTable(), dice };
  const g = new TestGame(file, TURN_ONE);
  const ctx = { ...g.ctx, ...(('random' in dice) ? { randomD20: (() => { let n = 0; return () => 1 + ((n += 7) % 20); })() } : {}) };
  const recorded: Command[] = [...TURN_ONE];
  for (const it of intents) {
    const cmd = toCommand(g.state, it);
    const before = JSON.stringify(g.state);
    const r = apply(g.state, cmd, ctx);
    if (!r.ok) {
      expect(JSON.stringify(g.state)).toBe(before);
      continue;
    }
    g.state = r.state;
    recorded.push(r.command);
    expect(soundTable(g.state, g.ctx)).toBeNull();
    expect(oneAroEach(g.state)).toBeNull();
  }
  return { file, state: g.state, recorded };
}

describe('the Active Turn over random games', () => {
  for (const [name, dice] of [
    ['seeded', { seed: 7 }],
    ['random', { random: true }],
    ['manual', { manual: true }],
  ] as const) {
    it(`MOV-2 ARO-1 with ${name} dice: the table stays sound, nobody reacts twice, refusals change nothing, and the record replays`, () => {
      fc.assert(
        fc.property(fc.array(intent, { minLength: 1, maxLength: 25 }), (intents) => {
          const { file, state, recorded } = play(dice as DiceSetup, intents);
          const again = replay({ ...file, commands: recorded }, contextFor(file));
          expect(again.rejected).toBeNull();
          expect(again.state).toEqual(state);
        }),
        { numRuns: name === 'manual' ? 80 : 60 },
      );
    }, 120_000);
  }
});
