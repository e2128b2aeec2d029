/**
 * The army lists across two machines (PRIV-8): each hello carries its own list's open part and one
 * commitment per private slot, padded to the list limit; a private trooper's slot is opened before the
 * command that brings it to light; the closing audit opens every slot. Player B's machine is the
 * project's own, its messages edited as a dishonest player would; Player A's machine is honest and
 * goes on with B's next honest message.
 */
import { describe, expect, it } from 'vitest';
import { webCryptoHash as hash } from '../../core/commit/hash';
import { LIST_LIMIT } from '../../core/commit/listSlots';
import { createGame } from '../../core/engine';
import { openArmy } from '../../core/openList';
import { type Command, type GameState, type Setup } from '../../core/model/types';
import { viewFor } from '../../core/view';
import { judge } from './judge';
import { createNetState, helloOf, type Body, type Message } from './protocol';
import { editing, example, machines, play, taken, type Machines } from './testMachines';

const { commands: DEPLOYMENT, ...SETUP } = example('demo-deployed');
/** B's hidden trooper (Hidden Deployment): placed hidden in B's main step. */
const HIDDEN = 'b-wraith';
const REVEAL = { do: 'reveal', player: 'B', trooper: HIDDEN, declares: 'other', facing: 180 } as Command;

async function deployed(): Promise<{ m: Machines; truth: GameState }> {
  const m = await machines(SETUP);
  const truth = await play(m, DEPLOYMENT, createGame(m.setup));
  return { m, truth };
}

const errorOf = (m: Machines) => m.games.A.store.getState().error ?? m.sessions.A.store.getState().error;

