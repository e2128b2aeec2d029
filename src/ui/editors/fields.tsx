/**
 * Form fields for the editors: what is typed stays in the box until Enter or leaving the box; then it
 * is given to the editor, which keeps it or refuses it with a reason. A refused value stays in the box
 * with the reason under it (the army or table keeps what it had), so nothing typed is lost either.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

type Commit<T> = (value: T) => string | null;

/** The box's text and its refusal; both follow the value when it changes from elsewhere (undo, a drag). */
function useDraftText(shown: string) {
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const editing = useRef(false);
  useEffect(() => {
    if (editing.current) return;
    setText(shown);
    setError(null);
  }, [shown]);
  const setEditing = (on: boolean) => {
    editing.current = on;
  };
  return { text, setText, error, setError, setEditing };
}

/** What every box does: typing edits its text; Enter or leaving it gives it; Escape puts the value back. */
function boxHandlers(d: ReturnType<typeof useDraftText>, commit: () => void, shown: string) {
  return {
    value: d.text,
    'aria-invalid': d.error !== null,
    onFocus: () => d.setEditing(true),
    onChange: (e: { target: { value: string } }) => d.setText(e.target.value),
    onBlur: commit,
    onKeyDown: (e: { key: string }) => {
      if (e.key === 'Enter') commit();
      if (e.key === 'Escape') {
        d.setText(shown);
        d.setError(null);
      }
    },
  };
}

function Field({ label, error, children, id, wide }: { label: ReactNode; error: string | null; children: ReactNode; id: string; wide?: boolean }) {
  return (
    <div className={`ed-field${wide ? ' wide' : ''}${error ? ' refused' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <span className="ed-field-error" role="alert" data-testid="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Numbers: `1.5`, `-3`, `+3`. */
export function NumberField({ label, value, onCommit, testId, title }: { label: ReactNode; value: number; onCommit: Commit<number>; testId?: string; title?: string }) {
  const id = useId();
  const d = useDraftText(String(value));
  const commit = () => {
    d.setEditing(false);
    if (d.text.trim() === String(value)) {
      d.setError(null);
      return;
    }
    const v = Number(d.text.trim().replace(/^\+/, ''));
    if (d.text.trim() === '' || !Number.isFinite(v)) {
      d.setError('Expected a number.');
      return;
    }
    d.setError(onCommit(v));
  };
  return (
    <Field label={label} error={d.error} id={id}>
      <input
        id={id}
        className="ed-num"
        inputMode="decimal"
        title={title}
        data-testid={testId}
        {...boxHandlers(d, commit, String(value))}
      />
    </Field>
  );
}

/** Text: names and ids; `parse` may turn it into something else first (or say why it cannot). */
export function TextField({
  label,
  value,
  onCommit,
  testId,
  wide,
  parse,
}: {
  label: ReactNode;
  value: string;
  onCommit: Commit<string>;
  testId?: string;
  wide?: boolean;
  parse?: (text: string) => string | null;
}) {
  const id = useId();
  const d = useDraftText(value);
  const commit = () => {
    d.setEditing(false);
    if (d.text === value) {
      d.setError(null);
      return;
    }
    const bad = parse?.(d.text) ?? null;
    d.setError(bad ?? onCommit(d.text));
  };
  return (
    <Field label={label} error={d.error} id={id} wide={wide}>
      <input
        id={id}
        className="ed-text"
        data-testid={testId}
        {...boxHandlers(d, commit, value)}
      />
    </Field>
  );
}

/** A choice among a few values, given at once. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onCommit,
  testId,
}: {
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onCommit: Commit<T>;
  testId?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Field label={label} error={error} id={id}>
      <select id={id} value={value} data-testid={testId} onChange={(e) => setError(onCommit(e.target.value as T))}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Undo and Redo for an editor. */
export function UndoRedo({ editor, can, testId }: { editor: { undo(): void; redo(): void }; can: { canUndo: boolean; canRedo: boolean }; testId: string }) {
  return (
    <>
      <button type="button" className="small" disabled={!can.canUndo} onClick={() => editor.undo()} data-testid={testId}>
        Undo
      </button>
      <button type="button" className="small" disabled={!can.canRedo} onClick={() => editor.redo()}>
        Redo
      </button>
    </>
  );
}
