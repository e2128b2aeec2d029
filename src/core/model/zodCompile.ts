// zod's compiler alone, so that the page's build fetches it as a chunk of its own (formCompiler.page.ts).
export { compile } from 'zod/v4/core';
