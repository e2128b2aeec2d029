import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = join(__dirname);
const THIS_FILE = 'purity.test.ts';

/** Imports the core must never make: it is pure TypeScript, runnable anywhere. */
const FORBIDDEN_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+|require\s*\(\s*)['"](react|react-dom|three|@react-three\/[^'"]*|zustand|cannon-es)(?:\/[^'"]*)?['"]/;
/** A use of the browser's globals: `window.x`, `document[...]`, `typeof window`; the word alone (an ARO window) is not. */
const DOM_GLOBAL = /(?<![.\w])(window|document)\s*(?:\.\s*[A-Za-z_$]|\[)|\btypeof\s+(window|document)\b|globalThis\.(window|document)\b/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export function impurities(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    // Words in comments are prose, not uses: skip comment lines and line-end comments.
    if (/^\s*(\*|\/\*)/.test(line)) return;
    const code = line.replace(/\/\/.*$/, '');
    if (FORBIDDEN_IMPORT.test(code)) found.push(`line ${i + 1}: imports ${code.match(FORBIDDEN_IMPORT)![1]}`);
    if (DOM_GLOBAL.test(code)) { const m = code.match(DOM_GLOBAL)!; found.push(`line ${i + 1}: uses ${m[1] ?? m[2] ?? m[3]}`); }
  });
  return found;
}

describe('the core stays pure', () => {
  it('finds the framework imports and DOM globals it looks for', () => {
    expect(impurities("import * as THREE from 'three';")).toHaveLength(1);
    expect(impurities("import { create } from 'zustand/vanilla';")).toHaveLength(1);
    expect(impurities("const m = await import('@react-three/fiber');")).toHaveLength(1);
    expect(impurities('const w = window.innerWidth;')).toHaveLength(1);
    expect(impurities('document.title = "x";')).toHaveLength(1);
    expect(impurities("import { z } from 'zod';")).toHaveLength(0);
    expect(impurities("import { x } from './threeish';")).toHaveLength(0);
    expect(impurities(' * a comment about the document')).toHaveLength(0);
    expect(impurities('if (typeof window !== "undefined") {}')).toHaveLength(1);
    expect(impurities('const x = globalThis.document;')).toHaveLength(1);
    // The contract's own word: an ARO window.
    expect(impurities("const window = o.stage === 'aro1' ? 1 : 2;")).toHaveLength(0);
    expect(impurities('return { window, at };')).toHaveLength(0);
    expect(impurities("refuse('x', null, `may not react in this window.`);")).toHaveLength(0);
  });

  it('no file under src/core imports react, three, @react-three, zustand or cannon-es, or uses window or document', () => {
    const files = filesUnder(CORE).filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !f.endsWith(THIS_FILE));
    expect(files.length).toBeGreaterThan(5);
    const problems = files.flatMap((f) => impurities(readFileSync(f, 'utf8')).map((p) => `${relative(CORE, f)} ${p}`));
    expect(problems).toEqual([]);
  });
});
