/**
 * Private Information and the game's end across two machines (NET-2, GRP-4): the Lieutenant never
 * travels until the Lieutenant Special Order shows it; a whole game ends with both machines opening
 * everything and each auditing the other's game; a hidden trooper that comes to light in its own step
 * is opened from a seal the game places early.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createGame } from '../../core/engine';
import type { Command, GameState } from '../../core/model/types';
import { dryRun } from '../../core/commit/knowing';
import { viewFor } from '../../core/view';
import { editing, example, machines, play, taken } from './testMachines';

const DEMO = example('demo-deployed');
const { commands: DEPLOYMENT, ...SETUP } = DEMO;
const ROUND = example('round-one').commands.slice(24);
const docText = (d: Y.Doc) => JSON.stringify({ A: d.getArray('A').toJSON(), B: d.getArray('B').toJSON() });

describe('the Lieutenant, Private Information (GRP-4, NET-2)', () => {
  it('NET-8 GRP-4 no Lieutenant in the hello, the room or the other machine: B\'s machine holds the same game whichever of A\'s WIP-14 troopers is A\'s Lieutenant', async () => {
    const held: string[] = [];
    for (const lt of ['a-varro', 'a-sable']) {
      const m = await machines(SETUP, { lieutenants: { A: lt } });
      await play(m, DEPLOYMENT, createGame(m.setup));
      for (const d of [m.w.a, m.w.b]) expect(docText(d)).not.toMatch(/"lieutenant"\]|"lieutenant",/);
      const hello = m.sessions.B.store.getState().net.logs.A[0]!.body;
      expect(hello).toMatchObject({ t: 'hello', wip: 14 });
      expect(JSON.stringify(hello)).not.toContain(`"skills":["lieutenant"`);
      const b = m.games.B.store.getState();
      held.push(JSON.stringify({ setup: b.state.setup.players.A, view: viewFor(b.state, 'B') }));
      expect(JSON.stringify(m.sessions.B.store.getState().net)).not.toContain(lt === 'a-sable' ? '"lieutenant":"a-sable"' : '"lieutenant":"a-varro"');
    }
    expect(held[0]).toBe(held[1]);
  }, 60_000);

  it('NET-8 GRP-4 the Lieutenant Special Order shows A\'s Lieutenant: A\'s machine opens it first; sent without the opening, the Order is refused and given again', async () => {
    const m = await machines(SETUP);
    let truth = await play(m, [...DEPLOYMENT, ...ROUND.slice(0, 10)], createGame(m.setup));
    const lt = { ...(ROUND[14] as object), from: 'lieutenant' } as Command;
    expect(dryRun(truth, lt, m.ctx).result.ok).toBe(true);
    const stop = editing(m.sessions.A, (body) => (body.t === 'lieutenant' ? null : body));
    expect((await m.games.A.submit(lt)).ok).toBe(true);
    await m.settle();
    stop();
    expect(m.games.B.store.getState().error).toMatch(/shows Player A's Lieutenant, which their machine has not opened \(GRP-4\)/);
    expect(m.games.B.store.getState().state.lieutenantKnown.A).toBe(false);
    // Refused, A's machine took its Order back; its Lieutenant sent this time, the Order is taken.
    expect(taken(m, 'A')).toBe(taken(m, 'B'));
    const g = m.sessions.A.store.getState().secrets.game as { opened: { lieutenant?: true } };
    m.sessions.A.keepGame({ ...g, opened: { ...g.opened, lieutenant: undefined } });
    truth = await play(m, [lt], truth);
    const b = m.games.B.store.getState().state;
    expect(b.lieutenantKnown.A).toBe(true);
    expect(viewFor(b, 'B')).toEqual(viewFor(truth, 'B'));
    expect(b.setup.players.A.troopers.find((t) => t.skills.includes('lieutenant'))!.id).toBe('a-varro');
  }, 60_000);
});

describe('the closing audit (NET-2)', () => {
  it('NET-7 a whole game across two machines, to the end of Round 3: both machines open everything, audit each other\'s game, and both audits pass', async () => {
    const m = await machines(SETUP);
    let truth: GameState = await play(m, [...DEPLOYMENT, ...ROUND], createGame(m.setup));
    while (truth.phase !== 'end') truth = await play(m, [{ do: 'endTurn', player: truth.active! } as Command], truth);
    await m.settle();
    for (const p of ['A', 'B'] as const) {
      const c = m.games[p].store.getState().closing!;
      expect(c.reason).toBe('end');
      expect(c.theirs, `Player ${p}'s audit of the other`).toMatchObject({ ok: true });
      expect(c.mine, `the other's audit of Player ${p}`).toMatchObject({ ok: true });
      expect(viewFor(m.games[p].store.getState().state, p)).toEqual(viewFor(truth, p));
    }
    // Everything was opened at the end: B's hidden trooper's spot is on the wire now, and A's machine knows it.
    const audit = m.games.A.store.getState().closing!.theirs!.message;
    expect(audit).toMatch(/every private choice \(1\)/);
  }, 120_000);

  it('NET-7 NET-3 the initiative with shared dice, then a claim of cheating: both honest machines pass the audit', async () => {
    const file = example('markers-and-hidden', { random: true });
    const { commands: _c, ...setup } = file;
    const m = await machines(setup, { seeds: [7, 11] });
    for (let i = 0; i < 10 && m.games.A.store.getState().state.initiative.winner === null; i++) {
      expect((await m.games.A.submit({ do: 'initiative' } as Command)).ok).toBe(true);
      await m.settle();
    }
    expect(m.games.A.store.getState().state.initiative.winner).not.toBeNull();
    expect((await m.games.B.claim('cheat')).ok).toBe(true);
    await m.settle();
    for (const p of ['A', 'B'] as const) expect(m.games[p].store.getState().closing).toMatchObject({ reason: 'claim', theirs: { ok: true }, mine: { ok: true } });
  }, 60_000);
});

describe('a reload (NET-4)', () => {
  it('NET-4 a machine\'s game made again from its own log takes the other\'s opened private commands in their places: the same game', async () => {
    const m = await machines(SETUP);
    const truth = await play(m, [...DEPLOYMENT, { do: 'reveal', player: 'B', trooper: 'b-wraith', declares: 'other', facing: 180 } as Command], createGame(m.setup));
    const before = m.games.A.store.getState();
    m.restart('A');
    await m.settle();
    const after = m.games.A.store.getState();
    expect(after.error).toBeNull();
    expect(after.order).toEqual(before.order);
    expect(viewFor(after.state, 'A')).toEqual(viewFor(truth, 'A'));
  }, 60_000);
});

describe('a seal the game places early (NET-2)', () => {
  it('NET-6 a hidden trooper whose Infiltration roll fails comes to light in its own step: its machine seals it at once and opens it, and the other machine takes the fallback', async () => {
    const file = example('firefight');
    const { commands, ...setup } = file;
    const m = await machines(setup);
    let truth = await play(m, commands.slice(0, 7), createGame(setup));
    // HD-4: b-hide hidden in the enemy's half, its Infiltration roll failed (20 against PH).
    const hidden = { do: 'deploy', player: 'B', trooper: 'b-hide', at: { x: 4, y: 18 }, facing: 180, as: 'hidden', roll: 20 } as Command;
    truth = await play(m, [hidden], truth);
    expect(truth.pendingFallback).toMatchObject({ trooper: 'b-hide' });
    const spot = [47.5, 47.3, 47, 46.5].map((y) => ({ do: 'fallback', player: 'B', trooper: 'b-hide', at: { x: 8, y }, facing: 180 }) as Command).find((c) => dryRun(truth, c, m.ctx).result.ok)!;
    truth = await play(m, [spot], truth);
    const early = Object.values(m.sessions.A.store.getState().net.seals).find((s) => s.early);
    expect(early?.opened).toHaveLength(1);
    expect(viewFor(m.games.A.store.getState().state, 'A')).toEqual(viewFor(truth, 'A'));
    expect(m.games.A.store.getState().error).toBeNull();
    // The step goes on, and ends with its own seal; a claim's audit passes.
    truth = await play(m, [commands[8]!], truth);
    expect((await m.games.A.claim('cheat')).ok).toBe(true);
    await m.settle();
    expect(m.games.A.store.getState().closing).toMatchObject({ theirs: { ok: true }, mine: { ok: true } });
  }, 60_000);
});
