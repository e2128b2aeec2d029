import { readFileSync } from 'node:fs';
import { apply, replay } from '../engine';
import type { Command, GameFile, GameState } from '../model/types';
import { contextFor } from './fixtures';

/**
 * The movement trial's setup (Harbour Quarter, the small shipped armies: e2e/fixtures/movement-trial.json),
 * deployed by the commands below: Captain Varro (A's Lieutenant), Rifleman Osei and Outrider Mara share
 * Combat Group 1 (3 Regular Orders), the drone holds its Irregular one, and the Lieutenant Special Order
 * is there. Shared by the tests of the Order a declaration spends (core) and of the turn panel (ui).
 */
export const trialFile = JSON.parse(
  readFileSync(new URL('../../../e2e/fixtures/movement-trial.json', import.meta.url), 'utf8'),
) as GameFile;

const deployed: Command[] = [
  { do: 'deploy', player: 'B', trooper: 'b-reyes', at: { x: 18.5, y: 24.6, z: 2 }, facing: 180, as: 'model' },
  { do: 'endStep', player: 'B', keep: 'b-ishii' },
  { do: 'deploy', player: 'A', trooper: 'a-varro', at: { x: 9, y: 2.5 }, facing: 0, as: 'model' },
  { do: 'deploy', player: 'A', trooper: 'a-osei', at: { x: 33.5, y: 7.4 }, facing: 0, as: 'model' },
  { do: 'deploy', player: 'A', trooper: 'a-outrider', at: { x: 40, y: 2 }, facing: 0, as: 'model' },
  { do: 'endStep', player: 'A', keep: 'a-drone' },
  { do: 'deploy', player: 'B', trooper: 'b-ishii', at: { x: 30, y: 30 }, facing: 0, as: 'model' },
  { do: 'endStep', player: 'B' },
  { do: 'deploy', player: 'A', trooper: 'a-drone', at: { x: 20, y: 3 }, facing: 0, as: 'model' },
  { do: 'endStep', player: 'A' },
] as Command[];

export const trialCtx = contextFor(trialFile);

/** The state once every trooper of the trial is deployed (Round 1, A's turn). */
export function trialDeployed(): GameState {
  return replay({ ...trialFile, commands: [...trialFile.commands, ...deployed] }, trialCtx).state;
}

/** Applies each command in turn; a refusal throws with the engine's message. */
export function runTrial(state: GameState, cmds: Command[]): GameState {
  for (const c of cmds) {
    const r = apply(state, c, trialCtx);
    if (!r.ok) throw new Error(`${c.do}: ${r.rejection.message}`);
    state = r.state;
  }
  return state;
}

/** Outrider Mara turns in place: a Move of no length and no second skill, one Regular Order of group 1. */
export const turnMara: Command[] = [
  { do: 'order', player: 'A', trooper: 'a-outrider', skill: 'move', path: [] },
  { do: 'aros', player: 'B', declarations: [] },
  { do: 'second', player: 'A', skill: 'none' },
] as Command[];
