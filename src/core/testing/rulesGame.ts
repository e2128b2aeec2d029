/** The game of the Combat Jump, Hidden Deployment and TO Camouflage tests: its table, armies, deployments and helpers. */
import { expect } from 'vitest';
import { parseGameFile } from '../gamefile';
import type { Command, GameEvent, GameFile, Terrain } from '../model/types';
import { TestGame } from './fixtures';

export type Place = [id: string, x: number, y: number, extra?: Partial<Extract<Command, { do: 'deploy' }>>];

export function file(terrain: Terrain[] = []): GameFile {
  const t = (id: string, s: number, skills: string[], more: Record<string, number> = {}) => ({ id, name: id.replace('-', ' '), s, wip: 13, ph: 11, arm: 1, skills, ...more });
  return parseGameFile({
    format: 'infinity-table/1',
    rules: 'N4',
    table: { width: 48, depth: 48 },
    zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } } },
    terrain: [
      { id: 'hab', kind: 'building', x: 34, y: 24, w: 6, d: 4, h: 3, roof: true }, // x 31..37, y 22..26
      { id: 'shell', kind: 'building', x: 12, y: 24, w: 5, d: 5, h: 3, roof: false }, // x 9.5..14.5, y 21.5..26.5
      { id: 'tower', kind: 'block', x: 24, y: 18, w: 4, d: 2, h: 6 }, // x 22..26, y 17..19
      ...terrain,
    ],
    objectives: [{ id: 'console', x: 24, y: 30, r: 0.5 }],
    players: {
      A: {
        name: 'Red',
        troopers: [
          t('r-lt', 2, ['lieutenant']),
          t('r-gun', 2, []),
          t('r-drop', 2, ['combat-jump'], { ph: 12 }),
          t('r-boom', 2, ['combat-jump-explosion', 'combat-jump', 'to-camouflage']),
          t('r-hack', 2, ['controlled-jump']),
          t('r-scout', 2, ['hidden-deployment', 'to-camouflage']),
        ],
      },
      B: {
        name: 'Blue',
        troopers: [
          t('u-lt', 2, ['lieutenant']),
          t('u-mech', 6, [], { arm: 6 }),
          t('u-hack', 2, ['controlled-jump']),
          t('u-scout', 2, ['to-camouflage', 'hidden-deployment'], { arm: 0 }),
          t('u-ghost', 2, ['hidden-deployment']),
        ],
      },
    },
    dice: { manual: true },
    commands: [],
  });
}

export const dep = (player: 'A' | 'B', [id, x, y, extra]: Place): Command => ({
  do: 'deploy',
  player,
  trooper: id,
  at: { x, y },
  facing: player === 'A' ? 0 : 180,
  as: 'model',
  ...extra,
});

/**
 * A game in round 1, A's turn. The last trooper of each list is the one kept back; A's jumpers wait
 * off the table.
 */
export function game(a: Place[], b: Place[], terrain: Terrain[] = []): TestGame {
  const g = new TestGame(file(terrain), [
    { do: 'initiative', rolls: { A: 12, B: 9 } },
    { do: 'keep', player: 'A', choice: 'initiative' },
    { do: 'turnOrder', player: 'A', first: 'A' },
    { do: 'deploymentChoice', player: 'B', first: 'A', keeperZone: 'north' },
  ]);
  for (const p of a.slice(0, -1)) g.ok(dep('A', p));
  g.ok({ do: 'endStep', player: 'A', keep: a.at(-1)![0] });
  for (const p of b.slice(0, -1)) g.ok(dep('B', p));
  g.ok({ do: 'endStep', player: 'B', keep: b.at(-1)![0] });
  g.ok(dep('A', a.at(-1)!));
  g.ok({ do: 'endStep', player: 'A' });
  g.ok(dep('B', b.at(-1)!));
  g.ok({ do: 'endStep', player: 'B' });
  expect(g.state).toMatchObject({ phase: 'game', round: 1, active: 'A' });
  return g;
}

export const A_LINE: Place[] = [['r-lt', 24, 5], ['r-hack', 12, 10], ['r-scout', 30, 10, { as: 'hidden' }], ['r-gun', 18, 8]];
export const B_LINE: Place[] = [['u-lt', 20, 44], ['u-mech', 36, 42], ['u-hack', 12, 40], ['u-scout', 30, 38, { as: 'marker' }], ['u-ghost', 24, 40, { as: 'hidden' }]];
export const standard = () => game(A_LINE, B_LINE);

export const jump = (trooper: string, x: number, y: number, extra: Partial<Extract<Command, { do: 'combatJump' }>> = {}): Command => ({
  do: 'combatJump',
  player: 'A',
  trooper,
  at: { x, y },
  facing: 0,
  roll: 5,
  ...extra,
});

export const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** The events GAME-FILE.md fixed for the older commands: the Order's own events (GAME-TURN.md) left out. */
export const old = (events: GameEvent[]) => events.filter((e) => e.type !== 'declared' && e.type !== 'aroWindow');

/** Finishes the Order in progress the quickest way: no AROs, no second skill. */
export function finishOrder(g: TestGame): void {
  while (g.state.order) {
    const o = g.state.order;
    if (o.stage === 'aro1' || o.stage === 'aro2') g.ok({ do: 'aros', player: o.player === 'A' ? 'B' : 'A', declarations: [] });
    else if (o.stage === 'second') g.ok({ do: 'second', player: o.player, skill: 'none' });
    else throw new Error(`the Order waits for dice (${o.stage})`);
  }
}

export const endTurn = (g: TestGame, player: 'A' | 'B') => {
  finishOrder(g);
  return g.ok({ do: 'endTurn', player });
};
