import { describe, expect, it } from 'vitest';
import { apply, createGame } from '../engine';
import { parseGameFile } from '../gamefile';
import type { Command, GameEvent, GameFile } from '../model/types';
import { TestGame, baseFile } from '../testing/fixtures';
import { viewEvents } from '../view';

function withDice(dice: GameFile['dice']): GameFile {
  return { ...baseFile(), dice };
}

const rolls = (events: GameEvent[]) => events.filter((e): e is Extract<GameEvent, { type: 'roll' }> => e.type === 'roll');

describe('initiative roll', () => {
  it('INI-1 the higher success of the two Lieutenants wins the Face to Face roll', () => {
    // A's Lieutenant WIP 14, B's WIP 13: 12 beats 9.
    const g = new TestGame();
    const events = g.ok({ do: 'initiative', rolls: { A: 12, B: 9 } });
    expect(events.at(-1)).toMatchObject({ type: 'initiative', winner: 'A' });
    expect(rolls(events)).toEqual([
      { index: 0, type: 'roll', player: 'A', trooper: 'r-lt', roll: 12, target: 14, result: 'success' },
      { index: 0, type: 'roll', player: 'B', trooper: 'u-lt', roll: 9, target: 13, result: 'success' },
    ]);
    expect(g.state.initiative.winner).toBe('A');
    expect(g.state.active).toBe('A');
  });

  it('INI-1 a success beats a higher failure, and a critical beats a higher success', () => {
    const fail = new TestGame();
    expect(fail.ok({ do: 'initiative', rolls: { A: 16, B: 2 } }).at(-1)).toMatchObject({ winner: 'B' });
    const crit = new TestGame();
    // B rolls its WIP 13 exactly: a critical, beating A's 14... which would be a critical too, so A rolls 12.
    const events = crit.ok({ do: 'initiative', rolls: { A: 12, B: 13 } });
    expect(rolls(events)[1]).toMatchObject({ result: 'critical' });
    expect(events.at(-1)).toMatchObject({ winner: 'B' });
  });

  it('INI-1 refuses a second initiative roll once someone has won', () => {
    const g = new TestGame();
    g.ok({ do: 'initiative', rolls: { A: 12, B: 9 } });
    expect(g.refused({ do: 'initiative', rolls: { A: 1, B: 2 } })).toMatchObject({ code: 'out-of-turn', rule: 'INI-1' });
  });

  it('INI-2 a tie is rolled again until someone wins, each attempt in order', () => {
    const g = new TestGame();
    const events = g.ok({ do: 'initiative', rolls: [{ A: 9, B: 9 }, { A: 17, B: 18 }, { A: 3, B: 10 }] });
    expect(rolls(events).map((e) => e.roll)).toEqual([9, 9, 17, 18, 3, 10]);
    expect(events.at(-1)).toMatchObject({ type: 'initiative', winner: 'B' });
  });

  it('INI-2 both failing is rolled again; two criticals cancel', () => {
    const g = new TestGame();
    // 17 and 18 fail both (WIP 14 and 13); 14 and 13 are both criticals and cancel; then A wins.
    const events = g.ok({ do: 'initiative', rolls: [{ A: 17, B: 18 }, { A: 14, B: 13 }, { A: 5, B: 4 }] });
    expect(events.filter((e) => e.type === 'roll')).toHaveLength(6);
    expect(events.at(-1)).toMatchObject({ winner: 'A' });
  });

  it('INI-2 with manual dice a tie leaves no winner and another initiative command follows', () => {
    const g = new TestGame();
    const events = g.ok({ do: 'initiative', rolls: { A: 6, B: 6 } });
    expect(events.at(-1)).toMatchObject({ type: 'initiative', winner: null });
    expect(g.state.phase).toBe('initiative');
    expect(g.state.active).toBeNull();
    expect(g.refused({ do: 'keep', player: 'A', choice: 'deployment' })).toMatchObject({ code: 'out-of-turn', rule: 'INI-3' });
    expect(g.ok({ do: 'initiative', rolls: { A: 6, B: 7 } }).at(-1)).toMatchObject({ winner: 'B' });
  });

  it('INI-2 refuses attempts given after one that was already won', () => {
    const g = new TestGame();
    expect(g.refused({ do: 'initiative', rolls: [{ A: 3, B: 9 }, { A: 4, B: 4 }] })).toMatchObject({ code: 'bad-command' });
  });

  it('INI-2 with a seed, carried attempts come first and the generator rolls on after a tie', () => {
    // Seed 42 gives 13, 9, 18, 14, 4, 11: after the carried tie, A rolls 13 (WIP 14) and B 9 (WIP 13): A wins.
    const g = new TestGame(withDice({ seed: 42 }));
    const events = g.ok({ do: 'initiative', rolls: [{ A: 2, B: 2 }] });
    expect(rolls(events).map((e) => e.roll)).toEqual([2, 2, 13, 9]);
    expect(events.at(-1)).toMatchObject({ winner: 'A' });
  });

  it('INI-2 with a seed and no carried rolls, the generator draws A then B for each attempt', () => {
    const g = new TestGame(withDice({ seed: 42 }));
    const events = g.ok({ do: 'initiative' });
    expect(rolls(events).slice(0, 2).map((e) => e.roll)).toEqual([13, 9]);
  });

  it('INI-2 with random dice every attempt is written into the command, so it replays the same', () => {
    const faces = [5, 5, 12, 3];
    const g = new TestGame(withDice({ random: true }));
    const ctx = { ...g.ctx, randomD20: () => faces.shift()! };
    const r = apply(g.state, { do: 'initiative' }, ctx);
    if (!r.ok) throw new Error(r.rejection.message);
    expect(r.command).toEqual({ do: 'initiative', rolls: [{ A: 5, B: 5 }, { A: 12, B: 3 }] });
    expect(r.events.at(-1)).toMatchObject({ winner: 'A' });
    // Replaying the recorded command draws nothing.
    const again = apply(g.state, r.command, { ...g.ctx, randomD20: () => { throw new Error('drew a die'); } });
    expect(again.ok && again.events).toEqual(r.events);
  });

  it('INI-2 with manual dice an initiative command without rolls is refused as missing-roll', () => {
    const g = new TestGame();
    expect(g.refused({ do: 'initiative' })).toMatchObject({ code: 'missing-roll', rule: null });
  });

  it('INI-3 the winner keeps Deployment or Initiative and the loser gets the other', () => {
    const a = new TestGame();
    a.ok({ do: 'initiative', rolls: { A: 12, B: 9 } });
    expect(a.refused({ do: 'keep', player: 'B', choice: 'deployment' })).toMatchObject({ code: 'out-of-turn', rule: 'INI-3' });
    expect(a.ok({ do: 'keep', player: 'A', choice: 'deployment' })).toEqual([
      { index: 1, type: 'choice', player: 'A', choice: 'deployment' },
    ]);
    expect(a.state.initiative).toMatchObject({ deploymentKeeper: 'A', initiativeKeeper: 'B' });
    expect(a.state.phase).toBe('choices');

    const b = new TestGame();
    b.ok({ do: 'initiative', rolls: { A: 12, B: 9 } });
    b.ok({ do: 'keep', player: 'A', choice: 'initiative' });
    expect(b.state.initiative).toMatchObject({ deploymentKeeper: 'B', initiativeKeeper: 'A' });
  });

  it('INI-4 the Initiative keeper chooses who plays first, and that order holds every round', () => {
    const g = new TestGame();
    g.ok({ do: 'initiative', rolls: { A: 12, B: 9 } });
    g.ok({ do: 'keep', player: 'A', choice: 'deployment' });
    expect(g.refused({ do: 'turnOrder', player: 'A', first: 'A' })).toMatchObject({ code: 'out-of-turn', rule: 'INI-4' });
    expect(g.ok({ do: 'turnOrder', player: 'B', first: 'A' })).toEqual([{ index: 2, type: 'choice', player: 'B', first: 'A' }]);
    expect(g.refused({ do: 'turnOrder', player: 'B', first: 'B' })).toMatchObject({ code: 'out-of-turn', rule: 'INI-4' });
    expect(g.state.initiative.firstTurn).toBe('A');
  });

  it('INI-5 the Deployment keeper chooses who deploys first and its own zone; the other gets the other zone', () => {
    const g = new TestGame();
    g.ok({ do: 'initiative', rolls: { A: 12, B: 9 } });
    g.ok({ do: 'keep', player: 'A', choice: 'initiative' });
    expect(g.refused({ do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'north' })).toMatchObject({
      code: 'out-of-turn',
      rule: 'INI-5',
    });
    // Either order: the deployment choice before the turn order.
    const events = g.ok({ do: 'deploymentChoice', player: 'B', first: 'A', keeperZone: 'north' });
    expect(events).toEqual([{ index: 2, type: 'choice', player: 'B', first: 'A', keeperZone: 'north' }]);
    expect(g.state.initiative.zones).toEqual({ A: 'south', B: 'north' });
    expect(g.state.phase).toBe('choices');
    const last = g.ok({ do: 'turnOrder', player: 'A', first: 'B' });
    expect(last.at(-1)).toMatchObject({ type: 'step', step: 'main', active: 'A' });
    expect(g.state).toMatchObject({ phase: 'deployment', step: 'main', active: 'A' });
    expect(g.state.initiative).toMatchObject({ winner: 'A', deploymentKeeper: 'B', initiativeKeeper: 'A', firstDeployer: 'A', firstTurn: 'B' });
  });

  it('INI-6 the Lieutenants WIP is open: the opponent sees both initiative rolls and targets, but not who rolled', () => {
    const g = new TestGame();
    const before = g.state;
    const events = g.ok({ do: 'initiative', rolls: { A: 12, B: 9 } });
    const seenByA = viewEvents(events, before, g.state, 'A');
    expect(seenByA).toEqual([
      { index: 0, type: 'roll', player: 'A', trooper: 'r-lt', roll: 12, target: 14, result: 'success' },
      { index: 0, type: 'roll', player: 'B', roll: 9, target: 13, result: 'success' },
      { index: 0, type: 'initiative', winner: 'A' },
    ]);
    const seenByB = viewEvents(events, before, g.state, 'B');
    expect(seenByB[0]).toEqual({ index: 0, type: 'roll', player: 'A', roll: 12, target: 14, result: 'success' });
    expect(seenByB[1]).toMatchObject({ trooper: 'u-lt', target: 13 });
  });

  it('commands of the sequence come only in their phase', () => {
    const g = new TestGame();
    const early: Command[] = [
      { do: 'keep', player: 'A', choice: 'deployment' },
      { do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' },
      { do: 'turnOrder', player: 'A', first: 'A' },
      { do: 'endTurn', player: 'A' },
    ];
    for (const c of early) expect(g.refused(c).code).toBe('out-of-turn');
  });

  it('a new game starts in the initiative phase with every trooper undeployed', () => {
    const { commands: _c, ...setup } = parseGameFile({ ...baseFile() });
    const s = createGame(setup);
    expect(s).toMatchObject({ phase: 'initiative', step: null, round: 0, active: null });
    expect(Object.values(s.troopers).every((t) => t.status === 'undeployed')).toBe(true);
  });
});
