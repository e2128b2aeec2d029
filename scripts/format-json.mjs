#!/usr/bin/env node
// Rewrites JSON files readably: a value that fits in 110 characters stays on one line, larger ones
// are spread one item per line. Used for the committed examples and fixtures.
//   node scripts/format-json.mjs file.json [...]
import { readFileSync, writeFileSync } from 'node:fs';

function format(v, indent = '') {
  const flat = JSON.stringify(v);
  if (flat.length + indent.length <= 110 || v === null || typeof v !== 'object') return flat;
  const inner = indent + '  ';
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + format(x, inner)).join(',\n')}\n${indent}]`;
  return `{\n${Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${format(x, inner)}`).join(',\n')}\n${indent}}`;
}

for (const file of process.argv.slice(2)) writeFileSync(file, `${format(JSON.parse(readFileSync(file, 'utf8')))}\n`);
