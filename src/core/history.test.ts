import { describe, expect, it } from 'vitest';
import { apply, replay } from './engine';
import { parseGameFile } from './gamefile';
import { toGameFile, undoable, type HistoryEntry } from './history';
import type { Command } from './model/types';
import { TO_DEPLOYMENT, TestGame, baseFile, contextFor, dep } from './testing/fixtures';

function played(commands: Command[]) {
  const g = new TestGame();
  const entries: HistoryEntry[] = [];
  for (const c of commands) {
    const r = apply(g.state, c, g.ctx);
    if (!r.ok) throw new Error(r.rejection.message);
    g.state = r.state;
    entries.push({ command: r.command, events: r.events });
  }
  return { g, entries };
}

describe('history', () => {
  it('the player who gave the last command may undo it while no die was rolled and play has not passed', () => {
    const { entries } = played([...TO_DEPLOYMENT, dep('A', 'r-lt', 24, 5), { do: 'measure', from: 'r-lt', to: { x: 1, y: 1 } }]);
    expect(undoable(entries, 'A')).toBe(true);
    expect(undoable(entries, 'B')).toBe(false);
    // An Infiltration roll cannot be taken back, nor the end of a step.
    expect(undoable(played([...TO_DEPLOYMENT, dep('A', 'r-inf', 30, 30, { roll: 3 })]).entries, 'A')).toBe(false);
    const ended = played([...TO_DEPLOYMENT, ...['r-lt', 'r-bike', 'r-inf', 'r-fd'].map((t, i) => dep('A', t, 10 + 6 * i, 5)), { do: 'endStep', player: 'A', keep: 'r-gun' }]);
    expect(undoable(ended.entries, 'A')).toBe(false);
    expect(undoable(played(TO_DEPLOYMENT.slice(0, 1)).entries, 'A')).toBe(false);
  });

  it('a saved game replays to the same state, and undo is replaying all but the last command', () => {
    const { g, entries } = played([...TO_DEPLOYMENT, dep('A', 'r-lt', 24, 5), dep('A', 'r-gun', 30, 5)]);
    const file = parseGameFile(JSON.parse(JSON.stringify(toGameFile(g.file, entries.map((e) => e.command)))));
    const { commands: _c, ...setup } = file;
    expect(JSON.stringify(replay(file, contextFor(setup)).state.troopers)).toBe(JSON.stringify(g.state.troopers));
    const undone = replay({ ...file, commands: file.commands.slice(0, -1) }, contextFor(setup)).state;
    expect(undone.troopers['r-gun']!.status).toBe('undeployed');
    expect(undone.troopers['r-lt']!.status).toBe('model');
    expect(baseFile().commands).toEqual([]);
  });
});
