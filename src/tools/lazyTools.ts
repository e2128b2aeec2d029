/**
 * Fetches the table tools that the first frame does without (docs/speed.md, "Bundle size"): the
 * deployment tool and the Combat Jump tool with its landing-map workers. Each module hands its tool to
 * the handle the page already holds (`deployHandle.ts`, `jumpHandle.ts`). Called as the page mounts;
 * again after a failed fetch (offline before the chunks were cached, say), on the next call.
 */
let loading: Promise<void> | null = null;

export function loadTableTools(): Promise<void> {
  loading ??= Promise.all([import('./deployPage'), import('./jumpPage')]).then(
    () => undefined,
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}
