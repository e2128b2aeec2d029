/**
 * The bot behind a message port (a Web Worker on the page, a worker thread in Node): the page posts a
 * seat (what the bot's side may know) with the agent's name and seed, and gets the command back; the
 * page never waits on it. No page code here: the host gives the scenery index, so that three.js stays
 * out of src/bot (the page's worker entry is two lines:
 *
 *     import { hostBot } from '../bot/worker';
 *     hostBot(self, (setup) => ({ scenery: createSceneryIndex(setup) }));
 *
 * and `askBot(worker, seat, 'bot:normal', seed)` on the page side).
 */
import type { EngineContext } from '../core/api';
import type { Command, Setup } from '../core/model/types';
import { agentByName } from './index';
import { tableKey } from './rng';
import type { Seat } from './seat';

export interface BotRequest {
  id: number;
  seat: Seat;
  /** `random`, `greedy`, `bot:easy`, `bot:normal` or `bot:hard` */
  agent: string;
  seed: number;
}

export type BotReply = { id: number; command: Command; ms: number } | { id: number; error: string };

/** What a port must have: a Worker, a worker's `self`, a MessagePort. */
export interface Port {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: { data: unknown }) => void): void;
  /** a MessagePort's: its messages flow once started (a Worker has none) */
  start?(): void;
}

/** Answers every request on the port with the agent's command for the seat. */
export function hostBot(port: Port, makeContext: (setup: Setup) => EngineContext, clock: () => number = () => Date.now()): void {
  const contexts = new Map<string, EngineContext>();
  port.addEventListener('message', (e) => {
    const req = e.data as BotRequest;
    try {
      const key = tableKey(req.seat.setup);
      let ctx = contexts.get(key);
      if (!ctx) {
        if (contexts.size > 4) contexts.clear();
        contexts.set(key, (ctx = makeContext(req.seat.setup)));
      }
      const agent = agentByName(req.agent, req.seed);
      if (!agent) throw new Error(`no agent called ${req.agent}`);
      const t0 = clock();
      const command = agent.decide(req.seat, ctx);
      port.postMessage({ id: req.id, command, ms: clock() - t0 } satisfies BotReply);
    } catch (err) {
      port.postMessage({ id: req.id, error: String((err as Error)?.message ?? err) } satisfies BotReply);
    }
  });
  port.start?.();
}

let nextId = 1;

/** Asks the bot behind a port for its command; resolves when it answers. */
export function askBot(port: Port, seat: Seat, agent: string, seed: number): Promise<Command> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    port.addEventListener('message', function listen(e) {
      const reply = e.data as BotReply;
      if (!reply || reply.id !== id) return;
      (port as Port & { removeEventListener?: (t: 'message', l: (e: { data: unknown }) => void) => void }).removeEventListener?.('message', listen);
      if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply.command);
    });
    port.start?.();
    port.postMessage({ id, seat, agent, seed } satisfies BotRequest);
  });
}
