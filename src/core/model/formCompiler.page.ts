/**
 * The page's `formCompiler` (see formCompiler.ts, whose place it takes in the page's build): zod's
 * compiler, some 7 KiB gzip, is fetched after the first frame rather than with it. Until it is there
 * `parseCommand` reads every command with zod's own parse, which gives the same answers.
 */
import type { FormCompiler } from './formCompiler';

let compiler: FormCompiler | null = null;
// A failed fetch (offline before it was cached) leaves the runtime parse, which answers the same.
void import('./zodCompile').then(
  (m) => void (compiler = m.compile as FormCompiler),
  () => undefined,
);

export function formCompiler(): FormCompiler | null {
  return compiler;
}
