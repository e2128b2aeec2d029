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
