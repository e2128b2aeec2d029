/**
 * zod's compiler (`z.compile`) for `parseCommand`'s fast path (commands.ts), or null while it is not
 * there. Here it always is: the CLI, the tests, the benches and the page's workers read it from zod at
 * once. The page's own build puts `formCompiler.page.ts` in this module's place (vite.config.ts), which
 * fetches the compiler after the first frame (docs/speed.md, "Bundle size"); until it arrives every
 * command goes through zod's own parse, which answers the same.
 */
import { z } from 'zod';

export type FormCompiler = typeof z.compile;

export function formCompiler(): FormCompiler | null {
  return z.compile;
}
