/**
 * The bot's decision times (issue 40): headless games of `bot:normal` against `greedy` on the shipped
 * tables, every decision of the bot timed, and the median and 95th percentile of an Order (the first
 * skill: the search over candidate Orders) and of an ARO, each against its goal (an Order under 1 s, an
 * ARO under 0.2 s, medians, on the two cores the table runs on). Times are CPU time of this thread
 * (what the wall clock shows on a quiet machine) with the wall clock beside, as the rest of the bench.
 *
 *   npx tsx bench/botBench.ts [games] [--missions]   (standalone; or from table.bench.ts: `figures.push(...botBench(root))`)
 *
 * With --missions game k is played to the shipped missions in turn (assets/missions, as `npm run match
 * -- --mission all` does): the bot's mission candidates and zone values are then in every decision.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArmyFileText } from '../src/core/armyfile';
import { composeGameFile } from '../src/core/newgame';
import { parseTableFileText } from '../src/core/tablefile';
import { parseMissionFileText } from '../src/core/rules/missions/file';
import type { PlayerId } from '../src/core/model/types';
import type { Agent } from '../src/bot/agent';
import { botAgent } from '../src/bot/bot';
import { greedyAgent } from '../src/bot/greedy';
import { momentOf, type Moment } from '../src/bot/moment';
import { playGame } from '../src/bot/play';
import { createSceneryIndex } from '../src/spatial/sceneryIndex';
import { ms, type Figure } from './timing';

const TABLES = ['foundry-ridge', 'harbour-quarter', 'nexus-station'];
const MISSIONS = ['hold-the-crossing', 'relay-uplink', 'war-of-attrition'];

interface Sample {
  moment: Moment;
  cpu: number;
  wall: number;
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
}

/** Plays `games` games and times every decision of the bot. */
export function botDecisionTimes(root: string, games = 2, missions = false): { samples: Sample[]; gameMs: number[] } {
  const armies = ['ember-directorate', 'tidewater-concord'].map((a) => parseArmyFileText(readFileSync(resolve(root, 'assets', 'armies', `${a}.json`), 'utf8')));
  const samples: Sample[] = [];
  const gameMs: number[] = [];
  for (let k = 0; k < games; k++) {
    const table = parseTableFileText(readFileSync(resolve(root, 'assets', 'tables', `${TABLES[k % TABLES.length]}.json`), 'utf8'));
    const mission = missions ? parseMissionFileText(readFileSync(resolve(root, 'assets', 'missions', `${MISSIONS[Math.floor(k / TABLES.length) % MISSIONS.length]}.json`), 'utf8')) : undefined;
    const { commands: _c, ...setup } = composeGameFile(table, armies[0]!, armies[1]!, { seed: 1000 + k }, mission);
    const ctx = { scenery: createSceneryIndex(setup) };
    const bot = botAgent({ level: 'normal', seed: k + 1 });
    const timed: Agent = {
      name: bot.name,
      decide(seat, c) {
        const moment = momentOf(seat);
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const cmd = bot.decide(seat, c);
        const wall = performance.now() - t0;
        const u = process.cpuUsage(c0);
        samples.push({ moment, cpu: (u.user + u.system) / 1000, wall });
        return cmd;
      },
    };
    const botSide: PlayerId = k % 2 === 0 ? 'A' : 'B';
    const t0 = performance.now();
    playGame(setup, { [botSide]: timed, [botSide === 'A' ? 'B' : 'A']: greedyAgent(k + 7) } as Record<PlayerId, Agent>, ctx);
    gameMs.push(performance.now() - t0);
  }
  return { samples, gameMs };
}

/** The bench's figures: an Order's and an ARO's decision time against their goals. */
export function botBench(root: string, games = 2, missions = false): Figure[] {
  const { samples, gameMs } = botDecisionTimes(root, games, missions);
  const figures: Figure[] = [];
  const line = (what: string, moment: Moment, goalMs: number) => {
    const xs = samples.filter((s) => s.moment === moment);
    const cpu = xs.map((s) => s.cpu);
    const wall = xs.map((s) => s.wall);
    const med = quantile(cpu, 0.5);
    console.log(`  ${what}: ${xs.length} decisions, median ${ms(med)} (wall ${ms(quantile(wall, 0.5))}), 95th percentile ${ms(quantile(cpu, 0.95))} (wall ${ms(quantile(wall, 0.95))}), longest ${ms(Math.max(...cpu))}`);
    figures.push({ what: `bot: ${what}, median (95th percentile)`, figure: `${ms(med)} (${ms(quantile(cpu, 0.95))})`, baseline: `wall ${ms(quantile(wall, 0.5))} (${ms(quantile(wall, 0.95))})`, goal: `median under ${ms(goalMs)}`, met: med < goalMs });
  };
  console.log(`The bot (bot:normal) against greedy, ${games} games on the shipped tables${missions ? ', the shipped missions in turn' : ''}: CPU time of each decision, wall clock beside.`);
  line('an Order (first skill)', 'order', 1000);
  line('a second skill', 'second', 1000);
  line('an ARO', 'aros', 200);
  line('a deployment', 'deploy', 1000);
  console.log(`  a game takes ${ms(quantile(gameMs, 0.5))} (median of ${gameMs.length})`);
  return figures.filter((f) => /Order|ARO/.test(f.what));
}

if (/botBench\.(ts|mjs|js)$/.test(process.argv[1] ?? '')) {
  const root = resolve(import.meta.dirname, '..');
  console.log(`load average ${loadavg()[0]!.toFixed(2)} at the start`);
  const args = process.argv.slice(2);
  const figures = botBench(root, Number(args.find((a) => /^\d+$/.test(a)) ?? 2), args.includes('--missions'));
  console.log(`Goals (load average ${loadavg()[0]!.toFixed(2)} at the end):`);
  for (const f of figures) console.log(`  ${f.what}  ${f.figure}, ${f.baseline}; goal ${f.goal}: ${f.met ? 'met' : 'NOT met'}`);
}
