/**
 * Games for the bot's tests: a shipped table with the two shipped armies, seeded dice, a given number
 * of rounds, and the core's exact scenery (the test fixtures' context).
 */
import { readFileSync } from 'node:fs';
import { parseArmyFileText } from '../../core/armyfile';
import { composeGameFile } from '../../core/newgame';
import { parseTableFileText } from '../../core/tablefile';
import { parseMissionFileText } from '../../core/rules/missions/file';
import { contextFor } from '../../core/testing/fixtures';
import type { EngineContext } from '../../core/api';
import type { GameState, Setup } from '../../core/model/types';
import { botAgent } from '../bot';
import { playGame } from '../play';

const asset = (path: string) => readFileSync(new URL(`../../../assets/${path}`, import.meta.url), 'utf8');

export const TABLES = ['foundry-ridge', 'harbour-quarter', 'nexus-station'] as const;

export const MISSIONS = ['hold-the-crossing', 'relay-uplink', 'war-of-attrition'] as const;

/** A new game on a shipped table: Ember Directorate as A, Tidewater Concord as B; a shipped mission laid on it if named. */
export function shippedGame(table: (typeof TABLES)[number], seed: number, rounds = 3, mission?: (typeof MISSIONS)[number]): { setup: Setup; ctx: EngineContext } {
  const laid = mission ? parseMissionFileText(asset(`missions/${mission}.json`)) : undefined;
  const file = composeGameFile(parseTableFileText(asset(`tables/${table}.json`)), parseArmyFileText(asset('armies/ember-directorate.json')), parseArmyFileText(asset('armies/tidewater-concord.json')), { seed }, laid);
  const { commands: _c, ...setup } = file;
  const game = { ...setup, facts: { ...setup.facts, rounds } };
  return { setup: game, ctx: contextFor(game) };
}

/**
 * The first quiet moment of a seeded game between two easy bots on a shipped table: in the game, no
 * Order open, an Order pool, and more than six models on the table (both sides deployed).
 */
export function firstQuietMoment(table: (typeof TABLES)[number], seed: number, rounds = 3): { state: GameState; ctx: EngineContext } {
  const { setup, ctx } = shippedGame(table, seed, rounds);
  let first: GameState | null = null;
  playGame(setup, { A: botAgent({ level: 'easy', seed: 1 }), B: botAgent({ level: 'easy', seed: 2 }) }, ctx, {
    maxCommands: 40,
    onCommand: (s) => {
      if (!first && s.phase === 'game' && !s.order && s.pool && Object.values(s.troopers).filter((t) => t.status === 'model').length > 6) first = s;
    },
  });
  if (!first) throw new Error(`no quiet moment in the first 40 commands on ${table}`);
  return { state: first, ctx };
}
