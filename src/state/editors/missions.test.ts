import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../../core/api';
import { composeGameFile, layProblem, parseArmyFileText, parseTableFileText } from '../../core/apiFiles';
import { shippedMissions } from './missions';

const asset = (path: string) => readFileSync(new URL(`../../../assets/${path}`, import.meta.url), 'utf8');
const TABLES = ['foundry-ridge', 'harbour-quarter', 'nexus-station'];

describe('the shipped missions New game offers', () => {
  it('MIS-21 New game lists the three shipped missions by name, each fits every shipped table, and the game file it makes carries the mission laid on that table', async () => {
    const missions = await shippedMissions();
    expect(missions.map((m) => m.file.name)).toEqual([...missions.map((m) => m.file.name)].sort((a, b) => a.localeCompare(b)));
    expect(missions).toHaveLength(3);
    const a = parseArmyFileText(asset('armies/ember-directorate.json'));
    const b = parseArmyFileText(asset('armies/tidewater-concord.json'));
    for (const { file: mission } of missions) {
      for (const id of TABLES) {
        const table = parseTableFileText(asset(`tables/${id}.json`));
        expect(layProblem(mission, table), `${mission.name} on ${id}`).toBeNull();
        const game = composeGameFile(table, a, b, { random: true }, mission);
        expect(game.mission, `${mission.name} on ${id}`).toBeDefined();
        // Laid: the game file names the mission and reads back as a valid game.
        expect(JSON.stringify(game.mission)).toContain(JSON.stringify(mission.name));
        expect(() => parseGameFile(JSON.parse(JSON.stringify(game)))).not.toThrow();
      }
    }
  });
});
