import { describe, expect, it } from 'vitest';
import { orderCommand } from './api';
import { apply } from './engine';
import { runTrial as run, trialCtx as ctx, trialDeployed, turnMara } from './testing/movementTrial';

// The movement trial's setup, deployed (src/core/testing/movementTrial.ts).

describe('the Order a declaration spends', () => {
  const start = trialDeployed();

  it('ORD-3 with Regular Orders left the Lieutenant spends one of them: the command names no source', () => {
    const cmd = orderCommand(start, 'A', 'a-varro', { skill: 'move', path: [] });
    expect(cmd).not.toHaveProperty('from');
  });

  it('ORD-3 once its Combat Group has no Regular Order left, the Lieutenant acts on the Lieutenant Special Order (the command names it), and no one else may', () => {
    const spent = run(start, [...turnMara, ...turnMara, ...turnMara]);
    expect(spent.pool?.groups['1']).toBe(0);
    const cmd = orderCommand(spent, 'A', 'a-varro', { skill: 'move', path: [] });
    expect(cmd).toMatchObject({ do: 'order', trooper: 'a-varro', from: 'lieutenant' });
    const r = apply(spent, cmd, ctx);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.pool?.lieutenant).toBe(0);
    // Osei has no Order left: its command names no source, and the engine refuses it (ORD-2).
    const osei = orderCommand(spent, 'A', 'a-osei', { skill: 'move', path: [] });
    expect(osei).not.toHaveProperty('from');
    const refused = apply(spent, osei, ctx);
    expect(refused.ok ? null : refused.rejection.code).toBe('no-order');
  });
});
