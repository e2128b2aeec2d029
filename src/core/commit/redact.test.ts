import { describe, expect, it } from 'vitest';
import type { Command, GameFile } from '../model/types';
import { contextFor } from '../testing/fixtures';
import { dep, TO_GAME, twoSides } from '../testing/twoSides';
import { webCryptoHash as hash } from './hash';
import { layout, privacyOf, replaySteps } from './layout';
import { audit, checkOpening, openingsOf, sealEntries, sealLog, type LeafOpening, type PublicEntry } from './redact';

const base = twoSides();
const { commands: _none, ...setup } = base;
const ctx = contextFor(setup);
const stepsOf = (commands: Command[]) => {
  const r = replaySteps({ ...base, commands } as GameFile, ctx);
  if (r.refused) throw new Error(`refused: ${r.refused.message}`);
  return r.steps;
};
/** B's secrets in the twoSides game: the hidden trooper, the troopers behind both markers, the kept-back ones (while kept back). */
const SECRET_IDS = ['b-hide', 'b-camo', 'a-hide', 'a-camo'];

describe('the sealed log (NET-2)', () => {
  it('NET-2 a hidden deployment is private, a marker and a kept-back choice are partly private, a model is public', () => {
    const steps = stepsOf(TO_GAME);
    const kinds = steps.map((s) => `${s.command.do}:${'trooper' in s.command ? s.command.trooper : ''}:${privacyOf(s).privacy}`);
    expect(kinds).toContain('deploy:b-hide:private');
    expect(kinds).toContain('deploy:b-camo:partly');
    expect(kinds).toContain('deploy:b-lt:public');
    const marker = steps.find((s) => s.command.do === 'deploy' && s.command.trooper === 'b-camo')!;
    expect(privacyOf(marker).projection).toEqual({ do: 'deploy', player: 'B', trooper: 'B-m1', at: { x: 30, y: 40 }, facing: 180, as: 'marker', sealed: true });
    const keep = steps.find((s) => s.command.do === 'endStep' && s.command.player === 'B')!;
    expect(privacyOf(keep).projection).toEqual({ do: 'endStep', player: 'B', sealed: true });
  });

  it('NET-2 the public log holds no private choice in the clear: no hidden spot, no trooper behind a marker, no kept-back trooper; one seal after each step', async () => {
    const sealed = await sealLog(hash, stepsOf(TO_GAME));
    const text = JSON.stringify(sealed.log);
    for (const id of SECRET_IDS) expect(text).not.toContain(`"${id}"`);
    expect(text).not.toContain('"hidden"');
    // The kept-back troopers are named only once they stand as models in the last step.
    const keepEntries = sealed.log.filter((e) => e.kind === 'projection' && e.command.do === 'endStep');
    expect(keepEntries).toHaveLength(2);
    const seals = sealed.log.filter((e): e is Extract<PublicEntry, { kind: 'seal' }> => e.kind === 'seal');
    // A's and B's main and last steps, then the tails.
    expect(seals.map((s) => `${s.player}${s.tail ? '*' : ''}`)).toEqual(['A', 'B', 'A', 'B', 'A*', 'B*']);
    expect(Object.keys(sealed.keeps.B)).toHaveLength(3);
  });

  it('NET-2 the number of private choices in a step stays private: placing a hidden trooper once or three times makes the same public log but for the roots', async () => {
    const once = TO_GAME;
    const i = TO_GAME.findIndex((c) => c.do === 'deploy' && c.trooper === 'b-hide');
    const thrice = [...TO_GAME.slice(0, i), dep('B', 'b-hide', 10, 40, { as: 'hidden' }), dep('B', 'b-hide', 12, 40, { as: 'hidden' }), ...TO_GAME.slice(i)];
    const shape = (log: PublicEntry[]) => log.map((e) => (e.kind === 'seal' ? { ...e, root: '' } : e));
    const a = await sealLog(hash, stepsOf(once));
    const b = await sealLog(hash, stepsOf(thrice));
    expect(shape(b.log)).toEqual(shape(a.log));
    expect(b.log.length).toBe(a.log.length);
  });

  it('NET-2 every opening taken back in gives the very game: the same commands and the same state', async () => {
    const steps = stepsOf(TO_GAME);
    const sealed = await sealLog(hash, steps);
    const openings = [...openingsOf(sealed.keeps.A), ...openingsOf(sealed.keeps.B)];
    const r = await audit(hash, setup, sealed.log, openings, ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.file.commands).toEqual(steps.map((s) => s.command));
    expect(r.steps.at(-1)!.after).toEqual(steps.at(-1)!.after);
  });

  it('NET-2 a forged opening (the hidden trooper moved after the fact) is refused with a clear message, and nothing changes', async () => {
    const sealed = await sealLog(hash, stepsOf(TO_GAME));
    const before = JSON.stringify(sealed);
    const openings = [...openingsOf(sealed.keeps.A), ...openingsOf(sealed.keeps.B)];
    const k = openings.findIndex((o) => o.opening.opening.choice.command.do === 'deploy' && (o.opening.opening.choice.command as { trooper: string }).trooper === 'b-hide');
    const o = openings[k]!;
    const moved = structuredClone(o);
    (moved.opening.opening.choice.command as { at: { x: number; y: number } }).at = { x: 40, y: 40 };
    const forged = openings.map((x, j) => (j === k ? moved : x));
    const r = await audit(hash, setup, sealed.log, forged, ctx);
    expect(r).toEqual({ ok: false, message: `Player B's opening of the seal at log entry ${o.seal} does not match its commitment: the choice or the salt was changed.` });
    expect(JSON.stringify(sealed)).toBe(before);
    // Another seal's place, another slot, a seal that is not there: refused too.
    expect((await checkOpening(hash, sealed.log, { ...o, seal: o.seal + 1 })).ok).toBe(false);
    expect(await checkOpening(hash, sealed.log, { ...o, seal: 0 })).toEqual({ ok: false, message: 'The opening names log entry 0, which is not a seal.' });
  });

  it('NET-2 an opening that matches its commitment but opens a choice that was not legal when it was made is refused by the rule, by replay', async () => {
    // B commits, honestly hashed, to a hidden trooper in A's zone: the seal opens, the engine refuses it.
    const { entries } = layout(stepsOf(TO_GAME), true);
    const bSeal = entries.find((e) => e.kind === 'seal' && e.player === 'B')!;
    if (bSeal.kind !== 'seal') throw new Error('no seal');
    const hide = bSeal.choices.find((c) => c.command.do === 'deploy' && c.command.trooper === 'b-hide')!;
    hide.command = { ...hide.command, at: { x: 14, y: 6 } } as Command;
    const sealed = await sealEntries(hash, entries);
    const openings: LeafOpening[] = [...openingsOf(sealed.keeps.A), ...openingsOf(sealed.keeps.B)];
    for (const o of openings) expect(await checkOpening(hash, sealed.log, o)).toEqual({ ok: true });
    const r = await audit(hash, setup, sealed.log, openings, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Player B's opened deploy \(command \d+ of the game\) was not legal when it was made: refused by DEP-3: /);
  });

  it('NET-2 with only one player\u2019s openings the game is not put together: the other\u2019s choices are still sealed', async () => {
    const sealed = await sealLog(hash, stepsOf(TO_GAME));
    const r = await audit(hash, setup, sealed.log, openingsOf(sealed.keeps.A), ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/a command of Player B's\) is still sealed/);
  });

  it('NET-2 a public entry changed in the log is found by the replay', async () => {
    const sealed = await sealLog(hash, stepsOf(TO_GAME));
    const openings = [...openingsOf(sealed.keeps.A), ...openingsOf(sealed.keeps.B)];
    const log = structuredClone(sealed.log);
    const i = log.findIndex((e) => e.kind === 'projection' && e.command.do === 'deploy');
    (log[i]! as { command: { at: unknown } }).command.at = { x: 31, y: 40 };
    const r = await audit(hash, setup, log, openings, ctx);
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(new RegExp(`^Log entry ${i}: the log holds`)) });
  });
});
