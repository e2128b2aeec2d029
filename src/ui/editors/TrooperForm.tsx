/**
 * One trooper's profile in the army editor: every field of a game file's trooper, its skills (found by
 * typing), its weapons from presets with their sources, its close combat weapons and free notes.
 */
import { useEffect, useId, useState } from 'react';
import type { TrooperProfile } from '../../core/model/types';
import { pageEditors } from '../../tools/editors/pageEditors';
import { CcWeapons } from './CcWeapons';
import { NumberField, SelectField, TextField } from './fields';
import { SourceLine, SURENESS_WORDS } from './PresetSource';
import { SkillPicker } from './SkillPicker';
import { WeaponRow } from './WeaponRow';
import { type ArmyTrooper, NOTES_LIMIT, WEAPON_PRESETS } from '../../core/apiFiles';


const STATS: [keyof TrooperProfile, string, string][] = [
  ['cc', 'CC', 'Close Combat'],
  ['bs', 'BS', 'Ballistic Skill'],
  ['ph', 'PH', 'Physique'],
  ['wip', 'WIP', 'Willpower'],
  ['arm', 'ARM', 'Armour'],
  ['bts', 'BTS', 'Biotechnological Shield'],
  ['w', 'W', 'Wounds'],
  ['s', 'S', 'Silhouette (1 to 8)'],
];

/** Free text for the rest of the profile; given when the box is left. */
function Notes({ index, notes }: { index: number; notes: string }) {
  const e = pageEditors.army;
  const id = useId();
  const [text, setText] = useState(notes);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(notes), [notes]);
  return (
    <div className="ed-field wide ed-notes">
      <label htmlFor={id}>Notes: skills and equipment the table does not play yet, anything else of its profile</label>
      <textarea
        id={id}
        rows={2}
        maxLength={NOTES_LIMIT}
        value={text}
        aria-invalid={error !== null}
        onChange={(ev) => setText(ev.target.value)}
        onBlur={() => setError(e.setNotes(index, text))}
        data-testid="f-notes"
      />
      {error && (
        <span className="ed-field-error" role="alert" data-testid="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

export function TrooperForm({ index, trooper: t }: { index: number; trooper: ArmyTrooper }) {
  const e = pageEditors.army;
  const [preset, setPreset] = useState('combi-rifle');
  return (
    <section className="ed-profile" aria-label={`${t.name}'s profile`} data-testid="trooper-form">
      <div className="ed-grid two">
        <TextField label="Name" value={t.name} onCommit={(v) => e.setField(index, 'name', v)} testId="f-name" wide />
        <TextField label="Id" value={t.id} onCommit={(v) => e.setField(index, 'id', v)} testId="f-id" />
      </div>
      <div className="ed-grid stats">
        <NumberField label="MOV 1" value={t.mov[0]} onCommit={(v) => e.setField(index, 'mov', [v, t.mov[1]])} testId="f-mov0" title="first MOV value, inches" />
        <NumberField label="MOV 2" value={t.mov[1]} onCommit={(v) => e.setField(index, 'mov', [t.mov[0], v])} testId="f-mov1" title="second MOV value, inches" />
        {STATS.map(([f, label, title]) => (
          <NumberField key={f} label={label} value={t[f] as number} onCommit={(v) => e.setField(index, f, v)} testId={`f-${f}`} title={title} />
        ))}
      </div>
      <div className="ed-grid four">
        <SelectField
          label="Orders"
          value={t.orders}
          options={[
            { value: 'regular', label: 'Regular' },
            { value: 'irregular', label: 'Irregular' },
          ]}
          onCommit={(v) => e.setField(index, 'orders', v)}
          testId="f-orders"
        />
        <NumberField label="Combat Group" value={t.group} onCommit={(v) => e.setField(index, 'group', v)} testId="f-group" />
        <NumberField label="Points" value={t.points} onCommit={(v) => e.setField(index, 'points', v)} testId="f-points" />
        <NumberField label="Surprise Attack" value={t.surpriseAttack} onCommit={(v) => e.setField(index, 'surpriseAttack', v)} testId="f-surpriseAttack" title="the MOD a Surprise Attack against it gives" />
      </div>
      <SkillPicker index={index} skills={t.skills} />
      <fieldset className="ed-weapons" data-testid="f-weapons">
        <legend>Weapons</legend>
        {t.weapons.length === 0 && <p className="muted">No weapons.</p>}
        {t.weapons.map((w, k) => (
          <WeaponRow key={`${w.id}-${k}`} index={index} at={k} weapon={w} />
        ))}
        <div className="ed-row">
          <select value={preset} onChange={(ev) => setPreset(ev.target.value)} aria-label="Weapon to add" data-testid="weapon-preset">
            {WEAPON_PRESETS.map((p) => (
              <option key={p.weapon.id} value={p.weapon.id}>
                {p.weapon.name} ({SURENESS_WORDS[p.sureness]})
              </option>
            ))}
            <option value="custom">Typed in by hand…</option>
          </select>
          <button type="button" className="small" onClick={() => e.addWeapon(index, preset)} data-testid="add-weapon">
            Add weapon
          </button>
        </div>
        <SourceLine preset={WEAPON_PRESETS.find((p) => p.weapon.id === preset)} testId="preset-source" />
      </fieldset>
      <CcWeapons index={index} weapons={t.ccWeapons ?? []} />
      <Notes index={index} notes={t.notes ?? ''} />
    </section>
  );
}
