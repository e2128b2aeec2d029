/**
 * `parseCommand` (zod's compiled parser for each command's form, the runtime for the rest) answers as
 * `commandSchema.safeParse`: the same commands taken, each read into the same value (its fields in the
 * same order, records keyed by ids without a prototype), and the same refusals, word for word. Checked
 * on every command of the shipped examples and browser fixtures, and on thousands of broken ones.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandProblem, commandSchema, parseCommand } from './commands';

const ROOT = join(__dirname, '..', '..', '..');
const FILES = [
  ...readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json')).map((f) => join(ROOT, 'examples', f)),
  ...readdirSync(join(ROOT, 'e2e', 'fixtures')).filter((f) => f.endsWith('.json')).map((f) => join(ROOT, 'e2e', 'fixtures', f)),
];
const COMMANDS: unknown[] = FILES.flatMap((f) => {
  const doc = JSON.parse(readFileSync(f, 'utf8')) as { commands?: unknown };
  return Array.isArray(doc.commands) ? doc.commands : [];
});

/** Equal values, down to the order of each object's keys and each object's prototype. */
function same(a: unknown, b: unknown): boolean {
  if (a === null || typeof a !== 'object' || b === null || typeof b !== 'object') return Object.is(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k]));
}

function expectSameAnswer(input: unknown): void {
  const slow = commandSchema.safeParse(input);
  const fast = parseCommand(input);
  expect(fast.success).toBe(slow.success);
  if (slow.success && fast.success) {
    expect(same(fast.data, slow.data)).toBe(true);
    if (typeof input === 'object' && input !== null) expect(fast.data).not.toBe(input);
  } else if (!slow.success && !fast.success) {
    expect(commandProblem(fast.error)).toBe(commandProblem(slow.error));
    expect(JSON.stringify(fast.error.issues)).toBe(JSON.stringify(slow.error.issues));
  }
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const VALUES: Json[] = [null, true, 0, -1, 0.5, 1.5, 20, 21, 10000, 10001, -1e9, 1e308, '', 'x', 'A', 'B', 'move', 'idle', 'none', '__proto__', 'x'.repeat(65), [], {}, [1, 2], { x: 1, y: 2 }, { x: 1, y: 2, z: 3 }, { x: 'a', y: 2 }];

function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

/** A command with one change: a field dropped, given another value, renamed, or a field added. */
function mutate(command: Json, kind: number, at: number, value: number): Json {
  const doc = structuredClone(command);
  const all = paths(doc).filter((p) => p.length > 0);
  if (all.length === 0) return doc;
  const path = all[at % all.length]!;
  const parent = path.slice(0, -1).reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, doc) as Record<string | number, Json>;
  const key = path.at(-1)!;
  const v = structuredClone(VALUES[value % VALUES.length]!);
  if (kind % 4 === 0) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (kind % 4 === 1) parent[key] = v;
  else if (kind % 4 === 2 && !Array.isArray(parent)) {
    const old = parent[key]!;
    delete parent[key];
    const names = ['__proto__', 'constructor', 'from', 'fireFrom', 'z', 'via', `${String(key)}x`];
    Object.defineProperty(parent, names[value % names.length]!, { value: old, enumerable: true, writable: true, configurable: true });
  } else if (!Array.isArray(parent)) parent[['extra', 'z', 'from', 'dice', 'prone', 'with'][value % 6]!] = v;
  return doc;
}

describe('parseCommand', () => {
  it('reads every command of the examples and fixtures as commandSchema does', () => {
    expect(COMMANDS.length).toBeGreaterThan(100);
    for (const c of COMMANDS) expectSameAnswer(c);
  });

  it('takes and refuses what commandSchema takes and refuses, with the same words', () => {
    for (const v of [...VALUES, undefined, { do: 'nothing' }, { do: 'order' }, { do: 'order', skill: 'fly' }, { do: 'second', player: 'A', skill: 'none' }]) expectSameAnswer(v);
    // A legacy point in `from` of a bs-attack is read as `fireFrom` (upgradeLegacyCommand).
    expectSameAnswer({ do: 'order', player: 'A', trooper: 'a1', skill: 'bs-attack', weapon: 'w', target: 'b1', from: { x: 1, y: 2 } });
    fc.assert(
      fc.property(fc.nat(COMMANDS.length - 1), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }), (i, ms) => {
        let c = COMMANDS[i] as Json;
        for (const [kind, at, value] of ms) c = mutate(c, kind, at, value);
        expectSameAnswer(c);
      }),
      { numRuns: 3000, seed: 36 },
    );
  });
});
