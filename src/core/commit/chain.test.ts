import { describe, expect, it } from 'vitest';
import { twoSides } from '../testing/twoSides';
import { chain, checkNext, compareLogs, genesis, link, verifyChain } from './chain';
import { webCryptoHash as hash } from './hash';

const { commands: _c, ...setup } = twoSides();
const bodies = Array.from({ length: 10 }, (_, i) => ({ kind: 'command', command: { do: 'endTurn', player: i % 2 ? 'B' : 'A' }, i }));

describe('the hash-chained log (NET-4)', () => {
  it('NET-4 a chain starts from the setup and each entry names the one before it; the whole verifies', async () => {
    const start = await genesis(hash, setup);
    const links = await chain(hash, start, bodies);
    expect(links[0]!.prev).toBe(start);
    expect(links[3]!.prev).toBe(links[2]!.hash);
    expect(await verifyChain(hash, start, links)).toEqual({ ok: true });
    // Another setup, another chain.
    expect(await genesis(hash, { ...setup, table: { width: 48, depth: 32 } })).not.toBe(start);
  });

  it('NET-4 a tampered, repeated or out-of-order entry is refused with a clear message, and the log stays as it was', async () => {
    const start = await genesis(hash, setup);
    const links = await chain(hash, start, bodies);
    const mine = links.slice(0, 5);
    const copy = JSON.stringify(mine);
    const next = links[5]!;
    expect(await checkNext(hash, 5, mine[4]!.hash, next)).toEqual({ ok: true });
    const tampered = { ...next, body: { ...next.body, i: 99 } };
    expect(await checkNext(hash, 5, mine[4]!.hash, tampered)).toEqual({ ok: false, message: 'Log entry 5 does not match its hash: it was changed after it was written.' });
    expect(await checkNext(hash, 5, mine[4]!.hash, links[6]!)).toEqual({ ok: false, message: 'Log entry 6 came out of order: entry 5 is the next one.' });
    expect(await checkNext(hash, 5, mine[4]!.hash, links[2]!)).toEqual({ ok: false, message: 'Log entry 2 came again: the log already has 5 entries.' });
    const elsewhere = await link(hash, 5, links[3]!.hash, next.body);
    expect(await checkNext(hash, 5, mine[4]!.hash, elsewhere)).toEqual({ ok: false, message: 'Log entry 5 does not follow this log: it names another entry before it.' });
    expect(await checkNext(hash, 5, mine[4]!.hash, { n: 5 } as never)).toEqual({ ok: false, message: 'The message is not a log entry (number, previous hash, hash).' });
    expect(JSON.stringify(mine)).toBe(copy);
    expect((await verifyChain(hash, start, [...mine.slice(0, 2), tampered])).ok).toBe(false);
  });

  it('NET-4 after a drop either machine resumes from its own log: the shorter takes the longer one\u2019s entries, each checked', async () => {
    const start = await genesis(hash, setup);
    const full = await chain(hash, start, bodies);
    const behind = full.slice(0, 7);
    const cmp = await compareLogs(hash, start, behind, full);
    expect(cmp).toEqual({ ok: true, common: 7, ahead: 'theirs' });
    const resumed = [...behind];
    for (const l of full.slice(resumed.length)) {
      expect(await checkNext(hash, resumed.length, resumed.at(-1)!.hash, l)).toEqual({ ok: true });
      resumed.push(l);
    }
    expect(resumed).toEqual(full);
    expect(await compareLogs(hash, start, full, behind)).toEqual({ ok: true, common: 7, ahead: 'mine' });
    expect(await compareLogs(hash, start, full, full)).toEqual({ ok: true, common: 10, ahead: 'neither' });
  });

  it('NET-4 two logs that part are found at the first entry that differs', async () => {
    const start = await genesis(hash, setup);
    const a = await chain(hash, start, bodies);
    const b = await chain(hash, start, [...bodies.slice(0, 4), { ...bodies[4]!, i: -1 }, ...bodies.slice(5)]);
    expect(await compareLogs(hash, start, a, b)).toEqual({ ok: false, at: 4, message: 'The two logs part at entry 4: the machines hold different games from there.' });
    const broken = [...a.slice(0, 3), { ...a[3]!, hash: a[4]!.hash }];
    expect(await compareLogs(hash, start, broken, a)).toMatchObject({ ok: false, message: expect.stringMatching(/^This machine's log: Log entry 3/) });
  });
});
