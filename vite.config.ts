import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * R3F's `<Canvas>` registers the whole `three` namespace for its JSX elements (`extend(THREE)`), and so
 * keeps every class of three in the first chunk (some 38 KiB gzip the page never draws). In the build,
 * the module that holds `<Canvas>` gets `src/scene/threeCatalogue.ts` (the classes our elements name) in
 * place of that namespace. The build stops if R3F's file no longer reads as expected (a new version).
 */
function threeCatalogue(): Plugin {
  const catalogue = fileURLToPath(new URL('./src/scene/threeCatalogue.ts', import.meta.url));
  const namespaceImport = "import * as THREE from 'three';";
  let replaced = false;
  return {
    name: 'three-catalogue',
    apply: 'build',
    transform(code, id) {
      if (!/@react-three[\\/]fiber[\\/]dist[\\/]react-three-fiber\.esm\.js$/.test(id.split('?')[0]!)) return null;
      // The namespace must be imported once and used only to register the elements.
      if (!code.includes(namespaceImport) || !code.includes('extend(THREE)') || /\bTHREE\./.test(code)) {
        this.error(`three-catalogue: ${id} does not import and use the three namespace as R3F 9.x did; see vite.config.ts`);
      }
      replaced = true;
      return { code: code.replace(namespaceImport, `import * as THREE from ${JSON.stringify(catalogue)};`), map: null };
    },
    buildEnd(error) {
      if (!error && !replaced) this.error('three-catalogue: R3F\'s <Canvas> module (react-three-fiber.esm.js) was not met; see vite.config.ts');
    },
  };
}

/**
 * zod's compiler (`z.compile`, some 7 KiB gzip) makes `parseCommand` faster, and the page does without
 * it until after the first frame: in the page's build, `src/core/model/formCompiler.ts` (the compiler at
 * once, for Node, the tests and the workers) is replaced by `formCompiler.page.ts`, which fetches it.
 * Either way a command gets the same answer (commands.test.ts). The build stops if the module is not met.
 */
function pageFormCompiler(): Plugin {
  const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
  const nodeFile = here('./src/core/model/formCompiler.ts');
  const pageFile = here('./src/core/model/formCompiler.page.ts');
  let met = false;
  return {
    name: 'page-form-compiler',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!source.endsWith('formCompiler') && !source.endsWith('formCompiler.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id !== nodeFile) return null;
      met = true;
      return pageFile;
    },
    buildEnd(error) {
      if (!error && !met) this.error('page-form-compiler: src/core/model/formCompiler.ts was not met; see vite.config.ts');
    },
  };
}

export default defineConfig({
  plugins: [react(), threeCatalogue(), pageFormCompiler()],
  build: {
    // three.js + R3F + drei make one large chunk; that is expected for this app. What counts is the
    // JavaScript fetched before the first frame, which `npm run bundle-size` measures (budget 450 KiB gzip).
    chunkSizeWarningLimit: 1600,
    // dist/.vite/manifest.json: the entry and what it imports, read by scripts/bundle-size.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the page needs before its first frame in one chunk: otherwise a module shared with a
        // lazily loaded chunk (the sealing code, say) is split out of it into a chunk of its own, and
        // each extra file costs gzip its shared dictionary.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  preview: {
    port: 4173,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Some tests start the runner as a process; on a loaded two-core machine that can take seconds.
    testTimeout: 30_000,
  },
});
