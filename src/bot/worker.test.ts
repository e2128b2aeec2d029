/**
 * The bot behind a message port, as a Web Worker hosts it: a seat posted, the command back, the same
 * command the bot gives in this thread; an unknown agent is an error, not a silence.
 */
import { describe, expect, it } from 'vitest';
import { contextFor } from '../core/testing/fixtures';
import { greedyAgent } from './greedy';
import { agentByName } from './index';
import { momentOf } from './moment';
import { playGame } from './play';
import { seatFor } from './seat';
import { shippedGame } from './testing/games';
import { askBot, hostBot, type Port } from './worker';

describe('the bot in a worker', () => {
  it('answers a seat posted through a port with the command it gives here', async () => {
    const { setup, ctx } = shippedGame('foundry-ridge', 3, 1);
    // A few commands in: a deployment decision.
    const state = playGame(setup, { A: greedyAgent(1), B: greedyAgent(2) }, ctx, { maxCommands: 8 }).state;
    const player = momentOf(seatFor(state, 'A', [])) === 'wait' ? 'B' : 'A';
    const seat = seatFor(state, player, []);
    expect(momentOf(seat)).toBe('deploy');
    const { port1, port2 } = new MessageChannel();
    hostBot(port1 as unknown as Port, (s) => contextFor(s));
    const cmd = await askBot(port2 as unknown as Port, seat, 'bot:easy', 5);
    expect(cmd).toEqual(agentByName('bot:easy', 5)!.decide(seat, ctx));
    await expect(askBot(port2 as unknown as Port, seat, 'nobody', 5)).rejects.toThrow(/no agent/);
    port1.close();
    port2.close();
  });
});
