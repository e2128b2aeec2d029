/** The selected piece's numbers in the table editor: its kind, id, place, size, height and turn; its inside, openings and ladders. */
import { useStore } from 'zustand';
import { pageEditors } from '../../tools/editors/pageEditors';
import { boxOf, pieceName } from '../../tools/editors/tableModel';
import { NumberField, SelectField, TextField } from './fields';
import { StructureForm } from './StructureForm';

export function PieceForm() {
  const editor = pageEditors.table;
  const snap = useStore(editor.store);
  const ref = snap.path === 'table.idle' ? snap.selected : null;
  if (!ref) return <p className="muted">Click a piece to see its numbers.</p>;
  const t = snap.draft;
  const box = boxOf(t, ref);
  if (!box) return null;
  const piece = ref.kind === 'terrain' ? t.terrain.find((p) => p.id === ref.id)! : null;
  const objective = ref.kind === 'objective' ? t.objectives.find((o) => o.id === ref.id)! : null;
  const zone = ref.kind === 'exclusion' ? t.zones.exclusion.find((z) => z.id === ref.id)! : ref.kind === 'deployment' ? t.zones.deployment[ref.id]! : null;
  const set = (field: string) => (v: number | string) => editor.setField(ref, field, v);
  const k = `${ref.kind}:${ref.id}`;
  return (
    <section className="ed-piece" data-testid="piece-form" key={k}>
      <h3>{pieceName(ref)}</h3>
      {piece && (
        <SelectField
          label="Kind"
          value={piece.kind === 'block' ? 'block' : piece.roof ? 'building' : 'ruin'}
          options={[
            { value: 'block', label: 'Block (solid)' },
            { value: 'building', label: 'Building with a roof' },
            { value: 'ruin', label: 'Building without a roof (ruin)' },
          ]}
          onCommit={set('type')}
          testId="p-type"
        />
      )}
      <TextField label="Id" value={ref.id} onCommit={set('id')} testId="p-id" />
      {piece && (
        <div className="ed-grid three">
          <NumberField label='x "' value={piece.x} onCommit={set('x')} testId="p-x" title="centre, from the west edge" />
          <NumberField label='y "' value={piece.y} onCommit={set('y')} testId="p-y" title="centre, from the south edge" />
          <NumberField label="turn °" value={piece.rotation} onCommit={set('rotation')} testId="p-rotation" title="degrees counter-clockwise" />
          <NumberField label='w "' value={piece.w} onCommit={set('w')} testId="p-w" />
          <NumberField label='d "' value={piece.d} onCommit={set('d')} testId="p-d" />
          <NumberField label='h "' value={piece.h} onCommit={set('h')} testId="p-h" />
        </div>
      )}
      {piece && <StructureForm piece={piece} pieceRef={ref} />}
      {objective && (
        <div className="ed-grid three">
          <NumberField label='x "' value={objective.x} onCommit={set('x')} testId="p-x" />
          <NumberField label='y "' value={objective.y} onCommit={set('y')} testId="p-y" />
          <NumberField label='r "' value={objective.r} onCommit={set('r')} testId="p-r" />
        </div>
      )}
      {zone && (
        <div className="ed-grid four">
          <NumberField label='x "' value={zone.x} onCommit={set('x')} testId="p-x" title="south-west corner" />
          <NumberField label='y "' value={zone.y} onCommit={set('y')} testId="p-y" title="south-west corner" />
          <NumberField label='w "' value={zone.w} onCommit={set('w')} testId="p-w" />
          <NumberField label='d "' value={zone.d} onCommit={set('d')} testId="p-d" />
        </div>
      )}
      <div className="ed-row">
        {ref.kind !== 'deployment' && (
          <button type="button" className="small" onClick={() => editor.duplicate()} data-testid="piece-duplicate">
            Duplicate
          </button>
        )}
        {piece && (
          <>
            <button type="button" className="small" onClick={() => editor.rotateBy(15)} aria-label="Turn 15° counter-clockwise">
              ⟲ 15°
            </button>
            <button type="button" className="small" onClick={() => editor.rotateBy(-15)} aria-label="Turn 15° clockwise">
              ⟳ 15°
            </button>
          </>
        )}
        {ref.kind !== 'deployment' && (
          <button type="button" className="small danger" onClick={() => editor.remove()} data-testid="piece-delete">
            Delete
          </button>
        )}
      </div>
    </section>
  );
}
