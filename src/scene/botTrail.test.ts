import { describe, expect, it } from 'vitest';
import type { StateView } from '../core/api';
import { nextTrail } from './botTrail';

const win = (path: { x: number; y: number }[]) => ({ window: 1 as const, player: 'A' as const, trooper: 'b-kai', eligible: [], path, skill: 'move' });
const order = (player: 'A' | 'B', window: ReturnType<typeof win> | null, skills: unknown[] = [{ skill: 'move', path: [{ x: 3, y: 3 }] }]) =>
  ({ player, trooper: player === 'B' ? 'b-kai' : 'a-osei', from: 'group', stage: 'aro1', skills, aros: {}, needs: {}, window }) as unknown as StateView['order'];

describe("the table's path (solo against the table)", () => {
  it('is built from the windows the person saw, stays after the Order ends in the table\'s turn, and goes with the person\'s turn', () => {
    let t = nextTrail(null, { order: order('B', win([{ x: 1, y: 1 }, { x: 3, y: 3 }])), round: 1, active: 'B' }, 'B');
    expect(t?.legs).toEqual([[{ x: 1, y: 1 }, { x: 3, y: 3 }]]);
    t = nextTrail(t, { order: order('B', win([{ x: 3, y: 3 }, { x: 5, y: 3 }])), round: 1, active: 'B' }, 'B');
    expect(t?.legs).toHaveLength(2);
    t = nextTrail(t, { order: null, round: 1, active: 'B' }, 'B');
    expect(t).toMatchObject({ live: false });
    expect(t?.legs).toHaveLength(2);
    expect(nextTrail(t, { order: null, round: 1, active: 'A' }, 'B')).toBeNull();
    // The person's own Order draws nothing of the table's; no game against the table, nothing.
    expect(nextTrail(t, { order: order('A', null), round: 1, active: 'A' }, 'B')).toBeNull();
    expect(nextTrail(null, { order: order('B', win([{ x: 1, y: 1 }, { x: 3, y: 3 }])), round: 1, active: 'B' }, null)).toBeNull();
  });
});
