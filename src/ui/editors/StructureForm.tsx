/**
 * The selected piece's inside in the table editor (MOV-24; docs/rules/movement.md, section 4): a
 * building's inside open or closed, its floors and openings, and any piece's ladders, each a row of
 * fields with Remove, and a button to add one. Every change goes to the editor, which keeps it or
 * says why not (the table file's own checks).
 */
import type { ReactNode } from 'react';
import { pageEditors } from '../../tools/editors/pageEditors';
import type { StructureChange, StructureList } from '../../tools/editors/structureEdits';
import type { ItemRef } from '../../tools/editors/tableModel';
import { DEFAULT_LADDER_WIDTH, insideSize } from '../../core/apiFiles';
import type { Terrain } from '../../core/model/types';
import { NumberField, SelectField } from './fields';

const SIDES = [
  { value: 'n', label: 'north' },
  { value: 'e', label: 'east' },
  { value: 's', label: 'south' },
  { value: 'w', label: 'west' },
] as const;

function Item({ title, list, index, change, children }: { title: string; list: StructureList; index: number; change: (c: StructureChange) => string | null; children: ReactNode }) {
  return (
    <fieldset className="ed-structure" data-testid={`p-${list}-${index}`}>
      <legend>{title}</legend>
      <div className="ed-grid three">{children}</div>
      <button type="button" className="small danger" onClick={() => change({ op: 'remove', list, index })} data-testid={`p-${list}-${index}-remove`}>
        Remove
      </button>
    </fieldset>
  );
}

export function StructureForm({ piece, pieceRef }: { piece: Terrain; pieceRef: ItemRef }) {
  const editor = pageEditors.table;
  const change = (c: StructureChange) => editor.setStructure(pieceRef, c);
  const set = (list: StructureList, index: number, field: string) => (value: number | string) => change({ op: 'set', list, index, field, value });
  const open = piece.kind === 'building' && piece.interior === 'open';
  const inside = insideSize(piece);
  const add = (list: StructureList, text: string) => (
    <button type="button" className="small" onClick={() => change({ op: 'add', list })} data-testid={`p-add-${list}`}>
      {text}
    </button>
  );
  return (
    <div className="ed-structures" data-testid="structure-form">
      {piece.kind === 'building' && (
        <SelectField
          label="Inside"
          value={open ? 'open' : 'closed'}
          options={[
            { value: 'closed', label: 'Closed: nobody enters' },
            { value: 'open', label: 'Open: enter through openings' },
          ]}
          onCommit={(v) => change({ op: 'interior', value: v })}
          testId="p-interior"
        />
      )}
      {open &&
        (piece.floors ?? []).map((f, i) => (
          <Item key={`f${i}`} title={`Floor ${i + 1}`} list="floors" index={i} change={change}>
            <NumberField label='top "' value={f.z} onCommit={set('floors', i, 'z')} testId={`p-floors-${i}-z`} title="height of the floor's top above the table" />
            <NumberField label='x "' value={f.x ?? 0} onCommit={set('floors', i, 'x')} title="centre, from the building's centre, along its width" />
            <NumberField label='y "' value={f.y ?? 0} onCommit={set('floors', i, 'y')} title="centre, from the building's centre, along its depth" />
            <NumberField label='w "' value={f.w ?? inside.w} onCommit={set('floors', i, 'w')} />
            <NumberField label='d "' value={f.d ?? inside.d} onCommit={set('floors', i, 'd')} />
          </Item>
        ))}
      {open &&
        (piece.openings ?? []).map((o, i) => (
          <Item key={`o${i}`} title={`Opening ${i + 1}`} list="openings" index={i} change={change}>
            <SelectField label="kind" value={o.kind} options={[{ value: 'door', label: 'door' }, { value: 'window', label: 'window' }, { value: 'gap', label: 'gap (breach)' }]} onCommit={set('openings', i, 'kind')} testId={`p-openings-${i}-kind`} />
            <SelectField label="side" value={o.side} options={SIDES} onCommit={set('openings', i, 'side')} testId={`p-openings-${i}-side`} />
            <SelectField label="access" value={o.access ?? 'wide'} options={[{ value: 'wide', label: 'wide' }, { value: 'narrow', label: 'narrow (S2 or less)' }]} onCommit={set('openings', i, 'access')} />
            <NumberField label='at "' value={o.at} onCommit={set('openings', i, 'at')} testId={`p-openings-${i}-at`} title="centre, from the middle of its side" />
            <NumberField label='w "' value={o.w} onCommit={set('openings', i, 'w')} />
            <NumberField label='sill "' value={o.z} onCommit={set('openings', i, 'z')} title="height of its bottom above the building's base" />
            <NumberField label='h "' value={o.h} onCommit={set('openings', i, 'h')} />
          </Item>
        ))}
      {(piece.ladders ?? []).map((l, i) => (
        <Item key={`l${i}`} title={`Ladder ${i + 1}`} list="ladders" index={i} change={change}>
          <SelectField label="side" value={l.side} options={SIDES} onCommit={set('ladders', i, 'side')} testId={`p-ladders-${i}-side`} />
          {open && (
            <SelectField
              label="face"
              value={l.inside ? 'inside' : 'outside'}
              options={[
                { value: 'outside', label: 'outside' },
                { value: 'inside', label: 'inside' },
              ]}
              onCommit={(v) => change({ op: 'set', list: 'ladders', index: i, field: 'inside', value: v === 'inside' })}
            />
          )}
          <NumberField label='at "' value={l.at} onCommit={set('ladders', i, 'at')} title="centre, from the middle of its side" />
          <NumberField label='w "' value={l.w ?? DEFAULT_LADDER_WIDTH} onCommit={set('ladders', i, 'w')} />
          <NumberField label='from "' value={l.from ?? 0} onCommit={set('ladders', i, 'from')} title="the surface at its foot" />
          <NumberField label='to "' value={l.to ?? piece.h} onCommit={set('ladders', i, 'to')} title="the surface at its top" />
        </Item>
      ))}
      <div className="ed-row">
        {open && add('floors', 'Add floor')}
        {open && add('openings', 'Add opening')}
        {add('ladders', 'Add ladder')}
      </div>
    </div>
  );
}
