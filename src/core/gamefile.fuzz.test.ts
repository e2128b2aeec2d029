/**
 * The loader against thousands of broken files: mutations of the shipped examples (fields dropped,
 * retyped, made huge, nested deep, duplicated, renamed to prototype names; the text cut short). Each
 * must be a valid game, replayed to a result that prints as JSON, or one exit-1 line of at most 300
 * characters; nothing may throw.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGameText } from '../cli/run';

const ROOT = join(__dirname, '..', '..');
const SOURCES = ['examples/deployment.json', 'examples/deployment-and-jump.json', 'examples/hidden-and-discover.json', 'e2e/fixtures/saves-game.json'].map((p) =>
  JSON.parse(readFileSync(join(ROOT, p), 'utf8')) as unknown,
);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path into a JSON value down to depth 12, the root included. */
function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (at.length >= 12) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

function nested(depth: number): Json {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const REPLACEMENTS: Json[] = [null, true, 0, -1, 1.5, 21, 1e9, -1e9, 1e308, '', 'x', '__proto__', 'constructor', 'x'.repeat(100000), [], {}, [1, 2], { __proto__: 1 } as never, nested(2000)];

type Mutation = { kind: 'drop' | 'replace' | 'duplicate' | 'rename'; path: number; value: number } | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('drop' as const, 'replace' as const, 'duplicate' as const, 'rename' as const), path: fc.nat(), value: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

/** Applies mutations to a copy of a source, returning the file's text. */
function mutate(source: unknown, ms: Mutation[]): string {
  let doc = structuredClone(source) as Json;
  let text: string | null = null;
  for (const m of ms) {
    if (m.kind === 'truncate') {
      const t: string = text ?? JSON.stringify(doc, null, 1);
      text = t.slice(0, m.at % Math.max(1, t.length));
      continue;
    }
    if (text !== null) continue;
    const all = paths(doc);
    const path = all[m.path % all.length]!;
    if (path.length === 0) {
      if (m.kind === 'replace') doc = REPLACEMENTS[m.value % REPLACEMENTS.length]!;
      continue;
    }
    const parent = path.slice(0, -1).reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, doc) as Record<string | number, Json> | Json[];
    const key = path.at(-1)!;
    if (m.kind === 'drop') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (m.kind === 'replace') {
      (parent as Record<string | number, Json>)[key] = structuredClone(REPLACEMENTS[m.value % REPLACEMENTS.length]!);
    } else if (m.kind === 'duplicate') {
      if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(parent[key as number]!));
    } else if (!Array.isArray(parent)) {
      const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', `${String(key)}x`];
      const v = parent[key]!;
      delete parent[key];
      Object.defineProperty(parent, names[m.value % names.length]!, { value: v, enumerable: true, writable: true, configurable: true });
    }
  }
  return text ?? JSON.stringify(doc);
}

describe('the loader against broken files', () => {
  it('thousands of mutated examples: each a valid game or one exit-1 line of at most 300 characters, never a throw', () => {
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(fc.nat({ max: SOURCES.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.constantFrom<'A' | 'B' | null>(null, 'A', 'B'), (s, ms, viewer) => {
        const text = mutate(SOURCES[s], ms);
        const run = runGameText(text, viewer);
        if (run.ok) {
          valid++;
          const printed = JSON.stringify(run.output);
          expect(printed).not.toContain('"inches":null');
        } else {
          invalid++;
          expect(run.error.length).toBeLessThanOrEqual(300);
          expect(run.error).not.toMatch(/[\r\n\u2028\u2029]/);
          expect(run.error).toMatch(/^[^:]+: ./);
        }
      }),
      { numRuns: 3000, seed: 20261201 },
    );
    // Both kinds came up: the mutations reach past the schema into the rules.
    expect(valid).toBeGreaterThan(100);
    expect(invalid).toBeGreaterThan(1000);
  }, 60_000);
});
