import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TOOLS = __dirname;
const FORBIDDEN = /(?:from\s+|import\s*\(\s*|import\s+)['"](react|react-dom|three|@react-three\/[^'"]*)(?:\/[^'"]*)?['"]/;
const DOM = /\b(window|document)\b/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : files(full);
    return /\.test\.ts$/.test(name) ? [] : [full];
  });
}

describe('the tools layer', () => {
  it('is plain TypeScript: no React, no three.js, no DOM, so tools run headless', () => {
    const found: string[] = [];
    for (const f of files(TOOLS)) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\*|\/\*|\/\/)/.test(line)) return;
          const code = line.replace(/\/\/.*$/, '');
          // A word inside a string (a window as an opening's kind) is no use of the DOM.
          const bare = code.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "''");
          if (FORBIDDEN.test(code) || DOM.test(bare)) found.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
