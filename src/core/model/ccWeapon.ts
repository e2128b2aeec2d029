/** Close combat weapons (CC-12, close-combat.md §3): the army file's form, which a game file's profile takes too. */

/** A close combat weapon's ammunition (CC-12): the kinds the N4 Weapon Chart gives its CC weapons. */
export const CC_AMMO = ['N', 'AP', 'DA', 'EXP', 'SHOCK', 'PARA'] as const;
export type CcAmmo = (typeof CC_AMMO)[number];

/** A close combat weapon's Damage: a number, or the wielder's PH (`"PH"`), or PH with a MOD (`"PH-1"`, `"PH+2"`). */
export type CcDamage = number | `PH${'' | `+${number}` | `-${number}`}`;

/** A close combat weapon of a profile (CC-12, close-combat.md §3; the army file's form). */
export interface CcWeapon {
  id: string;
  name: string;
  damage: CcDamage;
  burst: number;
  ammo: CcAmmo;
  save: 'arm' | 'bts';
  /** its traits as the profile writes them (`ARM=0`, `Silent`), for the players to read */
  traits?: string | undefined;
}
