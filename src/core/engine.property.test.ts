import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT } from './data/facts';
import { apply } from './engine';
import { cylinderGap } from './geometry/shapes';
import type { Command, GameState } from './model/types';
import { isOnTable, silhouetteOf } from './rules/placement';
import { TO_DEPLOYMENT, TestGame, baseFile } from './testing/fixtures';
import { TURN_ONE, turnTable } from './testing/turnTable';
import { commandSchema } from './rules/registry';
import { viewFor } from './view';

const TROOPERS = ['r-lt', 'r-gun', 'r-bike', 'r-drop', 'r-inf', 'r-fd', 'u-lt', 'u-scout', 'u-mech', 'B-m1', 'nobody'];
const player = fc.constantFrom<'A' | 'B'>('A', 'B');
const trooper = fc.constantFrom(...TROOPERS);
const die = fc.integer({ min: 1, max: 20 });
const coord = fc.double({ min: -1, max: 49, noNaN: true });
const at = fc.record({ x: coord, y: coord, z: fc.option(fc.constantFrom(0, 1, 2, 3, 6, 2.04), { nil: undefined }) });

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ do: fc.constant('initiative' as const), rolls: fc.option(fc.record({ A: die, B: die }), { nil: undefined }) }),
  fc.record({ do: fc.constant('keep' as const), player, choice: fc.constantFrom('deployment' as const, 'initiative' as const) }),
  fc.record({ do: fc.constant('deploymentChoice' as const), player, first: player, keeperZone: fc.constantFrom('south', 'north', 'east') }),
  fc.record({ do: fc.constant('turnOrder' as const), player, first: player }),
  {
    weight: 6,
    arbitrary: fc.record({
      do: fc.constant('deploy' as const),
      player,
      trooper,
      at,
      facing: fc.double({ min: -720, max: 720, noNaN: true }),
      prone: fc.boolean(),
      as: fc.constantFrom('model' as const, 'marker' as const, 'hidden' as const),
      roll: fc.option(die, { nil: undefined }),
    }),
  },
  fc.record({ do: fc.constant('fallback' as const), player, trooper, at, facing: fc.constant(0) }),
  fc.record({ do: fc.constant('endStep' as const), player, keep: fc.option(trooper, { nil: undefined }) }),
  fc.record({ do: fc.constant('endTurn' as const), player }),
  fc.record({ do: fc.constant('measure' as const), from: trooper, to: fc.oneof(trooper, at) }),
  fc.record({ do: fc.constant('odds' as const), a: fc.integer({ min: -5, max: 30 }), b: fc.option(fc.integer({ min: -5, max: 30 }), { nil: undefined }) }),
  fc.record({ do: fc.constant('combatJump' as const), player, trooper, at, facing: fc.constant(0) }),
);

/** Every base on the table lies wholly on it, and no two overlap. */
function tableIsSound(state: GameState): string | null {
  const on = Object.entries(state.troopers).filter(([, t]) => isOnTable(t));
  const { width, depth } = state.setup.table;
  for (const [id] of on) {
    const c = silhouetteOf(state, id)!;
    if (c.x - c.r < -CONTACT.contain || c.y - c.r < -CONTACT.contain || c.x + c.r > width + CONTACT.contain || c.y + c.r > depth + CONTACT.contain) {
      return `${id} is off the table`;
    }
  }
  for (let i = 0; i < on.length; i++) {
    for (let j = i + 1; j < on.length; j++) {
      if (cylinderGap(silhouetteOf(state, on[i]![0])!, silhouetteOf(state, on[j]![0])!) < -CONTACT.overlap) return `${on[i]![0]} overlaps ${on[j]![0]}`;
    }
  }
  return null;
}

