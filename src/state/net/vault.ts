/**
 * A seat's storage, sealed (NET-2): what a machine keeps across a reload (its signing key, its dice
 * values, the clear commands behind its commitments, its seals' openings) is written to the browser's
 * storage encrypted with AES-GCM, under a key that lives only in the address of that seat's own window
 * (its fragment, `#k=…`, which no server and no invitation link ever carries). A window of the other
 * seat in the same browser reads the same storage, and finds nothing it can read.
 */
import { fromHex, toHex } from '../../core/commit/hash';

const TAG = 'v1:';

/** A fresh vault key: 32 random bytes, in hex. */
export function newVaultKey(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

export function isVaultKey(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);
}

const keys = new Map<string, Promise<CryptoKey>>();
function aesKey(hex: string): Promise<CryptoKey> {
  let k = keys.get(hex);
  if (!k) {
    k = globalThis.crypto.subtle.importKey('raw', fromHex(hex)! as Uint8Array<ArrayBuffer>, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keys.set(hex, k);
  }
  return k;
}

function toBase64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Text sealed under a vault key. */
export async function lock(key: string, text: string): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(key), new TextEncoder().encode(text)));
  return `${TAG}${toHex(iv)}:${toBase64(data)}`;
}

/** The text a vault holds, or null when it is not one, or another key sealed it. */
export async function unlock(key: string, sealed: string): Promise<string | null> {
  if (!sealed.startsWith(TAG)) return null;
  const [iv, data] = sealed.slice(TAG.length).split(':');
  const ivBytes = iv ? fromHex(iv) : null;
  if (!ivBytes || ivBytes.length !== 12 || !data) return null;
  try {
    const plain = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv: ivBytes as Uint8Array<ArrayBuffer> }, await aesKey(key), fromBase64(data) as Uint8Array<ArrayBuffer>);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
