/**
 * Two machines against an opponent who cheats on the wire (NET-4): malformed messages, replayed and
 * forged ones, commands out of turn, and a machine that withholds what it owes. Each is refused (or,
 * for a withheld opening, ends in a claim after the players' time limit), and the honest machine goes
 * on: nothing written into the room stops it.
 */
import { describe, expect, it } from 'vitest';
import { linkHash } from '../../core/commit/chain';
import { webCryptoHash as hash } from '../../core/commit/hash';
import { createGame } from '../../core/engine';
import type { Command, GameState } from '../../core/model/types';
import { viewFor } from '../../core/view';
import { signerOf } from '../../core/commit/sign';
import type { Body } from './protocol';
import { editing, example, machines, play, rawPost, taken, type Machines } from './testMachines';

const DEMO = example('demo-deployed');
const { commands: DEPLOYMENT, ...SETUP } = DEMO;
const ROUND = example('round-one').commands.slice(24);

async function deployed(extra: readonly Command[] = []): Promise<{ m: Machines; truth: GameState }> {
  const m = await machines(SETUP, { limits: { waitSeconds: 120 } });
  const truth = await play(m, [...DEPLOYMENT, ...extra], createGame(m.setup));
  return { m, truth };
}

const errorOf = (m: Machines) => m.games.A.store.getState().error ?? m.sessions.A.store.getState().error;

/** B's next honest command is taken, and both machines show their players the one-machine game's views. */
async function goesOn(m: Machines, truth: GameState, cmds: readonly Command[]): Promise<GameState> {
  const next = await play(m, cmds, truth);
  expect(taken(m, 'A')).toBe(taken(m, 'B'));
  for (const p of ['A', 'B'] as const) expect(viewFor(m.games[p].store.getState().state, p)).toEqual(viewFor(next, p));
  return next;
}

describe('malformed messages (NET-4)', () => {
  it('NET-5 commands of no legal form, values JSON does not have, broken fields and unknown messages are refused one by one, nothing throws, and the game goes on', async () => {
    const { m, truth } = await deployed();
    const before = m.games.A.store.getState().state;
    const at = taken(m, 'A');
    const bodies: unknown[] = [
      { t: 'cmd', seat: 'B', at, command: { do: 'deploy', player: 'B', trooper: 5, at: 'here' } },
      { t: 'cmd', seat: 'B', at, command: { do: '__proto__', player: 'B' } },
      { t: 'cmd', seat: 'B', at, command: { do: 'order', player: 'B', trooper: { toString: 1 }, skill: 'move', path: 'north' } },
      { t: 'cmd', seat: 'B', at, command: null },
      { t: 'cmd', seat: 'B', at: -1, command: { do: 'endTurn', player: 'B' } },
      { t: 'cmd', seat: 'B', at, command: { do: 'deploy', player: 'B', sealed: true, trooper: { x: 1 } }, sealed: true, commitment: 'f'.repeat(64), spots: { 'B-m9': { x: 'a', y: 1, z: 0 } } },
      { t: 'cmd', seat: 'B', at, command: { do: 'deploy', player: 'B', sealed: true, trooper: [[['B-m1']]] }, sealed: true, commitment: 'f'.repeat(64), spots: { __proto__: { x: 1, y: 1, z: 0 } } },
      { t: 'dice-commit', seat: 'B', label: 'x', count: 1e9, commitment: 'a'.repeat(64) },
      { t: 'unseal', seat: 'B', of: { length: 3 }, opening: null },
      { t: 'open', seat: 'B', seal: 1e300, opening: { leaves: 'none' } },
      { t: 'nonsense', seat: 'B' },
      { t: 'refused', seat: 'B', of: 'everything', hash: 1, why: null },
    ];
    // B's machine is driven by hand while it writes these.
    m.silence('B');
    for (const body of bodies) await m.sessions.B.post(body as Body);
    // A value JSON does not have (Yjs carries it): its hash cannot even be worked out.
    await rawPost(m, 'B', { t: 'cmd', seat: 'B', at, command: { do: 'order', player: 'B', trooper: 'b-kai', skill: 'move', path: [{ x: Number.NaN, y: Infinity }] } }, 'c'.repeat(64));
    await m.settle();
    expect(errorOf(m)).not.toMatch(/Something went wrong/);
    const refused = [...m.sessions.A.store.getState().net.refusals, ...Object.values(m.games.A.store.getState().refused)];
    expect(refused.length).toBeGreaterThanOrEqual(bodies.length);
    expect(refused.join('\n')).toMatch(/it is not JSON or is malformed|does not match its hash/);
    expect(m.games.A.store.getState().state.troopers['b-kai']).toEqual(before.troopers['b-kai']);
    expect(taken(m, 'A')).toBe(at);
    // B's machine, its own game again, sends its honest command at the game's place: taken.
    m.restart('B');
    await m.settle();
    await goesOn(m, truth, ROUND.slice(0, 2));
  }, 60_000);
});

