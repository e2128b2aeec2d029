/**
 * The hash port of the commitments (NET-2 to NET-4): SHA-256 and a source of random bytes. The
 * default answers with WebCrypto (`globalThis.crypto`, in the browser and in Node 20 alike), so the
 * commitments and their checks stay pure functions of what they are given.
 */

export interface HashPort {
  /** SHA-256 of the bytes */
  sha256(data: Uint8Array): Promise<Uint8Array>;
  /** n bytes from a cryptographic source */
  random(n: number): Uint8Array;
}

/** SHA-256 and random bytes from the platform's WebCrypto. */
export const webCryptoHash: HashPort = {
  async sha256(data) {
    return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  },
  random(n) {
    const out = new Uint8Array(n);
    globalThis.crypto.getRandomValues(out);
    return out;
  },
};

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** The bytes of a hex string; null when it is not one (odd length, a character that is not a hex digit). */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** A hex string of 32 bytes: a SHA-256 digest or a salt. */
export function isDigest(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);
}

/**
 * The canonical text of a JSON value: object keys sorted, no spaces, `undefined` fields left out, so
 * two machines that hold the same choice hash the same bytes whatever order its fields were written in.
 */
export function canonical(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`canonical: ${value} is not a JSON number`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value as object)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  throw new Error(`canonical: a ${typeof value} is not JSON`);
}

const encoder = new TextEncoder();

/** The bytes hashed for a tagged message: the tag, a newline, then each part, each ended by a newline. */
export function tagged(tag: string, ...parts: string[]): Uint8Array {
  return encoder.encode(`${tag}\n${parts.map((p) => `${p}\n`).join('')}`);
}

/** SHA-256 of a tagged message, as hex. */
export async function digestOf(hash: HashPort, tag: string, ...parts: string[]): Promise<string> {
  return toHex(await hash.sha256(tagged(tag, ...parts)));
}
