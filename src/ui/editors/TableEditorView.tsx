/**
 * The table editor (TOOL-9): one's own tables; a top-down view to add, drag, resize, turn and delete
 * pieces on (snapped to the inch); the table's size and Deployment Zones; the selected piece's numbers.
 */
import { useStore } from 'zustand';
import { shippedTables } from '../../state/editors/assets';
import { useLibrary } from '../../state/editors/library';
import { pageEditors, readEntry } from '../../tools/editors/pageEditors';
import type { NewPiece } from '../../tools/editors/tableModel';
import { NumberField, SelectField, TextField, UndoRedo } from './fields';
import { LibraryList } from './LibraryList';
import { PieceForm } from './PieceForm';
import { TopView } from './TopView';
import { terrainCover } from '../../core/apiFiles';

function describeTable(file: unknown) {
  const r = readEntry('table', file);
  if ('error' in r) return { name: String((file as { name?: unknown })?.name ?? '(no name)'), line: '', problem: r.error };
  const t = r.table;
  return { name: t.name, line: `${t.table.width}" x ${t.table.depth}", ${t.terrain.length} ${t.terrain.length === 1 ? 'piece' : 'pieces'}`, problem: null };
}

const ADD: [NewPiece, string][] = [
  ['block', 'Block'],
  ['building', 'Building'],
  ['ruin', 'Ruin (no roof)'],
  ['objective', 'Objective'],
  ['exclusion', 'Exclusion zone'],
];

export function TableEditorView() {
  const editor = pageEditors.table;
  const snap = useStore(editor.store);
  const key = useLibrary((s) => s.session.table);
  const t = snap.draft;
  const zones = Object.keys(t.zones.deployment);
  const layout = zones.includes('west') ? 'west-east' : 'south-north';
  // How deep the zones are now: the first zone's side across the table.
  const first = t.zones.deployment[zones[0]!];
  const zoneDepth = first ? (layout === 'west-east' ? first.w : first.d) : 12;

  return (
    <div className="ed-body">
      <LibraryList kind="table" describe={describeTable} shipped={shippedTables} current={{ file: t, problem: key ? null : 'nothing is open' }} />
      {key ? (
        <>
          <section className="ed-table-centre" data-testid="table-editor">
            <div className="ed-row ed-toolbar" role="toolbar" aria-label="Add to the table">
              {ADD.map(([kind, label]) => (
                <button key={kind} type="button" className={`small${snap.placing === kind ? ' active' : ''}`} onClick={() => editor.add(kind)} data-testid={`add-${kind}`}>
                  + {label}
                </button>
              ))}
              <span className="sep" />
              <UndoRedo editor={editor} can={snap} testId="table-undo" />
            </div>
            <TopView />
            <p className={`ed-status${snap.problem ? ' not-ready' : ''}`} data-testid="table-problem" role="status">
              {snap.problem ?? snap.notice?.text ?? 'Drag a piece to move it, its corners and sides to resize it, the round handle to turn it (Shift: 1°). Q/E turn, arrows nudge, Delete removes, Ctrl+Z undoes.'}
            </p>
          </section>
          <aside className="ed-side">
            <h3>Table</h3>
            <TextField key={`tn-${key}`} label="Name" value={t.name} onCommit={(v) => editor.setName(v)} testId="table-name" wide />
            <div className="ed-grid two">
              <NumberField key={`tw-${key}`} label='Width "' value={t.table.width} onCommit={(v) => editor.setSize(v, t.table.depth)} testId="table-width" />
              <NumberField key={`td-${key}`} label='Depth "' value={t.table.depth} onCommit={(v) => editor.setSize(t.table.width, v)} testId="table-depth" />
            </div>
            <div className="ed-grid two">
              <SelectField
                label="Deployment Zones"
                value={layout}
                options={[
                  { value: 'south-north', label: 'south and north' },
                  { value: 'west-east', label: 'west and east' },
                ]}
                onCommit={(v) => editor.setZoneLayout(v, zoneDepth)}
                testId="zone-layout"
              />
              <NumberField label='deep "' value={zoneDepth} onCommit={(v) => editor.setZoneLayout(layout, v)} testId="zone-depth" />
            </div>
            <p className="muted" data-testid="table-cover">
              Terrain covers {Math.round(terrainCover(t) * 100)}% of the table ({t.terrain.length} {t.terrain.length === 1 ? 'piece' : 'pieces'}); a real game's table: about 25%.
            </p>
            <PieceForm />
          </aside>
        </>
      ) : (
        <section className="ed-army ed-empty">
          <p>Make a new table, open a table file, or start from a copy of a shipped one.</p>
        </section>
      )}
    </div>
  );
}
