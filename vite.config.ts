import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
