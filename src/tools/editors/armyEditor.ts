/**
 * The army editor (TOOL-9): the list being made, one edit at a time. Every edit is checked by the army
 * file's reading (the game file's own schema and rules for a side) and kept only if it breaks nothing:
 * a Strength of 9, a second Lieutenant, an 11th trooper in a Combat Group or an id used twice is refused
 * with its `<path>: <problem>`, and the list stays exactly as it was. The one thing a list may lack
 * while it grows is its Lieutenant: until it has one it is "not ready" and cannot be played or
 * downloaded. Every kept edit can be undone. No React, no DOM.
 *
 * Entering a list quickly (issue 43): a trooper is duplicated with everything it has; another army
 * file's troopers (a file, or a list pasted in: `armyImport.ts`) are added in one edit, their ids made
 * free; close combat weapons and free notes are kept with each trooper (army files only, armyfile.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Skill, TrooperProfile, Weapon } from '../../core/model/types';
import { nextId } from './tableModel';
import type { EditorNotice } from './tableEditor';
import { GameFileError } from '../../core/api';
import { ARMY_FORMAT, type ArmyFile, type ArmyTrooper, armyTally, type CcWeapon, ccWeaponPreset, type GroupTally, parseArmyFile, weaponPreset } from '../../core/apiFiles';

/** The problem a list may have while it grows: no Lieutenant yet. */
export const NO_LIEUTENANT = 'troopers: expected exactly one trooper with "lieutenant", found 0';

export interface ArmyEditorSnapshot {
  draft: ArmyFile;
  /** the trooper whose profile is open, by index */
  selected: number | null;
  /** the first thing that keeps the list from being an army file (a game needs it), or null */
  problem: string | null;
  tally: { groups: GroupTally[]; troopers: number; points: number };
  notice: EditorNotice | null;
  canUndo: boolean;
  canRedo: boolean;
}

/** A fresh list: a name and no troopers. */
export function blankArmy(name = 'New army'): ArmyFile {
  return { format: ARMY_FORMAT, name, troopers: [] };
}

/** The first problem of a list as an army file, or null. */
export function armyProblem(army: unknown): string | null {
  try {
    parseArmyFile(army);
    return null;
  } catch (e) {
    if (e instanceof GameFileError) return e.message;
    throw e;
  }
}

/** A new trooper's profile: a plain S2 line trooper with a Combi Rifle. */
export function newTrooper(id: string, name: string, group: number): TrooperProfile {
  return {
    id,
    name,
    s: 2,
    wip: 13,
    ph: 10,
    arm: 1,
    bts: 0,
    w: 1,
    skills: [],
    mov: [4, 4],
    bs: 11,
    cc: 13,
    orders: 'regular',
    group,
    points: 10,
    surpriseAttack: -3,
    weapons: [weaponPreset('combi-rifle')],
  };
}

/** A close combat weapon typed in by hand: a plain CC Weapon (Damage PH) to be set to its numbers. */
export function customCcWeapon(id: string): CcWeapon {
  return { id, name: 'Custom CC weapon', damage: 'PH', burst: 1, ammo: 'N', save: 'arm' };
}

/** A weapon typed in by hand, to be set to its numbers. */
export function customWeapon(id: string): Weapon {
  return { id, name: 'Custom weapon', burst: 2, damage: 13, ammo: 'N', save: 'arm', ranges: [[8, 0], [16, 0], [24, -3]] };
}

const HISTORY = 200;
const copy = (a: ArmyFile): ArmyFile => JSON.parse(JSON.stringify(a)) as ArmyFile;

export class ArmyEditor {
  readonly store: StoreApi<ArmyEditorSnapshot>;
  private draft: ArmyFile;
  private selected: number | null = null;
  private notice: EditorNotice | null = null;
  private undoStack: { draft: ArmyFile; selected: number | null }[] = [];
  private redoStack: { draft: ArmyFile; selected: number | null }[] = [];

  constructor(army: ArmyFile) {
    this.draft = copy(army);
    this.store = createStore<ArmyEditorSnapshot>()(() => this.snapshot());
  }

