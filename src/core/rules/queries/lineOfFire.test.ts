import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weaponPreset } from '../../data/weapons';
import { apply } from '../../engine';
import { behindShooter } from '../../geometry/lof';
import { parseGameFile, parseGameFileText } from '../../gamefile';
import type { Command, GameState } from '../../model/types';
import type { EngineContext } from '../../ports';
import { parseTableFile } from '../../tablefile';
import { contextFor, replayFile, TestGame } from '../../testing/fixtures';
import { possibleReactors, Sight } from '../aros/sight';
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

const EXAMPLES = join(__dirname, '../../../../examples');

/** The `lof` event's answer from one trooper to another, as the runner gives it. */
function lof(state: GameState, c: EngineContext, from: string, to: string): { visible: boolean; cover: boolean; seen: number } {
  const r = apply(state, { do: 'lof', from, to }, c);
  if (!r.ok) throw new Error(r.rejection.message);
  return r.events[0] as never;
}

/** The opposing pairs on the table (each once) where each stands at least partly in the other's arc. */
function facingPairs(state: GameState): [string, string][] {
  const on = Object.keys(state.troopers).filter((id) => isOnTable(state.troopers[id]!));
  const pairs: [string, string][] = [];
  for (const a of on) {
    for (const b of on) {
      if (a >= b || state.troopers[a]!.player === state.troopers[b]!.player) continue;
      if (!behindShooter(lofQuery(state, a, b)) && !behindShooter(lofQuery(state, b, a))) pairs.push([a, b]);
    }
  }
  return pairs;
}

describe('Line of Fire both ways (LOF-1)', () => {
  it('LOF-1 TOOL-2 on every example, each opposing pair that faces each other gets the same `lof` answer both ways, and SightLines agrees', () => {
    let pairs = 0;
    let seen = 0;
    for (const name of readdirSync(EXAMPLES).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))) {
      const f = parseGameFileText(readFileSync(join(EXAMPLES, name), 'utf8'));
      const { commands: _x, ...s } = f;
      const c = contextFor(s);
      const st = replayFile(f).state;
      const lines = new SightLines(st, c);
      for (const [a, b] of facingPairs(st)) {
        pairs++;
        const v = lof(st, c, a, b).visible;
        expect(lof(st, c, b, a).visible, `${name}: ${a} and ${b}`).toBe(v);
        expect(lines.has(a, b)).toBe(v);
        expect(lines.has(b, a)).toBe(v);
        if (v) seen++;
      }
    }
    expect(pairs).toBeGreaterThan(50);
    expect(seen).toBeGreaterThan(0);
  });

  it('LOF-1 on the mid-game, random opposing pairs turned to face each other (or markers) see each other or neither, through `lof`, SightLines and an ARO check', () => {
    const models = onTable.filter((id) => state.troopers[id]!.status === 'model');
    fc.assert(
      fc.property(fc.constantFrom(...models), fc.constantFrom(...models), fc.option(fc.double({ min: -85, max: 85, noNaN: true }), { freq: 4 }), fc.option(fc.double({ min: -85, max: 85, noNaN: true }), { freq: 4 }), (a, b, ta, tb) => {
        if (state.troopers[a]!.player === state.troopers[b]!.player) return;
        const st = structuredClone(state);
        const turn = (id: string, other: string, by: number | null) => {
          const t = st.troopers[id]!;
          const o = st.troopers[other]!;
          if (by === null) st.troopers[id] = { ...t, status: 'marker', markerId: `M-${id}` };
          else st.troopers[id] = { ...t, facing: ((((Math.atan2(-(o.x! - t.x!), o.y! - t.y!) * 180) / Math.PI + by) % 360) + 360) % 360 };
        };
        turn(a, b, ta);
        turn(b, a, tb);
        const v = lof(st, ctx, a, b).visible;
        expect(lof(st, ctx, b, a).visible).toBe(v);
        const lines = new SightLines(st, ctx);
        expect(lines.has(a, b)).toBe(v);
        expect(lines.has(b, a)).toBe(v);
        // As an ARO window asks it: a reacting where it stands, b where it stands (ARO-1).
        const mover = st.troopers[b]!;
        const sight = new Sight(st, ctx, b, [{ x: mover.x!, y: mover.y!, z: mover.z! }], mover.prone);
        expect(sight.sees(possibleReactors(st, b, true).find((r) => r.id === a)!, 0)).toBe(v);
      }),
      { numRuns: 150, seed: 36 },
    );
  });

  it('LOF-1 on Harbour Quarter, the trooper at (40, 31) facing 180 and the one at (22, 4) facing 0 see each other through `lof` (31% one way, by reciprocity the other), and the target may react to the shot', () => {
    const harbour = parseTableFile(JSON.parse(readFileSync(join(__dirname, '../../../../assets/tables/harbour-quarter.json'), 'utf8')));
    const combi = weaponPreset('combi-rifle');
    const t = (id: string, skills: string[]) => ({ id, name: id, s: 2, wip: 13, ph: 12, arm: 1, skills, weapons: [combi] });
    const game = parseGameFile({
      format: 'infinity-table/1',
      rules: 'N4',
      table: harbour.table,
      zones: harbour.zones,
      terrain: harbour.terrain,
      objectives: harbour.objectives,
      players: { A: { name: 'Red', troopers: [t('a-lt', ['lieutenant']), t('a-gun', [])] }, B: { name: 'Blue', troopers: [t('b-lt', ['lieutenant']), t('b-gun', [])] } },
      dice: { manual: true },
      commands: [],
    });
    const deploy = (player: 'A' | 'B', trooper: string, x: number, y: number, facing: number): Command => ({ do: 'deploy', player, trooper, at: { x, y }, facing, as: 'model' });
    const g = new TestGame(game, [
      { do: 'initiative', rolls: { A: 12, B: 3 } },
      { do: 'keep', player: 'A', choice: 'initiative' },
      { do: 'turnOrder', player: 'A', first: 'A' },
      { do: 'deploymentChoice', player: 'B', first: 'B', keeperZone: 'south' },
      deploy('B', 'b-lt', 22, 4, 0),
      { do: 'endStep', player: 'B', keep: 'b-gun' },
      deploy('A', 'a-lt', 40, 31, 180),
      { do: 'endStep', player: 'A', keep: 'a-gun' },
      deploy('B', 'b-gun', 46, 2, 0),
      { do: 'endStep', player: 'B' },
      deploy('A', 'a-gun', 2, 30, 180),
      { do: 'endStep', player: 'A' },
    ]);
    const there = lof(g.state, g.ctx, 'a-lt', 'b-lt');
    expect(there.visible).toBe(true);
    expect(there.seen).toBeCloseTo(0.31, 2);
    expect(lof(g.state, g.ctx, 'b-lt', 'a-lt')).toMatchObject({ visible: true, seen: 0, cover: false });
    // The shot opens a window in which the target may react (it was told none of its troopers could).
    const events = g.ok({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'bs-attack', weapon: combi.id, targets: [{ target: 'b-lt', burst: 3 }] });
    expect(events.find((e) => e.type === 'aroWindow')).toMatchObject({ eligible: ['b-lt'] });
    g.ok({ do: 'aros', player: 'B', declarations: [{ trooper: 'b-lt', skill: 'bs-attack', weapon: combi.id }] });
  });
});
