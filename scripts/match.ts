/**
 * npm run match -- --a bot:normal --b random --games 200 --seed 1
 *
 * Plays headless games between two agents (src/bot: `random`, `greedy`, `bot:easy|normal|hard`) on the
 * shipped tables (assets/tables) with the shipped armies (assets/armies), and prints each agent's wins,
 * draws and losses with a 95% interval (Wilson) on its share of wins, scored by casualties in points.
 * Game k is played on table k mod 3; agent a sits at side A (the first army) in even games and at B in
 * odd ones, so each agent plays each army and each table alike. Dice are seeded from --seed and k, so a
 * match replays exactly.
 *
 * Options: --workers N (worker threads, default: the cores, at most 2; 0 plays in this thread),
 * --tables name,name (a subset), --json FILE (every game's record), --rounds N (game length, default the
 * table's 3), --mission ID (every game played to that shipped mission, assets/missions: won by its
 * Objective Points, then Victory Points, MIS-10; `all`: the shipped missions in turn), --quiet. With --json
 * the file is written again after every game, and a summary is printed every 10 games, so a match cut
 * short still tells its results so far. The games run from a bundle made with esbuild at the start (as the bench does:
 * tsx slows the hot loops of Line of Fire), in a temporary folder.
 */
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseArmyFileText } from '../src/core/armyfile';
import { composeGameFile } from '../src/core/newgame';
import { parseTableFileText } from '../src/core/tablefile';
import { parseMissionFileText } from '../src/core/rules/missions/file';
import type { Command, PlayerId, Setup } from '../src/core/model/types';
import { agentByName, playGame } from '../src/bot/index';
import { hashText } from '../src/bot/rng';
import { createSceneryIndex } from '../src/spatial/sceneryIndex';

interface Options {
  a: string;
  b: string;
  games: number;
  seed: number;
  workers: number;
  tables: string[] | null;
  json: string | null;
  rounds: number | null;
  mission: string | null;
  quiet: boolean;
  root: string;
}

interface GameOutcome {
  k: number;
  table: string;
  /** the side agent a played */
  aSide: PlayerId;
  score: Record<PlayerId, number>;
  /** the mission's Objective Points, or null */
  points: Record<PlayerId, number> | null;
  /** from agent a's side */
  result: 'win' | 'draw' | 'loss';
  commands: number;
  stuck: string | null;
  refusals: { agent: string; moment: string; code: string; message: string }[];
  /** decision times, ms, by agent name and moment */
  times: Record<string, Record<string, number[]>>;
  ms: number;
  /** the mission played, or null */
  mission: string | null;
  /** the round of each agent's first attack in its own Order (BS or CC), null if none */
  firstAttack: { a: number | null; b: number | null };
}