describe('army lists as Open and Private Information across two machines (PRIV-8)', () => {
  it('PRIV-8 each hello carries its list as its open part and slots padded to the list limit: the other machine learns the same from two lists that differ only in their private part (twin), and a hello whose slots tell the count is refused', async () => {
    // B's list as it is (b-wraith hidden, b-harrier airborne), and its twin with neither.
    const twin: Setup = structuredClone(SETUP);
    twin.players.B.troopers = twin.players.B.troopers.filter((t) => t.id !== 'b-wraith' && t.id !== 'b-harrier');
    const seen = [];
    for (const setup of [SETUP, twin]) {
      const m = await machines(setup);
      const hello = helloOf(m.sessions.A.store.getState().net, 'B')!;
      expect(hello.list.army).toEqual({ ...openArmy(setup.players.B), lieutenantWip: hello.wip });
      expect(hello.list.slots).toHaveLength(LIST_LIMIT - hello.list.army.troopers.length);
      seen.push({ army: JSON.stringify(hello.list.army), slots: hello.list.slots.length, keys: Object.keys(hello).sort() });
    }
    expect(seen[1]).toEqual(seen[0]);
    // A count probe: a hello with one slot per private trooper (no blanks) is refused.
    const net = await createNetState(hash, SETUP, 'A');
    const m = await machines(SETUP);
    const hello = helloOf(m.sessions.A.store.getState().net, 'B')!;
    const probe = { n: 0, body: { ...hello, list: { ...hello.list, slots: hello.list.slots.slice(0, 2) } } } as unknown as Message;
    expect(await judge(hash, { ...net, game: hello.game }, probe, { setup: SETUP })).toMatch(/has 2 private slot\(s\); a list with 7 open trooper\(s\) has 8, padded to the limit/);
  }, 60_000);

  it('PRIV-8 B reveals its hidden trooper without opening its slot: refused; then with it, taken (and A holds the opened slot)', async () => {
    const { m, truth } = await deployed();
    const at = taken(m, 'A');
    const stop = editing(m.sessions.B, (body) => (body.t === 'slot' ? null : body));
    expect((await m.games.B.submit(REVEAL)).ok).toBe(true);
    await m.settle();
    stop();
    expect(errorOf(m)).toMatch(/it brings b-wraith to light, and Player B's machine has not opened that trooper's slot in their army list \(PRIV-8\)/);
    expect(taken(m, 'A')).toBe(at);
    expect(m.sessions.A.store.getState().net.slots ?? {}).toEqual({});
    // B's machine was told and went back; the reveal again, with its slot opened: taken.
    expect(taken(m, 'B')).toBe(at);
    const next = await play(m, [REVEAL], truth);
    expect(taken(m, 'A')).toBe(at + 1);
    expect(Object.keys(m.sessions.A.store.getState().net.slots ?? {})).toEqual([HIDDEN]);
    for (const p of ['A', 'B'] as const) expect(viewFor(m.games[p].store.getState().state, p)).toEqual(viewFor(next, p));
  }, 60_000);

  it('PRIV-8 B opens its slot forged (another profile under the slot\'s commitment): the opening is refused, so is the reveal; B sends the true opening: taken', async () => {
    const { m, truth } = await deployed();
    const at = taken(m, 'A');
    const stop = editing(m.sessions.B, (body) => {
      if (body.t !== 'slot') return body;
      const t = body.opening.choice.trooper!;
      return { ...body, opening: { ...body.opening, choice: { ...body.opening.choice, trooper: { ...t, bs: t.bs + 3 } } } };
    });
    expect((await m.games.B.submit(REVEAL)).ok).toBe(true);
    await m.settle();
    stop();
    const refusals = m.sessions.A.store.getState().net.refusals.join('\n');
    expect(refusals).toMatch(/Player B's slot opening \(slot \d+\) does not match its commitment/);
    expect(errorOf(m)).toMatch(/has not opened that trooper's slot/);
    expect(taken(m, 'A')).toBe(at);
    // The true opening goes with the reveal given again.
    await play(m, [REVEAL], truth);
    expect(taken(m, 'A')).toBe(at + 1);
    expect(m.games.A.store.getState().state.troopers[HIDDEN]!.status).toBe('model');
  }, 60_000);

  it('PRIV-8 NET-9 A Discovers B\'s marker and B\'s machine withholds the trooper\'s slot: A\'s table waits for it (past the limit it may claim the game); once opened, the game goes on', async () => {
    const { commands, ...setup } = example('hidden-and-discover', { manual: true });
    const m = await machines(setup);
    // B's u-scout, hidden, comes out as a marker (B-m1); A Discovers it (command 17).
    await play(m, commands.slice(0, 17), createGame(m.setup));
    const stop = editing(m.sessions.B, (body) => (body.t === 'slot' ? null : body));
    expect((await m.games.A.submit(commands[17]!)).ok).toBe(true);
    await m.settle();
    const a = m.games.A.store.getState();
    expect(a.state.troopers['u-scout']!.status).toBe('model');
    expect(a.unconfirmed).toEqual(['u-scout']);
    expect(a.waiting?.what).toBe('the opening of the trooper that came to light');
    expect(m.games.A.claimable()).toBe(false);
    m.clock.now += m.games.A.limitSeconds() * 1000 + 1;
    expect(m.games.A.claimable()).toBe(true);
    // Its spot's openings came (the marker's commands, in the clear); only the slot is missing. Sent: the wait is over.
    expect(Object.keys(m.sessions.A.store.getState().net.unsealed ?? {}).length).toBeGreaterThan(0);
    expect(m.sessions.A.store.getState().net.slots ?? {}).toEqual({});
    stop();
    await m.sessions.B.sync();
    await m.settle();
    expect(m.games.A.store.getState().unconfirmed).toEqual([]);
    expect(Object.keys(m.sessions.A.store.getState().net.slots ?? {})).toEqual(['u-scout']);
  }, 60_000);

  it('PRIV-8 NET-7 the closing audit opens every slot, blanks too: a disclosure that keeps one slot shut is refused; the honest one passes both audits', async () => {
    const { m } = await deployed();
    const stop = editing(m.sessions.B, (body) => (body.t === 'disclose' ? ({ ...body, list: { ...body.list, slots: body.list.slots.slice(1) } } as Body) : body));
    expect((await m.games.B.claim('cheat')).ok).toBe(true);
    await m.settle();
    stop();
    expect(m.sessions.A.store.getState().net.refusals.join('\n')).toMatch(/Player B opened 7 of the 8 slots of their list: every slot is opened at the end, blanks included/);
    expect(m.games.A.store.getState().closing?.theirs ?? null).toBeNull();
    // The honest game: both disclosures hold, both audits pass.
    const h = await machines(SETUP);
    await play(h, DEPLOYMENT, createGame(h.setup));
    expect((await h.games.A.claim('cheat')).ok).toBe(true);
    await h.settle();
    for (const p of ['A', 'B'] as const) expect(h.games[p].store.getState().closing).toMatchObject({ theirs: { ok: true }, mine: { ok: true } });
  }, 60_000);
});
