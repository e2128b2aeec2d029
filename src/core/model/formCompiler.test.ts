/**
 * `parseCommand`'s compiler (formCompiler.ts) and the page's (formCompiler.page.ts, which the page's
 * build puts in its place): the same zod compiler, the page's once fetched. Until then the page's
 * `parseCommand` goes through zod's own parse, whose answers commands.test.ts compares with the compiled ones.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formCompiler } from './formCompiler';
import { formCompiler as pageFormCompiler } from './formCompiler.page';

describe('the compiler of the command forms', () => {
  it('is zod\u2019s compiler at once here, and the page\u2019s is the same compiler once fetched', async () => {
    expect(formCompiler()).toBe(z.compile);
    await vi.waitFor(() => expect(pageFormCompiler()).toBe(z.compile));
  });
});
