/**
 * The editors' screen (TOOL-9), over the whole page: Armies and Tables, each on one of one's own
 * entries. Loaded only when first opened. Keys pressed here stay here (the table's shortcuts and the
 * dialogs under it never see them).
 */
import { useRef, type KeyboardEvent } from 'react';
import { pageLibrary, useLibrary } from '../../state/editors/library';
import { pageEditors } from '../../tools/editors/pageEditors';
import { ArmyEditorView } from './ArmyEditorView';
import { TableEditorView } from './TableEditorView';
import { useModal } from '../modal';
import { focusSoon } from './focusSoon';
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
  // The editors hold the page: the focus starts on them, Tab goes round them, the table behind is inert.
  useModal(root, !!open, { focus: 'container' });
  if (!open) return null;

  const onKey = (e: KeyboardEvent) => {
    e.stopPropagation();
    const ctrl = e.ctrlKey || e.metaKey;
    // The army's two quick keys work from anywhere in it, a box included (what it holds is given first):
    // Ctrl+Enter adds a trooper, Ctrl+D duplicates the selected one; the new one's name takes the focus.
    if (open === 'army' && ctrl && !e.shiftKey && (e.key === 'Enter' || e.key.toLowerCase() === 'd')) {
      e.preventDefault();
      if (typing(e.target)) (e.target as HTMLElement).blur();
      const army = pageEditors.army;
      const sel = army.store.getState().selected;
      const refused = e.key === 'Enter' ? army.addTrooper() : sel !== null ? army.duplicateTrooper(sel) : 'nothing selected';
      if (refused === null) focusSoon('f-name');
      return;
    }
    if (typing(e.target)) return;
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
      <div className="editors-header">
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
      </div>
      {open === 'army' ? <ArmyEditorView /> : <TableEditorView />}
    </div>
  );
}
