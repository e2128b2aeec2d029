/**
 * Solo against the table, the page's side: the game started against the table seats the person at one
 * side with no hand-over, and the bot (behind a message port, as the page's Web Worker hosts it) gives
 * the other side's commands when the game waits for them: the keepers' choices, its deployment, its
 * Orders and AROs. The person's side here is played by the greedy baseline through the page's store.
 * "What would the table do?" answers on the person's Order with the bot's command and its odds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { greedyAgent } from '../bot/greedy';
import { momentOf } from '../bot/moment';
import { seatFor } from '../bot/seat';
import { hostBot, type Port } from '../bot/worker';
import { contextFor } from '../core/testing/fixtures';
import { askAdvice, botStore, startBot } from './botStore';
import { demoSetup } from './demo';
import { gameStore, visibleEvents } from './gameStore';
import { matchStore } from './matchStore';

const { port1, port2 } = new MessageChannel();
hostBot(port1 as unknown as Port, (s) => contextFor(s));
afterAll(() => {
  port1.close();
  port2.close();
});

const settle = async (until: () => boolean, ms = 240_000) => {
  const t0 = Date.now();
  while (!until() && Date.now() - t0 < ms) await new Promise((r) => setTimeout(r, 20));
};

describe('solo against the table', () => {
  it('the table plays its side from its seat, the person is never handed the screen, and advice is given on their Order', async () => {
    const file = { ...demoSetup(), dice: { random: true as const } };
    expect(matchStore.getState().startAgainstBot(file, 'A')).toBeNull();
    startBot('easy', { port: port2 as unknown as Port, pace: 0, seed: 7 });
    expect(matchStore.getState()).toMatchObject({ mode: 'hotseat', seat: 'A', bot: 'B', handOverTo: null });
    expect(gameStore.getState().viewer).toBe('A');
    const person = greedyAgent(3);
    const ctx = gameStore.getState().ctx;
    let botOrders = 0;
    let advised = false;
    for (let k = 0; k < 400 && botOrders < 1; k++) {
      const g = gameStore.getState();
      const seat = seatFor(g.state, 'A', visibleEvents(g.history, 'A'));
      const moment = momentOf(seat);
      if (moment === 'order' && !advised) {
        askAdvice();
        await settle(() => botStore.getState().advice !== 'thinking');
        const advice = botStore.getState().advice;
        expect(advice).not.toBeNull();
        expect(advice !== 'thinking' && advice?.command).toBeTruthy();
        advised = true;
      }
      if (moment !== 'wait') {
        const r = g.dispatch(person.decide(seat, ctx));
        expect(r.ok).toBe(true);
        continue;
      }
      // The table's move: wait for its command.
      const before = g.history.length;
      await settle(() => gameStore.getState().history.length > before || botStore.getState().error !== null);
      expect(botStore.getState().error).toBeNull();
      expect(matchStore.getState().handOverTo).toBeNull();
      const last = gameStore.getState().history.at(-1)!;
      if (last.command.do === 'order' && last.command.player === 'B') botOrders++;
    }
    expect(botOrders).toBe(1);
    expect(botStore.getState().given.length).toBeGreaterThan(3);
    // A new game in another mode: the table stops playing.
    matchStore.getState().start(file, 'solo');
    expect(matchStore.getState().bot).toBeNull();
  }, 600_000);
});
