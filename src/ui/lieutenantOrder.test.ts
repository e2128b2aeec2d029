import { beforeEach, describe, expect, it } from 'vitest';
import { apply, coordinatedCommand, coordinatedOrderClosed, lieutenantOrderChoice, orderCommand } from '../core/api';
import type { GameState } from '../core/model/types';
import { runTrial as run, trialCtx as ctx, trialDeployed, turnMara } from '../core/testing/movementTrial';
import { chooseLieutenantOrder, lieutenantChoice, onLieutenantOrder } from '../tools/lieutenantChoice';

/**
 * What the turn panel offers about which Order pays, from the core's answers, on the movement trial's
 * setup deployed (src/core/testing/movementTrial.ts): Captain Varro is A's Lieutenant, with Osei and
 * Mara in Combat Group 1 (3 Regular Orders); the drone holds an Irregular Order.
 */
const start = trialDeployed();
const stay = { skill: 'move' as const, path: [] };

describe('the turn panel: the Lieutenant Special Order (ORD-3)', () => {
  beforeEach(() => lieutenantChoice.setState({ key: null }));

  it('ORD-3 with Regular Orders left, the owner may choose the Lieutenant Special Order for the Lieutenant only; the opponent is told nothing', () => {
    expect(lieutenantOrderChoice(start, 'A', 'a-varro')).toBe('may');
    expect(lieutenantOrderChoice(start, 'A', 'a-osei')).toBeNull();
    // GRP-4: asked for the other player, no answer names A's Lieutenant.
    expect(lieutenantOrderChoice(start, 'B', 'a-varro')).toBeNull();
    expect(lieutenantOrderChoice(start, 'B', 'a-osei')).toBeNull();
  });

  it('ORD-3 chosen on the panel, the command names the Lieutenant Special Order and the engine spends it, leaving the Regular Orders', () => {
    expect(orderCommand(start, 'A', 'a-varro', stay, onLieutenantOrder(start, 'a-varro'))).not.toHaveProperty('from');
    chooseLieutenantOrder(start, 'a-varro', true);
    expect(onLieutenantOrder(start, 'a-varro')).toBe(true);
    expect(onLieutenantOrder(start, 'a-osei')).toBe(false);
    const cmd = orderCommand(start, 'A', 'a-varro', stay, onLieutenantOrder(start, 'a-varro'));
    expect(cmd).toMatchObject({ do: 'order', trooper: 'a-varro', from: 'lieutenant' });
    const r = apply(start, cmd, ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.pool).toMatchObject({ groups: { 1: 3 }, lieutenant: 0 });
    // Spent: nothing more is offered, and a stale choice adds nothing to a later command.
    expect(lieutenantOrderChoice(r.state, 'A', 'a-varro')).toBeNull();
    // Another trooper, or unticked: the pool pays.
    expect(orderCommand(start, 'A', 'a-osei', stay, true)).not.toHaveProperty('from');
    chooseLieutenantOrder(start, 'a-varro', false);
    expect(onLieutenantOrder(start, 'a-varro')).toBe(false);
  });

  it('ORD-3 once the group has no Regular Order left it is the only Order: shown, not offered as a choice', () => {
    const spent = run(start, [...turnMara, ...turnMara, ...turnMara]);
    expect(lieutenantOrderChoice(spent, 'A', 'a-varro')).toBe('only');
    expect(orderCommand(spent, 'A', 'a-varro', stay)).toMatchObject({ from: 'lieutenant' });
  });

  it('ORD-3 the choice is for this turn: another round forgets it', () => {
    chooseLieutenantOrder(start, 'a-varro', true);
    expect(onLieutenantOrder({ ...start, round: start.round + 1 }, 'a-varro')).toBe(false);
  });
});

describe('the turn panel: the Coordinated Order button (COORD-1)', () => {
  it('COORD-1 open in an ordinary turn', () => {
    expect(coordinatedOrderClosed(start, 'A')).toBeNull();
  });

  it('COORD-1 MIS-16 in a Loss of Lieutenant turn every Order is Irregular: the button is greyed with the reason, and the engine refuses one alike', () => {
    const lost: GameState = {
      ...start,
      pool: { groups: { 1: 0 }, irregular: { 'a-varro': 1, 'a-osei': 1, 'a-outrider': 1, 'a-drone': 1 }, lieutenant: 0 },
      score: { points: { A: 0, B: 0 }, byRule: {}, activated: {}, zones: {}, lossOfLieutenant: { A: true, B: false }, retreat: { A: false, B: false }, lieutenantOwed: null, retreatThisRound: false, result: null },
    };
    const closed = coordinatedOrderClosed(lost, 'A');
    expect(closed?.rule).toBe('COORD-1');
    expect(closed?.message).toMatch(/Loss of Lieutenant/);
    const r = apply(lost, coordinatedCommand(lost, 'A', 'a-osei', { 'a-osei': stay, 'a-outrider': stay }), ctx);
    expect(r.ok ? null : r.rejection.code).toBe('no-order');
  });

  it('COORD-1 no Regular Order left in any group: greyed too', () => {
    const spent = run(start, [...turnMara, ...turnMara, ...turnMara]);
    expect(coordinatedOrderClosed(spent, 'A')?.message).toMatch(/Regular Order/);
  });
});