function parse(argv: string[]): Options {
  const o: Options = { a: 'bot:normal', b: 'random', games: 200, seed: 1, workers: Math.min(2, cpus().length), tables: null, json: null, rounds: null, mission: null, quiet: false, root: resolve(fileURLToPath(import.meta.url), '..', '..') };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k}: a value is missing`);
      return x;
    };
    if (k === '--a') o.a = v();
    else if (k === '--b') o.b = v();
    else if (k === '--games') o.games = Number(v());
    else if (k === '--seed') o.seed = Number(v());
    else if (k === '--workers') o.workers = Number(v());
    else if (k === '--tables') o.tables = v().split(',');
    else if (k === '--json') o.json = v();
    else if (k === '--rounds') o.rounds = Number(v());
    else if (k === '--mission') o.mission = v();
    else if (k === '--quiet') o.quiet = true;
    else throw new Error(`${k}: unknown option`);
  }
  for (const name of [o.a, o.b]) if (!agentByName(name, 1)) throw new Error(`${name}: no such agent (random, greedy, waiter, bot:easy, bot:normal, bot:hard)`);
  if (!Number.isInteger(o.games) || o.games < 1) throw new Error('--games: expected a whole number from 1');
  return o;
}

function tableNames(o: Options): string[] {
  const all = readdirSync(join(o.root, 'assets', 'tables'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
  return o.tables ? all.filter((t) => o.tables!.includes(t)) : all;
}

function armies(o: Options) {
  const dir = join(o.root, 'assets', 'armies');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((f) => parseArmyFileText(readFileSync(join(dir, f), 'utf8')));
}

/** The shipped missions (assets/missions), sorted. */
function missionNames(o: Options): string[] {
  return readdirSync(join(o.root, 'assets', 'missions'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

/**
 * The mission of game k: the one named, or with `--mission all` each shipped one in turn, changed every
 * three games so that tables, missions and sides all meet (table k mod 3, mission floor(k / 3) mod 3).
 */
function missionOf(o: Options, k: number): string | null {
  if (!o.mission) return null;
  if (o.mission !== 'all') return o.mission;
  const all = missionNames(o);
  return all[Math.floor(k / tableNames(o).length) % all.length]!;
}

/** Plays game k of the match. */
function playOne(o: Options, k: number): GameOutcome {
  const names = tableNames(o);
  const table = names[k % names.length]!;
  const [first, second] = armies(o);
  const seed = hashText(`match|${o.seed}|${k}`);
  const missionId = missionOf(o, k);
  const mission = missionId ? parseMissionFileText(readFileSync(join(o.root, 'assets', 'missions', `${missionId}.json`), 'utf8')) : undefined;
  const file = composeGameFile(parseTableFileText(readFileSync(join(o.root, 'assets', 'tables', `${table}.json`), 'utf8')), first!, second!, { seed }, mission);
  const { commands: _c, ...setup } = file;
  const game: Setup = o.rounds ? { ...setup, facts: { ...setup.facts, rounds: o.rounds } } : setup;
  const aSide: PlayerId = k % 2 === 0 ? 'A' : 'B';
  const bSide: PlayerId = aSide === 'A' ? 'B' : 'A';
  const agents = { [aSide]: agentByName(o.a, hashText(`a|${seed}`))!, [bSide]: agentByName(o.b, hashText(`b|${seed}`))! } as Record<PlayerId, ReturnType<typeof agentByName> & object>;
  const ctx = { scenery: createSceneryIndex(game) };
  const t0 = performance.now();
  const firstAttack: GameOutcome['firstAttack'] = { a: null, b: null };
  const onCommand = (state: { round: number }, cmd: Command, player: PlayerId | null) => {
    if (player === null || (cmd.do !== 'order' && cmd.do !== 'second')) return;
    const skill = (cmd as { skill?: string }).skill;
    if (skill !== 'bs-attack' && skill !== 'cc-attack') return;
    const side = player === aSide ? 'a' : 'b';
    firstAttack[side] ??= state.round;
  };
  const rec = playGame(game, agents, ctx, { clock: () => performance.now(), onCommand });
  const times: GameOutcome['times'] = {};
  for (const d of rec.decisions) {
    const name = d.player === aSide ? `a ${o.a}` : `b ${o.b}`;
    ((times[name] ??= {})[d.moment] ??= []).push(Math.round(d.ms * 10) / 10);
  }
  return {
    k,
    table,
    aSide,
    score: rec.score,
    points: rec.points,
    result: rec.winner === null ? 'draw' : rec.winner === aSide ? 'win' : 'loss',
    commands: rec.commands.length,
    stuck: rec.stuck,
    refusals: rec.refusals.map((r) => ({ agent: r.agent, moment: r.moment, code: r.code, message: r.message })),
    times,
    ms: Math.round(performance.now() - t0),
    mission: missionId,
    firstAttack,
  };
}

/** Wilson's 95% interval for a share. */
export function wilson(hits: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = hits / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function summary(o: Options, games: GameOutcome[], wallMs: number): string {
  const n = games.length;
  const w = games.filter((g) => g.result === 'win').length;
  const d = games.filter((g) => g.result === 'draw').length;
  const l = n - w - d;
  const lines: string[] = [];
  const [wl, wh] = wilson(w, n);
  const [ll, lh] = wilson(l, n);
  lines.push(`${n} games, ${o.a} (a) against ${o.b} (b), seed ${o.seed}, tables ${tableNames(o).join(', ')}`);
  lines.push(`  a ${o.a}: ${w} wins, ${d} draws, ${l} losses: wins ${pct(w / n)} (95% ${pct(wl)} to ${pct(wh)}), wins and half the draws ${pct((w + d / 2) / n)}`);
  lines.push(`  b ${o.b}: ${l} wins, ${d} draws, ${w} losses: wins ${pct(l / n)} (95% ${pct(ll)} to ${pct(lh)})`);
  const pts = (side: 'a' | 'b') => games.reduce((s, g) => s + (side === 'a' ? g.score[g.aSide] : g.score[g.aSide === 'A' ? 'B' : 'A']), 0) / n;
  lines.push(`  casualties in points, mean a game: a ${pts('a').toFixed(1)}, b ${pts('b').toFixed(1)}`);
  if (o.mission) {
    const op = (side: 'a' | 'b') => games.reduce((s, g) => s + (g.points ? g.points[side === 'a' ? g.aSide : g.aSide === 'A' ? 'B' : 'A'] : 0), 0) / n;
    lines.push(`  mission ${o.mission}: Objective Points, mean a game: a ${op('a').toFixed(2)}, b ${op('b').toFixed(2)} (wins by the mission's result)`);
    if (o.mission === 'all')
      for (const m of missionNames(o)) {
        const gs = games.filter((g) => g.mission === m);
        if (gs.length === 0) continue;
        const wm = gs.filter((g) => g.result === 'win').length;
        const [ml, mh] = wilson(wm, gs.length);
        lines.push(`    ${m}: ${gs.length} games, a wins ${wm} (${pct(wm / gs.length)}, 95% ${pct(ml)} to ${pct(mh)}), draws ${gs.filter((g) => g.result === 'draw').length}`);
      }
  }
  for (const side of ['a', 'b'] as const) {
    const rounds = games.map((g) => g.firstAttack?.[side] ?? null);
    const fought = rounds.filter((r): r is number => r !== null);
    const byRound = [1, 2, 3].map((r) => fought.filter((x) => x <= r).length);
    lines.push(`  ${side}'s first attack in its own Order: by round 1 in ${byRound[0]} games, by round 2 in ${byRound[1]}, by round 3 in ${byRound[2]}; never in ${n - fought.length}`);
  }
  const stuck = games.filter((g) => g.stuck);
  const refused = games.flatMap((g) => g.refusals);
  lines.push(`  stuck games: ${stuck.length}; refused commands: ${refused.length}${refused.length ? ` (${[...new Set(refused.map((r) => `${r.agent} ${r.moment} ${r.code}`))].slice(0, 6).join('; ')})` : ''}`);
  for (const g of stuck.slice(0, 3)) lines.push(`    game ${g.k}: ${g.stuck!.split('\n')[0]}`);
  const all: Record<string, Record<string, number[]>> = {};
  for (const g of games) for (const [agent, byMoment] of Object.entries(g.times)) for (const [m, xs] of Object.entries(byMoment)) ((all[agent] ??= {})[m] ??= []).push(...xs);
  for (const [agent, byMoment] of Object.entries(all).sort()) {
    const parts = Object.entries(byMoment)
      .filter(([m]) => ['order', 'second', 'aros', 'deploy'].includes(m))
      .map(([m, xs]) => `${m} median ${quantile(xs, 0.5).toFixed(0)} ms, 95th ${quantile(xs, 0.95).toFixed(0)} ms (${xs.length})`);
    lines.push(`  decision times, ${agent}: ${parts.join('; ')}`);
  }
  const gameMs = games.map((g) => g.ms);
  lines.push(`  a game takes ${(quantile(gameMs, 0.5) / 1000).toFixed(1)} s (median); the match took ${(wallMs / 60000).toFixed(1)} min on ${o.workers || 1} thread(s)`);
  return lines.join('\n');
}

