/**
 * The baselines and the headless game: `random` and `greedy` play whole (short) games on the shipped
 * tables, every command they choose is taken by the game, and the game ends; the world a seat builds
 * plays the Order in progress again exactly as its view shows it.
 */
import { describe, expect, it } from 'vitest';
import { greedyAgent } from './greedy';
import { playGame } from './play';
import { randomAgent } from './random';
import { Rng } from './rng';
import type { Agent } from './agent';
import { shippedGame } from './testing/games';
import { worldOf } from './world';

describe('the baselines', () => {
  it('random against greedy: a whole game of one round, every command taken, scored by casualties', () => {
    const { setup, ctx } = shippedGame('foundry-ridge', 11, 1);
    const rec = playGame(setup, { A: randomAgent(1), B: greedyAgent(2) }, ctx);
    expect(rec.stuck).toBeNull();
    expect(rec.refusals).toEqual([]);
    expect(rec.state.phase).toBe('end');
    expect(rec.commands.filter((c) => c.do === 'endTurn')).toHaveLength(2);
    expect(rec.score.A + rec.score.B).toBeGreaterThanOrEqual(0);
  }, 300_000);

  it('the same seeds, the same game', () => {
    const { setup, ctx } = shippedGame('harbour-quarter', 5, 1);
    const one = playGame(setup, { A: greedyAgent(3), B: randomAgent(4) }, ctx);
    const two = playGame(setup, { A: greedyAgent(3), B: randomAgent(4) }, ctx);
    expect(JSON.stringify(two.commands)).toBe(JSON.stringify(one.commands));
  }, 300_000);

  it('a world plays the Order in progress again to the stage its view shows', () => {
    const { setup, ctx } = shippedGame('nexus-station', 8, 1);
    let checked = 0;
    const watch = (agent: Agent): Agent => ({
      name: agent.name,
      decide(seat, c) {
        if (seat.view.order) {
          const w = worldOf(seat, c, new Rng(7));
          expect(w.state.order?.stage).toBe(seat.view.order.stage);
          checked++;
        }
        return agent.decide(seat, c);
      },
    });
    const rec = playGame(setup, { A: watch(greedyAgent(5)), B: watch(randomAgent(6)) }, ctx);
    expect(rec.refusals).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  }, 300_000);
});
