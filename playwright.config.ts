import { defineConfig } from '@playwright/test';

/** The preview server's port; E2E_PORT lets two checkouts run their browser tests side by side. */
const port = Number(process.env.E2E_PORT ?? 4173);
/** The Yjs relay of the two-machine tests (the library's own, from @y/websocket-server); e2e/helpers.ts RELAY. */
const relayPort = Number(process.env.E2E_RELAY_PORT ?? port + 2000);

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Software WebGL (SwiftShader) is slow on the first frame; be generous.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Reports go to reports/, not test-results/ (which Playwright empties on each run).
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    headless: true,
    viewport: { width: 960, height: 540 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--disable-quic',
        '--disable-gpu',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `npx vite build && npx vite preview --port ${port} --strictPort`,
      url: `http://localhost:${port}`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // y-websocket's relay, as its package documents it: HOST and PORT from the environment.
      command: `npx y-websocket-server`,
      env: { HOST: 'localhost', PORT: String(relayPort) },
      url: `http://localhost:${relayPort}`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
