/**
 * Weapon presets for armies (FACTS.md: "Weapons are data in a profile"), each with how sure its numbers
 * are and where they come from, in FACTS.md's words: **sure** (read in a 4th-edition source), **likely**
 * (an indirect source, or another edition's that matches), **working value** (no source found). The
 * army editor shows both beside the preset, so a player knows what to check against their profile. A
 * game file carries its weapons in full, so a preset changed later never changes a saved game.
 *
 * The preset calls are marked pure, so the page's first chunk (which reaches this file through
 * core/api.ts) leaves the lists out: only the editors use them.
 *
 * Close combat weapons are presets too (`CC_WEAPON_PRESETS`): an army file keeps them with a trooper
 * (`ccWeapons`, armyfile.ts) and a game made from the army carries them (CC-12).
 */
import type { CcWeapon, Weapon } from '../model/types';

export type Sureness = 'sure' | 'likely' | 'working value';

/** Where a preset's numbers come from. */
export interface PresetSource {
  sureness: Sureness;
  /** what the source says, and where it is (a web address where there is one) */
  source: string;
}

export interface WeaponPreset extends PresetSource {
  weapon: Weapon;
  /** true where no source was found for the numbers (FACTS.md: working value) */
  workingValue: boolean;
}

/** The Weapon Chart of the Infinity wiki (its N4 section, as kept in the page's history). */
const WIKI_CHART = 'infinitythewiki.com/index.php?title=Weapon_Chart&diff=2620&oldid=1989';
/** The same wiki's page on reading a ranged weapon's profile (the MULTI Rifle's row, N4 bands). */
const WIKI_RANGED = 'infinitythewiki.com/BS_Weapon';
/** Corvus Belli's own wiki for the 3rd edition. */
const N3_WIKI = 'wiki.infinitythegame.com/en';

const NO_SOURCE = 'No source found for these numbers: check them against your army list.';

const preset = (weapon: Weapon, sureness: Sureness, source: string): WeaponPreset => ({ weapon, sureness, source, workingValue: sureness === 'working value' });

