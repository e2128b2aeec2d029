import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import * as catalogue from './threeCatalogue';

const SRC = resolve(__dirname, '..');

function tsxUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? tsxUnder(full) : /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [full] : [];
  });
}

/** SVG elements that share a name with a three class: the editors' and the page's drawings. */
const SVG = new Set(['Line', 'Path']);

/** The elements a source names (`<ringGeometry`) whose PascalCase name is a class of three. */
function threeElementsOf(source: string): string[] {
  const out = new Set<string>();
  for (const m of source.matchAll(/<([a-z][A-Za-z0-9]*)[\s>/]/g)) {
    const name = m[1]![0]!.toUpperCase() + m[1]!.slice(1);
    if (name in THREE && !SVG.has(name)) out.add(name);
  }
  return [...out];
}

describe('the three classes R3F may build (threeCatalogue)', () => {
  it('reads the three elements of a source, not its HTML or SVG', () => {
    expect(threeElementsOf('<group>\n<mesh position={p}><ringGeometry args={a} /></mesh><div><path d="" /><line /></div></group>').sort()).toEqual(['Group', 'Mesh', 'RingGeometry']);
  });

  it('holds every three element that a .tsx file of src names, and drei\u2019s <orthographicCamera>', () => {
    const missing: string[] = [];
    const used = new Set(['OrthographicCamera']);
    for (const f of tsxUnder(SRC)) {
      for (const name of threeElementsOf(readFileSync(f, 'utf8'))) {
        used.add(name);
        if (!(name in catalogue)) missing.push(`${relative(SRC, f)}: <${name[0]!.toLowerCase()}${name.slice(1)}>`);
      }
    }
    expect(missing).toEqual([]);
    // Nothing kept that no element names (each class costs the first chunk its code).
    expect(Object.keys(catalogue).filter((k) => !used.has(k))).toEqual([]);
  });
});
