/**
 * Adding a list to one's armies without typing it (issue 43): an army file pasted in (or picked as a
 * file), or a bare list of troopers copied from one, opened as a new army or added to the army open now
 * (ids made free, no second Lieutenant: `ArmyEditor.importTroopers`). What is wrong with it is said at
 * its place in what was pasted, and nothing is changed. It holds the page while open.
 */
import { useId, useRef, useState } from 'react';
import { pageEditors } from '../../tools/editors/pageEditors';
import { useModal } from '../modal';
import { readPicked } from './download';

export function ImportList({ current, onClose }: { current: string | null; onClose: (done: string | null) => void }) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useModal(root, true, { initial: 'textarea' });

  const go = (into: 'new' | 'current') => {
    if (text.trim() === '') {
      setError('Paste an army file, or a list of troopers from one, first.');
      return;
    }
    const problem = into === 'new' ? pageEditors.importText('army', text) : pageEditors.addTroopersFrom(text);
    if (problem) setError(`Refused: ${problem}. Nothing was changed.`);
    else onClose(into === 'new' ? 'Opened as one of your armies.' : `Added to ${current}.`);
  };

  return (
    <div className="ed-import-backdrop" onKeyDown={(ev) => ev.key === 'Escape' && (ev.stopPropagation(), onClose(null))}>
      <div className="ed-import" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} data-testid="import-list" ref={root}>
        <h3 id={`${id}-title`}>Paste a list</h3>
        <label htmlFor={`${id}-text`}>
          An army file (as <b>Download</b> writes it), or the <code>troopers</code> list of one: <code>[{'{'} "id": …, "name": … {'}'}, …]</code>
        </label>
        <textarea id={`${id}-text`} rows={9} value={text} spellCheck={false} onChange={(ev) => (setText(ev.target.value), setError(null))} data-testid="import-text" />
        <div className="ed-row">
          <button type="button" className="small" onClick={() => file.current?.click()} data-testid="import-pick">
            Or read a file…
          </button>
          <input
            ref={file}
            type="file"
            accept=".json,application/json"
            hidden
            onChange={() => void (file.current && readPicked(file.current).then((t) => t !== null && (setText(t), setError(null))))}
            data-testid="import-file"
          />
        </div>
        {error && (
          <p className="error" role="alert" data-testid="import-error">
            {error}
          </p>
        )}
        <div className="ed-row ed-import-actions">
          <button type="button" className="small" onClick={() => onClose(null)}>
            Cancel
          </button>
          <button type="button" className="small" disabled={current === null} onClick={() => go('current')} data-testid="import-add" title={current ? `Add its troopers to ${current}` : 'Open an army first'}>
            Add its troopers to {current ?? 'the open army'}
          </button>
          <button type="button" className="primary small" onClick={() => go('new')} data-testid="import-new">
            Open as a new army
          </button>
        </div>
      </div>
    </div>
  );
}
