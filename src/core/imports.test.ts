/**
 * How the house holds together (ARCHITECTURE.md): the interface (src/ui, src/tools, src/scene) reaches
 * the core only through its public face (core/api.ts; apiFiles.ts for the editors) and the model's types, so every rule answer it
 * shows is the engine's; and no module of src imports itself back through others (no import circle,
 * `import type` included).
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Every relative import and re-export of a file, type-only ones included, as the files they name. */
export function importsOf(file: string, source = readFileSync(file, 'utf8')): string[] {
  const out: string[] = [];
  const pattern = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const m of source.matchAll(pattern)) {
    const spec = m[1] ?? m[2]!;
    const base = resolve(dirname(file), spec);
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((c) => existsSync(c) && statSync(c).isFile());
    if (found) out.push(found);
  }
  return out;
}

const rel = (f: string) => relative(SRC, f).replaceAll('\\', '/');

describe('the house', () => {
  it('finds imports, re-exports, type imports and dynamic imports', () => {
    const file = join(SRC, 'ui', 'X.tsx');
    const src = "import { a } from '../core/api';\nimport type { B } from '../core/view';\nexport { c } from './labels';\nconst m = import('./TurnPanel');\n";
    expect(importsOf(file, src).map(rel)).toEqual(['core/api.ts', 'core/view.ts', 'ui/labels.ts', 'ui/TurnPanel.tsx']);
  });

  it('the interface imports the core only through its public face (core/api.ts, and core/apiFiles.ts for the editors) and the model\u2019s types (tests: the core\u2019s test fixtures too)', () => {
    const allowed = new Set(['core/api.ts', 'core/apiFiles.ts', 'core/model/types.ts']);
    const problems: string[] = [];
    for (const dir of ['ui', 'tools', 'scene']) {
      for (const f of filesUnder(join(SRC, dir))) {
        const test = /\.test\.tsx?$/.test(f) || rel(f).includes('/testing/');
        for (const target of importsOf(f)) {
          const t = rel(target);
          if (!t.startsWith('core/') || allowed.has(t) || (test && t.startsWith('core/testing/'))) continue;
          problems.push(`${rel(f)} imports ${t}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no import circle anywhere in src, type imports included', () => {
    const files = filesUnder(SRC).filter((f) => !/\.test\.tsx?$/.test(f));
    const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => !/\.test\.tsx?$/.test(t))]));
    // Tarjan's strongly connected components: any with two or more files is a circle.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const on = new Set<string>();
    const circles: string[][] = [];
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next);
      next++;
      stack.push(v);
      on.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          scc.push(rel(w));
        } while (w !== v);
        if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(scc.sort());
      }
    };
    for (const f of files) if (!index.has(f)) visit(f);
    expect(circles).toEqual([]);
  });

  it('no source file over 500 lines', () => {
    const long = filesUnder(SRC)
      .map((f) => [rel(f), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > 500);
    expect(long).toEqual([]);
  });
});
