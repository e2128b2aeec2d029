import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArmyEditor, bandsText, blankArmy, NO_LIEUTENANT, parseBands } from './armyEditor';
import { parseArmyFile } from '../../core/apiFiles';

const ROOT = join(__dirname, '..', '..', '..');

function editor() {
  const e = new ArmyEditor(blankArmy('Test Company'));
  return { e, snap: () => e.store.getState() };
}

describe('the army editor (TOOL-9)', () => {
  it('TOOL-9 builds a list trooper by trooper: every profile field, skills and weapons, with points and counts per group', () => {
    const { e, snap } = editor();
    expect(snap().problem).toBe(NO_LIEUTENANT);
    expect(e.addTrooper()).toBeNull();
    expect(snap().selected).toBe(0);
    expect(e.setField(0, 'name', 'Captain Hale')).toBeNull();
    expect(e.setSkill(0, 'lieutenant', true)).toBeNull();
    expect(snap().problem).toBeNull();
    const fields: [string, unknown][] = [
      ['s', 3], ['wip', 14], ['ph', 11], ['arm', 2], ['bts', 3], ['w', 2], ['bs', 12], ['cc', 15],
      ['mov', [6, 2]], ['orders', 'irregular'], ['points', 34], ['surpriseAttack', -6],
    ];
    for (const [f, v] of fields) expect(e.setField(0, f as never, v), f).toBeNull();
    expect(e.addWeapon(0, 'hmg')).toBeNull();
    expect(e.addWeapon(0, 'custom')).toBeNull();
    expect(e.setWeapon(0, 2, { id: 'custom-1', name: 'Nailgun', burst: 2, damage: 12, ammo: 'DA', save: 'arm', ranges: parseBands('8:+3 16:0')! })).toBeNull();
    expect(e.addTrooper()).toBeNull();
    expect(e.setField(1, 'group', 2)).toBeNull();
    expect(e.setField(1, 'points', 12)).toBeNull();
    expect(e.addTrooper()).toBeNull();
    // The third went to the group of the one selected before it.
    const army = parseArmyFile(e.army);
    expect(army.troopers[0]).toMatchObject({ name: 'Captain Hale', s: 3, wip: 14, ph: 11, arm: 2, bts: 3, w: 2, bs: 12, cc: 15, mov: [6, 2], orders: 'irregular', points: 34, surpriseAttack: -6, skills: ['lieutenant'] });
    expect(army.troopers[0]!.weapons.map((w) => w.name)).toEqual(['Combi Rifle', 'Heavy Machine Gun', 'Nailgun']);
    expect(army.troopers[2]!.group).toBe(2);
    expect(snap().tally).toEqual({ groups: [{ group: 1, troopers: 1, points: 34 }, { group: 2, troopers: 2, points: 22 }], troopers: 3, points: 56 });
  });

  it('TOOL-9 refuses an edit that breaks the list, with <path>: <problem>, and leaves the list as it was', () => {
    const { e, snap } = editor();
    e.addTrooper();
    e.setSkill(0, 'lieutenant', true);
    e.addTrooper();
    const before = structuredClone(e.army);
    const refused: [() => string | null, string][] = [
      [() => e.setField(1, 's', 9), 'troopers[1].s: expected at most 8'],
      [() => e.setField(1, 'w', 0), 'troopers[1].w: expected at least 1'],
      [() => e.setField(1, 'name', ''), 'troopers[1].name: must not be empty'],
      [() => e.setField(1, 'id', 'trooper-1'), 'troopers[1].id: duplicate id "trooper-1" (also troopers[0])'],
      [() => e.setField(1, 'id', 'B-m2'), 'troopers[1].id: "B-m2" has the form of a marker id'],
      [() => e.setSkill(1, 'lieutenant', true), 'troopers: expected exactly one trooper with "lieutenant", found 2'],
      [() => e.setWeapon(1, 0, { id: 'combi-rifle', name: 'Combi Rifle', burst: 3, damage: 13, ammo: 'N', save: 'arm', ranges: [[16, 3], [8, 3]] }), 'troopers[1].weapons[0].ranges[1][0]: expected an upper bound above the band before it (16)'],
      [() => e.setName(''), 'name: must not be empty'],
    ];
    for (const [edit, message] of refused) {
      expect(edit()).toBe(message);
      expect(snap().notice).toEqual({ tone: 'error', text: `Refused: ${message}. Nothing was changed.` });
      expect(e.army).toEqual(before);
    }
  });

  it('TOOL-9 GRP-1 a Combat Group takes 10 troopers; the 11th is refused and goes nowhere', () => {
    const { e, snap } = editor();
    for (let i = 0; i < 10; i++) expect(e.addTrooper(1)).toBeNull();
    expect(snap().tally.groups).toEqual([{ group: 1, troopers: 10, points: 100 }]);
    expect(e.addTrooper(1)).toBe('troopers: Combat Group 1 holds 11 troopers; a group holds at most 10');
    expect(e.army.troopers).toHaveLength(10);
    expect(e.addTrooper(2)).toBeNull();
    expect(snap().tally.groups.map((g) => g.troopers)).toEqual([10, 1]);
    expect(e.setField(10, 'group', 1)).toBe('troopers: Combat Group 1 holds 11 troopers; a group holds at most 10');
  });

  it('TOOL-9 copies, moves and removes troopers; a copy is never a second Lieutenant; undo and redo', () => {
    const { e, snap } = editor();
    e.addTrooper();
    e.setField(0, 'name', 'Captain Hale');
    e.setSkill(0, 'lieutenant', true);
    e.setSkill(0, 'infiltration', true);
    expect(e.duplicateTrooper(0)).toBeNull();
    expect(e.army.troopers[1]).toMatchObject({ id: 'trooper-2', name: 'Captain Hale (2)', skills: ['infiltration'] });
    expect(e.duplicateTrooper(1)).toBeNull();
    expect(e.army.troopers[2]!.name).toBe('Captain Hale (3)');
    expect(e.moveTrooper(2, -1)).toBeNull();
    expect(e.army.troopers.map((t) => t.name)).toEqual(['Captain Hale', 'Captain Hale (3)', 'Captain Hale (2)']);
    expect(snap().selected).toBe(1);
    e.removeTrooper(1);
    expect(e.army.troopers.map((t) => t.name)).toEqual(['Captain Hale', 'Captain Hale (2)']);
    e.undo();
    expect(e.army.troopers).toHaveLength(3);
    e.redo();
    expect(e.army.troopers).toHaveLength(2);
    expect(snap().canRedo).toBe(false);
  });

  it('TOOL-9 a shipped army opens as it is and reads back the same', () => {
    const ember = parseArmyFile(JSON.parse(readFileSync(join(ROOT, 'assets', 'armies', 'ember-directorate.json'), 'utf8')));
    const e = new ArmyEditor(ember);
    expect(e.store.getState().problem).toBeNull();
    expect(e.setField(0, 'points', ember.troopers[0]!.points)).toBeNull();
    expect(parseArmyFile(e.army)).toEqual(ember);
  });

  it('TOOL-9 range bands as typed: "8:+3 16:0" and back', () => {
    expect(parseBands('8:+3 16:0, 24:-3')).toEqual([[8, 3], [16, 0], [24, -3]]);
    expect(bandsText([[8, 3], [16, 0], [24, -3]])).toBe('8:+3 16:0 24:-3');
    expect(parseBands('8+3')).toBeNull();
    expect(parseBands('')).toEqual([]);
  });
});
