import { useState } from 'react';
import { isDie } from '../core/api';

/**
 * Why a die typed in is not one, or null when it is (or nothing is typed yet): a d20 shows a whole
 * number from 1 to 20.
 */
export function dieProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  if (isDie(n)) return null;
  if (!Number.isFinite(n)) return 'A d20 shows a whole number from 1 to 20.';
  if (!Number.isInteger(n)) return `A d20 shows a whole number from 1 to 20: ${t} is not a whole number.`;
  return `A d20 shows a whole number from 1 to 20: ${t} is ${n < 1 ? 'too low' : 'too high'}.`;
}

/** A die typed in, read: its value, or null (nothing typed, or not a die). */
export function dieValue(text: string): number | null {
  return text.trim() !== '' && dieProblem(text) === null ? Number(text) : null;
}

/** The reason a typed die is refused, beside the box (role=alert, so it is read out). */
export function DieProblem({ text, testId }: { text: string; testId?: string }) {
  const problem = dieProblem(text);
  if (!problem) return null;
  return (
    <span className="die-problem" role="alert" data-testid={testId}>
      {problem}
    </span>
  );
}

/** A d20 rolled at the table and typed in (manual dice): a number box and a button, enabled on 1 to 20. */
export function DieEntry({
  label,
  testId,
  button,
  buttonTestId,
  autoFocus = false,
  onRoll,
}: {
  label: string;
  testId: string;
  button: string;
  buttonTestId?: string;
  autoFocus?: boolean;
  onRoll: (die: number) => void;
}) {
  const [value, setValue] = useState('');
  const die = dieValue(value);
  return (
    <form
      className="roll-entry"
      onSubmit={(e) => {
        e.preventDefault();
        if (die !== null) onRoll(die);
      }}
    >
      <label>
        {label}:{' '}
        <input type="number" min={1} max={20} value={value} onChange={(e) => setValue(e.target.value)} autoFocus={autoFocus} data-testid={testId} />
      </label>
      <button type="submit" className="primary" disabled={die === null} data-testid={buttonTestId}>
        {button}
      </button>
      <DieProblem text={value} testId={`${testId}-problem`} />
    </form>
  );
}
