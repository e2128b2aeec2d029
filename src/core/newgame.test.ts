import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArmyFile } from './armyfile';
import { replay } from './engine';
import { parseGameFile } from './gamefile';
import { composeGameFile } from './newgame';
import { parseTableFile } from './tablefile';
import { contextFor } from './testing/fixtures';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const ember = () => parseArmyFile(read('assets/armies/ember-directorate.json'));
const tide = () => parseArmyFile(read('assets/armies/tidewater-concord.json'));
const harbour = () => parseTableFile(read('assets/tables/harbour-quarter.json'));

describe('a new game from two army files and a table file (TOOL-9)', () => {
  it('TOOL-9 the demo armies on the demo table make the demo setup, in the game file format', () => {
    const game = composeGameFile(parseTableFile(read('assets/tables/nexus-station.json')), ember(), tide(), { random: true });
    const demo = parseGameFile(read('examples/demo-setup.json'));
    expect(JSON.parse(JSON.stringify(game))).toEqual(JSON.parse(JSON.stringify(demo)));
  });

  it('TOOL-9 the same army on both sides: ids get the side\'s prefix, names the side, and the file replays', () => {
    const game = composeGameFile(harbour(), ember(), ember(), { seed: 7 });
    const a = game.players.A.troopers.map((t) => t.id);
    const b = game.players.B.troopers.map((t) => t.id);
    expect(a[0]).toBe('a-a-varro');
    expect(b[0]).toBe('b-a-varro');
    expect(new Set([...a, ...b]).size).toBe(18);
    expect(game.players.A.name).toBe('Ember Directorate (A)');
    expect(game.players.B.name).toBe('Ember Directorate (B)');
    expect(game.table).toEqual({ width: 48, depth: 32 });
    // The same profiles otherwise.
    expect(game.players.B.troopers.map(({ id: _, ...rest }) => rest)).toEqual(ember().troopers.map(({ id: _, ...rest }) => rest));
    const r = replay({ ...game, commands: [{ do: 'initiative', rolls: { A: 12, B: 9 } }, { do: 'keep', player: 'A', choice: 'deployment' }] }, contextFor(game));
    expect(r.rejected).toBeNull();
  });

  it('TOOL-9 a trooper named like a piece of terrain is renamed; a prefixed id already taken gets a number', () => {
    const mine = ember();
    mine.troopers[1]!.id = 'harbour-office';
    const theirs = tide();
    theirs.troopers[1]!.id = 'a-harbour-office';
    const game = composeGameFile(harbour(), mine, theirs, { random: true });
    expect(game.players.A.troopers[1]!.id).toBe('a-harbour-office-2');
    expect(game.players.B.troopers[1]!.id).toBe('a-harbour-office');
    expect(game.players.A.troopers[0]!.id).toBe('a-varro');
  });
});