describe('replayed and forged messages, and commands out of turn (NET-4)', () => {
  it('NET-5 a copy of an old message is passed over; an old command sent again as new is refused; the game goes on', async () => {
    const { m, truth } = await deployed();
    const listB = m.w.b.getArray('B');
    listB.push([listB.get(5)]);
    await m.settle();
    expect(m.games.A.store.getState().error).toBeNull();
    const old = m.sessions.B.store.getState().net.logs.B.find((x) => x.body.t === 'cmd')!.body;
    await m.sessions.B.post(old);
    await m.settle();
    expect(errorOf(m)).toMatch(/was given as command \d+ of the game, and the game is at command \d+/);
    await goesOn(m, truth, ROUND.slice(0, 2));
  }, 60_000);

  it('NET-5 a message forged in A\'s name (signed by B, or by no one) is refused by B\'s machine and passed over by A\'s: neither machine stops', async () => {
    const { m, truth } = await deployed();
    const netA = m.sessions.A.store.getState().net;
    const n = netA.logs.A.length;
    const prev = netA.logs.A.at(-1)!.hash;
    const body = { t: 'claim', seat: 'A', kind: 'timeout', why: 'A gives up' };
    const h = await linkHash(hash, n, prev, body);
    const bSigns = await signerOf(m.sessions.B.store.getState().secrets.keys!);
    m.w.b.getArray('A').push([{ n, prev, hash: h, body, sig: await bSigns(h) }]);
    m.w.b.getArray('A').push([{ n, prev, hash: h, body }]);
    await m.settle();
    expect(m.sessions.B.store.getState().error).toMatch(/not signed by Player A's machine/);
    expect(m.games.B.store.getState().closing).toBeNull();
    expect(m.sessions.A.store.getState().error).toBeNull();
    await goesOn(m, truth, ROUND.slice(0, 4));
  }, 60_000);

  it('NET-5 a command out of turn is refused for good; the command the game waits for is taken', async () => {
    const { m, truth } = await deployed();
    // B's Order: the game then waits for A's AROs; B's machine sends its next command before them.
    let t = await goesOn(m, truth, ROUND.slice(0, 1));
    await m.sessions.B.post({ t: 'cmd', seat: 'B', at: taken(m, 'A'), command: ROUND[2] as unknown as Record<string, unknown> });
    await m.settle();

    expect(errorOf(m)).toMatch(/the game waits for Player A; it was given out of turn/);
    t = await goesOn(m, t, ROUND.slice(1, 4));
    expect(t.troopers['b-kai']!.y).toBeLessThan(37.5);
  }, 60_000);
});

describe('a withheld opening or command, and a claim (NET-4)', () => {
  it('NET-9 B\'s machine withholds its dice: A waits, past the players\' limit A claims the game, and both machines end it', async () => {
    const m = await machines({ ...SETUP, dice: { random: true } }, { limits: { waitSeconds: 120 } });
    // B's machine goes quiet: it reads nothing more from the room, and answers nothing.
    const sync = m.sessions.B.sync;
    m.sessions.B.dispose();
    m.sessions.B.sync = async () => undefined;
    void m.games.A.submit({ do: 'initiative' } as Command);
    await m.settle();
    expect(m.games.A.store.getState().waiting).toMatchObject({ what: 'their part of a shared roll' });
    expect((await m.games.A.claim('timeout')).ok).toBe(false);
    m.clock.now += 119_000;
    expect(m.games.A.claimable()).toBe(false);
    m.clock.now += 2_000;
    expect(m.games.A.claimable()).toBe(true);
    expect((await m.games.A.claim('timeout')).ok).toBe(true);
    await m.settle();
    expect(m.games.A.store.getState().closing).toMatchObject({ reason: 'claim', claim: { by: 'A', kind: 'timeout' } });
    expect(m.games.A.speaker()).toBeNull();
    // B's machine comes back: it finds the claim, and the game over.
    m.sessions.B.sync = sync;
    await m.settle();
    expect(m.games.B.store.getState().closing).toMatchObject({ reason: 'claim', claim: { by: 'A' } });
    expect((await m.games.B.submit({ do: 'keep', player: 'B', choice: 'deployment' } as Command)).ok).toBe(false);
  }, 60_000);

  it('NET-9 a marker Discovered, its owner withholding who it is: the Discovering machine waits, and claims the game after the limit', async () => {
    // Round 1: B's turn, then A moves its marker A-m1 and B's Kai Discovers it in ARO.
    const { m } = await deployed(ROUND.slice(0, 12));
    const stop = editing(m.sessions.A, (body) => (body.t === 'unseal' ? null : body));
    for (const cmd of ROUND.slice(12, 14)) void (await play(m, [cmd], m.games.A.store.getState().state).catch(() => null));
    await m.settle();
    stop();
    const b = m.games.B.store.getState();
    expect(b.unconfirmed).toEqual(['a-veil']);
    expect(b.waiting).toMatchObject({ what: 'the opening of the trooper that came to light' });
    m.clock.now += 121_000;
    expect((await m.games.B.claim('timeout')).ok).toBe(true);
    await m.settle();
    expect(m.games.A.store.getState().closing).toMatchObject({ reason: 'claim', claim: { by: 'B', kind: 'timeout' } });
    expect(m.games.A.store.getState().closing!.claim!.why).toMatch(/withheld the opening of the trooper that came to light/);
  }, 60_000);
});

