import { describe, expect, it } from 'vitest';
import type { Command } from '../core/model/types';
import { createGameStore, visibleLog } from '../state/gameStore';
import { fixture } from '../tools/testTable';
import { logLines } from './labels';
import { knownProfiles } from '../core/api';

describe('an ARO window closed with no ARO, in the log', () => {
  it('ARO-1 says the window closed with no ARO from the reactive side, to both players; one with an ARO does not', () => {
    const base = fixture('e2e/fixtures/turn-game.json');
    const store = createGameStore(base);
    const more: Command[] = [
      { do: 'order', player: 'A', trooper: 'a-irr', skill: 'move', path: [{ x: 4, y: 16 }] },
      { do: 'aros', player: 'B', declarations: [] },
      { do: 'second', player: 'A', skill: 'none' },
      { do: 'order', player: 'A', trooper: 'A-m1', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-lt', burst: 3 }] },
      { do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'bs-attack', weapon: 'combi-rifle' }] },
    ];
    for (const c of more) expect(store.getState().dispatch(c).ok).toBe(true);
    const { history, state } = store.getState();
    for (const viewer of ['A', 'B'] as const) {
      const lines = logLines(visibleLog(history, viewer), base, knownProfiles(state, viewer)).map((l) => l.text);
      expect(lines.filter((l) => /^ARO window 1 closes: no ARO from /.test(l))).toHaveLength(1);
    }
  });
});
