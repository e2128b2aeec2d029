/**
 * The left column of an editor: one's own armies (or tables), kept in this browser, the one being
 * edited marked; the shipped ones, to start from a copy; New, Open a file, Download and Delete.
 */
import { useEffect, useRef, useState } from 'react';
import { useLibrary, type LibraryEntry, type LibraryKind } from '../../state/editors/library';
import type { Shipped } from '../../state/editors/assets';
import { pageEditors } from '../../tools/editors/pageEditors';
import { download, readPicked } from './download';
import { ImportList } from './ImportList';
import { focusSoon } from './focusSoon';

export interface LibraryListProps<T extends { name: string }> {
  kind: LibraryKind;
  /** one line about an entry: troopers and points, or size and pieces; and whether it is ready */
  describe: (file: unknown) => { name: string; line: string; problem: string | null };
  shipped: () => Promise<Shipped<T>[]>;
  /** the file being edited now, and why it may not be downloaded yet (null: it may) */
  current: { file: unknown; problem: string | null };
}

export function LibraryList<T extends { name: string }>({ kind, describe, shipped, current }: LibraryListProps<T>) {
  const entries = useLibrary((s) => (kind === 'army' ? s.armies : s.tables));
  const openKey = useLibrary((s) => s.session[kind]);
  const storageError = useLibrary((s) => s.storageError);
  const [ships, setShips] = useState<Shipped<T>[]>([]);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [pasting, setPasting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const word = kind === 'army' ? 'army' : 'table';

  useEffect(() => {
    let live = true;
    void shipped().then((s) => live && setShips(s));
    return () => {
      live = false;
    };
  }, [shipped]);

  const openEntry = (e: LibraryEntry) => {
    const problem = pageEditors.open(kind, e.key);
    setMessage(problem ? { tone: 'error', text: `This ${word} does not open: ${problem}` } : null);
  };

  const onFile = async () => {
    if (!fileInput.current) return;
    const text = await readPicked(fileInput.current);
    if (text === null) return;
    const problem = pageEditors.importText(kind, text);
    setMessage(problem ? { tone: 'error', text: `Refused: ${problem}` } : { tone: 'info', text: `Opened as one of your ${kind === 'army' ? 'armies' : 'tables'}.` });
  };

  const onDownload = () => {
    if (current.problem) {
      setMessage({ tone: 'error', text: `Not ready to download: ${current.problem}` });
      return;
    }
    const name = describe(current.file).name;
    setMessage({ tone: 'info', text: `Downloaded as ${download(name, current.file)}.` });
  };

  return (
    <nav className="ed-library" aria-label={`Your ${kind === 'army' ? 'armies' : 'tables'}`} data-testid={`library-${kind}`}>
      <h3>Yours, in this browser</h3>
      <ul>
        {entries.map((e) => {
          const d = describe(e.file);
          return (
            <li key={e.key} className={e.key === openKey ? 'open' : ''}>
              <button type="button" className="ed-entry" onClick={() => openEntry(e)} aria-current={e.key === openKey} data-testid={`entry-${e.key}`}>
                <b>{d.name}</b>
                <span className={d.problem ? 'not-ready' : 'muted'}>{d.problem ? 'not ready' : d.line}</span>
              </button>
              {confirm === e.key ? (
                <span className="ed-confirm">
                  <button type="button" className="small danger" onClick={() => (pageEditors.remove(kind, e.key), setConfirm(null))} data-testid="confirm-delete">
                    Delete
                  </button>
                  <button type="button" className="small" onClick={() => setConfirm(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button type="button" className="link" title={`Delete ${d.name}`} aria-label={`Delete ${d.name}`} onClick={() => setConfirm(e.key)}>
                  ×
                </button>
              )}
            </li>
          );
        })}
        {entries.length === 0 && <li className="muted">None yet.</li>}
      </ul>
      <div className="ed-library-actions">
        <button type="button" className="small" onClick={() => (kind === 'army' ? pageEditors.newArmy() : pageEditors.newTable(), setMessage(null), kind === 'army' && focusSoon('army-name'))} data-testid={`new-${kind}`}>
          New {word}
        </button>
        <button type="button" className="small" onClick={() => fileInput.current?.click()} data-testid={`open-${kind}-file`}>
          Open a file…
        </button>
        <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={() => void onFile()} data-testid={`${kind}-file`} />
        {kind === 'army' && (
          <button type="button" className="small" onClick={() => setPasting(true)} data-testid="paste-army" title="Paste an army file or a list of troopers: a new army, or added to this one">
            Paste a list…
          </button>
        )}
        {openKey && (
          <button type="button" className="small" onClick={onDownload} data-testid={`download-${kind}`}>
            Download
          </button>
        )}
      </div>
      {(message || storageError) && (
        <p className={message?.tone === 'error' || storageError ? 'error' : 'muted'} role="status" data-testid="library-message">
          {storageError ?? message?.text}
        </p>
      )}
      {pasting && (
        <ImportList
          current={openKey ? describe(current.file).name : null}
          onClose={(done) => {
            setPasting(false);
            if (done) setMessage({ tone: 'info', text: done });
          }}
        />
      )}
      <h3>Shipped</h3>
      <ul>
        {ships.map((s) => (
          <li key={s.path}>
            <button type="button" className="ed-entry" onClick={() => (pageEditors.copy(kind, s.file as never), setMessage({ tone: 'info', text: `A copy of ${s.file.name} is now yours to edit.` }))} data-testid={`copy-${s.path}`}>
              <b>{s.file.name}</b>
              <span className="muted">{describe(s.file).line} · edit a copy</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
