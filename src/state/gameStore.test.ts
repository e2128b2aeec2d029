import { describe, expect, it } from 'vitest';
import { demoGame } from './demo';
import { createGameStore, gameFileOf, selectLog, selectView, viewOf, visibleEvents } from './gameStore';

describe('the game store', () => {
  it('opens on the demo deployment, replayed through the engine to the first turn', () => {
    const store = createGameStore(demoGame());
    const s = store.getState();
    expect(s.lastRejection).toBeNull();
    expect(s.state.phase).toBe('game');
    expect(s.history).toHaveLength(demoGame().commands.length);
    expect(gameFileOf(s)).toEqual(demoGame());
  });

  it('changes only through apply: a refused command leaves the state as it was, and says why', () => {
    const store = createGameStore(demoGame());
    const before = store.getState().state;
    const active = before.active!;
    const other = active === 'A' ? 'B' : 'A';
    const r = store.getState().dispatch({ do: 'endTurn', player: other });
    expect(r.ok).toBe(false);
    expect(store.getState().state).toBe(before);
    expect(store.getState().lastRejection?.code).toBe('out-of-turn');

    const ok = store.getState().dispatch({ do: 'endTurn', player: active });
    expect(ok.ok).toBe(true);
    expect(store.getState().state.active).toBe(other);
    expect(store.getState().history).toHaveLength(demoGame().commands.length + 1);
    expect(store.getState().lastRejection).toBeNull();
  });

  it('shows each viewer only the core view: no enemy hidden trooper, no name behind an enemy marker', () => {
    const store = createGameStore(demoGame());
    const { state } = store.getState();
    const solo = viewOf(state, null);
    expect(solo.troopers['b-wraith']?.status).toBe('hidden');
    const a = viewOf(state, 'A');
    expect(a.troopers['b-wraith']).toBeUndefined();
    const b = viewOf(state, 'B');
    expect(b.markers['A-m1']).toBeDefined();
    expect(b.markers['A-m1']!.trooper).toBeUndefined();
    expect(b.troopers['a-veil']).toBeUndefined();

    store.getState().setViewer('A');
    expect(selectView(store.getState())).toBe(a); // cached: one object per (state, viewer)
    const log = selectLog(store.getState());
    expect(log.some((e) => 'trooper' in e && e.trooper === 'b-wraith')).toBe(false);
    expect(visibleEvents(store.getState().history, null).some((e) => 'trooper' in e && e.trooper === 'b-wraith')).toBe(true);
  });

  it('load() starts over from another file', () => {
    const store = createGameStore(demoGame());
    const file = { ...demoGame(), commands: demoGame().commands.slice(0, 4) };
    expect(store.getState().load(file)).toBeNull();
    expect(store.getState().state.phase).toBe('deployment');
    expect(store.getState().history).toHaveLength(4);
  });
});
