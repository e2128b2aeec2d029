/**
 * The bot's public face: agents by name (`random`, `greedy`, `waiter`, `bot:easy`, `bot:normal`, `bot:hard`), the
 * headless game, and what a seat may know.
 */
import type { Agent } from './agent';
import { botAgent, LEVELS, type Level } from './bot';
import { greedyAgent } from './greedy';
import { randomAgent } from './random';
import { waiterAgent } from './waiter';

export type { Agent } from './agent';
export { botAgent, LEVELS, type Level } from './bot';
export { greedyAgent } from './greedy';
export { randomAgent } from './random';
export { waiterAgent } from './waiter';
export { casualtyScore, playGame, type Decision, type GameRecord, type PlayOptions, type Refused } from './play';
export { publicSetup, SeatLogs, seatFor, type Seat } from './seat';
export { momentOf, type Moment } from './moment';

/** The agent a name stands for, seeded; null for a name it does not know. */
export function agentByName(name: string, seed: number): Agent | null {
  if (name === 'random') return randomAgent(seed);
  if (name === 'greedy') return greedyAgent(seed);
  if (name === 'waiter') return waiterAgent(seed);
  const m = /^bot(?::(\w+))?$/.exec(name);
  if (m) {
    const level = (m[1] ?? 'normal') as Level;
    if (!(level in LEVELS)) return null;
    return botAgent({ level, seed });
  }
  return null;
}

export const AGENT_NAMES = ['random', 'greedy', 'waiter', 'bot:easy', 'bot:normal', 'bot:hard'] as const;
