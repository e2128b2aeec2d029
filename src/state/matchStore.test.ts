import { describe, expect, it } from 'vitest';
import type { Command } from '../core/model/types';
import { fixture } from '../tools/testTable';
import { demoSetup } from './demo';
import { createGameStore } from './gameStore';
import { createMatchStore } from './matchStore';
import { actingPlayer } from './turn';

const small = () => fixture('e2e/fixtures/small-setup.json', { dice: { manual: true } });

function hotseat() {
  const game = createGameStore(demoSetup());
  const seats: (string | null)[] = [];
  const match = createMatchStore(game, { onSeat: (p) => seats.push(p) });
  match.getState().start(small(), 'hotseat');
  const send = (c: Command) => {
    const r = game.getState().dispatch(c);
    if (!r.ok) throw new Error(r.rejection.message);
  };
  return { game, match, seats, send };
}

describe('the match: hotseat hand-over', () => {
  it('a new hotseat game waits for Player A to take the screen; the viewer changes only when they confirm', () => {
    const { game, match, seats } = hotseat();
    expect(match.getState()).toMatchObject({ mode: 'hotseat', seat: null, handOverTo: 'A' });
    expect(game.getState().state.phase).toBe('initiative');
    match.getState().confirm();
    expect(match.getState()).toMatchObject({ seat: 'A', handOverTo: null });
    expect(game.getState().viewer).toBe('A');
    expect(seats).toEqual(['A']);
  });

  it('INI-3 INI-4 INI-5 the roll\'s winner chooses, then each keeper in turn, the screen passing between them', () => {
    const { game, match, send } = hotseat();
    match.getState().confirm();
    // B wins the roll: the screen goes to B for the keep choice.
    send({ do: 'initiative', rolls: { A: 3, B: 9 } });
    expect(match.getState().handOverTo).toBe('B');
    match.getState().confirm();
    send({ do: 'keep', player: 'B', choice: 'initiative' });
    // B kept Initiative: B, still at the screen, chooses the turn order first; no hand-over yet.
    expect(match.getState().handOverTo).toBeNull();
    expect(actingPlayer(game.getState().state)).toBe('B');
    send({ do: 'turnOrder', player: 'B', first: 'A' });
    expect(match.getState().handOverTo).toBe('A'); // A, the Deployment keeper, chooses next
    match.getState().confirm();
    send({ do: 'deploymentChoice', player: 'A', first: 'B', keeperZone: 'north' });
    // B deploys first: hand over to B.
    expect(game.getState().state).toMatchObject({ phase: 'deployment', step: 'main', active: 'B' });
    expect(match.getState().handOverTo).toBe('B');
    expect(game.getState().viewer).toBe('A'); // until B confirms
  });

  it('DEP-1 each end of a step, and each end of a turn, hands the screen to the other player', () => {
    const { game, match, send } = hotseat();
    match.getState().confirm();
    send({ do: 'initiative', rolls: { A: 12, B: 9 } });
    send({ do: 'keep', player: 'A', choice: 'deployment' });
    send({ do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' });
    expect(match.getState().handOverTo).toBe('B'); // B, the Initiative keeper, chooses the turn order
    match.getState().confirm();
    send({ do: 'turnOrder', player: 'B', first: 'B' });
    expect(match.getState().handOverTo).toBe('A');
    match.getState().confirm();
    const seen: (string | null)[] = [];
    const step = (c: Command) => {
      send(c);
      seen.push(match.getState().handOverTo);
      if (match.getState().handOverTo) match.getState().confirm();
    };
    step({ do: 'deploy', player: 'A', trooper: 'a-lt', at: { x: 10, y: 6 }, facing: 0, as: 'model' });
    step({ do: 'endStep', player: 'A', keep: 'a-veil' });
    step({ do: 'deploy', player: 'B', trooper: 'b-lt', at: { x: 20, y: 28 }, facing: 180, as: 'model' });
    step({ do: 'deploy', player: 'B', trooper: 'b-strider', at: { x: 34, y: 26 }, facing: 180, as: 'model' });
    step({ do: 'endStep', player: 'B', keep: 'b-wraith' });
    step({ do: 'deploy', player: 'A', trooper: 'a-veil', at: { x: 16, y: 6 }, facing: 0, as: 'marker' });
    step({ do: 'endStep', player: 'A' });
    step({ do: 'deploy', player: 'B', trooper: 'b-wraith', at: { x: 40, y: 28 }, facing: 180, as: 'hidden' });
    step({ do: 'endStep', player: 'B' });
    step({ do: 'endTurn', player: 'B' });
    expect(seen).toEqual([null, 'B', null, null, 'A', null, 'B', null, null, 'A']);
    expect(game.getState().state).toMatchObject({ phase: 'game', round: 1, active: 'A' });
    expect(game.getState().viewer).toBe('A');
  });

  it('solo shows everything and never hands over', () => {
    const game = createGameStore(demoSetup());
    const match = createMatchStore(game);
    game.getState().setViewer('B');
    match.getState().start(small(), 'solo');
    expect(match.getState()).toMatchObject({ mode: 'solo', seat: null, handOverTo: null });
    expect(game.getState().viewer).toBeNull();
    game.getState().dispatch({ do: 'initiative', rolls: { A: 3, B: 9 } });
    expect(match.getState().handOverTo).toBeNull();
  });
});
