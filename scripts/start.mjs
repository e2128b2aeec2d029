// npm start: builds the table and serves it at http://localhost:4173, then opens it in a browser where
// there is a screen to open it on; the address is printed either way (on a machine with no desktop,
// open it from another one). No browser opener that fails is left to print a stack trace.
import { spawn } from 'node:child_process';
import { build, preview } from 'vite';

const PORT = Number(process.env.PORT ?? 4173);

// Only errors: a warning about chunk sizes tells a player nothing.
await build({ logLevel: 'error' });
const server = await preview({ preview: { port: PORT, strictPort: false, open: false } });
const url = server.resolvedUrls?.local?.[0] ?? `http://localhost:${PORT}/`;
process.stdout.write(`\nThe table is served at ${url}  (Ctrl+C stops it)\n`);

/** The command that opens a page on this machine's screen, or null where there is none. */
function opener() {
  if (process.platform === 'darwin') return ['open'];
  if (process.platform === 'win32') return ['cmd', '/c', 'start', '""'];
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return null;
  return ['xdg-open'];
}

const open = process.env.NO_OPEN ? null : opener();
if (open) {
  const child = spawn(open[0], [...open.slice(1), url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stdout.write(`(No browser could be opened here: open ${url} yourself.)\n`));
  child.unref();
} else {
  process.stdout.write(`No screen to open a browser on here: open ${url} in a browser.\n`);
}
