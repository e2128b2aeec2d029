#!/usr/bin/env node
// The JavaScript (and CSS) a browser fetches before the table's first frame: the entry chunk of the
// Vite build and everything it imports statically (recursively, through the manifest's `imports`),
// which the page also modulepreloads; lazily loaded chunks (`dynamicImports`) are left out. Prints
// each file's gzip size and the total, and fails when the total is over the budget.
//   node scripts/bundle-size.mjs [--budget KiB]      (after `vite build`)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const budgetArg = process.argv.indexOf('--budget');
const budgetKiB = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 450;

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run "vite build" first (build.manifest must be on).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

const files = new Set();
const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
}
for (const [key] of entries) visit(key);

const lazy = new Set();
for (const chunk of Object.values(manifest)) for (const d of chunk.dynamicImports ?? []) if (manifest[d] && !seen.has(d)) lazy.add(manifest[d].file);

let total = 0;
const rows = [];
for (const file of [...files].sort()) {
  const bytes = readFileSync(join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  rows.push([file, bytes.length, gz]);
}
const kib = (n) => (n / 1024).toFixed(1);
console.log('Fetched before the first frame (entry + static imports + CSS):');
for (const [file, raw, gz] of rows) console.log(`  ${file.padEnd(40)} ${kib(raw).padStart(8)} KiB raw  ${kib(gz).padStart(7)} KiB gzip`);
if (lazy.size) console.log(`Loaded lazily, not counted: ${[...lazy].sort().join(', ')}`);
console.log(`Total: ${kib(total)} KiB gzip (budget ${budgetKiB} KiB)`);
if (total > budgetKiB * 1024) {
  console.error(`Over budget by ${kib(total - budgetKiB * 1024)} KiB gzip.`);
  process.exit(1);
}
