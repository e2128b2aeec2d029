/**
 * The bot comes to the fight (issue 40: against a person who waits it felt timid). Against `waiter`, who
 * deploys and answers AROs but never gives an Order, the bot attacks within the game's three rounds, on
 * the small game the browser trial plays (e2e/fixtures/solobot-game.json) from either side (a game with no
 * guns: only close combat), and its Lieutenant spends the Lieutenant Special Order (ORD-3). Every one of
 * its troopers is given an Order in the game, the hidden Wraith Operative too (HD-10: its Order shows it;
 * the trial before saw it idle all game and the Strider Walker kept at home).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameFileText } from '../core/gamefile';
import { contextFor } from '../core/testing/fixtures';
import type { Command, PlayerId } from '../core/model/types';
import { botAgent } from './bot';
import { playGame } from './play';
import { waiterAgent } from './waiter';

function smallGame(seed: number) {
  const file = parseGameFileText(readFileSync(new URL('../../e2e/fixtures/solobot-game.json', import.meta.url), 'utf8'));
  const { commands: _c, ...setup } = file;
  const game = { ...setup, dice: { seed } };
  return { setup: game, ctx: contextFor(game) };
}

describe('ORD-3 the bot against a player who waits', () => {
  for (const side of ['A', 'B'] as const) {
    it(`HD-10 attacks within three rounds and gives every trooper an Order, playing ${side} on the small game`, () => {
      const { setup, ctx } = smallGame(5);
      const other: PlayerId = side === 'A' ? 'B' : 'A';
      let first: number | null = null;
      let lieutenantOrders = 0;
      const ordered = new Set<string>();
      const rec = playGame(setup, { [side]: botAgent({ level: 'normal', seed: 1 }), [other]: waiterAgent(2) } as Record<PlayerId, ReturnType<typeof botAgent>>, ctx, {
        onCommand: (s, cmd: Command, player) => {
          const skill = (cmd as { skill?: string }).skill;
          if (player === side && (cmd.do === 'order' || cmd.do === 'second') && (skill === 'bs-attack' || skill === 'cc-attack')) first ??= s.round;
          if (player === side && cmd.do === 'order' && (cmd as { from?: string }).from === 'lieutenant') lieutenantOrders++;
          if (player === side && cmd.do === 'order') ordered.add((cmd as { trooper: string }).trooper);
        },
      });
      expect(rec.stuck).toBeNull();
      expect(rec.refusals).toEqual([]);
      console.log(`bot at ${side}: first attack in round ${first}; casualties ${rec.score.A}-${rec.score.B}`);
      expect(first).not.toBeNull();
      expect(first!).toBeLessThanOrEqual(3);
      // ORD-3: its Lieutenant spends the Lieutenant Special Order too, once the group's Orders are gone.
      expect(lieutenantOrders).toBeGreaterThan(0);
      // HD-10: the whole army plays, the hidden trooper included (a marker is named by its own id here).
      const army = setup.players[side].troopers.map((p) => p.id).filter((id) => rec.state.troopers[id]!.status !== 'reserve');
      expect([...ordered].sort()).toEqual(army.sort());
    }, 600_000);
  }
});