  get army(): ArmyFile {
    return this.draft;
  }

  /** Opens another list: the selection and the undo history go. */
  load(army: ArmyFile): void {
    this.draft = copy(army);
    this.selected = army.troopers.length > 0 ? 0 : null;
    this.undoStack = [];
    this.redoStack = [];
    this.notice = null;
    this.publish();
  }

  select(i: number | null): void {
    this.selected = i !== null && i >= 0 && i < this.draft.troopers.length ? i : null;
    this.publish();
  }

  /**
   * Keeps `next` if it breaks nothing (lacking a Lieutenant is allowed while the list grows); else
   * leaves the list as it was and says why. Returns the reason, or null.
   */
  private edit(next: ArmyFile, text: string, selected: number | null = this.selected): string | null {
    const problem = armyProblem(next);
    if (problem && problem !== NO_LIEUTENANT) {
      this.notice = { tone: 'error', text: `Refused: ${problem}. Nothing was changed.` };
      this.publish();
      return problem;
    }
    this.undoStack.push({ draft: this.draft, selected: this.selected });
    if (this.undoStack.length > HISTORY) this.undoStack.shift();
    this.redoStack = [];
    // Kept as the file reads it (defaults filled in), once it reads.
    this.draft = problem ? next : parseArmyFile(next);
    this.selected = selected;
    this.notice = { tone: 'info', text };
    this.publish();
    return null;
  }

  private trooper(i: number): ArmyTrooper | undefined {
    return this.draft.troopers[i];
  }

  private withTrooper(i: number, change: (t: ArmyTrooper) => ArmyTrooper): ArmyFile {
    const next = copy(this.draft);
    next.troopers[i] = change(next.troopers[i]!);
    return next;
  }

  setName(name: string): string | null {
    return this.edit({ ...copy(this.draft), name }, 'Army renamed.');
  }

  /** A new trooper, in the Combat Group of the one selected (or group 1), selected. */
  addTrooper(group = this.selected !== null ? this.trooper(this.selected)!.group : 1): string | null {
    const taken = new Set(this.draft.troopers.map((t) => t.id));
    const id = nextId('trooper', taken);
    const n = id.slice('trooper-'.length);
    const next = copy(this.draft);
    next.troopers.push(newTrooper(id, `Trooper ${n}`, group));
    return this.edit(next, `Trooper ${n} added to group ${group}.`, next.troopers.length - 1);
  }

  /** A copy of a trooper just after it, with an id and a name of its own. */
  duplicateTrooper(i: number): string | null {
    const t = this.trooper(i);
    if (!t) return null;
    const taken = new Set(this.draft.troopers.map((x) => x.id));
    const id = nextId(t.id.replace(/-\d+$/, ''), taken);
    const names = new Set(this.draft.troopers.map((x) => x.name));
    let name = t.name;
    for (let n = 2; names.has(name); n++) name = `${t.name.replace(/ \(\d+\)$/, '').slice(0, 74)} (${n})`;
    const next = copy(this.draft);
    next.troopers.splice(i + 1, 0, { ...(JSON.parse(JSON.stringify(t)) as ArmyTrooper), id, name, skills: t.skills.filter((s) => s !== 'lieutenant') });
    return this.edit(next, `${t.name} copied.`, i + 1);
  }

  /**
   * Every trooper of another list, added after this one's in a single edit (undone as one): ids this
   * list already uses get a free one (`<id>-1`, ...), and a Lieutenant comes along only if this list has
   * none yet (a second one would be refused). The first added trooper is selected.
   */
  importTroopers(from: Pick<ArmyFile, 'name' | 'troopers'>): string | null {
    if (from.troopers.length === 0) {
      this.notice = { tone: 'error', text: `Refused: ${from.name} has no troopers. Nothing was changed.` };
      this.publish();
      return 'no troopers';
    }
    const next = copy(this.draft);
    const taken = new Set(next.troopers.map((t) => t.id));
    let lieutenant = next.troopers.some((t) => t.skills.includes('lieutenant'));
    const first = next.troopers.length;
    for (const original of from.troopers) {
      const t = JSON.parse(JSON.stringify(original)) as ArmyTrooper;
      if (taken.has(t.id)) t.id = nextId(t.id.replace(/-\d+$/, ''), taken);
      taken.add(t.id);
      if (t.skills.includes('lieutenant')) {
        if (lieutenant) t.skills = t.skills.filter((s) => s !== 'lieutenant');
        lieutenant = true;
      }
      next.troopers.push(t);
    }
    const n = from.troopers.length;
    return this.edit(next, `${n} trooper${n === 1 ? '' : 's'} added from ${from.name}.`, first);
  }

