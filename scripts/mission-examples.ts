/**
 * Makes the example game of each shipped mission (docs/rules/missions.md, MIS-22): a shipped table, the
 * two shipped armies, the mission laid on the table, seeded dice, three rounds played by the `greedy`
 * baseline; writes examples/mission-<id>.json (setup and commands) and its .expected.json (the scores).
 *
 *   npx tsx scripts/mission-examples.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArmyFileText } from '../src/core/armyfile';
import { composeGameFile } from '../src/core/newgame';
import { parseTableFileText } from '../src/core/tablefile';
import { parseMissionFileText } from '../src/core/rules/missions/file';
import { contextFor } from '../src/core/testing/fixtures';
import { greedyAgent, playGame, type Agent } from '../src/bot';
import { legal } from '../src/bot/moment';
import { Rng } from '../src/bot/rng';
import { worldOf } from '../src/bot/world';
import type { Command, GameState } from '../src/core/model/types';
import { resolveFacts } from '../src/core/data/facts';
import { runGameText } from '../src/cli/run';

const asset = (path: string) => readFileSync(new URL(`../assets/${path}`, import.meta.url), 'utf8');
const GAMES: [mission: string, table: string, seed: number][] = [
  ['hold-the-crossing', 'foundry-ridge', 4],
  ['relay-uplink', 'nexus-station', 11],
  ['war-of-attrition', 'harbour-quarter', 7],
];

/** A point in base contact with a disc at (x, y) of radius r, on the side facing `from`, turned by `turn` degrees. */
function touching(from: { x: number; y: number }, at: { x: number; y: number; r: number }, radius: number, turn: number) {
  const a = Math.atan2(from.y - at.y, from.x - at.x) + (turn * Math.PI) / 180;
  const d = at.r + radius + 0.02;
  return { x: Math.round((at.x + Math.cos(a) * d) * 1000) / 1000, y: Math.round((at.y + Math.sin(a) * d) * 1000) / 1000 };
}

/**
 * The baseline knows nothing of missions. This wrapper, for the examples only: in a Loss of Lieutenant
 * (MIS-17) it names the first standing Regular trooper; a specialist that can reach an objective its side
 * has not activated moves into contact and activates it (MIS-14); a Doctor that can reach an Unconscious
 * friend treats it (MIS-15). Each command is tried on the seat's own world first; otherwise the agent plays.
 */