export const WEAPON_PRESETS: readonly WeaponPreset[] = [
  /* @__PURE__ */ preset(
    { id: 'combi-rifle', name: 'Combi Rifle', burst: 3, damage: 13, ammo: 'N', save: 'arm', ranges: [[8, 3], [16, 3], [24, -3], [32, -3], [40, -6], [48, -6]] },
    'sure',
    `FACTS.md (N4): B3, Damage 13, N, ARM; 8" +3, 16" +3, 24" -3, 32" -3, 40" -6, 48" -6. The same bands and numbers as the MULTI Rifle's Burst Mode row in ${WIKI_RANGED}; the 3rd edition's Combi Rifle (${N3_WIKI}/Maximum_Range) is also DAM 13, B3, N.`,
  ),
  /* @__PURE__ */ preset({ id: 'rifle', name: 'Rifle', burst: 3, damage: 13, ammo: 'N', save: 'arm', ranges: [[8, 0], [16, 3], [24, 3], [32, -3], [40, -3], [48, -6]] }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset({ id: 'submachine-gun', name: 'Submachine Gun', burst: 3, damage: 12, ammo: 'N', save: 'arm', ranges: [[8, 3], [16, 0], [24, -3], [32, -6]] }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset({ id: 'pistol', name: 'Pistol', burst: 2, damage: 11, ammo: 'N', save: 'arm', ranges: [[8, 3], [16, 0], [24, -3]] }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset({ id: 'light-shotgun', name: 'Light Shotgun', burst: 2, damage: 13, ammo: 'N', save: 'arm', ranges: [[8, 6], [16, 0], [24, -3]] }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset({ id: 'spitfire', name: 'Spitfire', burst: 4, damage: 14, ammo: 'N', save: 'arm', ranges: [[8, 0], [16, 3], [24, 3], [32, -3], [40, -3], [48, -6]] }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset({ id: 'hmg', name: 'Heavy Machine Gun', burst: 4, damage: 15, ammo: 'N', save: 'arm', ranges: [[8, -3], [16, 0], [24, 3], [32, 3], [40, 0], [48, -3]] }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset({ id: 'sniper-rifle', name: 'Sniper Rifle', burst: 2, damage: 15, ammo: 'N', save: 'arm', ranges: [[8, -3], [16, 0], [24, 3], [32, 3], [40, 0], [48, -3]] }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset(
    { id: 'missile-launcher', name: 'Missile Launcher', burst: 1, damage: 15, ammo: 'EXP', save: 'arm', template: 'circular', kind: 'impact', ranges: [[8, -3], [16, 0], [24, 3], [32, 3], [40, 0], [48, -3]] },
    'working value',
    NO_SOURCE,
  ),
  /* @__PURE__ */ preset(
    { id: 'light-grenade-launcher', name: 'Light Grenade Launcher', burst: 1, damage: 13, ammo: 'N', save: 'arm', template: 'circular', kind: 'impact', ranges: [[8, 0], [16, 0], [24, -3], [32, -3]] },
    'working value',
    NO_SOURCE,
  ),
  /* @__PURE__ */ preset({ id: 'light-flamethrower', name: 'Light Flamethrower', burst: 1, damage: 13, ammo: 'N', save: 'arm', template: 'small-teardrop', kind: 'direct' }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset({ id: 'heavy-flamethrower', name: 'Heavy Flamethrower', burst: 1, damage: 14, ammo: 'N', save: 'arm', template: 'large-teardrop', kind: 'direct' }, 'working value', NO_SOURCE),
  /* @__PURE__ */ preset(
    { id: 'chain-rifle', name: 'Chain Rifle', burst: 1, damage: 13, ammo: 'N', save: 'arm', template: 'large-teardrop', kind: 'direct' },
    'likely',
    `The 3rd edition's Chain Rifle (${N3_WIKI}/Chain_Rifle): DAM 13, B1, N, Direct Template (Large Teardrop). No 4th-edition row was found. (Until issue 43 this preset said Damage 15, with no source.)`,
  ),
  /* @__PURE__ */ preset({ id: 'boarding-shotgun', name: 'Boarding Shotgun', burst: 2, damage: 14, ammo: 'N', save: 'arm', ranges: [[8, 6], [16, 0], [24, -3]] }, 'working value', NO_SOURCE),
];

/** A copy of a preset's weapon, by id. */
export function weaponPreset(id: string): Weapon {
  const p = WEAPON_PRESETS.find((w) => w.weapon.id === id);
  if (!p) throw new Error(`no weapon preset "${id}"`);
  return structuredClone(p.weapon);
}

// A close combat weapon (CC-12): its type lives with the profile's (model/types.ts); every CC weapon
// of the chart has Burst 1.
export { CC_AMMO, type CcAmmo, type CcDamage, type CcWeapon } from '../model/types';

export interface CcWeaponPreset extends PresetSource {
  weapon: CcWeapon;
}

const cc = (weapon: CcWeapon, sureness: Sureness, source: string): CcWeaponPreset => ({ weapon, sureness, source });

export const CC_WEAPON_PRESETS: readonly CcWeaponPreset[] = [
  /* @__PURE__ */ cc({ id: 'cc-weapon', name: 'CC Weapon', damage: 'PH', burst: 1, ammo: 'N', save: 'arm' }, 'likely', `${WIKI_CHART}: "CC Weapon | PH | 1 | N | ARM | CC" (the chart's CodeOne rows, which its N4 rows match for the AP CC Weapon).`),
  /* @__PURE__ */ cc({ id: 'ap-cc-weapon', name: 'AP CC Weapon', damage: 'PH', burst: 1, ammo: 'AP', save: 'arm' }, 'sure', `${WIKI_CHART}, N4 rows: "AP CC Weapon | PH | 1 | AP | ARM | CC".`),
  /* @__PURE__ */ cc({ id: 'da-cc-weapon', name: 'DA CC Weapon', damage: 'PH', burst: 1, ammo: 'DA', save: 'arm' }, 'likely', `${WIKI_CHART}: "DA CC Weapon | PH | 1 | DA | ARM | CC" (CodeOne rows).`),
  /* @__PURE__ */ cc({ id: 'exp-cc-weapon', name: 'EXP CC Weapon', damage: 'PH', burst: 1, ammo: 'EXP', save: 'arm' }, 'working value', 'Made like the chart\'s other CC weapons (Damage PH, B1) with EXP: no row of its own was found.'),
  /* @__PURE__ */ cc(
    { id: 'monofilament-cc-weapon', name: 'Monofilament CC Weapon', damage: 12, burst: 1, ammo: 'N', save: 'arm', traits: 'ARM=0, State: Dead' },
    'likely',
    `${WIKI_CHART}: "Monofilament CC Weapon | 12 | 1 | N | ARM | ARM=0, CC, State: Dead" (CodeOne rows).`,
  ),
  /* @__PURE__ */ cc({ id: 'knife', name: 'Knife', damage: 'PH-1', burst: 1, ammo: 'SHOCK', save: 'arm', traits: 'Silent' }, 'working value', NO_SOURCE),
];

/** A copy of a CC preset's weapon, by id. */
export function ccWeaponPreset(id: string): CcWeapon {
  const p = CC_WEAPON_PRESETS.find((w) => w.weapon.id === id);
  if (!p) throw new Error(`no CC weapon preset "${id}"`);
  return structuredClone(p.weapon);
}
