/**
 * CC-12: close combat weapons as an attack uses them: a profile's `ccWeapons`, or Bare-Handed; a Damage
 * written with PH is the wielder's PH with its MOD; AP halves the ARM (or BTS) it is saved with (rounded
 * up, a working value, close-combat.md §6), worked into the Damage against each target; SHOCK and PARA
 * resolve as N until their effects are built (CC-16).
 */
import type { CcWeapon, TrooperProfile, Weapon } from '../../../model/types';

/** CC-12: Bare-Handed: Damage PH-2, Burst 1, N, ARM (N3's value, close-combat.md §4). */
export const BARE_HANDS: CcWeapon = { id: 'bare-handed', name: 'Bare-Handed', damage: 'PH-2', burst: 1, ammo: 'N', save: 'arm' };

/** The CC weapon a `cc-attack` names: by id, or by default the first of the profile, else bare hands; null when it has none of that id. */
export function ccWeaponOf(profile: TrooperProfile, id: string | undefined): CcWeapon | null {
  const own = profile.ccWeapons ?? [];
  if (id === undefined) return own[0] ?? BARE_HANDS;
  if (id === BARE_HANDS.id) return BARE_HANDS;
  return own.find((w) => w.id === id) ?? null;
}

/** CC-12: the Damage with the wielder's PH worked in. */
export function ccDamage(w: CcWeapon, ph: number): number {
  if (typeof w.damage === 'number') return w.damage;
  const mod = w.damage === 'PH' ? 0 : Number(w.damage.slice(2));
  return Math.max(0, ph + mod);
}

/** The weapon as the resolution rolls and saves it, against `target` (AP worked into the Damage). */
export function ccAsWeapon(w: CcWeapon, wielder: TrooperProfile, target: Pick<TrooperProfile, 'arm' | 'bts'> | null): Weapon {
  let damage = ccDamage(w, wielder.ph);
  if (w.ammo === 'AP' && target) {
    // DMG-1 saves against Damage - ARM; AP halves the ARM (rounded up): Damage + ARM - ceil(ARM/2).
    const arm = w.save === 'bts' ? target.bts : target.arm;
    damage += arm - Math.ceil(arm / 2);
  }
  const ammo = w.ammo === 'DA' || w.ammo === 'EXP' ? w.ammo : 'N';
  return { id: w.id, name: w.name, burst: w.burst, damage, ammo, save: w.save };
}

/** CC-12: the close combat weapons a trooper may attack with, as the table shows them: its own, then Bare-Handed, PH worked in. */
export function ccWeaponList(profile: TrooperProfile): Weapon[] {
  return [...(profile.ccWeapons ?? []), BARE_HANDS].map((w) => ccAsWeapon(w, profile, null));
}
