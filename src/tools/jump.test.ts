import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply, createGame } from '../core/engine';
import type { Command, GameFile, GameState } from '../core/model/types';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { airborne, cellAt, createJumpTool, jumpOdds } from './jump';

const file = JSON.parse(readFileSync(new URL('../../e2e/fixtures/jump-setup.json', import.meta.url), 'utf8')) as GameFile;

function game() {
  const { commands, ...setup } = file;
  const ctx = { scenery: createSceneryIndex(file) };
  let state: GameState = createGame(setup);
  for (const c of commands) {
    const r = apply(state, c, ctx);
    if (!r.ok) throw new Error(r.rejection.message);
    state = r.state;
  }
  let events: ReturnType<typeof apply> | null = null;
  const tool = createJumpTool({
    state: () => state,
    ctx: () => ctx,
    player: () => 'A',
    preview: (c: Command) => apply(state, c, { ...ctx, randomD20: () => 1 }),
    dispatch: (c: Command) => {
      const r = apply(state, c, ctx);
      if (r.ok) state = r.state;
      events = r;
      return r;
    },
    seenEvents: () => (events?.ok ? events.events : []),
    jumpEvents: () => (events?.ok && events.command.do === 'combatJump' ? events.events : null),
  });
  return { tool, get state() { return state; } };
}

describe('the Combat Jump tool', () => {
  it('TOOL-4 lists the airborne trooper and gives the PH odds, Controlled Jump included', () => {
    const g = game();
    expect(airborne(g.state, 'A')).toEqual(['r-drop']);
    expect(airborne(g.state, 'B')).toEqual([]);
    expect(jumpOdds(12, false)).toMatchObject({ target: 12, success: 0.6 });
    expect(jumpOdds(12, true)).toMatchObject({ target: 9, success: 0.45 });
  });

  it('TOOL-4 CJ-5 answers a hover: the roof is legal, the roofless ruin is not', () => {
    const { tool } = game();
    tool.take('r-drop');
    tool.hover({ x: 34, y: 16, z: 3 });
    expect(tool.snapshot.hover).toMatchObject({ legal: true, z: 3 });
    tool.hover({ x: 12, y: 34, z: 0 });
    expect(tool.snapshot.hover).toMatchObject({ legal: false, rule: 'CJ-5' });
    tool.click({ x: 12, y: 34, z: 0 });
    expect(tool.snapshot.pinned).toBeNull();
    expect(tool.snapshot.error).toContain('CJ-5');
  });

  it('CJ-6 CJ-8 jumps onto the roof through the engine and lists the AROs', () => {
    const g = game();
    g.tool.take('r-drop');
    g.tool.click({ x: 34, y: 16, z: 3 });
    g.tool.jump(9);
    expect(g.tool.snapshot.phase).toBe('done');
    expect(g.tool.snapshot.trooper).toBe('r-drop');
    expect(g.state.troopers['r-drop']).toMatchObject({ status: 'model', z: 3 });
    expect(g.tool.snapshot.result!.events.some((e) => e.type === 'aro')).toBe(true);
  });

  it('CJ-7 a failed roll takes up the fallback, judged by the engine', () => {
    const g = game();
    g.tool.take('r-drop');
    g.tool.click({ x: 34, y: 16, z: 3 });
    g.tool.jump(18);
    expect(g.tool.snapshot.phase).toBe('fallback');
    // Far from the zone: refused, with the engine's reason.
    g.tool.hover({ x: 30, y: 20, z: 0 });
    expect(g.tool.snapshot.fallbackVerdict).toMatchObject({ ok: false, rule: 'CJ-7' });
    // In the zone: the ghost snaps onto the table edge, legal.
    g.tool.hover({ x: 30, y: 8, z: 0 });
    expect(g.tool.snapshot.fallbackAt).toMatchObject({ x: 30, y: 0.5 });
    expect(g.tool.snapshot.fallbackVerdict).toMatchObject({ ok: true });
    g.tool.click({ x: 30, y: 5, z: 0 });
    expect(g.tool.snapshot.phase).toBe('done');
    expect(g.tool.snapshot.trooper).toBe('r-drop');
    expect(g.state.troopers['r-drop']).toMatchObject({ status: 'model', x: 30, y: 0.5 });
  });

  it('TOOL-4 reads a map cell under a point', () => {
    const map = { step: 0.5, x0: 0, y0: 0, cols: 2, rows: 2, exposure: Int16Array.from([0, -1, 2, 1]), height: Float32Array.from([0, 0, 3, 3]) };
    expect(cellAt(map, 0.7, 0.2)).toEqual({ exposure: -1, height: 0 });
    expect(cellAt(map, 0.2, 0.7)).toEqual({ exposure: 2, height: 3 });
    expect(cellAt(map, 5, 5)).toBeNull();
  });
});
