/**
 * Signatures (NET-4): every message a machine writes is signed by its seat's key, so a message in a
 * seat's list that its machine did not write (another machine writing in its name, a copy out of its
 * place) is known at once and passed over. ECDSA on P-256 with SHA-256, from WebCrypto (in the
 * browser and in Node 20 alike): a key pair is made when a seat is taken (the invitation, the join),
 * the public key travels in the invitation link and in the seat's hello, and the private key stays on
 * its machine (in its own storage, sealed: state/net/vault.ts).
 *
 * What is signed is the link's hash (core/commit/chain.ts), under a tag: the hash covers the link's
 * number, the hash before it and its body, so one signature holds the whole link in its place.
 */
import { fromHex, toHex } from './hash';

const SIGN_TAG = 'infinity-table/sig/1\n';
const ALGO = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** A seat's key pair as it is kept: the public key (raw, hex) and the private key (JWK). */
export interface SeatKeys {
  publicKey: string;
  privateKey: JsonWebKey;
}

const subtle = () => globalThis.crypto.subtle;
const bytes = (s: string) => new TextEncoder().encode(s);

/** A fresh key pair for a seat. */
export async function newSeatKeys(): Promise<SeatKeys> {
  const pair = (await subtle().generateKey(ALGO, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { publicKey: toHex(raw), privateKey: await subtle().exportKey('jwk', pair.privateKey) };
}

/** Whether a value is a P-256 public key as the hello writes it: 65 bytes, uncompressed, in hex. */
export function isPublicKey(s: unknown): s is string {
  return typeof s === 'string' && /^04[0-9a-f]{128}$/.test(s);
}

/** Whether a value is a signature as a link carries it: 64 bytes (r and s), in hex. */
export function isSignature(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-f]{128}$/.test(s);
}

/** A signer for a seat's keys: signs a link's hash. */
export async function signerOf(keys: SeatKeys): Promise<(hash: string) => Promise<string>> {
  const key = await subtle().importKey('jwk', keys.privateKey, ALGO, false, ['sign']);
  return async (hash) => toHex(new Uint8Array(await subtle().sign(SIGN, key, bytes(SIGN_TAG + hash))));
}

const imported = new Map<string, Promise<CryptoKey | null>>();

function publicKeyOf(hex: string): Promise<CryptoKey | null> {
  let k = imported.get(hex);
  if (!k) {
    const raw = fromHex(hex);
    k = raw ? subtle().importKey('raw', raw as Uint8Array<ArrayBuffer>, ALGO, false, ['verify']).catch(() => null) : Promise.resolve(null);
    imported.set(hex, k);
  }
  return k;
}

/** Whether `sig` is the signature of `hash` by the holder of `publicKey` (false for anything malformed). */
export async function verifySignature(publicKey: string, hash: string, sig: unknown): Promise<boolean> {
  if (!isPublicKey(publicKey) || !isSignature(sig)) return false;
  const key = await publicKeyOf(publicKey);
  if (!key) return false;
  try {
    return await subtle().verify(SIGN, key, fromHex(sig)! as Uint8Array<ArrayBuffer>, bytes(SIGN_TAG + hash));
  } catch {
    return false;
  }
}

/** A short fingerprint of a public key, for the invitation link: 16 bytes of its SHA-256, in hex. */
export async function keyFingerprint(publicKey: string): Promise<string> {
  const d = new Uint8Array(await subtle().digest('SHA-256', bytes(`infinity-table/key/1\n${publicKey}`)));
  return toHex(d.slice(0, 16));
}
