import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArmyEditor, blankArmy, NO_LIEUTENANT } from './armyEditor';
import { readArmyList } from './armyImport';
import { createPageEditors } from './pageEditors';
import { createLibrary, ARMIES_KEY } from '../../state/editors/library';
import { ARMY_FORMAT, CC_WEAPON_PRESETS, NOTES_LIMIT, parseArmyFile, WEAPON_PRESETS } from '../../core/apiFiles';

const ROOT = join(__dirname, '..', '..', '..');
const tidewater = () => readFileSync(join(ROOT, 'assets', 'armies', 'tidewater-concord.json'), 'utf8');

function editor() {
  const e = new ArmyEditor(blankArmy('Test Company'));
  e.addTrooper();
  e.setField(0, 'name', 'Captain Hale');
  e.setSkill(0, 'lieutenant', true);
  return { e, snap: () => e.store.getState() };
}

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('entering an army quickly (issue 43)', () => {
  it('duplicates a trooper with its close combat weapons and notes, never its Lieutenant', () => {
    const { e } = editor();
    e.setSkill(0, 'infiltration', true);
    e.addCcWeapon(0, 'da-cc-weapon');
    e.setNotes(0, 'Multispectral Visor L1; Mimetism -3');
    expect(e.duplicateTrooper(0)).toBeNull();
    expect(e.army.troopers[1]).toMatchObject({
      id: 'trooper-2',
      name: 'Captain Hale (2)',
      skills: ['infiltration'],
      ccWeapons: [{ id: 'da-cc-weapon', name: 'DA CC Weapon', damage: 'PH', ammo: 'DA' }],
      notes: 'Multispectral Visor L1; Mimetism -3',
    });
    // Ten troopers from one: nine duplicates.
    for (let i = 0; i < 8; i++) expect(e.duplicateTrooper(1)).toBeNull();
    expect(e.army.troopers).toHaveLength(10);
    expect(new Set(e.army.troopers.map((t) => t.id)).size).toBe(10);
    expect(e.army.troopers.filter((t) => t.skills.includes('lieutenant'))).toHaveLength(1);
  });

  it('keeps free notes with a trooper, clears them when emptied, refuses notes over the limit', () => {
    const { e, snap } = editor();
    expect(e.setNotes(0, 'Sixth Sense, Climbing Plus\n')).toBeNull();
    expect(e.army.troopers[0]!.notes).toBe('Sixth Sense, Climbing Plus');
    expect(parseArmyFile(e.army).troopers[0]!.notes).toBe('Sixth Sense, Climbing Plus');
    expect(e.setNotes(0, 'x'.repeat(NOTES_LIMIT + 1))).toBe(`troopers[0].notes: expected at most ${NOTES_LIMIT} characters`);
    expect(snap().notice?.tone).toBe('error');
    expect(e.army.troopers[0]!.notes).toBe('Sixth Sense, Climbing Plus');
    expect(e.setNotes(0, '   ')).toBeNull();
    expect('notes' in e.army.troopers[0]!).toBe(false);
    e.undo();
    expect(e.army.troopers[0]!.notes).toBe('Sixth Sense, Climbing Plus');
  });

  it('keeps close combat weapons: presets, typed in, changed, refused, removed', () => {
    const { e } = editor();
    expect(e.addCcWeapon(0, 'knife')).toBeNull();
    expect(e.addCcWeapon(0, 'custom')).toBeNull();
    expect(e.army.troopers[0]!.ccWeapons!.map((w) => w.id)).toEqual(['knife', 'custom-cc-1']);
    expect(e.setCcWeapon(0, 1, { id: 'custom-cc-1', name: 'Shock Baton', damage: 'PH+1', burst: 1, ammo: 'SHOCK', save: 'arm' })).toBeNull();
    expect(e.setCcWeapon(0, 1, { id: 'custom-cc-1', name: 'Shock Baton', damage: 'PX' as never, burst: 1, ammo: 'SHOCK', save: 'arm' })).toBe(
      'troopers[0].ccWeapons[1].damage: expected a number from 0, "PH", or PH with a MOD such as "PH-1"',
    );
    // One id for all of a trooper's weapons, ranged and close combat.
    expect(e.setCcWeapon(0, 0, { id: 'combi-rifle', name: 'Knife', damage: 'PH-1', burst: 1, ammo: 'SHOCK', save: 'arm' })).toBe('troopers[0].ccWeapons[0].id: duplicate weapon id "combi-rifle"');
    expect(e.army.troopers[0]!.ccWeapons![1]).toMatchObject({ name: 'Shock Baton', damage: 'PH+1' });
    // A second knife gets an id of its own.
    expect(e.addCcWeapon(0, 'knife')).toBeNull();
    expect(e.army.troopers[0]!.ccWeapons![2]!.id).toBe('knife-1');
    for (let k = 2; k >= 0; k--) expect(e.removeCcWeapon(0, k)).toBeNull();
    expect('ccWeapons' in e.army.troopers[0]!).toBe(false);
  });

  it('adds another army file\'s troopers in one edit: ids made free, no second Lieutenant, undone as one', () => {
    const { e, snap } = editor();
    e.setField(0, 'id', 'b-ishii');
    const list = readArmyList(tidewater());
    if ('error' in list) throw new Error(list.error);
    expect(e.importTroopers(list.army)).toBeNull();
    const troopers = e.army.troopers;
    expect(troopers).toHaveLength(1 + list.army.troopers.length);
    expect(troopers[1]).toMatchObject({ id: 'b-ishii-1', name: 'Commander Ishii', skills: [] });
    expect(troopers.filter((t) => t.skills.includes('lieutenant')).map((t) => t.name)).toEqual(['Captain Hale']);
    expect(snap().selected).toBe(1);
    expect(snap().notice?.text).toBe(`${list.army.troopers.length} troopers added from Tidewater Concord.`);
    expect(snap().problem).toBeNull();
    e.undo();
    expect(e.army.troopers).toHaveLength(1);
    // Into a list without its Lieutenant, the pasted one comes with it.
    const bare = new ArmyEditor(blankArmy('Empty'));
    expect(bare.importTroopers(list.army)).toBeNull();
    expect(bare.store.getState().problem).toBeNull();
    // What would break the list is refused, and nothing changes: 11 in a group.
    const full = new ArmyEditor(blankArmy('Full'));
    for (let i = 0; i < 10; i++) full.addTrooper(1);
    expect(full.importTroopers(list.army)).toBe('troopers: Combat Group 1 holds 19 troopers; a group holds at most 10');
    expect(full.army.troopers).toHaveLength(10);
  });

  it('reads a pasted list: an army file, a bare list of troopers, one without a Lieutenant, or says what is wrong where', () => {
    const file = JSON.parse(tidewater());
    const whole = readArmyList(JSON.stringify(file));
    expect('army' in whole && whole.army.name).toBe('Tidewater Concord');
    const bare = readArmyList(JSON.stringify(file.troopers.slice(1, 3)), 'From the forum');
    if ('error' in bare) throw new Error(bare.error);
    expect(bare.army).toMatchObject({ format: ARMY_FORMAT, name: 'From the forum' });
    expect(bare.army.troopers.map((t) => t.skills)).toEqual([file.troopers[1].skills, file.troopers[2].skills]);
    // Defaults are filled in, as for any army file.
    const short = readArmyList(JSON.stringify([{ id: 'x', name: 'X', s: 2, wip: 13, ph: 10, arm: 1, skills: ['infiltration'] }]));
    expect('army' in short && short.army.troopers[0]).toMatchObject({ skills: ['infiltration'], bs: 11, mov: [4, 4], weapons: [] });
    expect(readArmyList(JSON.stringify([{ ...file.troopers[1], s: 9 }]))).toEqual({ error: 'troopers[0].s: expected at most 8' });
    expect(readArmyList('[]')).toEqual({ error: 'troopers: the list is empty' });
    expect(readArmyList('{"format": "infinity-table-army/1", "name": "X", "troopers": [')).toEqual({ error: expect.stringMatching(/^\(file\): not valid JSON/) });
    expect(readArmyList(JSON.stringify([file.troopers[0], file.troopers[0]]))).toEqual({ error: expect.stringContaining('duplicate id "b-ishii"') });
    expect(NO_LIEUTENANT).toContain('found 0');
  });

  it('a pasted list opens as a new army (even without its Lieutenant yet) or goes into the army open now', () => {
    const storage = memory();
    const page = createPageEditors(createLibrary(storage));
    expect(page.addTroopersFrom(tidewater())).toBe('No army is open: open or make one first.');
    const list = JSON.parse(tidewater()).troopers.slice(1, 4);
    expect(page.importText('army', JSON.stringify(list))).toBeNull();
    expect(page.army.army.troopers).toHaveLength(3);
    expect(page.army.store.getState().problem).toBe(NO_LIEUTENANT);
    const more = JSON.parse(tidewater()).troopers.slice(0, 2);
    expect(page.addTroopersFrom(JSON.stringify(more))).toBeNull();
    expect(page.army.store.getState().problem).toBeNull();
    const kept = JSON.parse(storage.getItem(ARMIES_KEY)!).items[0].file.troopers;
    expect(kept.map((t: { id: string }) => t.id)).toEqual(['b-colossus', 'b-strider', 'b-mule', 'b-ishii', 'b-colossus-1']);
  });

  it('every preset says how sure its numbers are and where they come from', () => {
    for (const p of [...WEAPON_PRESETS, ...CC_WEAPON_PRESETS]) {
      expect(['sure', 'likely', 'working value']).toContain(p.sureness);
      expect(p.source.length, p.weapon.name).toBeGreaterThan(20);
    }
    expect(WEAPON_PRESETS.find((p) => p.weapon.id === 'combi-rifle')).toMatchObject({ sureness: 'sure', workingValue: false });
    expect(WEAPON_PRESETS.filter((p) => p.workingValue).every((p) => p.sureness === 'working value')).toBe(true);
    // A preset is a valid weapon of an army file.
    const e = new ArmyEditor(blankArmy());
    e.addTrooper();
    for (const p of WEAPON_PRESETS.slice(1)) expect(e.addWeapon(0, p.weapon.id), p.weapon.id).toBeNull();
    for (const p of CC_WEAPON_PRESETS) expect(e.addCcWeapon(0, p.weapon.id), p.weapon.id).toBeNull();
  });
});
