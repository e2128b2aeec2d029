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

const CHECK_TEXT = 'infinity-table/pin-check/1';

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

function b64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(s);
}
const unb64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function deriveKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** Encrypts a text, padded with spaces to a multiple of `pad` bytes. */
export async function encrypt(key: CryptoKey, text: string, pad = PAD_TO): Promise<Box> {
  const bytes = new TextEncoder().encode(text);
  const padded = new Uint8Array(Math.ceil((bytes.length + 1) / pad) * pad).fill(0x20);
  padded.set(bytes);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, padded));
  return { iv: b64(iv), data: b64(data) };
}

/** The text of a box, or null when the key is not the one it was sealed with (or the box was changed). */
export async function decrypt(key: CryptoKey, box: Box): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(box.iv) }, key, unb64(box.data));
    return new TextDecoder().decode(plain).trimEnd();
  } catch {
    return null;
  }
}

/** A new PIN for a seat: its record and key. */
export async function choosePin(pin: string): Promise<SeatLock> {
  const problem = pinProblem(pin);
  if (problem) throw new Error(problem);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await deriveKey(pin, salt, PIN_ITERATIONS);
  const check = await encrypt(key, CHECK_TEXT, 64);
  return { record: { kdf: 'PBKDF2-SHA-256', iterations: PIN_ITERATIONS, salt: b64(salt), check }, key };
}

/** The seat's lock when the PIN is its own, else null. */
export async function unlockPin(record: PinRecord, pin: string): Promise<SeatLock | null> {
  if (!record || record.kdf !== 'PBKDF2-SHA-256' || !Number.isInteger(record.iterations) || record.iterations < 1) return null;
  let key: CryptoKey;
  try {
    key = await deriveKey(pin, unb64(record.salt), record.iterations);
  } catch {
    return null;
  }
  return (await decrypt(key, record.check)) === CHECK_TEXT ? { record, key } : null;
}

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
      const lock = await choosePin(pin);
      set({ locks: { ...get().locks, [seat]: lock } });
      return null;
    },
    async check(seat, pin) {
      const lock = get().locks[seat];
      if (!lock) return false;
      return (await unlockPin(lock.record, pin)) !== null;
    },
  }));
}

export const pinStore = createPinStore();

export function usePins<T>(selector: (s: PinState) => T): T {
  return useStore(pinStore, selector);
}
