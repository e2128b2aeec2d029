/** One weapon of a profile: its numbers, its range bands or template, and whether a preset's numbers are only working values. */
import type { Weapon } from '../../core/model/types';
import { bandsText, parseBands } from '../../tools/editors/armyEditor';
import { pageEditors } from '../../tools/editors/pageEditors';
import { NumberField, SelectField, TextField } from './fields';
import { SourceMark } from './PresetSource';
import { WEAPON_PRESETS } from '../../core/apiFiles';

type Shape = 'ranged' | 'impact' | 'small-teardrop' | 'large-teardrop';

function shapeOf(w: Weapon): Shape {
  if (w.kind === 'impact') return 'impact';
  if (w.template === 'small-teardrop' || w.template === 'large-teardrop') return w.template;
  return 'ranged';
}

function withShape(w: Weapon, shape: Shape): Weapon {
  const { template: _t, kind: _k, ranges, ...rest } = w;
  const bands = ranges ?? [[8, 0], [16, 0], [24, -3]];
  if (shape === 'ranged') return { ...rest, ranges: bands };
  if (shape === 'impact') return { ...rest, burst: 1, template: 'circular', kind: 'impact', ranges: bands };
  return { ...rest, template: shape, kind: 'direct' };
}

/** The preset a weapon still has every number of, if any: how sure they are is said beside it (FACTS.md). */
function presetOf(w: Weapon) {
  const p = WEAPON_PRESETS.find((q) => q.weapon.id === w.id);
  return p && JSON.stringify(p.weapon) === JSON.stringify(w) ? p : undefined;
}

export function WeaponRow({ index, at, weapon: w }: { index: number; at: number; weapon: Weapon }) {
  const e = pageEditors.army;
  const set = (next: Weapon) => e.setWeapon(index, at, next);
  const shape = shapeOf(w);
  const preset = presetOf(w);
  return (
    <div className="ed-weapon" data-testid={`weapon-${at}`}>
      <TextField label="Weapon" value={w.name} onCommit={(v) => set({ ...w, name: v })} testId="w-name" wide />
      <NumberField label="B" value={w.burst} onCommit={(v) => set({ ...w, burst: v })} testId="w-burst" title="Burst" />
      <NumberField label="DMG" value={w.damage} onCommit={(v) => set({ ...w, damage: v })} testId="w-damage" title="Damage" />
      <SelectField
        label="Ammo"
        value={w.ammo}
        options={(['N', 'DA', 'EXP'] as const).map((a) => ({ value: a, label: a }))}
        onCommit={(v) => set({ ...w, ammo: v })}
        testId="w-ammo"
      />
      <SelectField
        label="Save"
        value={w.save}
        options={[
          { value: 'arm', label: 'ARM' },
          { value: 'bts', label: 'BTS' },
        ]}
        onCommit={(v) => set({ ...w, save: v })}
        testId="w-save"
      />
      <SelectField
        label="Fires"
        value={shape}
        options={[
          { value: 'ranged', label: 'at range' },
          { value: 'impact', label: 'Circular Template (impact)' },
          { value: 'small-teardrop', label: 'Small Teardrop' },
          { value: 'large-teardrop', label: 'Large Teardrop' },
        ]}
        onCommit={(v) => set(withShape(w, v))}
        testId="w-shape"
      />
      {w.ranges && (
        <TextField
          label="Ranges (up to inches:MOD)"
          value={bandsText(w.ranges)}
          parse={(text) => (parseBands(text) ? null : 'Expected bands as inches:MOD, such as 8:+3 16:0 24:-3.')}
          onCommit={(text) => set({ ...w, ranges: parseBands(text)! })}
          testId="w-ranges"
          wide
        />
      )}
      <div className="ed-weapon-end">
        {preset && <SourceMark preset={preset} testId={preset.workingValue ? 'working-value' : 'preset-value'} />}
        <button type="button" className="link" onClick={() => e.removeWeapon(index, at)} aria-label={`Remove ${w.name}`}>
          remove
        </button>
      </div>
    </div>
  );
}
