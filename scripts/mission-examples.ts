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
import { runGameText } from '../src/cli/run';

const asset = (path: string) => readFileSync(new URL(`../assets/${path}`, import.meta.url), 'utf8');
const GAMES: [mission: string, table: string, seed: number][] = [
  ['hold-the-crossing', 'foundry-ridge', 4],
  ['relay-uplink', 'nexus-station', 11],
  ['war-of-attrition', 'harbour-quarter', 7],
];

/**
 * The baseline knows nothing of missions: in a Loss of Lieutenant (MIS-17) this names the first standing
 * Regular trooper before the agent plays on.
 */
function withMission(agent: Agent): Agent {
  return {
    name: agent.name,
    decide(seat, ctx) {
      const v = seat.view;
      if (v.score?.lieutenantOwed === seat.player && v.active === seat.player && !v.order) {
        const standing = Object.entries(v.troopers).find(([id, t]) => t.player === seat.player && ['model', 'marker', 'hidden'].includes(t.status) && seat.profiles[id]?.orders === 'regular');
        if (standing) return { do: 'nameLieutenant', player: seat.player, trooper: standing[0] };
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
  const events = run.output.events.filter((e) => e.type === 'scored' || e.type === 'gameResult' || e.type === 'gameEnd' || e.type === 'lossOfLieutenant' || e.type === 'retreat' || e.type === 'lieutenantNamed');
  const expected = { ok: true, events, state: { phase: 'end', score: run.output.state.score } };
  writeFileSync(new URL(`../examples/mission-${missionId}.json`, import.meta.url), text);
  writeFileSync(new URL(`../examples/mission-${missionId}.expected.json`, import.meta.url), `${JSON.stringify(expected, null, 1)}\n`);
  process.stdout.write(`${missionId} on ${table}: ${game.commands.length} commands, points ${JSON.stringify(run.output.state.score?.points)}, result ${JSON.stringify(run.output.state.score?.result)}\n`);
}