function withMission(agent: Agent): Agent {
  return {
    name: agent.name,
    decide(seat, ctx) {
      const v = seat.view;
      const me = seat.player;
      if (v.score?.lieutenantOwed === me && v.active === me && !v.order) {
        const standing = Object.entries(v.troopers).find(([id, t]) => t.player === me && ['model', 'marker', 'hidden'].includes(t.status) && seat.profiles[id]?.orders === 'regular');
        if (standing) return { do: 'nameLieutenant', player: me, trooper: standing[0] };
      }
      if (v.score && v.active === me && !v.order && v.phase === 'game') {
        const world: GameState = { ...worldOf(seat, ctx, new Rng(1)).state, score: structuredClone(v.score) };
        const facts = resolveFacts(seat.setup.facts);
        const tries: Command[] = [];
        for (const [id, t] of Object.entries(v.troopers)) {
          const p = seat.profiles[id];
          if (!p || t.player !== me || t.status !== 'model' || t.x === null || t.y === null) continue;
          const r = facts.silhouettes[p.s].radius;
          const targets: { at: { x: number; y: number; r: number }; skill: Record<string, unknown> }[] = [];
          if (p.skills.some((k) => ['hacker', 'doctor', 'engineer', 'forward-observer', 'specialist-operative'].includes(k))) {
            for (const [obj, sides] of Object.entries(v.score.activated)) {
              const o = seat.setup.objectives.find((x) => x.id === obj);
              if (o && !sides.includes(me)) targets.push({ at: o, skill: { skill: 'activate', objective: obj } });
            }
          }
          if (p.skills.includes('doctor')) {
            for (const [fid, f] of Object.entries(v.troopers)) {
              if (f.player === me && f.status === 'unconscious' && f.x !== null && f.y !== null) targets.push({ at: { x: f.x, y: f.y, r: facts.silhouettes[seat.profiles[fid]!.s].radius }, skill: { skill: 'doctor', target: fid } });
            }
          }
          for (const tg of targets) {
            for (const turn of [0, 30, -30, 60, -60, 90, -90]) {
              const spot = touching({ x: t.x, y: t.y }, tg.at, r, turn);
              if (Math.hypot(spot.x - t.x, spot.y - t.y) > p.mov[0] - 0.01) continue;
              tries.push({ do: 'order', player: me, trooper: id, skill: 'move', path: [spot] } as Command);
              tries.push({ do: 'second', player: me, ...tg.skill } as Command);
            }
          }
        }
        for (let i = 0; i < tries.length; i += 2) {
          const first = tries[i]!;
          if (!legal(world, first, ctx)) continue;
          return first; // the second skill follows at the `second` moment below
        }
        // None in reach: the specialist nearest a target walks towards it.
        const walks: { d: number; c: Command }[] = [];
        for (const [id, t] of Object.entries(v.troopers)) {
          const p = seat.profiles[id];
          if (!p || t.player !== me || t.status !== 'model' || t.x === null || t.y === null) continue;
          const goals: { x: number; y: number }[] = [];
          if (p.skills.some((k) => ['hacker', 'engineer', 'forward-observer', 'specialist-operative'].includes(k))) {
            for (const [obj, sides] of Object.entries(v.score.activated)) {
              const o = seat.setup.objectives.find((x) => x.id === obj);
              if (o && !sides.includes(me)) goals.push(o);
            }
          }
          if (p.skills.includes('doctor')) for (const f of Object.values(v.troopers)) if (f.player === me && f.status === 'unconscious' && f.x !== null && f.y !== null) goals.push({ x: f.x, y: f.y });
          for (const g of goals) {
            const dist = Math.hypot(g.x - t.x, g.y - t.y);
            for (const turn of [0, 25, -25, 50, -50]) {
              for (const frac of [1, 0.6, 0.3]) {
                const a = Math.atan2(g.y - t.y, g.x - t.x) + (turn * Math.PI) / 180;
                const len = Math.min(p.mov[0] * frac, Math.max(0, dist - 1.2));
                if (len < 0.5) continue;
                const to = { x: Math.round((t.x + Math.cos(a) * len) * 1000) / 1000, y: Math.round((t.y + Math.sin(a) * len) * 1000) / 1000 };
                walks.push({ d: dist - len * Math.cos((turn * Math.PI) / 180), c: { do: 'order', player: me, trooper: id, skill: 'move', path: [to] } as Command });
              }
            }
          }
        }
        walks.sort((x, y) => x.d - y.d);
        for (const w of walks.slice(0, 40)) if (legal(world, w.c, ctx)) return w.c;
      }
      if (v.score && v.order && v.order.player === me && v.order.stage === 'second') {
        const o = v.order;
        const world: GameState = { ...worldOf(seat, ctx, new Rng(1)).state, score: structuredClone(v.score) };
        const facts = resolveFacts(seat.setup.facts);
        const t = v.troopers[o.trooper];
        const p = seat.profiles[o.trooper];
        const end = o.skills[0]?.path?.at(-1);
        if (t && p && end && o.skills[0]?.skill === 'move') {
          const r = facts.silhouettes[p.s].radius;
          const options: Command[] = [];
          for (const [obj, sides] of Object.entries(v.score.activated)) if (!sides.includes(me)) options.push({ do: 'second', player: me, skill: 'activate', objective: obj } as Command);
          for (const [fid, f] of Object.entries(v.troopers)) if (f.player === me && f.status === 'unconscious') options.push({ do: 'second', player: me, skill: 'doctor', target: fid } as Command);
          void r;
          for (const c of options) if (legal(world, c, ctx)) return c;
        }
      }
      return agent.decide(seat, ctx);
    },
  };
}

for (const [missionId, table, seed] of GAMES) {
  const mission = parseMissionFileText(asset(`missions/${missionId}.json`));
  const file = composeGameFile(parseTableFileText(asset(`tables/${table}.json`)), parseArmyFileText(asset('armies/ember-directorate.json')), parseArmyFileText(asset('armies/tidewater-concord.json')), { seed }, mission);
  const { commands: _c, ...setup } = file;
  const game = playGame(setup, { A: withMission(greedyAgent(seed)), B: withMission(greedyAgent(seed + 1)) }, contextFor(setup));
  if (game.stuck) throw new Error(`${missionId}: ${game.stuck}`);
  const kinds = new Set(['lossOfLieutenant', 'retreat', 'activated']);
  const told = runGameText(`${JSON.stringify({ ...setup, commands: game.commands })}`);
  if (told.ok) process.stdout.write(`  ${told.output.events.filter((e) => kinds.has(e.type)).map((e) => `${e.type} ${'player' in e ? e.player : ''}`).join(', ')}\n`);
  const text = `${JSON.stringify({ ...setup, commands: game.commands })}\n`;
  const run = runGameText(text);
  if (!run.ok || !run.output.ok) throw new Error(`${missionId}: the game does not replay`);
  const events = run.output.events.filter((e) => e.type === 'scored' || e.type === 'gameResult' || e.type === 'gameEnd' || e.type === 'lossOfLieutenant' || e.type === 'retreat' || e.type === 'lieutenantNamed' || e.type === 'activated');
  const expected = { ok: true, events, state: { phase: 'end', score: run.output.state.score } };
  writeFileSync(new URL(`../examples/mission-${missionId}.json`, import.meta.url), text);
  writeFileSync(new URL(`../examples/mission-${missionId}.expected.json`, import.meta.url), `${JSON.stringify(expected, null, 1)}\n`);
  process.stdout.write(`${missionId} on ${table}: ${game.commands.length} commands, points ${JSON.stringify(run.output.state.score?.points)}, result ${JSON.stringify(run.output.state.score?.result)}\n`);
}
