import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT } from './data/facts';
import { apply } from './engine';
import { cylinderGap } from './geometry/shapes';
import type { Command, GameState } from './model/types';
import { isOnTable, silhouetteOf } from './rules/placement';
import { TO_DEPLOYMENT, TestGame, baseFile } from './testing/fixtures';

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