describe('apply over any sequence of commands', () => {
  it('never throws, and a refused command leaves the state exactly as it was', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(command, { maxLength: 40 }), (skipToDeployment, commands) => {
        const g = new TestGame(baseFile(), skipToDeployment ? TO_DEPLOYMENT : []);
        for (const c of commands) {
          const before = JSON.stringify(g.state);
          const r = apply(g.state, c, g.ctx);
          if (r.ok) g.state = r.state;
          else expect(JSON.stringify(g.state)).toBe(before);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('DEP-6 no sequence of commands leaves two bases overlapping or a base off the table', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const g = new TestGame(baseFile(), TO_DEPLOYMENT);
        for (const c of commands) {
          const r = apply(g.state, c, g.ctx);
          if (!r.ok) continue;
          g.state = r.state;
          expect(tableIsSound(g.state)).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('DEP-6 random placements near each other never end overlapping', () => {
    // Dense placements in A's zone: most are refused, none that lands may overlap another.
    const near = fc.record({ x: fc.double({ min: 20, max: 24, noNaN: true }), y: fc.double({ min: 0, max: 4, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('r-lt', 'r-gun', 'r-bike', 'r-inf', 'r-fd'), near), { maxLength: 30 }), (moves) => {
        const g = new TestGame(baseFile(), TO_DEPLOYMENT);
        for (const [id, p] of moves) {
          const r = apply(g.state, { do: 'deploy', player: 'A', trooper: id, at: p, facing: 0, as: 'model' }, g.ctx);
          if (r.ok) g.state = r.state;
          expect(tableIsSound(g.state)).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** Commands of the Active Turn that the engine takes, to be broken at random. */
const TURN_COMMANDS: Command[] = [
  { do: 'order', player: 'A', trooper: 'a-run', skill: 'move', path: [{ x: 28, y: 15 }] },
  { do: 'order', player: 'A', trooper: 'a-run', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }] },
  { do: 'order', player: 'A', trooper: 'a-fast', skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 14, y: 20 } },
  { do: 'order', player: 'A', trooper: 'a-lt', from: 'lieutenant', skill: 'idle' },
  { do: 'aros', player: 'B', declarations: [{ trooper: 'b-inf', skill: 'dodge' }] },
  { do: 'second', player: 'A', skill: 'move', path: [{ x: 28, y: 16 }], facing: 90 },
  { do: 'rolls', rolls: { 'a-run': [3] } },
  { do: 'saves', rolls: { 'b-inf': [3] } },
  { do: 'regroup', player: 'A', trooper: 'a-run', group: 2 },
  { do: 'reveal', player: 'A', trooper: 'a-hide', declares: 'other' },
  { do: 'endTurn', player: 'A' },
  { do: 'lof', player: 'A', from: 'a-run', to: 'b-inf' },
];

/** A command broken in one place: a field given another value of any kind, taken out, or added. */
const broken: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(...TURN_COMMANDS), fc.nat(), fc.oneof(fc.anything(), fc.constant(7), fc.constant({ n: 1 }), fc.constant(null), fc.constant(undefined)), fc.constantFrom('set', 'delete', 'add', 'deep'))
  .map(([cmd, pick, value, how]) => {
    const copy = structuredClone(cmd) as Record<string, unknown>;
    const keys = Object.keys(copy);
    const key = keys[pick % keys.length]!;
    if (how === 'delete') delete copy[key];
    else if (how === 'add') copy[`extra${pick % 3}`] = value;
    else if (how === 'deep') {
      // Somewhere inside: a point's coordinate, a list's item, a record's value.
      const inner = copy[key];
      if (Array.isArray(inner) && inner.length > 0) inner[pick % inner.length] = value;
      else if (inner && typeof inner === 'object') (inner as Record<string, unknown>)[Object.keys(inner)[0] ?? 'x'] = value;
      else copy[key] = value;
    } else copy[key] = value;
    return copy;
  });

describe('apply validates every command before anything else', () => {
  it('a command of no legal form (a broken field, anything at all) is refused as bad-command and the state stays as it was', () => {
    const start = new TestGame({ ...turnTable(), dice: { seed: 5 } }, TURN_ONE);
    let refused = 0;
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 4, arbitrary: broken }, { weight: 1, arbitrary: fc.anything() }, { weight: 2, arbitrary: fc.constantFrom(...TURN_COMMANDS) }), { maxLength: 12 }), (cmds) => {
        let state = start.state;
        for (const c of cmds) {
          const before = JSON.stringify(state);
          const r = apply(state, c as Command, start.ctx);
          const legal = commandSchema.safeParse(c).success;
          if (!legal) {
            expect(r.ok).toBe(false);
            if (!r.ok) expect(r.rejection.code).toBe('bad-command');
            refused++;
          }
          if (!r.ok) {
            expect(JSON.stringify(state)).toBe(before);
            continue;
          }
          state = r.state;
          // What was taken is whole: every view of it can be made, and its record loads as a file's command.
          for (const v of ['A', 'B', null] as const) viewFor(state, v);
          expect(commandSchema.safeParse(r.command).success).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    expect(refused).toBeGreaterThan(300);
  });

  it('the cases found from outside: a path that is a number, a coordinate that is an object, an Order with no skill', () => {
    const g = new TestGame({ ...turnTable(), dice: { seed: 5 } }, TURN_ONE);
    for (const c of [
      { do: 'order', player: 'A', trooper: 'a-run', skill: 'move', path: 7 },
      { do: 'order', player: 'A', trooper: 'a-run', skill: 'move', path: [{ x: 28, y: { n: 1 } }] },
      { do: 'order', player: 'A', trooper: 'a-run' },
      { do: 'order', player: 'A', trooper: 'a-run', skill: 'move', path: [{ x: 28, y: 15 }], from: { x: 28, y: 14 } },
      { do: 'deploy', player: 'A', trooper: 'a-run', at: { x: Number.NaN, y: 3 }, facing: 0, as: 'model' },
      { do: 'nothing' },
      null,
      'order',
    ]) {
      expect(g.refused(c as unknown as Command)).toMatchObject({ code: 'bad-command', rule: null });
    }
  });
});
