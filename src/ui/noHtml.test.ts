import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logLines } from './labels';
import { parseGameFile } from '../core/api';

const SRC = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('names from files are text, never HTML', () => {
  it('no source sets HTML from strings, except the ruler writing its own numbers', () => {
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/dangerouslySetInnerHTML|outerHTML|insertAdjacentHTML|document\.write/);
      const inner = text.split('\n').filter((l) => /innerHTML/.test(l));
      if (file.endsWith(join('scene', 'RulerOverlay.tsx'))) expect(inner.every((l) => /inchesText/.test(l))).toBe(true);
      else expect(inner, file).toEqual([]);
    }
  });

  it('a trooper named like markup is logged as that very text', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const file = parseGameFile(JSON.parse(readFileSync(new URL('../../e2e/fixtures/saves-game.json', import.meta.url), 'utf8')));
    file.players.A.troopers[0]!.name = evil;
    const event = { index: 0, type: 'placed', player: 'A', trooper: 'a-lt', as: 'model', x: 1, y: 1, z: 0, facing: 0, prone: false } as const;
    const lines = logLines([{ command: { do: 'deploy', player: 'A', trooper: 'a-lt', at: { x: 1, y: 1 }, facing: 0, as: 'model' }, phase: 'deployment', events: [event] }], file);
    expect(lines[0]!.text).toBe(`${evil} deployed`);
  });
});
