import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    // three.js + drei make one ~1.2 MB chunk; that is expected for this app.
    chunkSizeWarningLimit: 1600,
  },
  preview: {
    port: 4173,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
