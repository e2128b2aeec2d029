/**
 * A PIN's Argon2id off the page's main thread (issue 41: with PINs, each hand-over held the page for
 * the whole derivation, about a second of a core and several on a busy machine). One worker a
 * derivation: its Wasm memory, where the PIN's work was done, goes with it when it is ended.
 */
import { argon2id } from 'hash-wasm';

export interface Argon2Job {
  password: Uint8Array;
  salt: Uint8Array;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

export type Argon2Reply = { raw: Uint8Array<ArrayBuffer> } | { error: string };

self.onmessage = async (e: MessageEvent<Argon2Job>) => {
  const j = e.data;
  try {
    const raw = (await argon2id({
      password: j.password,
      salt: j.salt,
      memorySize: j.memoryKiB,
      iterations: j.iterations,
      parallelism: j.parallelism,
      hashLength: 32,
      outputType: 'binary',
    })) as Uint8Array<ArrayBuffer>;
    j.password.fill(0);
    (self as unknown as Worker).postMessage({ raw } satisfies Argon2Reply, [raw.buffer]);
  } catch (err) {
    (self as unknown as Worker).postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies Argon2Reply);
  }
};
