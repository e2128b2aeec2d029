/** For the tests of two machines: two Yjs documents and a wire between them. */
import * as Y from 'yjs';

/** Two machines' documents, and a wire between them that can be cut and joined again (as the relay does on reconnect). */
export function wire() {
  const a = new Y.Doc();
  const b = new Y.Doc();
  let up = true;
  a.on('update', (u: Uint8Array, origin: unknown) => {
    if (up && origin !== 'wire') Y.applyUpdate(b, u, 'wire');
  });
  b.on('update', (u: Uint8Array, origin: unknown) => {
    if (up && origin !== 'wire') Y.applyUpdate(a, u, 'wire');
  });
  return {
    a,
    b,
    cut: () => {
      up = false;
    },
    join: () => {
      up = true;
      Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)), 'wire');
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)), 'wire');
    },
  };
}


/**
 * A link written by hand in a seat's name, as a machine that edits its own messages would write it:
 * chained after `last` (or the seat's start), signed with the session's own key (`as`), or with none.
 */
export async function handLink<T>(
  hash: import('../../core/commit/hash').HashPort,
  as: import('./session').Session | null,
  at: { n: number; prev: string },
  body: T,
): Promise<{ n: number; prev: string; hash: string; body: T; sig?: string }> {
  const { linkHash } = await import('../../core/commit/chain');
  const { signerOf } = await import('../../core/commit/sign');
  const h = await linkHash(hash, at.n, at.prev, body);
  const keys = as?.store.getState().secrets.keys;
  return { n: at.n, prev: at.prev, hash: h, body, ...(keys ? { sig: await (await signerOf(keys))(h) } : {}) };
}
