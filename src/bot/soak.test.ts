/**
 * The soak: seeded games of the bot against itself, checked by the engine's own rules. Every command the
 * bot chose after its own dry run is taken by the game (no refusal), every game reaches its end (no stuck
 * game), the commands replay to the very state the game ended in, and the same seeds play the same game.
 * Short games here (one two-round game a table, at the easy level, so the unit suite stays quick); a longer
 * soak by an environment variable: `BOT_SOAK=30 npx vitest run src/bot/soak.test.ts` plays 30 more games
 * of bot:normal against itself, whole games on the three tables, each checked the same way
 * (`npm run match -- --a bot:normal --b bot:normal --games 20` also counts refusals and stuck games).
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../core/api';
import { botAgent } from './bot';
import { playGame } from './play';
import { shippedGame, TABLES } from './testing/games';

describe('the bot against itself', () => {
  for (const [k, table] of TABLES.entries()) {
    it(`ORD-7 ${table}: a two-round game ends, no command refused, and it replays to the state it ended in`, () => {
      const { setup, ctx } = shippedGame(table, 100 + k, 2);
      const rec = playGame(setup, { A: botAgent({ level: 'easy', seed: k + 1 }), B: botAgent({ level: 'easy', seed: k + 11 }) }, ctx);
      expect(rec.stuck).toBeNull();
      expect(rec.refusals).toEqual([]);
      expect(rec.state.phase).toBe('end');
      expect(rec.commands.some((c) => c.do === 'order')).toBe(true);
      const again = replay({ ...setup, commands: rec.commands }, ctx);
      expect(again.rejected).toBeNull();
      expect(JSON.stringify(again.state.troopers)).toBe(JSON.stringify(rec.state.troopers));
    }, 600_000);
  }

  const more = Number(process.env.BOT_SOAK ?? 0);
  for (let k = 0; k < more; k++) {
    const table = TABLES[k % TABLES.length]!;
    it(`ORD-7 soak ${k + 1} of ${more}, ${table}: a whole game of bot:normal against itself, no command refused`, () => {
      const { setup, ctx } = shippedGame(table, 5000 + k, 3);
      const rec = playGame(setup, { A: botAgent({ level: 'normal', seed: 2 * k + 1 }), B: botAgent({ level: 'normal', seed: 2 * k + 2 }) }, ctx);
      expect(rec.stuck).toBeNull();
      expect(rec.refusals).toEqual([]);
      expect(rec.state.phase).toBe('end');
      const again = replay({ ...setup, commands: rec.commands }, ctx);
      expect(again.rejected).toBeNull();
      expect(JSON.stringify(again.state.troopers)).toBe(JSON.stringify(rec.state.troopers));
    }, 1_800_000);
  }

  it('MIS-17 MIS-10 a short mission game (Relay Uplink): it ends with the mission\'s result, no command refused, and replays', () => {
    const { setup, ctx } = shippedGame('nexus-station', 21, 2, 'relay-uplink');
    const rec = playGame(setup, { A: botAgent({ level: 'easy', seed: 5 }), B: botAgent({ level: 'easy', seed: 6 }) }, ctx);
    if (process.env.BOT_TRACE) console.log(rec.commands.filter((c) => ['classified', 'nameLieutenant'].includes(c.do) || JSON.stringify(c).includes('activate') || JSON.stringify(c).includes('doctor')).map((c) => JSON.stringify(c)).join('\n'), rec.state.score);
    expect(rec.stuck).toBeNull();
    expect(rec.refusals).toEqual([]);
    expect(rec.state.phase).toBe('end');
    expect(rec.state.score?.result).not.toBeNull();
    expect(rec.winner).toBe(rec.state.score!.result!.winner);
    // Each side chose its classified objective before its first Order (MIS-12).
    expect(rec.commands.filter((c) => c.do === 'classified').map((c) => (c as { player: string }).player).sort()).toEqual(['A', 'B']);
    const again = replay({ ...setup, commands: rec.commands }, ctx);
    expect(again.rejected).toBeNull();
    expect(JSON.stringify(again.state.score)).toBe(JSON.stringify(rec.state.score));
  }, 600_000);

  it('the same seeds, the same game', () => {
    const { setup, ctx } = shippedGame('nexus-station', 7, 1);
    const play = () => playGame(setup, { A: botAgent({ level: 'easy', seed: 3 }), B: botAgent({ level: 'easy', seed: 4 }) }, ctx).commands;
    expect(JSON.stringify(play())).toBe(JSON.stringify(play()));
  }, 600_000);
});
