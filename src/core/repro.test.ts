/**
 * The defects found from outside (`testing/repro/`), replayed as files through the runner: free Orders
 * spend, a second ARO is refused, the Controlled Jump hacker has spent its ARO and may not be
 * Unconscious. (The secrecy twins are in twins.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runGameText, type SimOutput } from '../cli/run';

const run = (name: string): SimOutput => {
  const r = runGameText(readFileSync(new URL(`./testing/repro/${name}`, import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(r.error);
  return r.output;
};

describe('defects found from outside', () => {
  it('ORD-2 three Orders opening with a BS Attack and its firing point in `from` spend three Orders', () => {
    const out = run('turn-free-orders.json');
    expect(out.rejected).toBeNull();
    // The pool was {1: 8, 2: 7} before the three Orders of group 2.
    expect(out.state.pool!.groups).toEqual({ 1: 8, 2: 4 });
  });

  it('ARO-1 a hidden trooper that appeared as its ARO declares no second ARO in the same window', () => {
    const out = run('turn-aro-twice.json');
    expect(out.rejected).toMatchObject({ code: 'not-eligible', rule: 'ARO-1' });
  });

  it('CJ-11 ARO-1 the hacker named for the Controlled Jump has spent its ARO against that jumper', () => {
    const out = run('cj-hacker-second-aro.json');
    expect(out.rejected).toMatchObject({ code: 'not-eligible', rule: 'CJ-11' });
    // Nor was it offered: the window listed it nowhere.
    const window = out.events.filter((e) => e.type === 'aroWindow').at(-1)!;
    expect(window).toMatchObject({ type: 'aroWindow' });
    expect((window as { eligible: string[] }).eligible).not.toContain('b-hack');
  });

  it('DMG-3 an Unconscious hacker cannot run the Controlled Jump', () => {
    const out = run('cj-unconscious-hacker.json');
    expect(out.rejected).toMatchObject({ code: 'wrong-status', rule: 'DMG-3' });
  });
});
