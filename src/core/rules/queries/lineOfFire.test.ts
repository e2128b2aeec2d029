import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGameFileText } from '../../gamefile';
import { contextFor, replayFile } from '../../testing/fixtures';
import { isOnTable } from '../placement';
import { hasLineOfFireBetween, lofQuery, SightLines } from './lineOfFire';

const file = parseGameFileText(readFileSync(join(__dirname, '../../../../examples/midgame.json'), 'utf8'));
const { commands: _c, ...setup } = file;
const state = replayFile(file).state;
const ctx = contextFor(setup);
const onTable = Object.keys(state.troopers).filter((id) => isOnTable(state.troopers[id]!));

describe('SightLines: many pairs of one state', () => {
  it('makes each pair the query lofQuery makes, and gives hasLineOfFireBetween its answer', () => {
    const lines = new SightLines(state, ctx);
    let seen = 0;
    let pairs = 0;
    for (const a of onTable) {
      for (const b of onTable) {
        if (a === b) continue;
        pairs++;
        expect(lines.query(a, b)).toEqual(lofQuery(state, a, b));
        const v = lines.has(a, b);
        expect(v).toBe(hasLineOfFireBetween(state, ctx, a, b));
        if (v) seen++;
      }
    }
    expect(pairs).toBe(30 * 29);
    // Both answers occur: the comparison means something.
    expect(seen).toBeGreaterThan(40);
    expect(seen).toBeLessThan(pairs - 40);
  });
});