  removeTrooper(i: number): string | null {
    const t = this.trooper(i);
    if (!t) return null;
    const next = copy(this.draft);
    next.troopers.splice(i, 1);
    const sel = next.troopers.length === 0 ? null : Math.min(i, next.troopers.length - 1);
    return this.edit(next, `${t.name} removed.`, sel);
  }

  /** Moves a trooper up (-1) or down (+1) the list. */
  moveTrooper(i: number, by: -1 | 1): string | null {
    const j = i + by;
    if (!this.trooper(i) || !this.trooper(j)) return null;
    const next = copy(this.draft);
    [next.troopers[i], next.troopers[j]] = [next.troopers[j]!, next.troopers[i]!];
    return this.edit(next, 'Moved.', j);
  }

  /**
   * A profile field from the form: `name`, `id`, `s`, `wip`, `ph`, `arm`, `bts`, `w`, `bs`, `cc`,
   * `points`, `surpriseAttack`, `group`, `orders`, `mov` (both values).
   */
  setField(i: number, field: keyof TrooperProfile, value: unknown): string | null {
    if (!this.trooper(i)) return null;
    return this.edit(this.withTrooper(i, (t) => ({ ...t, [field]: value })), `${this.trooper(i)!.name}: ${String(field)} set.`);
  }

  setSkill(i: number, skill: Skill, on: boolean): string | null {
    const t = this.trooper(i);
    if (!t) return null;
    const skills = on ? (t.skills.includes(skill) ? t.skills : [...t.skills, skill]) : t.skills.filter((s) => s !== skill);
    return this.edit(this.withTrooper(i, (x) => ({ ...x, skills })), `${t.name}: ${skill} ${on ? 'added' : 'removed'}.`);
  }

  /** Free notes: whatever else the profile says (skills and equipment the engine does not know). Empty: none. */
  setNotes(i: number, text: string): string | null {
    const t = this.trooper(i);
    if (!t) return null;
    const notes = text.replace(/\s+$/, '');
    if ((t.notes ?? '') === notes) return null;
    return this.edit(
      this.withTrooper(i, (x) => {
        const { notes: _old, ...rest } = x;
        return notes === '' ? rest : { ...rest, notes };
      }),
      `${t.name}: notes ${notes === '' ? 'cleared' : 'kept'}.`,
    );
  }

  /** A close combat weapon preset (by id, CC_WEAPON_PRESETS), or one to type in by hand (`custom`). */
  addCcWeapon(i: number, preset: string): string | null {
    const t = this.trooper(i);
    if (!t) return null;
    const taken = new Set([...t.weapons.map((w) => w.id), ...(t.ccWeapons ?? []).map((w) => w.id)]);
    const w = preset === 'custom' ? customCcWeapon(nextId('custom-cc', taken)) : ccWeaponPreset(preset);
    if (taken.has(w.id)) w.id = nextId(w.id, taken);
    return this.edit(this.withTrooper(i, (x) => ({ ...x, ccWeapons: [...(x.ccWeapons ?? []), w] })), `${t.name}: ${w.name} added.`);
  }

  /** A close combat weapon's fields from the form (the whole weapon, checked as one). */
  setCcWeapon(i: number, k: number, weapon: CcWeapon): string | null {
    const t = this.trooper(i);
    if (!t || !t.ccWeapons?.[k]) return null;
    return this.edit(this.withTrooper(i, (x) => ({ ...x, ccWeapons: (x.ccWeapons ?? []).map((old, j) => (j === k ? weapon : old)) })), `${t.name}: ${weapon.name} set.`);
  }

