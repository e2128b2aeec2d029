import { describe, expect, it } from 'vitest';
import type { Command } from '../../model/types';
import { contextFor, TestGame } from '../../testing/fixtures';
import { turnOne, turnTable, type Positions } from '../../testing/turnTable';
import { snapWaypoint, SNAP_REACH } from './snap';
import { silhouetteOf } from '../placement';

const game = (over: Positions = {}) => new TestGame(turnTable(), turnOne(over));
const move = (trooper: string, path: [number, number][], skill = 'move'): Command => ({ do: 'order', player: 'A', trooper, skill, path: path.map(([x, y]) => ({ x, y })) }) as Command;
const ctxOf = () => contextFor(game().state.setup);

// post-w: a 2" block, x 13..14, y 9..10, above a Silhouette 2 trooper's 1.6" reach; the wall: 4" high, x 9..39, y 23.5..24.5 (turnTable).
describe('snapping a waypoint (MOV-25)', () => {
  it('MOV-25 a waypoint the engine takes is not moved', () => {
    const g = game();
    expect(snapWaypoint(g.state, move('a-run', [[28, 16]]), ctxOf())).toEqual({ at: { x: 28, y: 16 }, by: 0 });
  });

  it('MOV-25 a waypoint whose base overlaps the 2" post by 0.004" goes to the nearest point the engine takes, on the near side, within a hundredth', () => {
    const g = game({ 'a-fast': [13.5, 5] });
    const r = silhouetteOf(g.state, 'a-fast')!.r;
    const y = 9 - r + 0.004;
    const cmd = move('a-fast', [[13.5, y]]);
    expect(g.refused(cmd)).toMatchObject({ code: 'too-high' });
    const snap = snapWaypoint(g.state, cmd, ctxOf())!;
    expect(snap).not.toBeNull();
    expect(snap.by).toBeGreaterThanOrEqual(0.004);
    expect(snap.by).toBeLessThanOrEqual(0.015);
    expect(snap.at.y).toBeLessThan(9 - r + 1e-9);
    g.ok(move('a-fast', [[snap.at.x, snap.at.y]]));
  });

  it('MOV-25 a waypoint overlapping another base by a hair goes round it; one deep inside a solid beyond the reach is left as it is (null)', () => {
    const g = game({ 'a-fast': [24, 10], 'a-run': [26, 10] });
    const cmd = move('a-fast', [[25.01, 10]]);
    expect(g.refused(cmd)).toMatchObject({ code: 'blocked-path' });
    const snap = snapWaypoint(g.state, cmd, ctxOf())!;
    expect(snap.by).toBeLessThanOrEqual(0.02);
    g.ok(move('a-fast', [[snap.at.x, snap.at.y]]));
    expect(snapWaypoint(g.state, move('a-fast', [[24, 24]]), ctxOf())).toBeNull();
    expect(SNAP_REACH).toBe(0.5);
  });

  it('MOV-25 a refusal no nearby point cures (a Jump, a skill not a walk) gets no snap', () => {
    const g = game();
    expect(snapWaypoint(g.state, { do: 'order', player: 'A', trooper: 'a-run', skill: 'idle' } as Command, ctxOf())).toBeNull();
  });
});
