/**
 * The WebCrypto of the Hotseat PINs (pins.ts): a key from the PIN with PBKDF2, AES-GCM boxes. Loaded
 * when a PIN is first chosen or typed, or a sealed game is opened.
 */
import { PAD_TO, PIN_ITERATIONS, pinProblem, type Box, type PinRecord, type SeatLock } from './pins';

export type { Box, PinRecord, SeatLock } from './pins';

const CHECK_TEXT = 'infinity-table/pin-check/1';

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
