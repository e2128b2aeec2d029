/**
 * Small games for tests: a setup like the shared deployment example, and helpers to play commands.
 * Pure TypeScript, like the rest of the core.
 */
import { AnalyticScenery, buildSceneryModel } from '../geometry/scenery';
import { resolveFacts } from '../data/facts';
import { apply, createGame, replay } from '../engine';
import { parseGameFile } from '../gamefile';
import type { Command, GameFile, GameState, Setup } from '../model/types';
import type { EngineContext } from '../ports';

export function baseFile(): GameFile {
  return parseGameFile({
    format: 'infinity-table/1',
    rules: 'N4',
    table: { width: 48, depth: 48 },
    zones: {
      deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } },
    },
    terrain: [
      { id: 'tower', kind: 'block', x: 16, y: 20, w: 5, d: 5, h: 6 },
      { id: 'crate', kind: 'block', x: 40, y: 6, w: 4, d: 2, h: 1 },
      { id: 'hab', kind: 'building', x: 34, y: 16, w: 6, d: 4, h: 3, roof: true },
      { id: 'shell', kind: 'building', x: 12, y: 34, w: 5, d: 5, h: 3, roof: false },
      { id: 'bunker', kind: 'building', x: 6, y: 6, w: 4, d: 4, h: 2, roof: true },
    ],
    objectives: [{ id: 'console', x: 24, y: 24, r: 0.5 }],
    players: {
      A: {
        name: 'Red',
        troopers: [
          { id: 'r-lt', name: 'Red Captain', s: 2, wip: 14, ph: 10, arm: 2, skills: ['lieutenant'] },
          { id: 'r-gun', name: 'Red Gunner', s: 2, wip: 12, ph: 10, arm: 1, skills: [] },
          { id: 'r-bike', name: 'Red Rider', s: 4, wip: 12, ph: 11, arm: 3, skills: [] },
          { id: 'r-drop', name: 'Red Dropper', s: 2, wip: 13, ph: 12, arm: 1, skills: ['combat-jump'] },
          { id: 'r-inf', name: 'Red Infiltrator', s: 2, wip: 13, ph: 12, arm: 1, skills: ['infiltration'] },
          { id: 'r-fd', name: 'Red Forward', s: 2, wip: 13, ph: 11, arm: 1, skills: ['forward-deployment-4'] },
        ],
      },
      B: {
        name: 'Blue',
        troopers: [
          { id: 'u-lt', name: 'Blue Commander', s: 2, wip: 13, ph: 10, arm: 1, skills: ['lieutenant'] },
          { id: 'u-scout', name: 'Blue Scout', s: 2, wip: 13, ph: 11, arm: 0, skills: ['to-camouflage', 'hidden-deployment'] },
          { id: 'u-mech', name: 'Blue Mech', s: 6, wip: 12, ph: 13, arm: 6, skills: [] },
        ],
      },
    },
    dice: { manual: true },
    commands: [],
  });
}

export function contextFor(setup: Setup): EngineContext {
  return { scenery: new AnalyticScenery(buildSceneryModel(setup, resolveFacts(setup.facts))) };
}

/** The commands that take the base game to A's main deployment step, A deploying in the south. */
export const TO_DEPLOYMENT: Command[] = [
  { do: 'initiative', rolls: { A: 7, B: 11 } },
  { do: 'keep', player: 'B', choice: 'initiative' },
  { do: 'turnOrder', player: 'B', first: 'B' },
  { do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' },
];

/** A deploy command, facing the enemy's side by default. */
export function dep(
  player: 'A' | 'B',
  trooper: string,
  x: number,
  y: number,
  extra: Partial<Extract<Command, { do: 'deploy' }>> = {},
): Command {
  return { do: 'deploy', player, trooper, at: { x, y }, facing: player === 'A' ? 0 : 180, as: 'model', ...extra };
}

export class TestGame {
  state: GameState;
  readonly ctx: EngineContext;

  constructor(readonly file: GameFile = baseFile(), commands: Command[] = []) {
    const { commands: _c, ...setup } = file;
    this.state = createGame(setup);
    this.ctx = contextFor(setup);
    for (const c of commands) this.ok(c);
  }

  /**
   * Applies a command that must succeed; returns its events. The state given stays as it was: the next
   * state shares parts with it (each trooper's state until a rule changes it), so a rule that wrote
   * into what it shares would change this one.
   */
  ok(cmd: Command) {
    const given = this.state;
    const before = stateText(given);
    const r = apply(given, cmd, this.ctx);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(cmd)}: ${r.rejection.code} ${r.rejection.message}`);
    if (stateText(given) !== before) throw new Error(`${JSON.stringify(cmd)} changed the state it was given`);
    this.state = r.state;
    return r.events;
  }

  /** Applies a command that must be refused; checks the state did not change; returns the rejection. */
  refused(cmd: Command) {
    const before = JSON.stringify(this.state);
    const r = apply(this.state, cmd, this.ctx);
    if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(cmd)}`);
    if (JSON.stringify(this.state) !== before) throw new Error('a refused command changed the state');
    return r.rejection;
  }

  trooper(id: string) {
    return this.state.troopers[id]!;
  }
}

/** A state as text, its setup (which never changes, and is large) left out. */
function stateText(state: GameState): string {
  return JSON.stringify({ ...state, setup: null });
}

export function replayFile(file: GameFile) {
  const { commands: _c, ...setup } = file;
  return replay(file, contextFor(setup));
}
