import { describe, expect, it } from 'vitest';
import { apply, coordinatedCommand, knownProfiles, orderCommand, viewFor } from '../core/api';
import type { Command } from '../core/model/types';
import { TestGame } from '../core/testing/fixtures';
import { turnOne, turnTable } from '../core/testing/turnTable';
import { enemyTargets, sortTargets } from './attackTargets';

/**
 * The attack form's targets sorted by the engine (src/ui/attackTargets.ts) on the turn table
 * (src/core/testing/turnTable.ts): a-run at (28, 14) south of the long wall sees b-inf at (30, 20); the
 * wall hides b-watch, b-lt and the marker from it.
 */
describe('the attack form: targets the engine takes first (ATK-1)', () => {
  const g = new TestGame(turnTable(), turnOne());
  const preview = (c: Command) => apply(g.state, c, g.ctx);
  const enemies = enemyTargets(viewFor(g.state, 'A'), 'A', knownProfiles(g.state, 'A'));
  const shot = (target: string) => orderCommand(g.state, 'A', 'a-run', { skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target, burst: 1 }] });

  it('ATK-1 one die on each enemy in turn: those the engine takes are open, the rest folded with the engine\u2019s reason', () => {
    expect(enemies.map((e) => e.key).sort()).toEqual(['B-m1', 'b-inf', 'b-lt', 'b-watch']);
    const { open, folded } = sortTargets(enemies, shot, preview);
    expect(open.map((e) => e.key)).toEqual(['b-inf']);
    expect(open[0]!.refusal).toBeNull();
    expect(folded.map((e) => e.key).sort()).toEqual(['B-m1', 'b-lt', 'b-watch']);
    for (const e of folded) expect(e.refusal, e.key).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    // the state is untouched by the dry runs
    expect(g.state.order).toBeNull();
  });

  it('ATK-1 a refusal that is no target\u2019s (a weapon the trooper lacks): every enemy stays open, nothing to sort by', () => {
    const lacking = (target: string) => orderCommand(g.state, 'A', 'a-run', { skill: 'bs-attack', weapon: 'light-flamethrower', targets: [{ target, burst: 1 }] });
    const { open, folded } = sortTargets(enemies, lacking, preview);
    expect(open.map((e) => e.key)).toEqual(enemies.map((e) => e.key));
    expect(folded).toEqual([]);
  });

  it('COORD-4 in a Coordinated Order the dry run is the whole Order\u2019s (every participant at the one target), and sorts as for one trooper', () => {
    const both = (target: string) =>
      coordinatedCommand(g.state, 'A', 'a-run', {
        'a-run': { skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target, burst: 1 }] },
        'a-fast': { skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target, burst: 1 }] },
      });
    const { open, folded } = sortTargets(enemies, both, preview);
    expect(open.map((e) => e.key)).toEqual(['b-inf']);
    expect(folded.map((e) => e.key).sort()).toEqual(['B-m1', 'b-lt', 'b-watch']);
  });
});
