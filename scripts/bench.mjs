#!/usr/bin/env node
// npm run bench: bundles bench/table.bench.ts (and the landing map's worker thread) with esbuild into
// .bench/, then runs it with node. The bench measures the code as the page ships it: tsx, which runs
// the other scripts, wraps every function it compiles to keep its name, and in the hot loops of Line
// of Fire that alone costs up to twice the time.
//
//   npm run bench
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const out = resolve(root, '.bench');
await build({
  entryPoints: { 'table.bench': resolve(root, 'bench/table.bench.ts'), landingThread: resolve(root, 'bench/landingThread.ts') },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, [resolve(out, 'table.bench.mjs'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
