import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARMY_FORMAT, armyTally, parseArmyFile, parseArmyFileText } from './armyfile';
import { GameFileError, parseGameFile } from './gamefile';
import { composeGameFile } from './newgame';
import { parseTableFile } from './tablefile';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const read_ = read;
type Json = any;

function army(): Json {
  return {
    format: ARMY_FORMAT,
    name: 'Test Company',
    troopers: [
      { id: 'lt', name: 'Lieutenant', s: 2, wip: 13, ph: 10, arm: 1, skills: ['lieutenant'] },
      { id: 'gun', name: 'Gunner', s: 2, wip: 12, ph: 10, arm: 1, skills: [], group: 2, points: 20 },
    ],
  };
}

function problem(json: unknown): string {
  try {
    parseArmyFile(json);
  } catch (e) {
    if (e instanceof GameFileError) return e.message;
    throw e;
  }
  return 'accepted';
}

describe('army files (TOOL-9)', () => {
  it('TOOL-9 ships the demo armies as army files in assets/armies, the same troopers as the demo setup', () => {
    const demo = parseGameFile(read('examples/demo-setup.json'));
    const ember = parseArmyFile(read('assets/armies/ember-directorate.json'));
    const tide = parseArmyFile(read('assets/armies/tidewater-concord.json'));
    expect(ember.name).toBe('Ember Directorate');
    expect(ember.troopers).toEqual(demo.players.A.troopers);
    expect(tide.name).toBe('Tidewater Concord');
    expect(tide.troopers).toEqual(demo.players.B.troopers);
  });

  it('TOOL-9 reads a profile exactly as a game file does: every field, defaults filled in', () => {
    const a = parseArmyFile(army());
    expect(a.format).toBe(ARMY_FORMAT);
    expect(a.troopers[0]).toMatchObject({ bts: 0, w: 1, mov: [4, 4], bs: 11, cc: 13, orders: 'regular', group: 1, points: 0, surpriseAttack: -3, weapons: [] });
    expect(a.troopers[1]).toMatchObject({ group: 2, points: 20 });
  });

  it('TOOL-9 refuses a file that is not an army with the first problem, as <path>: <problem>', () => {
    const cases: [string, (a: Json) => unknown][] = [
      ['(file): expected an object', () => [1, 2]],
      ['format: missing, expected "infinity-table-army/1"', (a) => ({ ...a, format: undefined })],
      ['format: expected "infinity-table-army/1"', (a) => ({ ...a, format: 'infinity-table/1' })],
      ['name: missing, expected a string', (a) => ({ ...a, name: undefined })],
      ['name: must not be empty', (a) => ({ ...a, name: '' })],
      ['troopers: missing, expected a list', (a) => ({ ...a, troopers: undefined })],
      ['troopers[1].s: expected at most 8', (a) => (a.troopers[1].s = 9, a)],
      ['troopers[0].bs: expected a number', (a) => (a.troopers[0].bs = '12', a)],
      ['troopers[1].skills[0]: expected one of "lieutenant", "combat-jump", "combat-jump-explosion", "hidden-deployment", "to-camouflage", "infiltration", "forward-deployment-4", "forward-deployment-8", "controlled-jump", "tactical-awareness", "sensor", "super-jump", "climbing-plus", "hacker", "d\u2026', (a) => (a.troopers[1].skills = ['flying'], a)],
      ['troopers[1].id: duplicate id "lt" (also troopers[0])', (a) => (a.troopers[1].id = 'lt', a)],
      ['troopers[1].id: "A-m1" has the form of a marker id', (a) => (a.troopers[1].id = 'A-m1', a)],
      ['troopers: expected exactly one trooper with "lieutenant", found 2', (a) => (a.troopers[1].skills = ['lieutenant'], a)],
      ['troopers: expected exactly one trooper with "lieutenant", found 0', (a) => (a.troopers = [], a)],
      ['troopers[1].weapons[0].burst: expected at least 1', (a) => (a.troopers[1].weapons = [{ id: 'w', name: 'W', burst: 0, damage: 13, ammo: 'N', ranges: [[8, 0]] }], a)],
    ];
    for (const [message, spoil] of cases) expect(problem(spoil(army())), message).toBe(message);
    const eleven = army();
    for (let i = 0; i < 10; i++) eleven.troopers.push({ id: `t${i}`, name: `T${i}`, s: 2, wip: 12, ph: 10, arm: 1, skills: [], group: 2 });
    expect(problem(eleven)).toBe('troopers: Combat Group 2 holds 11 troopers; a group holds at most 10');
    expect(() => parseArmyFileText('{"format": "infinity-table-army/1",')).toThrow('(file): not valid JSON (line 1, column 36: expected a key in quotes, the text ends too early)');
  });

  it('TOOL-9 keeps what only an army file carries, checked: close combat weapons and notes; a game file made from it leaves them out', () => {
    const a = army();
    a.troopers[0].ccWeapons = [{ id: 'knife', name: 'Knife', damage: 'PH-1', ammo: 'SHOCK', traits: 'Silent' }, { id: 'mono', name: 'Monofilament CC Weapon', damage: 12 }];
    a.troopers[1].notes = 'Sixth Sense; Climbing Plus';
    const read = parseArmyFile(a);
    expect(read.troopers[0]!.ccWeapons).toEqual([
      { id: 'knife', name: 'Knife', damage: 'PH-1', burst: 1, ammo: 'SHOCK', save: 'arm', traits: 'Silent' },
      { id: 'mono', name: 'Monofilament CC Weapon', damage: 12, burst: 1, ammo: 'N', save: 'arm' },
    ]);
    expect(read.troopers[1]!.notes).toBe('Sixth Sense; Climbing Plus');
    expect('ccWeapons' in read.troopers[1]!).toBe(false);
    expect(parseArmyFile(JSON.parse(JSON.stringify(read)))).toEqual(read);
    const cases: [string, (a: Json) => unknown][] = [
      ['troopers[0].notes: expected a string', (a) => (a.troopers[0].notes = 3, a)],
      ['troopers[0].notes: expected at most 2000 characters', (a) => (a.troopers[0].notes = 'x'.repeat(2001), a)],
      ['troopers[1].ccWeapons: expected a list', (a) => (a.troopers[1].ccWeapons = {}, a)],
      ['troopers[1].ccWeapons[0].id: missing, expected an id', (a) => (a.troopers[1].ccWeapons = [{ name: 'K', damage: 'PH' }], a)],
      ['troopers[1].ccWeapons[0].damage: expected a number from 0, "PH", or PH with a MOD such as "PH-1"', (a) => (a.troopers[1].ccWeapons = [{ id: 'k', name: 'K', damage: 'STR' }], a)],
      ['troopers[1].ccWeapons[0].ammo: expected one of "N", "AP", "DA", "EXP", "SHOCK", "PARA"', (a) => (a.troopers[1].ccWeapons = [{ id: 'k', name: 'K', damage: 'PH', ammo: 'T2' }], a)],
      ['troopers[1].ccWeapons[1].id: duplicate weapon id "k"', (a) => (a.troopers[1].ccWeapons = [{ id: 'k', name: 'K', damage: 'PH' }, { id: 'k', name: 'K', damage: 'PH' }], a)],
      ['troopers[1].ccWeapons[0].id: duplicate weapon id "w"', (a) => ((a.troopers[1].weapons = [{ id: 'w', name: 'W', burst: 1, damage: 13, ammo: 'N', ranges: [[8, 0]] }]), (a.troopers[1].ccWeapons = [{ id: 'w', name: 'K', damage: 'PH' }]), a)],
      // A profile's own problem is reported first.
      ['troopers[1].s: expected at most 8', (a) => ((a.troopers[1].s = 9), (a.troopers[1].notes = 3), a)],
    ];
    for (const [message, spoil] of cases) expect(problem(spoil(army())), message).toBe(message);
    // CC-12: a game made from the army carries its CC weapons (the game's profile takes them), not its notes.
    const game = composeGameFile(parseTableFile(read_('assets/tables/nexus-station.json')), read, parseArmyFile(read_('assets/armies/tidewater-concord.json')), { random: true });
    expect(game.players.A.troopers[0]!.ccWeapons).toEqual(read.troopers[0]!.ccWeapons);
    expect(game.players.A.troopers[1]).not.toHaveProperty('notes');
  });

  it('TOOL-9 an army whose trooper is called like the stand-in opponent is still read', () => {
    const a = army();
    a.troopers[1].id = 'stand-in';
    expect(parseArmyFile(a).troopers[1]!.id).toBe('stand-in');
  });

  it('TOOL-9 counts troopers and points per Combat Group as the list grows', () => {
    const ember = parseArmyFile(read('assets/armies/ember-directorate.json'));
    const t = armyTally(ember.troopers);
    expect(t.troopers).toBe(9);
    expect(t.groups.map((g) => g.group)).toEqual([1, 2]);
    expect(t.groups.reduce((n, g) => n + g.troopers, 0)).toBe(9);
    expect(t.points).toBe(ember.troopers.reduce((n, x) => n + x.points, 0));
    expect(armyTally([])).toEqual({ groups: [], troopers: 0, points: 0 });
    expect(armyTally([{ group: 3, points: 5 }, { group: 1, points: 7 }, { group: 3, points: 1 }]).groups).toEqual([
      { group: 1, troopers: 1, points: 7 },
      { group: 3, troopers: 2, points: 6 },
    ]);
  });
});
