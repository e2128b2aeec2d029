/**
 * What a seat's PIN leaves in the clear, and the shape of a sealed box: shared by the page's PINs
 * (pins.ts) and the key derivation loaded when a PIN is needed (pinCrypto.ts), which import it and not
 * each other.
 */

/** The cost of an Argon2id derivation, as a PIN record keeps it. */
export interface Argon2Params {
  /** memory, in KiB (1024 bytes) */
  memoryKiB: number;
  /** passes over that memory */
  iterations: number;
  /** lanes (hash-wasm computes them one after the other) */
  parallelism: number;
}

/** Sealed texts are padded to a multiple of this many bytes, so their size tells little of what they hold. */
export const PAD_TO = 16_384;

/** An AES-GCM ciphertext: base64 of the IV and of the data. */
export interface Box {
  iv: string;
  data: string;
}

/** What is kept in the clear of a seat's PIN: the derivation's salt and cost, and a box that only the right key opens. */
export type PinRecord = Argon2Record | Pbkdf2Record;

/** A seal made now: Argon2id to a 32-byte AES-GCM key. */
export interface Argon2Record extends Argon2Params {
  kdf: 'argon2id';
  /** base64, 16 random bytes */
  salt: string;
  check: Box;
}

/** A seal made before Argon2id: PBKDF2-SHA-256. It still opens; new seals are never made so. */
export interface Pbkdf2Record {
  kdf: 'PBKDF2-SHA-256';
  iterations: number;
  salt: string;
  check: Box;
}

export interface SeatLock {
  record: PinRecord;
  key: CryptoKey;
}