  removeCcWeapon(i: number, k: number): string | null {
    const t = this.trooper(i);
    if (!t || !t.ccWeapons?.[k]) return null;
    const name = t.ccWeapons[k]!.name;
    return this.edit(
      this.withTrooper(i, (x) => {
        const rest = (x.ccWeapons ?? []).filter((_, j) => j !== k);
        const { ccWeapons: _old, ...profile } = x;
        return rest.length === 0 ? profile : { ...profile, ccWeapons: rest };
      }),
      `${t.name}: ${name} removed.`,
    );
  }

  /** A preset weapon (by preset id), or a weapon to type in by hand (`custom`). */
  addWeapon(i: number, preset: string): string | null {
    const t = this.trooper(i);
    if (!t) return null;
    const taken = new Set([...t.weapons.map((w) => w.id), ...(t.ccWeapons ?? []).map((w) => w.id)]);
    const w = preset === 'custom' ? customWeapon(nextId('custom', taken)) : weaponPreset(preset);
    if (taken.has(w.id)) w.id = nextId(w.id, taken);
    return this.edit(this.withTrooper(i, (x) => ({ ...x, weapons: [...x.weapons, w] })), `${t.name}: ${w.name} added.`);
  }

  /** A weapon's fields from the form (a whole weapon, checked as one). */
  setWeapon(i: number, w: number, weapon: Weapon): string | null {
    const t = this.trooper(i);
    if (!t || !t.weapons[w]) return null;
    return this.edit(this.withTrooper(i, (x) => ({ ...x, weapons: x.weapons.map((old, k) => (k === w ? weapon : old)) })), `${t.name}: ${weapon.name} set.`);
  }

  removeWeapon(i: number, w: number): string | null {
    const t = this.trooper(i);
    if (!t || !t.weapons[w]) return null;
    return this.edit(this.withTrooper(i, (x) => ({ ...x, weapons: x.weapons.filter((_, k) => k !== w) })), `${t.name}: ${t.weapons[w]!.name} removed.`);
  }

  undo(): void {
    this.travel(this.undoStack, this.redoStack, 'Undone.');
  }

  redo(): void {
    this.travel(this.redoStack, this.undoStack, 'Redone.');
  }

  /** Undo or redo: the draft (and selection) on top of `from` comes back, the one it replaces goes onto `to`. */
  private travel(from: { draft: ArmyFile; selected: number | null }[], to: { draft: ArmyFile; selected: number | null }[], text: string): void {
    const back = from.pop();
    if (!back) return;
    to.push({ draft: this.draft, selected: this.selected });
    this.draft = back.draft;
    this.selected = back.selected;
    this.notice = { tone: 'info', text };
    this.publish();
  }

  private snapshot(): ArmyEditorSnapshot {
    return {
      draft: this.draft,
      selected: this.selected,
      problem: armyProblem(this.draft),
      tally: armyTally(this.draft.troopers),
      notice: this.notice,
      canUndo: this.undoStack.length > 0,
      canRedo: this.redoStack.length > 0,
    };
  }

  private publish(): void {
    this.store.setState(this.snapshot(), true);
  }
}

/** A weapon's range bands as typed: `8:+3 16:+3 24:-3` (upper bound in inches, then its MOD). */
export function bandsText(ranges: readonly (readonly [number, number])[] | undefined): string {
  return (ranges ?? []).map(([r, m]) => `${r}:${m > 0 ? '+' : ''}${m}`).join(' ');
}

/** The bands back from their text, or null when it is not of that form. */
export function parseBands(text: string): [number, number][] | null {
  const parts = text.trim().split(/[\s,]+/).filter(Boolean);
  const out: [number, number][] = [];
  for (const p of parts) {
    const m = /^(\d+(?:\.\d+)?)\s*:\s*([+-]?\d+)$/.exec(p);
    if (!m) return null;
    out.push([Number(m[1]), Number(m[2])]);
  }
  return out;
}
