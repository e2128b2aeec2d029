import { useState, type FormEvent } from 'react';
import type { PlayerId } from '../core/model/types';
import { PIN_MAX, PIN_MIN, pinProblem } from '../state/pinRules';
import './pins.css';

/**
 * A seat's PIN, typed by that player: a new one (typed twice) or the one they chose. The PIN is sent to
 * `onPin`, which answers null when it is taken or the reason it is refused; nothing else keeps it.
 * Nothing here takes the focus by itself (the hand-over's rule): the player clicks into the box.
 */
export function PinForm({ seat, choosing, disabled, submit, onPin }: { seat: PlayerId; choosing: boolean; disabled?: boolean; submit: string; onPin: (pin: string) => Promise<string | null> }) {
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async (e: FormEvent) => {
    e.preventDefault();
    if (disabled || busy) return;
    const problem = choosing ? (pinProblem(pin) ?? (pin !== again ? 'The two PINs differ: type the same PIN twice.' : null)) : pin.length === 0 ? 'Type your PIN.' : null;
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    // Let "Checking…" be drawn first: the key derivation (Argon2id, pinCrypto.ts) holds this thread for a second or so.
    await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const refused = await onPin(pin);
    setBusy(false);
    setPin('');
    setAgain('');
    setError(refused);
  };
  return (
    <form className="pin-form" onSubmit={(e) => void go(e)} data-testid="pin-form" data-seat={seat}>
      <label>
        <span>{choosing ? `Player ${seat}, choose a PIN (${PIN_MIN} to ${PIN_MAX} characters: ${PIN_MIN} digits will do, a passphrase is stronger)` : `Player ${seat}'s PIN`}</span>
        <input type="password" autoComplete="off" maxLength={PIN_MAX + 4} value={pin} onChange={(e) => setPin(e.target.value)} data-testid="pin-input" />
      </label>
      {choosing && (
        <label>
          <span>The same PIN again</span>
          <input type="password" autoComplete="off" maxLength={PIN_MAX + 4} value={again} onChange={(e) => setAgain(e.target.value)} data-testid="pin-again" />
        </label>
      )}
      {error && (
        <p className="error" role="alert" data-testid="pin-error">
          {error}
        </p>
      )}
      <button type="submit" className="primary big" disabled={disabled || busy} data-testid="pin-submit">
        {busy ? 'Checking…' : submit}
      </button>
    </form>
  );
}
