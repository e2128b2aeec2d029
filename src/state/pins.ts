/**
 * Hotseat PINs: each seat's private choices are kept in storage and in saved files only sealed under
 * that seat's PIN, and the hand-over asks for it. A key is derived from the PIN with PBKDF2 (SHA-256,
 * PIN_ITERATIONS rounds, a random salt per seat) and encrypts with AES-GCM (a fresh IV every time);
 * the key never leaves WebCrypto (not extractable), and the PIN itself is not kept anywhere.
 *
 * A short PIN stops a glance at the storage or a file, and a player pressing "I am Player B": it does
 * not stop a determined opponent who copies the file and tries every 4-digit PIN offline (README).
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { PlayerId } from '../core/model/types';

export const PIN_ITERATIONS = 200_000;
/** A PIN: 4 to 12 characters (digits are enough; letters make it stronger). */
export const PIN_MIN = 4;
export const PIN_MAX = 12;
/** Sealed texts are padded to a multiple of this many bytes, so their size tells little of what they hold. */
export const PAD_TO = 16_384;

/** An AES-GCM ciphertext: base64 of the IV and of the data. */
export interface Box {
  iv: string;
  data: string;
}

/** What is kept in the clear of a seat's PIN: the PBKDF2 salt, and a box that only the right key opens. */
export interface PinRecord {
  kdf: 'PBKDF2-SHA-256';
  iterations: number;
  salt: string;
  check: Box;
}

export interface SeatLock {
  record: PinRecord;
  key: CryptoKey;
}

/** Why a PIN cannot be used, or null. */
export function pinProblem(pin: string): string | null {
  if (pin.length < PIN_MIN) return `A PIN has at least ${PIN_MIN} characters.`;
  if (pin.length > PIN_MAX) return `A PIN has at most ${PIN_MAX} characters.`;
  if (/\s/.test(pin)) return 'A PIN has no spaces.';
  return null;
}

// The WebCrypto part (pinCrypto.ts) is loaded when a PIN is first chosen or typed, not before the first frame.
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

export function createPinStore() {
  return createStore<PinState>()((set, get) => ({
    enabled: false,
    locks: {},
    reset(enabled, locks = {}) {
      set({ enabled, locks });
    },
    async choose(seat, pin) {
      const problem = pinProblem(pin);
      if (problem) return problem;
      if (get().locks[seat]) return `Player ${seat} has a PIN already.`;
      const lock = await (await loadCrypto()).choosePin(pin);
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
