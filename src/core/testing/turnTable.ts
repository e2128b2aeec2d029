/**
 * A small table for the Active Turn's tests: a long 4" wall across the middle, so a trooper can stand
 * out of every enemy's sight; a crate and two posts with a 0.8" gap between them (narrower than a base),
 * a step to stand on. Every trooper carries a Combi Rifle; a-fast a Light Flamethrower too, a-run a Light
 * Grenade Launcher; a-lt has Sensor. Manual dice; A has the first turn. Where each trooper stands: POSITIONS.
 */
import { parseGameFile } from '../gamefile';
import { weaponPreset } from '../data/weapons';
import type { Command, GameFile } from '../model/types';

export function turnTable(): GameFile {
  const combi = weaponPreset('combi-rifle');
  const t = (id: string, skills: string[], more: Record<string, unknown> = {}) => ({ id, name: id, s: 2, wip: 13, ph: 12, arm: 1, skills, weapons: [combi], ...more });
  return parseGameFile({
    format: 'infinity-table/1',
    rules: 'N4',
    table: { width: 48, depth: 48 },
    zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 16 }, north: { x: 0, y: 32, w: 48, d: 16 } } },
    terrain: [
      { id: 'wall', kind: 'block', x: 24, y: 24, w: 30, d: 1, h: 4 }, // x 9..39, y 23.5..24.5
      { id: 'crate', kind: 'block', x: 17, y: 14, w: 2, d: 2, h: 1 }, // x 16..18, y 13..15
      { id: 'post-w', kind: 'block', x: 13.5, y: 9.5, w: 1, d: 1, h: 2 }, // x 13..14
      { id: 'post-e', kind: 'block', x: 15.3, y: 9.5, w: 1, d: 1, h: 2 }, // x 14.8..15.8: a 0.8" gap
      { id: 'step', kind: 'block', x: 44, y: 6, w: 4, d: 4, h: 1 }, // x 42..46, y 4..8, a block top to stand on
    ],
    players: {
      A: {
        name: 'Red',
        troopers: [
          t('a-lt', ['lieutenant', 'sensor']),
          t('a-run', [], { weapons: [combi, weaponPreset('light-grenade-launcher')] }),
          t('a-fast', [], { mov: [6, 2], weapons: [combi, weaponPreset('light-flamethrower')] }),
          t('a-camo', ['to-camouflage']),
          t('a-hide', ['hidden-deployment', 'to-camouflage']),
          t('a-irr', [], { orders: 'irregular' }),
          t('a-top', []),
        ],
      },
      B: {
        name: 'Blue',
        troopers: [
          t('b-lt', ['lieutenant']),
          t('b-watch', []),
          t('b-inf', ['infiltration']),
          t('b-camo', ['to-camouflage']),
          t('b-hide', ['hidden-deployment']),
        ],
      },
    },
    dice: { manual: true },
    commands: [],
  });
}

const dep = (player: 'A' | 'B', trooper: string, x: number, y: number, extra: Record<string, unknown> = {}): Command =>
  ({ do: 'deploy', player, trooper, at: { x, y }, facing: player === 'A' ? 0 : 180, as: 'model', ...extra }) as Command;

/** Where each trooper deploys: [x, y, extra fields of its deploy command]. */
export type Positions = Record<string, [number, number, Record<string, unknown>?]>;

export const POSITIONS: Positions = {
  'b-watch': [24, 34],
  'b-inf': [30, 20, { facing: 0, roll: 1 }],
  'b-camo': [44, 34, { as: 'marker' }],
  'b-hide': [4, 33, { as: 'hidden' }],
  'b-lt': [6, 44],
  'a-lt': [24, 4],
  'a-run': [28, 14],
  'a-fast': [14, 12],
  'a-camo': [20, 12, { as: 'marker' }],
  'a-hide': [34, 12, { as: 'hidden' }],
  'a-irr': [4, 12],
  'a-top': [44, 6, { at: { x: 44, y: 6, z: 1 } }],
};

/** Deployment done, round 1, A's turn, with A's pool counted; positions as given over the usual ones. */
export function turnOne(over: Positions = {}): Command[] {
  const at = { ...POSITIONS, ...over };
  const d = (player: 'A' | 'B', id: string) => {
    const [x, y, extra] = at[id]!;
    return dep(player, id, x, y, extra ?? {});
  };
  return [
    { do: 'initiative', rolls: { A: 12, B: 3 } },
    { do: 'keep', player: 'A', choice: 'initiative' },
    { do: 'turnOrder', player: 'A', first: 'A' },
    { do: 'deploymentChoice', player: 'B', first: 'B', keeperZone: 'north' },
    ...['b-watch', 'b-inf', 'b-camo', 'b-hide'].map((id) => d('B', id)),
    { do: 'endStep', player: 'B', keep: 'b-lt' },
    ...['a-lt', 'a-run', 'a-fast', 'a-camo', 'a-hide', 'a-irr'].map((id) => d('A', id)),
    { do: 'endStep', player: 'A', keep: 'a-top' },
    d('B', 'b-lt'),
    { do: 'endStep', player: 'B' },
    d('A', 'a-top'),
    { do: 'endStep', player: 'A' },
  ];
}

/** The usual positions (see POSITIONS). */
export const TURN_ONE: Command[] = turnOne();
