import { describe, expect, it } from 'vitest';
import type { StateView } from '../core/api';
import type { GameState, PlanePoint } from '../core/model/types';
import { botAgent } from './bot';
import { chooseDodgeMove } from './dodge';
import { lengthOf } from './ground';
import { outlook } from './outlook';
import { playGame } from './play';
import { shippedGame } from './testing/games';

describe("the bot's move after a successful Dodge", () => {
  it('MOV-20 it moves at most 2" to where the enemies would harm it no more than where it stands, turned to its attacker', () => {
    const { setup, ctx } = shippedGame('foundry-ridge', 5, 1);
    let first: GameState | null = null;
    playGame(setup, { A: botAgent({ level: 'easy', seed: 1 }), B: botAgent({ level: 'easy', seed: 2 }) }, ctx, {
      maxCommands: 40,
      onCommand: (s) => {
        if (!first && s.phase === 'game' && !s.order && s.pool && Object.values(s.troopers).filter((t) => t.status === 'model').length > 6) first = s;
      },
    });
    expect(first).not.toBeNull();
    const s = first! as GameState;
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
