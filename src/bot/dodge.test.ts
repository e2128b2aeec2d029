import { describe, expect, it } from 'vitest';
import type { StateView } from '../core/api';
import type { PlanePoint } from '../core/model/types';
import { chooseDodgeMove } from './dodge';
import { lengthOf } from './ground';
import { outlook } from './outlook';
import { firstQuietMoment } from './testing/games';

describe("the bot's move after a successful Dodge", () => {
  it('MOV-20 it moves at most 2" to where the enemies would harm it no more than where it stands, turned to its attacker', () => {
    const { state: s, ctx } = firstQuietMoment('foundry-ridge', 5, 1);
    const me = s.active === 'A' ? 'B' : 'A';
    const [dodger, d] = Object.entries(s.troopers).find(([, t]) => t.player === me && t.status === 'model' && !t.prone)!;
    const [attacker] = Object.entries(s.troopers).find(([, t]) => t.player !== me && t.status === 'model')!;
    const order = { player: s.active, trooper: attacker, from: 'group', stage: 'dodge-moves', skills: [], aros: {}, needs: { [dodger]: 1 }, window: null, dodgeMoves: [dodger], dodgePlayer: me } as unknown as NonNullable<StateView['order']>;
    const cmd = chooseDodgeMove(s, ctx, me, order) as { do: string; trooper: string; path: PlanePoint[]; facing?: number };
    expect(cmd).toMatchObject({ do: 'dodgeMove', player: me, trooper: dodger });
    const here = { x: d.x!, y: d.y!, z: d.z ?? 0 };
    expect(lengthOf(here, cmd.path)).toBeLessThanOrEqual(2);
    if (cmd.path.length > 0) {
      const end = cmd.path.at(-1)!;
      expect(outlook(s, ctx, dodger, { ...end, z: here.z }).risk).toBeLessThanOrEqual(outlook(s, ctx, dodger, here).risk + 1e-9);
    }
    expect(typeof cmd.facing).toBe('number');
  }, 600_000);
});
