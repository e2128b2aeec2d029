import { describe, expect, it } from 'vitest';
import type { Command } from '../core/model/types';
import { fixture } from '../tools/testTable';
import { demoSetup } from './demo';
import { createGameStore } from './gameStore';
import { createMatchStore, isPublicScreen } from './matchStore';
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
  it('INI-1 a new hotseat game rolls the initiative on a public screen, then passes it to the winner; the viewer changes only when they confirm', () => {
    const { game, match, seats, send } = hotseat();
    expect(match.getState()).toMatchObject({ mode: 'hotseat', seat: null, handOverTo: null });
    expect(isPublicScreen(match.getState())).toBe(true);
    expect(game.getState().state.phase).toBe('initiative');
    // A tie keeps the public screen up; so does a win, until the players pass the screen on.
    send({ do: 'initiative', rolls: { A: 5, B: 5 } });
    send({ do: 'initiative', rolls: { A: 3, B: 9 } });
    expect(match.getState()).toMatchObject({ seat: null, handOverTo: null });
    match.getState().passTo('B');
    expect(match.getState()).toMatchObject({ seat: null, handOverTo: 'B' });
    match.getState().confirm();
    expect(match.getState()).toMatchObject({ seat: 'B', handOverTo: null });
    expect(isPublicScreen(match.getState())).toBe(false);
    expect(game.getState().viewer).toBe('B');
    expect(seats).toEqual([null, 'B']); // the start (nobody seated), then B
  });

  it('a saved hotseat game loaded past the roll hands the screen to whoever acts', () => {
    const game = createGameStore(demoSetup());
    const match = createMatchStore(game);
    match.getState().start({ ...small(), commands: [{ do: 'initiative', rolls: { A: 3, B: 9 } }] }, 'hotseat');
    expect(match.getState()).toMatchObject({ seat: null, handOverTo: 'B' });
  });

  it('INI-3 INI-4 INI-5 the roll\'s winner chooses, then each keeper in turn, the screen passing between them', () => {
    const { game, match, send } = hotseat();
    // B wins the roll: the screen goes to B for the keep choice.
    send({ do: 'initiative', rolls: { A: 3, B: 9 } });
    match.getState().passTo('B');
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
    send({ do: 'initiative', rolls: { A: 12, B: 9 } });
    match.getState().passTo('A');
    match.getState().confirm();
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

  it('ARO-1 ARO-4 a window is handed over only when the core says so from the active player\'s view; with the setting on, every window is', () => {
    // B's marker and hidden trooper behind the long wall, where they see nothing of A's half.
    const base = fixture('e2e/fixtures/turn-game.json');
    const behindWall: Record<string, { x: number; y: number }> = { 'b-camo': { x: 30, y: 26 }, 'b-hide': { x: 20, y: 26 } };
    const turn = (hidden: boolean) => ({
      ...base,
      commands: base.commands.map((c) => {
        if (c.do !== 'deploy' || !behindWall[c.trooper]) return c;
        // `hidden` false: B's trooper able to hide is deployed as a model (behind the wall, unseen by A's).
        return { ...c, at: behindWall[c.trooper]!, ...(c.trooper === 'b-hide' && !hidden ? { as: 'model' as const } : {}) };
      }),
    });
    for (const [always, hidden, handed] of [
      [true, true, true],
      [true, false, true],
      // B may hold a hidden trooper that could react: A cannot tell, so the window goes to B.
      [false, true, true],
      // Everything of B's is in A's view and none of it may react: the window passes at once.
      [false, false, false],
    ] as const) {
      const game = createGameStore(demoSetup());
      const match = createMatchStore(game);
      match.getState().setHandOverAlways(always);
      expect(match.getState().start(turn(hidden), 'hotseat')).toBeNull();
      match.getState().confirm();
      expect(match.getState().seat).toBe('A');
      // Marksman Toll idles on its platform, where no trooper of B's sees it or has it in its Zone of Control.
      const r = game.getState().dispatch({ do: 'order', player: 'A', trooper: 'a-top', skill: 'idle' });
      expect(r.ok).toBe(true);
      expect(game.getState().state.order?.eligible[0]?.filter((id) => id !== 'b-hide')).toEqual([]);
      if (handed) {
        expect(match.getState().handOverTo).toBe('B');
        expect(game.getState().state.order?.stage).toBe('aro1');
      } else {
        expect(match.getState().handOverTo).toBeNull();
        expect(game.getState().state.order?.stage).toBe('second');
        expect(game.getState().history.at(-1)?.command).toEqual({ do: 'aros', player: 'B', declarations: [] });
      }
      // A Move in sight of B's troopers hands over either way.
      const g = createGameStore(demoSetup());
      const m2 = createMatchStore(g);
      m2.getState().setHandOverAlways(always);
      m2.getState().start(turn(hidden), 'hotseat');
      m2.getState().confirm();
      expect(g.getState().dispatch({ do: 'order', player: 'A', trooper: 'a-irr', skill: 'move', path: [{ x: 4, y: 16 }] }).ok).toBe(true);
      expect(m2.getState().handOverTo).toBe('B');
    }
  });

  it('the default: windows hand over only where the core says so', () => {
    expect(createMatchStore(createGameStore(demoSetup())).getState().handOverAlways).toBe(false);
  });
});

describe('the match: a game across two machines', () => {
  it('NET-1 a two-machine seat never hands over: the screen stays its player\'s, every change of the game goes through the two-machine game, and a new game ends it', () => {
    const game = createGameStore(demoSetup());
    const match = createMatchStore(game);
    game.getState().load(small());
    const sent: Command[] = [];
    game.getState().setRemote((c) => {
      sent.push(c);
      return game.getState().preview(c);
    });
    match.getState().startRemote('B');
    expect(match.getState()).toMatchObject({ mode: 'hotseat', seat: 'B', handOverTo: null, remote: 'B' });
    expect(game.getState().viewer).toBe('B');
    expect(isPublicScreen(match.getState())).toBe(false);
    // The command goes to the other machine's game, not into this store; a question is answered here.
    const before = game.getState().state;
    expect(game.getState().dispatch({ do: 'initiative', rolls: { A: 3, B: 9 } }).ok).toBe(true);
    expect(sent).toEqual([{ do: 'initiative', rolls: { A: 3, B: 9 } }]);
    expect(game.getState().state).toBe(before);
    expect(game.getState().dispatch({ do: 'measure', from: { x: 0, y: 0 }, to: { x: 3, y: 4 } }).ok).toBe(true);
    expect(sent).toHaveLength(1);
    // The game as the two-machine game puts it in: the screen stays B's, whoever acts next.
    const r = game.getState().preview({ do: 'initiative', rolls: { A: 3, B: 9 } });
    if (!r.ok) throw new Error(r.rejection.message);
    game.setState({ state: r.state });
    expect(actingPlayer(game.getState().state)).toBe('B');
    game.setState({ state: before });
    expect(match.getState()).toMatchObject({ seat: 'B', handOverTo: null });
    match.getState().start(small(), 'hotseat');
    expect(match.getState().remote).toBeNull();
    expect(game.getState().remote).toBeNull();
  });
});
