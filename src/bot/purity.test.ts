/**
 * The bot is plain TypeScript over the core's public face, as the interface is: no React, no three.js,
 * no DOM, no Node modules (it runs in a Web Worker as in Node), and the core only through core/api.ts
 * and core/model/types.ts. Its tests and their helpers (testing/) may use the core's test fixtures.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every relative import and re-export of a file, type-only ones included, as the files they name (as core/imports.test.ts finds them). */
function importsOf(file: string): string[] {
  const out: string[] = [];
  const pattern = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const m of readFileSync(file, 'utf8').matchAll(pattern)) {
    const base = resolve(dirname(file), m[1] ?? m[2]!);
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((c) => existsSync(c) && statSync(c).isFile());
    if (found) out.push(found);
  }
  return out;
}

const BOT = __dirname;
const SRC = resolve(BOT, '..');
const FORBIDDEN = /(?:from\s+|import\s*\(\s*|import\s+)['"](react|react-dom|three|@react-three\/[^'"]*|node:[^'"]*|fs|path|worker_threads)(?:\/[^'"]*)?['"]/;
// The page's globals, used as such (not an ARO window's name or field).
const DOM = /(?<![.\w?])(window|document)\s*\./;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : files(full);
    return /\.test\.ts$/.test(name) || !/\.ts$/.test(name) ? [] : [full];
  });
}

describe('the bot', () => {
  it('is plain TypeScript: no React, no three.js, no DOM, no Node modules', () => {
    const found: string[] = [];
    for (const f of files(BOT)) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\*|\/\/)/.test(line)) return;
          const code = line.replace(/\/\/.*$/, '');
          if (FORBIDDEN.test(code) || DOM.test(code)) found.push(`${relative(SRC, f)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('imports the core only through core/api.ts and the model\u2019s types', () => {
    const allowed = new Set(['core/api.ts', 'core/model/types.ts']);
    const problems: string[] = [];
    for (const f of files(BOT)) {
      for (const target of importsOf(f)) {
        const t = relative(SRC, target).replaceAll('\\', '/');
        if (t.startsWith('core/') && !allowed.has(t)) problems.push(`${relative(SRC, f)} imports ${t}`);
        if (!t.startsWith('core/') && !t.startsWith('bot/')) problems.push(`${relative(SRC, f)} imports ${t}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
