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

