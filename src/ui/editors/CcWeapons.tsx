/**
 * A trooper's close combat weapons (issue 43), kept in its army file as data: the engine has no close
 * combat yet, so no game reads them (armyfile.ts). Presets from the N4 Weapon Chart, each with how sure
 * it is and its source, or one typed in: Damage a number or PH (`PH`, `PH-1`), Burst, ammunition, the
 * save and the traits as the profile writes them.
 */
import { useState } from 'react';
import { CC_AMMO, CC_WEAPON_PRESETS, type CcWeapon } from '../../core/apiFiles';
import { pageEditors } from '../../tools/editors/pageEditors';
import { NumberField, SelectField, TextField } from './fields';
import { SourceLine, SourceMark, SURENESS_WORDS } from './PresetSource';

const DAMAGE = /^(?:\d{1,4}|PH(?:[+-][1-9]\d?)?)$/;

/** A CC weapon's Damage as typed: `13`, `PH`, `PH-1`. */
export function parseCcDamage(text: string): CcWeapon['damage'] | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, '');
  if (!DAMAGE.test(t)) return null;
  return /^\d/.test(t) ? Number(t) : (t as CcWeapon['damage']);
}

function CcWeaponRow({ index, at, weapon: w }: { index: number; at: number; weapon: CcWeapon }) {
  const e = pageEditors.army;
  const set = (next: CcWeapon) => e.setCcWeapon(index, at, next);
  const preset = CC_WEAPON_PRESETS.find((p) => p.weapon.id === w.id && JSON.stringify(p.weapon) === JSON.stringify(w));
  return (
    <div className="ed-weapon ed-cc" data-testid={`cc-weapon-${at}`}>
      <TextField label="CC weapon" value={w.name} onCommit={(v) => set({ ...w, name: v })} testId="cc-name" wide />
      <TextField
        label="DAM"
        value={String(w.damage)}
        parse={(text) => (parseCcDamage(text) === null ? 'Expected a number, PH, or PH with a MOD such as PH-1.' : null)}
        onCommit={(text) => set({ ...w, damage: parseCcDamage(text)! })}
        testId="cc-damage"
      />
      <NumberField label="B" value={w.burst} onCommit={(v) => set({ ...w, burst: v })} testId="cc-burst" title="Burst" />
      <SelectField label="Ammo" value={w.ammo} options={CC_AMMO.map((a) => ({ value: a, label: a }))} onCommit={(v) => set({ ...w, ammo: v })} testId="cc-ammo" />
      <SelectField
        label="Save"
        value={w.save}
        options={[
          { value: 'arm', label: 'ARM' },
          { value: 'bts', label: 'BTS' },
        ]}
        onCommit={(v) => set({ ...w, save: v })}
        testId="cc-save"
      />
      <TextField
        label="Traits"
        value={w.traits ?? ''}
        onCommit={(v) => {
          const { traits: _t, ...rest } = w;
          return set(v.trim() === '' ? rest : { ...rest, traits: v.trim() });
        }}
        testId="cc-traits"
      />
      <div className="ed-weapon-end">
        {preset && <SourceMark preset={preset} testId="cc-source" />}
        <button type="button" className="link" onClick={() => e.removeCcWeapon(index, at)} aria-label={`Remove ${w.name}`}>
          remove
        </button>
      </div>
    </div>
  );
}

export function CcWeapons({ index, weapons }: { index: number; weapons: readonly CcWeapon[] }) {
  const e = pageEditors.army;
  const [preset, setPreset] = useState('cc-weapon');
  return (
    <fieldset className="ed-weapons" data-testid="f-cc-weapons">
      <legend>Close combat weapons (kept with the army: the table has no close combat yet)</legend>
      {weapons.length === 0 && <p className="muted">No close combat weapons.</p>}
      {weapons.map((w, k) => (
        <CcWeaponRow key={`${w.id}-${k}`} index={index} at={k} weapon={w} />
      ))}
      <div className="ed-row">
        <select value={preset} onChange={(ev) => setPreset(ev.target.value)} aria-label="CC weapon to add" data-testid="cc-preset">
          {CC_WEAPON_PRESETS.map((p) => (
            <option key={p.weapon.id} value={p.weapon.id}>
              {p.weapon.name} ({SURENESS_WORDS[p.sureness]})
            </option>
          ))}
          <option value="custom">Typed in by hand…</option>
        </select>
        <button type="button" className="small" onClick={() => e.addCcWeapon(index, preset)} data-testid="add-cc-weapon">
          Add CC weapon
        </button>
      </div>
      <SourceLine preset={CC_WEAPON_PRESETS.find((p) => p.weapon.id === preset)} testId="cc-preset-source" />
    </fieldset>
  );
}
