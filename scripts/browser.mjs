// The browser the tests drive: Debian's Chromium at /usr/bin/chromium (playwright.config.ts). Found,
// installed where this user may (root, with apt-get: what .ci/run does), or a one-line answer saying
// what to run. Used by `npm test` before anything else runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export function ensureBrowser() {
  if (existsSync(CHROMIUM)) return { ok: true };
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && has('apt-get')) {
    process.stdout.write(`The browser tests need Chromium at ${CHROMIUM}: installing Debian's chromium package (apt-get)...\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env }) : update;
    if (install.status === 0 && existsSync(CHROMIUM)) return { ok: true };
    return { ok: false, message: `npm test: installing Chromium failed; run "apt-get install -y chromium" as root, then npm test again.` };
  }
  const how = has('apt-get') ? 'sudo apt-get install -y chromium' : `install Chromium so that ${CHROMIUM} exists`;
  return { ok: false, message: `npm test: the browser tests need Chromium at ${CHROMIUM}; run "${how}", then npm test again.` };
}
