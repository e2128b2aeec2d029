/**
 * The editors' screen (TOOL-9), over the whole page: Armies and Tables, each on one of one's own
 * entries. Loaded only when first opened. Keys pressed here stay here (the table's shortcuts and the
 * dialogs under it never see them).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { pageLibrary, useLibrary } from '../../state/editors/library';
import { pageEditors } from '../../tools/editors/pageEditors';
import { ArmyEditorView } from './ArmyEditorView';
import { TableEditorView } from './TableEditorView';
import './editors.css';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'file'].includes((el as HTMLInputElement).type);
  return ['SELECT', 'TEXTAREA'].includes(el.tagName);
}

export default function Editors() {
  const open = useLibrary((s) => s.session.open);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.focus(), []);
  if (!open) return null;

  const onKey = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (typing(e.target)) return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (open === 'table') {
      if (pageEditors.table.key(e.key, { shift: e.shiftKey, ctrl })) e.preventDefault();
      return;
    }
    if (ctrl && e.key.toLowerCase() === 'z') {
      e.shiftKey ? pageEditors.army.redo() : pageEditors.army.undo();
      e.preventDefault();
    } else if (e.key === 'Escape') pageLibrary.setSession({ open: null });
  };

  return (
    <div className="editors" role="dialog" aria-modal="true" aria-label="Armies and tables" data-testid="editors" tabIndex={-1} ref={root} onKeyDown={onKey}>
      <header className="editors-header">
        <h2>Armies and tables</h2>
        <div className="editors-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={open === 'army'} className={open === 'army' ? 'active' : ''} onClick={() => pageLibrary.setSession({ open: 'army' })} data-testid="tab-army">
            Armies
          </button>
          <button type="button" role="tab" aria-selected={open === 'table'} className={open === 'table' ? 'active' : ''} onClick={() => pageLibrary.setSession({ open: 'table' })} data-testid="tab-table">
            Tables
          </button>
        </div>
        <p className="muted">Everything is kept in this browser as you go.</p>
        <button type="button" className="primary" onClick={() => pageLibrary.setSession({ open: null })} data-testid="close-editors">
          Done
        </button>
      </header>
      {open === 'army' ? <ArmyEditorView /> : <TableEditorView />}
    </div>
  );
}
