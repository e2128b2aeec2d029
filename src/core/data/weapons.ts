/**
 * Weapon presets for armies (FACTS.md: "Weapons are data in a profile"). Only the Combi Rifle's numbers
 * are sure; every other preset is a working value, marked so the interface can say it and the player
 * can change it. A game file carries its weapons in full, so a preset changed later never changes a
 * saved game.
 */
import type { Weapon } from '../model/types';

export interface WeaponPreset {
  weapon: Weapon;
  /** true where no source was found for the numbers (FACTS.md: working value) */
  workingValue: boolean;
}

const preset = (weapon: Weapon, workingValue = true): WeaponPreset => ({ weapon, workingValue });

export const WEAPON_PRESETS: readonly WeaponPreset[] = [
  preset({ id: 'combi-rifle', name: 'Combi Rifle', burst: 3, damage: 13, ammo: 'N', save: 'arm', ranges: [[8, 3], [16, 3], [24, -3], [32, -3], [40, -6], [48, -6]] }, false),
  preset({ id: 'rifle', name: 'Rifle', burst: 3, damage: 13, ammo: 'N', save: 'arm', ranges: [[8, 0], [16, 3], [24, 3], [32, -3], [40, -3], [48, -6]] }),
  preset({ id: 'submachine-gun', name: 'Submachine Gun', burst: 3, damage: 12, ammo: 'N', save: 'arm', ranges: [[8, 3], [16, 0], [24, -3], [32, -6]] }),
  preset({ id: 'pistol', name: 'Pistol', burst: 2, damage: 11, ammo: 'N', save: 'arm', ranges: [[8, 3], [16, 0], [24, -3]] }),
  preset({ id: 'light-shotgun', name: 'Light Shotgun', burst: 2, damage: 13, ammo: 'N', save: 'arm', ranges: [[8, 6], [16, 0], [24, -3]] }),
  preset({ id: 'spitfire', name: 'Spitfire', burst: 4, damage: 14, ammo: 'N', save: 'arm', ranges: [[8, 0], [16, 3], [24, 3], [32, -3], [40, -3], [48, -6]] }),
  preset({ id: 'hmg', name: 'Heavy Machine Gun', burst: 4, damage: 15, ammo: 'N', save: 'arm', ranges: [[8, -3], [16, 0], [24, 3], [32, 3], [40, 0], [48, -3]] }),
  preset({ id: 'sniper-rifle', name: 'Sniper Rifle', burst: 2, damage: 15, ammo: 'N', save: 'arm', ranges: [[8, -3], [16, 0], [24, 3], [32, 3], [40, 0], [48, -3]] }),
  preset({ id: 'missile-launcher', name: 'Missile Launcher', burst: 1, damage: 15, ammo: 'EXP', save: 'arm', template: 'circular', kind: 'impact', ranges: [[8, -3], [16, 0], [24, 3], [32, 3], [40, 0], [48, -3]] }),
  preset({ id: 'light-grenade-launcher', name: 'Light Grenade Launcher', burst: 1, damage: 13, ammo: 'N', save: 'arm', template: 'circular', kind: 'impact', ranges: [[8, 0], [16, 0], [24, -3], [32, -3]] }),
  preset({ id: 'light-flamethrower', name: 'Light Flamethrower', burst: 1, damage: 13, ammo: 'N', save: 'arm', template: 'small-teardrop', kind: 'direct' }),
  preset({ id: 'heavy-flamethrower', name: 'Heavy Flamethrower', burst: 1, damage: 14, ammo: 'N', save: 'arm', template: 'large-teardrop', kind: 'direct' }),
  preset({ id: 'chain-rifle', name: 'Chain Rifle', burst: 1, damage: 15, ammo: 'N', save: 'arm', template: 'large-teardrop', kind: 'direct' }),
  preset({ id: 'boarding-shotgun', name: 'Boarding Shotgun', burst: 2, damage: 14, ammo: 'N', save: 'arm', ranges: [[8, 6], [16, 0], [24, -3]] }),
];

/** A copy of a preset's weapon, by id. */
export function weaponPreset(id: string): Weapon {
  const p = WEAPON_PRESETS.find((w) => w.weapon.id === id);
  if (!p) throw new Error(`no weapon preset "${id}"`);
  return structuredClone(p.weapon);
}
