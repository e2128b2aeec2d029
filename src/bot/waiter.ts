/**
 * The `waiter` baseline: a player who never comes out. It deploys and answers AROs as `greedy` does (shoot
 * with the weapon that does most at that range, else Dodge an attack), but gives no Order: each of its
 * turns ends at once. Against it the bot must come to the fight itself (issue 40: a solo game against a
 * person who waits felt timid); `npm run match -- --b waiter` counts the round of the bot's first attack.
 */
import { greedyAgent } from './greedy';
import { plainAnswer, type Agent } from './agent';
import { momentOf } from './moment';

export function waiterAgent(seed = 1): Agent {
  const greedy = greedyAgent(seed);
  return {
    name: 'waiter',
    decide(seat, ctx) {
      const moment = momentOf(seat);
      const plain = plainAnswer(seat);
      if (plain) return plain;
      if (moment === 'order') return { do: 'endTurn', player: seat.player };
      if (moment === 'second') return { do: 'second', player: seat.player, skill: 'none' };
      return greedy.decide(seat, ctx);
    },
  };
}
