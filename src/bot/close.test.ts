import { describe, expect, it } from 'vitest';
import type { GameState } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { chooseAros } from './aros';
import { closePlans, closeSeconds } from './close';
import { after, legal, radiusOf } from './moment';
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

  it('CC-7 a trooper that an enemy engages answers with a CC Attack ARO or a Dodge the engine takes, and the one that engaged attacks as its second skill', () => {
    const { state: s, ctx } = firstQuietMoment('nexus-station', 3, 1);
    const them = s.active!;
    const me = otherPlayer(them);
    const [aId, a] = Object.entries(s.troopers).find(([, t]) => t.player === them && t.status === 'model' && !t.prone)!;
    const [bId] = Object.entries(s.troopers).find(([, t]) => t.player === me && t.status === 'model')!;
    const gap = radiusOf(s, aId) + radiusOf(s, bId);
    const placed: GameState = { ...s, troopers: { ...s.troopers, [bId]: { ...s.troopers[bId]!, x: a.x! + gap + 2, y: a.y!, z: a.z, facing: 180 } } };
    const walks: Plan[] = [];
    closePlans(placed, ctx, them, aId, walks);
    const engage = walks.find((p) => p.kind === 'engage' && JSON.stringify(p.seconds[0]).includes(bId))!;
    const window = after(placed, engage.first, ctx)!;
    expect(window.order?.stage).toBe('aro1');
    expect(window.order!.eligible[0]).toContain(bId);
    expect(legal(window, { do: 'aros', player: me, declarations: [{ trooper: bId, skill: 'cc-attack' }] } as never, ctx)).toBe(true);
    const answer = chooseAros(window, ctx, me, window.order!.eligible[0]!, { evals: 6 }, []) as { declarations: { trooper: string; skill: string }[] };
    expect(legal(window, answer as never, ctx)).toBe(true);
    const mine = answer.declarations.find((d) => d.trooper === bId);
    expect(['cc-attack', 'dodge', 'bs-attack']).toContain(mine?.skill);
    const second = after(window, answer as never, ctx)!;
    const attacks = closeSeconds(second, them, aId);
    expect(attacks.some((c) => JSON.stringify(c).includes(bId))).toBe(true);
    expect(attacks.every((c) => legal(second, c, ctx))).toBe(true);
  }, 600_000);
});
