import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { handLink, wire } from './testWire';
import { sharedD20s } from '../../core/commit/dice';
import { webCryptoHash as hash } from '../../core/commit/hash';
import { demoSetup } from '../demo';
import { docTransport } from './room';
import { createSession, type Session } from './session';
import { fakeStorage } from '../testStorage';

const setup = demoSetup();

async function pair() {
  const w = wire();
  const ta = docTransport(w.a);
  const tb = docTransport(w.b);
  const A = await createSession({ hash, setup, seat: 'A', transport: ta });
  const B = await createSession({ hash, setup, seat: 'B', transport: tb });
  await settle(A, B);
  return { w, ta, tb, A, B };
}

/** Lets both machines run until neither has anything left to do. */
async function settle(...s: Session[]) {
  for (let i = 0; i < 6; i++) {
    await Promise.all(s.map((x) => x.sync()));
    await Promise.all(s.map((x) => x.idle()));
  }
}

/** Everything a document holds, as text (what crosses the wire and what the relay keeps). */
const docText = (d: Y.Doc) => JSON.stringify({ A: d.getArray('A').toJSON(), B: d.getArray('B').toJSON() });

const SECRET = { trooper: 'a-shade', as: 'hidden', at: { x: 30, y: 8 } };

describe('two machines in one room', () => {
  it('NET-1 each machine writes its own seat\'s list and holds the other\'s, both starting from the same game', async () => {
    const { A, B, w } = await pair();
    expect(A.store.getState().net.logs.B).toHaveLength(1);
    expect(B.store.getState().net.logs.A).toHaveLength(1);
    expect(A.store.getState().net.game).toBe(B.store.getState().net.game);
    expect(w.a.getArray('A').length).toBe(1);
    expect(A.store.getState().error).toBeNull();
    expect(B.store.getState().error).toBeNull();
  });

  it('NET-1 a machine of another game is refused with what is wrong', async () => {
    const w = wire();
    const other = { ...setup, players: { ...setup.players, A: { ...setup.players.A, name: 'Someone else' } } };
    const A = await createSession({ hash, setup, seat: 'A', transport: docTransport(w.a) });
    const B = await createSession({ hash, setup: other, seat: 'B', transport: docTransport(w.b) });
    await settle(A, B);
    expect(A.store.getState().error).toMatch(/^Player B's message/);
    expect(A.store.getState().net.logs.B).toHaveLength(0);
  });

  it('NET-3 a shared roll comes from both machines\' values: the same dice on both, neither opening before both committed', async () => {
    const { A, B } = await pair();
    const label = await A.roll(3);
    await settle(A, B);
    const ra = A.store.getState().net.rolls[label]!;
    const rb = B.store.getState().net.rolls[label]!;
    expect(ra.dice).toHaveLength(3);
    expect(ra.dice).toEqual(rb.dice);
    for (const d of ra.dice!) expect(d).toBeGreaterThanOrEqual(1);
    // The dice are those of both values together, and not of either alone.
    const values = { A: ra.openings.A!.choice, B: ra.openings.B!.choice };
    expect(await sharedD20s(hash, values, label, 3)).toEqual(ra.dice);
    // Each opening names the other's commitment: it was written after both had committed.
    const openA = B.store.getState().net.logs.A.find((m) => m.body.t === 'dice-open')!;
    expect(openA.body).toMatchObject({ other: ra.commitments.B });
    const commitB = B.store.getState().net.logs.B.findIndex((m) => m.body.t === 'dice-commit');
    const openB = B.store.getState().net.logs.B.findIndex((m) => m.body.t === 'dice-open');
    expect(commitB).toBeGreaterThan(0);
    expect(openB).toBeGreaterThan(commitB);
  });

  it('NET-3 an opening written before the other machine committed is refused, and the roll stays unmade', async () => {
    // A's machine alone in the room, made to open at once, as a cheat would.
    const ta = docTransport(new Y.Doc());
    const A = await createSession({ hash, setup, seat: 'A', transport: ta });
    const label = await A.roll(2);
    const net = A.store.getState().net;
    const opening = A.store.getState().secrets.dice[label]!;
    const last = net.logs.A.at(-1)!;
    const body = { t: 'dice-open' as const, seat: 'A' as const, label, other: '0'.repeat(64), opening };
    ta.append('A', (await handLink(hash, A, { n: last.n + 1, prev: last.hash }, body)) as never);
    // B's machine reads A's list: the commitment is taken, the early opening refused.
    const tb = docTransport(new Y.Doc());
    for (const m of ta.list('A')) tb.append('A', m);
    const B = await createSession({ hash, setup, seat: 'B', transport: tb });
    await B.idle();
    const s = B.store.getState();
    expect(s.error).toMatch(/opens roll ".+" before this machine had committed to it\.$/);
    // Kept in its place, void: nothing of it is believed, and A's next message can follow it.
    expect(s.net.logs.A).toHaveLength(3);
    expect(s.net.logs.A[2]!.body).toMatchObject({ t: 'void' });
    expect(s.net.rolls[label]!.dice).toBeNull();
  });

  it('NET-2 a seal sends only its root; the opening is checked against it; a forged opening is refused and changes nothing', async () => {
    const { A, B, w, ta } = await pair();
    const n = await A.sealChoices('main step', [SECRET, { trooper: 'a-veil', as: 'marker' }]);
    await settle(A, B);
    // Nothing of the choices crossed: not in B's state, not in the room's document.
    for (const text of [JSON.stringify(B.store.getState()), docText(w.b), docText(w.a)]) {
      expect(text).not.toContain('a-shade');
      expect(text).not.toContain('a-veil');
    }
    expect(B.store.getState().net.seals[n]).toMatchObject({ label: 'main step', opened: [] });

    // A forged opening: the right leaf and salt, another spot.
    const keep = A.store.getState().secrets.seals[n]!.keep;
    const last = A.store.getState().net.logs.A.at(-1)!;
    const o = keep.open[0]!;
    const body = {
      t: 'open' as const,
      seat: 'A' as const,
      seal: n,
      opening: { root: keep.root, leaves: keep.leaves, leaf: o.leaf, opening: { ...o.opening, choice: { ...SECRET, at: { x: 31, y: 8 } } } },
    };
    const before = B.store.getState().net;
    ta.append('A', (await handLink(hash, A, { n: last.n + 1, prev: last.hash }, body)) as never);
    await settle(B);
    expect(B.store.getState().error).toBe(`Player A's message ${last.n + 1} is refused: the opening of seal "main step" does not match its commitment: the choice or the salt was changed.`);
    expect(B.store.getState().net.logs.A.slice(0, -1)).toEqual(before.logs.A);
    expect(B.store.getState().net.logs.A.at(-1)!.body).toMatchObject({ t: 'void' });
    expect(B.store.getState().net.seals).toEqual(before.seals);
    // A's machine is told, in B's list, which message was refused and why.
    expect(B.store.getState().net.logs.B.at(-1)!.body).toMatchObject({ t: 'refused', of: last.n + 1 });
  });

  it('NET-2 a true opening is taken: the other machine learns that choice and no other', async () => {
    const { A, B } = await pair();
    const n = await A.sealChoices('main step', [SECRET, { trooper: 'a-veil', as: 'marker' }]);
    await A.reveal(n, 0);
    await settle(A, B);
    const seal = B.store.getState().net.seals[n]!;
    expect(seal.opened).toHaveLength(1);
    expect(seal.opened[0]!.choice).toEqual(SECRET);
    expect(JSON.stringify(B.store.getState())).not.toContain('a-veil');
    expect(B.store.getState().error).toBeNull();
  });

  it('NET-5 a message out of its order waits, and one signed by no key of the seat\'s is refused: neither stops the list', async () => {
    const { A, B, ta } = await pair();
    await A.sealChoices('step', [SECRET]);
    await settle(A, B);
    const last = A.store.getState().net.logs.A.at(-1)!;
    // Out of order: number 5 where 2 is next: it does not fit, and it is not taken.
    const body = { t: 'seal' as const, seat: 'A' as const, label: 'x', root: 'a'.repeat(64) };
    ta.append('A', (await handLink(hash, A, { n: 5, prev: last.hash }, body)) as never);
    // Forged: the next number, signed by no one (or by B's key, in A's name).
    ta.append('A', (await handLink(hash, null, { n: 2, prev: last.hash }, body)) as never);
    ta.append('A', (await handLink(hash, B, { n: 2, prev: last.hash }, { ...body, root: 'c'.repeat(64) })) as never);
    await settle(A, B);
    expect(B.store.getState().error).toBe("Player A's message 2 is refused: it is not signed by Player A's machine: a forgery, or a copy changed after it was signed.");
    expect(B.store.getState().net.logs.A).toHaveLength(2);
    // A's own machine passes over what it did not write (message 5 is signed with its key: another window of A's wrote it), and goes on.
    expect(A.store.getState().error).toMatch(/another window plays this seat/);
    await A.sealChoices('step 2', [SECRET]);
    await settle(A, B);
    expect(B.store.getState().net.logs.A).toHaveLength(3);
    expect(B.store.getState().net.logs.A[2]!.body).toMatchObject({ t: 'seal', label: 'step 2' });
  });

  it('NET-4 a tampered message (its body changed after it was written) is refused', async () => {
    const { A, B, ta } = await pair();
    const last = A.store.getState().net.logs.A.at(-1)!;
    const body = { t: 'seal' as const, seat: 'A' as const, label: 'x', root: 'a'.repeat(64) };
    const signed = await handLink(hash, A, { n: last.n + 1, prev: last.hash }, body);
    ta.append('A', { ...signed, body: { ...body, root: 'b'.repeat(64) } } as never);
    await settle(B);
    expect(B.store.getState().error).toBe("Player A's message is refused: Log entry 1 does not match its hash: it was changed after it was written.");
    expect(B.store.getState().net.logs.A.map((m) => m.body.t)).toEqual(['hello', 'void']);
  });

  it('NET-4 a dropped connection loses nothing: both go on alone, and on reconnect each takes the other\'s messages, in order, checked', async () => {
    const { A, B, w } = await pair();
    w.cut();
    const n = await A.sealChoices('step', [SECRET]);
    const label = await B.roll(2);
    await settle(A, B);
    expect(A.store.getState().net.logs.B).toHaveLength(1);
    expect(B.store.getState().net.rolls[label]!.dice).toBeNull();
    w.join();
    await settle(A, B);
    expect(B.store.getState().net.seals[n]).toBeDefined();
    expect(A.store.getState().net.rolls[label]!.dice).toEqual(B.store.getState().net.rolls[label]!.dice);
    expect(A.store.getState().net.rolls[label]!.dice).toHaveLength(2);
    expect(A.store.getState().error).toBeNull();
    expect(B.store.getState().error).toBeNull();
  });

  it('NET-4 a machine reloaded resumes from its own log (kept in its own storage) and writes again what the room lost', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const w = wire();
    const A = await createSession({ hash, setup, seat: 'A', transport: docTransport(w.a), storage, storageKey: 'net' });
    const B = await createSession({ hash, setup, seat: 'B', transport: docTransport(w.b) });
    const n = await A.sealChoices('step', [SECRET]);
    await settle(A, B);
    A.dispose();
    // A's machine comes back with an empty room document (the relay restarted), from its own storage.
    const fresh = new Y.Doc();
    const A2 = await createSession({ hash, setup, seat: 'A', transport: docTransport(fresh), storage, storageKey: 'net' });
    await A2.idle();
    expect(fresh.getArray('A').length).toBe(A.store.getState().net.logs.A.length);
    await A2.reveal(n, 0);
    expect(A2.store.getState().error).toBeNull();
    expect(A2.store.getState().net.logs.A.at(-1)!.body.t).toBe('open');
  });

  it('NET-8 a seat\'s storage is sealed under its window\'s vault key: another window of the same browser (another key) reads nothing of it, and its own window resumes', async () => {
    const { newVaultKey } = await import('./vault');
    const store = fakeStorage();
    const w = wire();
    const key = newVaultKey();
    const A = await createSession({ hash, setup, seat: 'A', transport: docTransport(w.a), storage: store, storageKey: 'net/A', vaultKey: key });
    const B = await createSession({ hash, setup, seat: 'B', transport: docTransport(w.b) });
    const n = await A.sealChoices('step', [SECRET]);
    await settle(A, B);
    const raw = store.data.get('net/A')!;
    expect(raw).toMatch(/^v1:/);
    for (const secret of ['a-shade', 'privateKey', '"lieutenant"', '"d":']) expect(raw).not.toContain(secret);
    A.dispose();
    // Player B's window in the same browser, with its own key: the storage is there, and says nothing.
    const other = await createSession({ hash, setup, seat: 'A', transport: docTransport(new Y.Doc()), storage: store, storageKey: 'net/A', vaultKey: newVaultKey() });
    expect(other.store.getState().secrets.seals).toEqual({});
    other.dispose();
    // A's own window again (its address holds the key): it resumes, its seal's opening there.
    const A2 = await createSession({ hash, setup, seat: 'A', transport: docTransport(w.a), storage: store, storageKey: 'net/A', vaultKey: key });
    expect(A2.store.getState().secrets.seals[n]!.keep.open[0]!.opening.choice).toEqual(SECRET);
    expect(A2.store.getState().secrets.keys).toEqual(A.store.getState().secrets.keys);
  });
});
