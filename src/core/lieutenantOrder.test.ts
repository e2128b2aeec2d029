import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orderCommand } from './api';
import { apply, replay } from './engine';
import type { Command, GameFile, GameState } from './model/types';
import { contextFor } from './testing/fixtures';

/**
 * The movement trial's setup (Harbour Quarter, small shipped armies: e2e/fixtures/movement-trial.json),
 * deployed: Captain Varro (A's Lieutenant), Rifleman Osei and Outrider Mara share Combat Group 1 (3
 * Regular Orders), the drone holds its Irregular one, and the Lieutenant Special Order is there.
 */
const file = JSON.parse(readFileSync(new URL('../../e2e/fixtures/movement-trial.json', import.meta.url), 'utf8')) as GameFile;
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
const ctx = contextFor(file);

function run(state: GameState, cmds: Command[]): GameState {
  for (const c of cmds) {
    const r = apply(state, c, ctx);
    if (!r.ok) throw new Error(`${c.do}: ${r.rejection.message}`);
    state = r.state;
  }
  return state;
}

/** Outrider Mara turns in place: a Move of no length and no second skill, one Regular Order of group 1. */
const turnMara: Command[] = [
  { do: 'order', player: 'A', trooper: 'a-outrider', skill: 'move', path: [] },
  { do: 'aros', player: 'B', declarations: [] },
  { do: 'second', player: 'A', skill: 'none' },
] as Command[];

describe('the Order a declaration spends', () => {
  const start = replay({ ...file, commands: [...file.commands, ...deployed] }, ctx).state;

  it('ORD-3 with Regular Orders left the Lieutenant spends one of them: the command names no source', () => {
    const cmd = orderCommand(start, 'A', 'a-varro', { skill: 'move', path: [] });
    expect(cmd).not.toHaveProperty('from');
  });

  it('ORD-3 once its Combat Group has no Regular Order left, the Lieutenant acts on the Lieutenant Special Order (the command names it), and no one else may', () => {
    const spent = run(start, [...turnMara, ...turnMara, ...turnMara]);
    expect(spent.pool?.groups['1']).toBe(0);
    const cmd = orderCommand(spent, 'A', 'a-varro', { skill: 'move', path: [] });
    expect(cmd).toMatchObject({ do: 'order', trooper: 'a-varro', from: 'lieutenant' });
    const r = apply(spent, cmd, ctx);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.pool?.lieutenant).toBe(0);
    // Osei has no Order left: its command names no source, and the engine refuses it (ORD-2).
    const osei = orderCommand(spent, 'A', 'a-osei', { skill: 'move', path: [] });
    expect(osei).not.toHaveProperty('from');
    const refused = apply(spent, osei, ctx);
    expect(refused.ok ? null : refused.rejection.code).toBe('no-order');
  });
});
