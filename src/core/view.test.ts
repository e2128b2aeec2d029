import { describe, expect, it } from 'vitest';
import { apply } from './engine';
import type { Command, GameEvent } from './model/types';
import { TO_DEPLOYMENT, TestGame, dep } from './testing/fixtures';
import { knownProfiles, viewEvents, viewFor, type Viewer } from './view';

const depAs = (player: 'A' | 'B', trooper: string, x: number, y: number, as: 'model' | 'marker' | 'hidden' = 'model') => dep(player, trooper, x, y, { as });

/** Plays commands, collecting each viewer's events as they happen. */
function play(commands: Command[]) {
  const g = new TestGame(undefined, TO_DEPLOYMENT);
  const seen: Record<'A' | 'B' | 'full', GameEvent[]> = { A: [], B: [], full: [] };
  for (const c of commands) {
    const r = apply(g.state, c, g.ctx);
    if (!r.ok) throw new Error(r.rejection.message);
    for (const v of ['A', 'B', null] as Viewer[]) seen[v ?? 'full'].push(...viewEvents(r.events, g.state, r.state, v));
    g.state = r.state;
  }
  return { g, seen };
}

const A_MAIN: Command[] = [
  depAs('A', 'r-lt', 24, 5),
  depAs('A', 'r-bike', 30, 6),
  depAs('A', 'r-inf', 20, 10),
  depAs('A', 'r-fd', 12, 14),
  { do: 'endStep', player: 'A', keep: 'r-gun' },
];

describe('viewFor', () => {
  it('DEP-2 the opponent sees the count kept back but not which trooper, nor the airborne ones', () => {
    const { g, seen } = play(A_MAIN);
    const b = viewFor(g.state, 'B');
    expect(b.keptBack).toEqual({ A: 1 });
    expect(b.troopers['r-gun']).toBeUndefined();
    expect(b.troopers['r-drop']).toBeUndefined();
    expect(b.troopers['r-lt']).toMatchObject({ status: 'model', x: 24, y: 5 });
    expect(JSON.stringify(seen.B)).not.toMatch(/r-gun|r-drop/);
    const a = viewFor(g.state, 'A');
    expect(a.troopers['r-gun']!.status).toBe('reserve');
    expect(a.troopers['r-drop']!.status).toBe('off-table');
    expect(a.troopers['u-lt']).toBeUndefined();
    expect(viewFor(g.state, null).troopers['u-lt']!.status).toBe('undeployed');
  });

  it('TOC-2 a marker shows to the opponent by its marker id only, with no trooper behind it', () => {
    const { g, seen } = play([...A_MAIN, depAs('B', 'u-lt', 20, 44), depAs('B', 'u-scout', 30, 40, 'marker')]);
    const a = viewFor(g.state, 'A');
    expect(a.markers).toEqual({ 'B-m1': { player: 'B', s: 2, x: 30, y: 40, z: 0, group: 1 } });
    expect(a.troopers['u-scout']).toBeUndefined();
    expect(JSON.stringify({ a, events: seen.A })).not.toContain('u-scout');
    expect(seen.A.at(-1)).toMatchObject({ type: 'placed', trooper: 'B-m1', as: 'marker' });
    expect(viewFor(g.state, 'B').markers['B-m1']).toMatchObject({ trooper: 'u-scout' });
    expect(viewFor(g.state, null).markers['B-m1']).toMatchObject({ trooper: 'u-scout' });
    expect(a.orders).toEqual({ A: 4, B: 2 });
  });

  it('HD-13 a player reads the profiles of its own troopers and of the enemy models it sees, never a marker\'s', () => {
    const { g } = play([...A_MAIN, depAs('B', 'u-lt', 20, 44), depAs('B', 'u-scout', 30, 40, 'marker')]);
    expect(Object.keys(knownProfiles(g.state, 'A')).sort()).toEqual(['r-bike', 'r-drop', 'r-fd', 'r-gun', 'r-inf', 'r-lt', 'u-lt']);
    expect(Object.keys(knownProfiles(g.state, 'B')).sort()).toEqual(['r-bike', 'r-fd', 'r-inf', 'r-lt', 'u-lt', 'u-mech', 'u-scout']);
    expect(knownProfiles(g.state, 'A')['u-lt']).toMatchObject({ name: 'Blue Commander', wip: 13 });
  });

  it('HD-1 a hidden trooper leaves no trace in the opponent\u2019s view, events included', () => {
    const { g, seen } = play([...A_MAIN, depAs('B', 'u-lt', 20, 44), depAs('B', 'u-scout', 30, 40, 'hidden')]);
    const a = viewFor(g.state, 'A');
    expect(JSON.stringify({ a, events: seen.A })).not.toContain('u-scout');
    expect(a.orders.B).toBe(1);
    expect(viewFor(g.state, 'B').troopers['u-scout']).toMatchObject({ status: 'hidden', x: 30, y: 40, cover: false });
    expect(seen.full.at(-1)).toMatchObject({ type: 'placed', trooper: 'u-scout', as: 'hidden' });
  });

  it('keeps a marker id when its trooper is placed again, and a model placed again from a marker is named', () => {
    const { g, seen } = play([
      ...A_MAIN,
      depAs('B', 'u-scout', 30, 40, 'marker'),
      depAs('B', 'u-scout', 31, 40, 'hidden'),
      depAs('B', 'u-scout', 32, 40, 'marker'),
    ]);
    expect(g.state.troopers['u-scout']!.markerId).toBe('B-m1');
    expect(seen.A.map((e) => ('trooper' in e ? e.trooper : e.type)).slice(-2)).toEqual(['B-m1', 'B-m1']);
    expect(seen.A.filter((e) => e.type === 'placed' && e.player === 'B')).toHaveLength(2);
  });
});
