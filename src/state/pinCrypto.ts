/**
 * The cryptography of the Hotseat PINs (pins.ts): a key from the PIN with Argon2id (hash-wasm),
 * AES-GCM boxes (WebCrypto). Loaded when a PIN is first chosen or typed, or a sealed game is opened.
 * Seals made before Argon2id (PBKDF2-SHA-256) still open; new ones are never made so.
 */
import { argon2id } from 'hash-wasm';
import { PAD_TO, type Argon2Params, type Box, type PinRecord, type SeatLock } from './pinRecord';
import { pinProblem } from './pinRules';
import type { Argon2Job, Argon2Reply } from './argon2.worker';

export type { Argon2Params, Box, PinRecord, SeatLock } from './pinRecord';
export { pinProblem } from './pinRules';

/**
 * The parameters of every new seal: 128 MiB, 4 passes, one lane. About 0.85 s a derivation on one core
 * of the bench machine in Node or Chromium (the page's own code), 0.35 s there with the fastest native
 * code an attacker could use; a few seconds on a slow tablet (docs/pins.md).
 */
export const PIN_KDF: Readonly<Argon2Params> = Object.freeze({ memoryKiB: 131_072, iterations: 4, parallelism: 1 });
/** The least the shipped parameters may be (a test holds PIN_KDF to it): 64 MiB, 3 passes. */
export const PIN_KDF_FLOOR: Readonly<Pick<Argon2Params, 'memoryKiB' | 'iterations'>> = Object.freeze({ memoryKiB: 65_536, iterations: 3 });
/**
 * The most a record may ask for: a record over these (a file changed by hand, or absurd) is refused
 * rather than derived, which could hang the page or run it out of memory.
 */
export const PIN_KDF_MAX: Readonly<Argon2Params> = Object.freeze({ memoryKiB: 262_144, iterations: 10, parallelism: 4 });
/** The rounds of the seals made before Argon2id (PBKDF2-SHA-256); they still open. */
export const PBKDF2_ITERATIONS = 200_000;
/** The most rounds a PBKDF2 record may ask for. */
export const PBKDF2_MAX_ITERATIONS = 2_000_000;

const CHECK_TEXT = 'infinity-table/pin-check/1';
/** The salt of a new seal, in bytes; a record's salt may be 8 to 64 (Argon2 needs 8 at least). */
const SALT_BYTES = 16;

function b64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(s);
}
const unb64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

const isInt = (n: unknown, min: number, max: number): n is number => Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

/** Whether Argon2id parameters are ones this page derives with: Argon2's own least values, and at most PIN_KDF_MAX. */
export function argon2ParamsOk(p: Argon2Params): boolean {
  return isInt(p.parallelism, 1, PIN_KDF_MAX.parallelism) && isInt(p.iterations, 1, PIN_KDF_MAX.iterations) && isInt(p.memoryKiB, 8 * p.parallelism, PIN_KDF_MAX.memoryKiB);
}

/**
 * The AES-GCM key of a PIN by Argon2id: 32 bytes, imported into WebCrypto (not extractable), then
 * wiped here (as far as JavaScript can: hash-wasm drops the Wasm memory it was computed in with its instance).
 */
export async function argon2Key(pin: string, salt: Uint8Array, p: Argon2Params): Promise<CryptoKey> {
  // NFC: the same passphrase typed through another keyboard or input method gives the same bytes.
  const raw = await argon2Raw(new TextEncoder().encode(pin.normalize('NFC')), salt, p);
  try {
    return await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  } finally {
    raw.fill(0);
  }
}

/**
 * Argon2id's 32 bytes: in a worker of its own where the page has workers (argon2.worker.ts: the page
 * is not held for the derivation), else here (Node, the tests). hash-wasm's binary result is a copy
 * out of its memory, in an ArrayBuffer of its own.
 */
async function argon2Raw(password: Uint8Array<ArrayBuffer>, salt: Uint8Array, p: Argon2Params): Promise<Uint8Array<ArrayBuffer>> {
  const job = { memorySize: p.memoryKiB, iterations: p.iterations, parallelism: p.parallelism, hashLength: 32, outputType: 'binary' as const };
  if (typeof Worker === 'undefined') return (await argon2id({ password, salt, ...job })) as Uint8Array<ArrayBuffer>;
  const w = new Worker(new URL('./argon2.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<Uint8Array<ArrayBuffer>>((done, fail) => {
      w.onmessage = (e: MessageEvent<Argon2Reply>) => ('raw' in e.data ? done(e.data.raw) : fail(new Error(e.data.error)));
      w.onerror = (e) => fail(new Error(`The PIN's worker failed: ${e.message}`));
      w.postMessage({ password, salt: Uint8Array.from(salt), memoryKiB: p.memoryKiB, iterations: p.iterations, parallelism: p.parallelism } satisfies Argon2Job, [password.buffer]);
    });
  } finally {
    w.terminate();
  }
}

/** The AES-GCM key of a PIN by PBKDF2-SHA-256: the seals made before Argon2id. */
export async function pbkdf2Key(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
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

/**
 * A new PIN for a seat: its record and key. `kdf`: the cost of the derivation, PIN_KDF unless a test
 * asks for less (a page never does).
 */
export async function choosePin(pin: string, kdf: Readonly<Argon2Params> = PIN_KDF): Promise<SeatLock> {
  const problem = pinProblem(pin);
  if (problem) throw new Error(problem);
  const { memoryKiB, iterations, parallelism } = kdf;
  if (!argon2ParamsOk(kdf)) throw new Error(`Argon2id parameters out of range: ${JSON.stringify({ memoryKiB, iterations, parallelism })}.`);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await argon2Key(pin, salt, kdf);
  const check = await encrypt(key, CHECK_TEXT, 64);
  return { record: { kdf: 'argon2id', memoryKiB, iterations, parallelism, salt: b64(salt), check }, key };
}

/** A record's salt when the record is one this page opens (its shape, and a cost within bounds), else null. */
function recordSalt(record: PinRecord): Uint8Array<ArrayBuffer> | null {
  if (!record || typeof record !== 'object' || typeof record.salt !== 'string' || !record.check || typeof record.check.iv !== 'string' || typeof record.check.data !== 'string') return null;
  if (record.kdf === 'argon2id' ? !argon2ParamsOk(record) : record.kdf !== 'PBKDF2-SHA-256' || !isInt(record.iterations, 1, PBKDF2_MAX_ITERATIONS)) return null;
  if (record.salt.length > 128) return null;
  let salt: Uint8Array<ArrayBuffer>;
  try {
    salt = unb64(record.salt);
  } catch {
    return null;
  }
  return salt.length >= 8 && salt.length <= 64 ? salt : null;
}

/**
 * The seat's lock when the PIN is its own, else null. A record that is not one (a file changed by
 * hand: a cost out of bounds, a missing field) is refused at once, never derived.
 */
export async function unlockPin(record: PinRecord, pin: string): Promise<SeatLock | null> {
  const salt = recordSalt(record);
  if (!salt || typeof pin !== 'string' || pin.length === 0) return null;
  let key: CryptoKey;
  try {
    key = record.kdf === 'argon2id' ? await argon2Key(pin, salt, record) : await pbkdf2Key(pin, salt, record.iterations);
  } catch {
    return null;
  }
  return (await decrypt(key, record.check)) === CHECK_TEXT ? { record, key } : null;
}
