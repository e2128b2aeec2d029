/**
 * Hotseat PINs: each seat's private choices are kept in storage and in saved files only sealed under
 * that seat's PIN, and the hand-over asks for it. A key is derived from the PIN with Argon2id
 * (memory-hard: PIN_KDF in pinCrypto.ts, a random salt per seat; hash-wasm) and encrypts with AES-GCM
 * (a fresh IV every time); the key lives in WebCrypto (not extractable), and the PIN itself is not
 * kept anywhere. The derivation's code is in pinCrypto.ts and the rules of a PIN in pinRules.ts, both
 * loaded only when a PIN is needed (they keep the JavaScript before the first frame small).
 *
 * One guess at a PIN costs whoever holds a copy of the storage or a file one Argon2id derivation:
 * PIN_KDF is chosen for at least 0.5 s a guess through the page's own code on one core (`npm run
 * bench`; about 0.35 s with the fastest native code: docs/pins.md), so the million PINs of 6 digits
 * take days of one core, and a passphrase far longer. Seals made before (PBKDF2-SHA-256, 4-character
 * PINs) still open. What a PIN cannot stop: README, "Hotseat PINs".
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { PlayerId } from '../core/model/types';

export { PAD_TO, type Argon2Params, type Argon2Record, type Box, type Pbkdf2Record, type PinRecord, type SeatLock } from './pinRecord';
import type { Argon2Params, SeatLock } from './pinRecord';

// The key derivation and WebCrypto part (pinCrypto.ts, with hash-wasm's Argon2id) is loaded when a PIN is
// first chosen or typed, not before the first frame.
const loadCrypto = () => import('./pinCrypto');

// ------------------------------------------------------------------ the page's PINs

export interface PinState {
  /** Hotseat with PINs: each seat's secrets sealed under its PIN, and the PIN asked at every hand-over */
  enabled: boolean;
  locks: Partial<Record<PlayerId, SeatLock>>;
  /** A new game: PINs on or off, and no seat has one yet (or the locks an unlocked game came with). */
  reset(enabled: boolean, locks?: Partial<Record<PlayerId, SeatLock>>): void;
  /** Sets a seat's PIN (its first hand-over); refused with the reason when the PIN will not do. */
  choose(seat: PlayerId, pin: string): Promise<string | null>;
  /** Whether a PIN is the seat's own. */
  check(seat: PlayerId, pin: string): Promise<boolean>;
}

/** `kdf`: the cost of the seats' new seals; PIN_KDF (pinCrypto.ts) unless a test asks for less. */
export function createPinStore(kdf?: Readonly<Argon2Params>) {
  return createStore<PinState>()((set, get) => ({
    enabled: false,
    locks: {},
    reset(enabled, locks = {}) {
      set({ enabled, locks });
    },
    async choose(seat, pin) {
      const pins = await loadCrypto();
      const problem = pins.pinProblem(pin);
      if (problem) return problem;
      if (get().locks[seat]) return `Player ${seat} has a PIN already.`;
      const lock = await pins.choosePin(pin, kdf);
      set({ locks: { ...get().locks, [seat]: lock } });
      return null;
    },
    async check(seat, pin) {
      const lock = get().locks[seat];
      if (!lock) return false;
      return (await (await loadCrypto()).unlockPin(lock.record, pin)) !== null;
    },
  }));
}

export const pinStore = createPinStore();

export function usePins<T>(selector: (s: PinState) => T): T {
  return useStore(pinStore, selector);
}
