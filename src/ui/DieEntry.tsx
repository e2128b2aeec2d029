import { useState } from 'react';
import { isDie } from '../core/rules/dice';

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
  const ok = isDie(Number(value)) && value.trim() !== '';
  return (
    <form
      className="roll-entry"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onRoll(Number(value));
      }}
    >
      <label>
        {label}:{' '}
        <input type="number" min={1} max={20} value={value} onChange={(e) => setValue(e.target.value)} autoFocus={autoFocus} data-testid={testId} />
      </label>
      <button type="submit" className="primary" disabled={!ok} data-testid={buttonTestId}>
        {button}
      </button>
    </form>
  );
}
