// What the page scripts (npm run frame-time, npm run hotseat-round) share: their options, building the
// page, serving it with `vite preview` until the script exits, and headless Chromium as the browser
// tests run it (software WebGL).
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

export const root = resolve(import.meta.dirname, '..');

/** The value after `--name` on the command line, else `fallback`; `has(name)` for a bare flag. */
export function options(args = process.argv.slice(2)) {
  return {
    opt: (name, fallback) => {
      const i = args.indexOf(`--${name}`);
      return i >= 0 ? args[i + 1] : fallback;
    },
    has: (name) => args.includes(`--${name}`),
  };
}

/** Builds the page (into `outDir` when given, else dist/), unless `skip`; exits on a failed build. */
export function buildPage({ skip = false, outDir = null } = {}) {
  if (skip) return;
  const out = outDir ? ['--outDir', resolve(outDir), '--emptyOutDir'] : [];
  const b = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...out], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

/** Serves the built page on `port` until the process exits; the address, once it answers. */
export async function servePage(port, outDir = null) {
  const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', ...(outDir ? ['--outDir', resolve(outDir)] : [])], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  const url = `http://localhost:${port}/`;
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error(`the preview server did not answer at ${url}`);
}

/** Headless Debian Chromium with software WebGL, as the browser tests run it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}
