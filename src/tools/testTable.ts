/**
 * A headless table for tool tests: a game store on a game file, the deployment tool bound to it as
 * the page binds it (the acting player places), and fake pointer events in table inches.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGameFileText } from '../core/gamefile';
import type { Command, GameFile, Point } from '../core/model/types';
import { knownProfiles } from '../core/view';
import { createGameStore } from '../state/gameStore';
import { actingPlayer } from '../state/turn';
import { createDeployTool, type DeployPhase, type DeployTool } from './deploy';

const ROOT = join(__dirname, '..', '..');

export function fixture(path: string, patch: Partial<GameFile> = {}): GameFile {
  const file = parseGameFileText(readFileSync(join(ROOT, path), 'utf8'));
  return { ...file, ...patch };
}

/** Initiative and choices of the small fixture: A wins, keeps Deployment, deploys first in the south; B goes first. */
export const SMALL_CHOICES: Command[] = [
  { do: 'initiative', rolls: { A: 12, B: 9 } },
  { do: 'keep', player: 'A', choice: 'deployment' },
  { do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' },
  { do: 'turnOrder', player: 'B', first: 'B' },
];

export class TestTable {
  readonly store;
  readonly tool: DeployTool;
  /** every phase the tool has been in, in order (repeats folded) */
  readonly path: DeployPhase[] = ['idle'];
  private screen = { x: 100, y: 100 };

  constructor(file: GameFile) {
    this.store = createGameStore(file);
    const store = this.store;
    this.tool = createDeployTool({
      state: () => store.getState().state,
      player: () => actingPlayer(store.getState().state),
      preview: (c) => store.getState().preview(c),
      dispatch: (c) => store.getState().dispatch(c),
      name: (id) => knownProfiles(store.getState().state, null)[id]?.name ?? id,
    });
    this.tool.subscribe((s) => {
      if (this.path[this.path.length - 1] !== s.phase) this.path.push(s.phase);
    });
    store.subscribe(() => this.tool.send({ type: 'sync' }));
  }

  get state() {
    return this.store.getState().state;
  }

  get snap() {
    return this.tool.snapshot;
  }

  pick(trooper: string) {
    this.tool.send({ type: 'pick', trooper });
    return this;
  }

  /** The pointer moves over a table point (screen position moved along, far enough to be a move). */
  move(x: number, y: number, z = 0) {
    this.screen = { x: this.screen.x + 20, y: this.screen.y };
    this.tool.send({ type: 'move', at: { x, y, z }, screen: this.screen });
    return this;
  }

  /** A click where the pointer is: down and up on the same pixel. */
  click(at?: Point) {
    const point = at ?? this.snap.at;
    this.tool.send({ type: 'down', at: point, screen: this.screen });
    this.tool.send({ type: 'up', at: point, screen: this.screen });
    return this;
  }

  /** A press, a drag of `pixels`, and a release. */
  drag(pixels: number) {
    const at = this.snap.at;
    const start = { ...this.screen };
    this.tool.send({ type: 'down', at, screen: start });
    this.tool.send({ type: 'move', at, screen: { x: start.x + pixels, y: start.y } });
    this.tool.send({ type: 'up', at, screen: { x: start.x + pixels, y: start.y } });
    return this;
  }

  /** Clicks the trooper in hand onto (x, y, z). */
  place(trooper: string, x: number, y: number, z = 0) {
    return this.pick(trooper).move(x, y, z).click();
  }
}