function line(g: GameOutcome, o: Options): string {
  return `game ${String(g.k).padStart(3)} ${g.table.padEnd(16)}${g.mission ? ` ${g.mission.padEnd(17)}` : ''} a=${o.a} at ${g.aSide}: ${g.result.padEnd(4)} ${g.score.A}-${g.score.B}${g.points ? ` OP ${g.points.A}-${g.points.B}` : ''} (${g.commands} commands, ${(g.ms / 1000).toFixed(1)} s)${g.stuck ? ' STUCK' : ''}${g.refusals.length ? ` ${g.refusals.length} refused` : ''}`;
}

async function main(): Promise<void> {
  let o: Options;
  try {
    o = parse(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  const t0 = performance.now();
  const games: GameOutcome[] = [];
  const done = (g: GameOutcome) => {
    games.push(g);
    if (!o.quiet) process.stdout.write(`${line(g, o)}\n`);
    // A long match tells how it stands as it goes: every game in the JSON, a summary every 10 games.
    if (o.json) writeFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), o.json), `${JSON.stringify([...games].sort((x, y) => x.k - y.k), null, 1)}\n`);
    if (games.length % 10 === 0 && games.length < o.games) process.stdout.write(`-- so far --\n${summary(o, games, performance.now() - t0)}\n`);
  };
  if (o.workers <= 0) {
    for (let k = 0; k < o.games; k++) done(playOne(o, k));
  } else {
    const { build } = await import('esbuild');
    const dir = mkdtempSync(join(tmpdir(), 'infinity-match-'));
    const bundle = join(dir, 'match.mjs');
    try {
      await build({ entryPoints: [fileURLToPath(import.meta.url)], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } });
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(o.workers, o.games) }, () => {
          const w = new Worker(bundle, { workerData: o });
          return new Promise<void>((res, rej) => {
            const give = () => {
              if (next < o.games) w.postMessage(next++);
              else void w.terminate().then(() => res());
            };
            w.on('message', (g: GameOutcome) => {
              done(g);
              give();
            });
            w.on('error', rej);
            give();
          });
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  games.sort((x, y) => x.k - y.k);
  if (o.json) writeFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), o.json), `${JSON.stringify(games, null, 1)}\n`);
  process.stdout.write(`${summary(o, games, performance.now() - t0)}\n`);
}

if (isMainThread) {
  await main();
} else {
  const o = workerData as Options;
  parentPort!.on('message', (k: number) => parentPort!.postMessage(playOne(o, k)));
}
