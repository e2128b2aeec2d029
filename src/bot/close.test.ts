import { describe, expect, it } from 'vitest';
import type { GameState } from '../core/model/types';
import { closePlans } from './close';
import { legal, radiusOf } from './moment';
import type { Plan } from './plan';
import { firstQuietMoment } from './testing/games';

describe('close combat for the bot', () => {
  it('CC-5 a trooper in base contact with an enemy model has a CC Attack the engine takes, and one a Move away walks in and attacks', () => {
    const { state: s, ctx } = firstQuietMoment('nexus-station', 3, 1);
    const me = s.active!;
    const mine = Object.entries(s.troopers).find(([, t]) => t.player === me && t.status === 'model' && !t.prone)!;
    const theirs = Object.entries(s.troopers).find(([, t]) => t.player !== me && t.status === 'model')!;
    const [aId, a] = mine;
    const [bId] = theirs;
    const gap = radiusOf(s, aId) + radiusOf(s, bId);
    const place = (d: number): GameState => ({ ...s, troopers: { ...s.troopers, [bId]: { ...s.troopers[bId]!, x: a.x! + d, y: a.y!, z: a.z } } });
    const touching = place(gap + 0.01);
    const plans: Plan[] = [];
    closePlans(touching, ctx, me, aId, plans);
    const attack = plans.find((p) => p.kind === 'cc' && JSON.stringify(p.first).includes(bId));
    expect(attack).toBeDefined();
    expect(legal(touching, attack!.first, ctx)).toBe(true);
    const near = place(gap + 2);
    const walks: Plan[] = [];
    closePlans(near, ctx, me, aId, walks);
    const engage = walks.find((p) => p.kind === 'engage' && JSON.stringify(p.seconds[0]).includes(bId));
    expect(engage).toBeDefined();
  }, 600_000);
});
