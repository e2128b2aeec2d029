/** The game file's Active Turn parts (GAME-TURN.md): profiles with weapons, Combat Groups and Orders. */
import { describe, expect, it } from 'vitest';
import { parseGameFile } from './gamefile';
import { expectInvalid, gameWith, validGame } from './testing/gameFiles';

describe('parseGameFile: profiles with weapons, Combat Groups and Orders (GAME-TURN.md)', () => {
  const combi = { id: 'combi', name: 'Combi Rifle', burst: 3, damage: 13, ammo: 'N', ranges: [[8, 3], [16, 3], [24, -3], [32, -3], [40, -6], [48, -6]] };
  const withWeapons = (...weapons: unknown[]) => gameWith((g) => (g.players.A.troopers[0].weapons = weapons));

  it('fills the defaults of every new field, so older files keep their meaning', () => {
    const t = parseGameFile(validGame()).players.A.troopers[0]!;
    expect(t).toMatchObject({ mov: [4, 4], bs: 11, cc: 13, orders: 'regular', group: 1, points: 0, surpriseAttack: -3, weapons: [] });
    expect(parseGameFile(validGame()).facts.rounds).toBeUndefined();
  });

  it('reads a full profile: MOV, BS, Irregular, group, points, weapons with bands and templates', () => {
    const file = parseGameFile(
      gameWith((g) => {
        Object.assign(g.players.A.troopers[0], { mov: [6, 2], bs: 13, cc: 15, orders: 'irregular', group: 2, points: 28, surpriseAttack: -6, skills: ['lieutenant', 'tactical-awareness', 'sensor'] });
        g.players.A.troopers[0].weapons = [
          combi,
          { id: 'flamer', name: 'Light Flamethrower', burst: 1, damage: 13, ammo: 'N', template: 'small-teardrop', kind: 'direct' },
          { id: 'glauncher', name: 'Light Grenade Launcher', burst: 1, damage: 13, ammo: 'N', save: 'arm', template: 'circular', kind: 'impact', ranges: [[16, 0], [32, -3]] },
        ];
        g.facts = { rounds: 1 };
      }),
    );
    const t = file.players.A.troopers[0]!;
    expect(t).toMatchObject({ mov: [6, 2], bs: 13, orders: 'irregular', group: 2, points: 28, surpriseAttack: -6 });
    expect(t.weapons.map((w) => w.save)).toEqual(['arm', 'arm', 'arm']);
    expect(file.facts.rounds).toBe(1);
  });

  it('GRP-1 a group of more than 10 troopers is exit 1; troopers without a group count in group 1', () => {
    const eleven = gameWith((g) => {
      for (let i = 0; i < 10; i++) g.players.B.troopers.push({ id: `b-${i}`, name: `B ${i}`, s: 2, wip: 12, ph: 10, arm: 1, skills: [] });
    });
    expectInvalid(eleven, 'players.B.troopers', /Combat Group 1 holds 11 troopers/);
    eleven.players.B.troopers[10].group = 2;
    expect(() => parseGameFile(eleven)).not.toThrow();
  });

  it('a weapon without ranges, two weapons with one id, a band list out of order are exit 1', () => {
    expectInvalid(withWeapons({ ...combi, ranges: undefined }), 'players.A.troopers[0].weapons[0].ranges', /range bands/);
    expectInvalid(withWeapons(combi, { ...combi, name: 'Other' }), 'players.A.troopers[0].weapons[1].id', /duplicate weapon id "combi"/);
    expectInvalid(withWeapons({ ...combi, ranges: [[8, 3], [8, 0]] }), 'players.A.troopers[0].weapons[0].ranges[1][0]', /above the band before it/);
    expectInvalid(withWeapons({ ...combi, ranges: [[0, 3]] }), 'players.A.troopers[0].weapons[0].ranges[0][0]');
    expectInvalid(withWeapons({ ...combi, burst: 0 }), 'players.A.troopers[0].weapons[0].burst', /at least 1/);
    expectInvalid(withWeapons({ ...combi, ammo: 'AP' }), 'players.A.troopers[0].weapons[0].ammo');
  });

  it('templates: a direct teardrop has no bands, an impact circle has bands and Burst 1', () => {
    const flamer = { id: 'f', name: 'Flamer', burst: 1, damage: 13, ammo: 'N', template: 'small-teardrop', kind: 'direct' };
    expect(() => parseGameFile(withWeapons(flamer))).not.toThrow();
    expectInvalid(withWeapons({ ...flamer, ranges: [[8, 0]] }), 'players.A.troopers[0].weapons[0].ranges', /no range bands/);
    expectInvalid(withWeapons({ ...flamer, template: 'circular' }), 'players.A.troopers[0].weapons[0].template', /teardrop/);
    expectInvalid(withWeapons({ ...flamer, kind: undefined }), 'players.A.troopers[0].weapons[0].kind');
    const gl = { id: 'g', name: 'Launcher', burst: 1, damage: 13, ammo: 'N', template: 'circular', kind: 'impact', ranges: [[16, 0]] };
    expect(() => parseGameFile(withWeapons(gl))).not.toThrow();
    expectInvalid(withWeapons({ ...gl, burst: 2 }), 'players.A.troopers[0].weapons[0].burst', /Burst 1/);
    expectInvalid(withWeapons({ ...gl, ranges: undefined }), 'players.A.troopers[0].weapons[0].ranges', /range bands/);
    expectInvalid(withWeapons({ ...gl, template: 'large-teardrop' }), 'players.A.troopers[0].weapons[0].template', /circular/);
  });

  it('facts.rounds is an integer from 1 to 10; a group is an integer from 1', () => {
    expectInvalid(gameWith((g) => (g.facts = { rounds: 11 })), 'facts.rounds', /at most 10/);
    expectInvalid(gameWith((g) => (g.facts = { rounds: 0 })), 'facts.rounds', /at least 1/);
    expectInvalid(gameWith((g) => (g.players.A.troopers[0].group = 0)), 'players.A.troopers[0].group', /at least 1/);
    expectInvalid(gameWith((g) => (g.players.A.troopers[0].orders = 'special')), 'players.A.troopers[0].orders');
    expectInvalid(gameWith((g) => (g.players.A.troopers[0].mov = [4])), 'players.A.troopers[0].mov');
  });
});
