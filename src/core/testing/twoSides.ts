/**
 * A game with something of everything on both sides, for the tests of refusals and secrets: markers,
 * hidden troopers, infiltrators, jumpers (one with only Combat Jump (Explosion)), a hacker, objectives,
 * scenery near the table edges. Manual dice. Pure TypeScript, like the rest of the core.
 */
import { parseGameFile } from '../gamefile';
import type { Command, GameFile } from '../model/types';

export function twoSides(): GameFile {
  const t = (id: string, skills: string[], more: Record<string, number> = {}) => ({ id, name: id, s: 2, wip: 13, ph: 12, arm: 1, skills, ...more });
  return parseGameFile({
    format: 'infinity-table/1',
    rules: 'N4',
    table: { width: 48, depth: 48 },
    zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } } },
    terrain: [
      { id: 'crate', kind: 'block', x: 40, y: 6, w: 4, d: 2, h: 1 }, // x 38..42, y 5..7
      { id: 'tower', kind: 'block', x: 24, y: 24, w: 4, d: 4, h: 6 }, // x 22..26, y 22..26
      { id: 'edge', kind: 'block', x: 1, y: 20, w: 2, d: 4, h: 2 }, // x 0..2, y 18..22
      { id: 'hab', kind: 'building', x: 34, y: 31, w: 6, d: 4, h: 3, roof: true }, // x 31..37, y 29..33
      { id: 'north-block', kind: 'block', x: 10, y: 45, w: 2, d: 2, h: 1 }, // x 9..11, y 44..46
      { id: 'south-post', kind: 'block', x: 30, y: 1, w: 2, d: 2, h: 1 }, // x 29..31, y 0..2
    ],
    objectives: [
      { id: 'obj-south', x: 8, y: 8, r: 0.5 },
      { id: 'obj-mid', x: 41, y: 28, r: 0.5 },
    ],
    players: {
      A: {
        name: 'Red',
        troopers: [
          t('a-lt', ['lieutenant']),
          t('a-gun', []),
          t('a-camo', ['to-camouflage', 'hidden-deployment']),
          t('a-hide', ['hidden-deployment']),
          t('a-hack', []),
          t('a-drop', ['combat-jump']),
          t('a-boom', ['combat-jump-explosion']),
          t('a-inf', ['infiltration']),
        ],
      },
      B: {
        name: 'Blue',
        troopers: [
          t('b-lt', ['lieutenant']),
          t('b-camo', ['to-camouflage', 'hidden-deployment']),
          t('b-hide', ['hidden-deployment']),
          t('b-inf', ['infiltration']),
          t('b-hack', ['controlled-jump']),
          t('b-gun', []),
        ],
      },
    },
    dice: { manual: true },
    commands: [],
  });
}

export const dep = (player: 'A' | 'B', trooper: string, x: number, y: number, extra: Partial<Extract<Command, { do: 'deploy' }>> = {}): Extract<Command, { do: 'deploy' }> => ({
  do: 'deploy',
  player,
  trooper,
  at: { x, y },
  facing: player === 'A' ? 0 : 180,
  as: 'model',
  ...extra,
});

/** B wins the roll and keeps Initiative; A deploys first in the south; A has the first turn. */
export const CHOICES: Command[] = [
  { do: 'initiative', rolls: { A: 7, B: 11 } },
  { do: 'keep', player: 'B', choice: 'initiative' },
  { do: 'turnOrder', player: 'B', first: 'A' },
  { do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' },
];
/** A's main step: a marker at the west edge, a hidden trooper, two jumpers left in the air, a-inf kept back. */
export const A_MAIN: Command[] = [
  dep('A', 'a-lt', 24, 5),
  dep('A', 'a-camo', 0.6, 6, { as: 'marker' }), // A-m1
  dep('A', 'a-hide', 16, 3, { as: 'hidden' }),
  dep('A', 'a-gun', 20, 5),
  dep('A', 'a-hack', 44, 3),
];
/** B's main step: b-inf stands in its own half, 0.6" east of the tower; b-gun is kept back. */
export const B_MAIN: Command[] = [
  dep('B', 'b-lt', 20, 44),
  dep('B', 'b-camo', 30, 40, { as: 'marker' }), // B-m1
  dep('B', 'b-hide', 14, 40, { as: 'hidden' }),
  dep('B', 'b-inf', 27.1, 24.5),
  dep('B', 'b-hack', 44, 44),
];
export const TO_B_MAIN: Command[] = [...CHOICES, ...A_MAIN, { do: 'endStep', player: 'A', keep: 'a-inf' }];
export const TO_A_LAST: Command[] = [...TO_B_MAIN, ...B_MAIN, { do: 'endStep', player: 'B', keep: 'b-gun' }];
export const TO_GAME: Command[] = [
  ...TO_A_LAST,
  dep('A', 'a-inf', 22, 10),
  { do: 'endStep', player: 'A' },
  dep('B', 'b-gun', 40, 42),
  { do: 'endStep', player: 'B' },
];

