/**
 * The hash-chained log (NET-4). Each machine keeps the public log (redact.ts) as a chain: entry n
 * carries its number, the hash of entry n - 1 (the first: the hash of the game's setup) and its own
 * hash, SHA-256 over the tag, n, the previous hash and the entry's canonical text. So an entry changed,
 * left out, added or put in another place no longer fits, and two machines compare whole logs by
 * comparing the hash of their last common entry.
 */
import type { Setup } from '../model/types';
import type { Verdict } from './commit';
import { canonical, digestOf, isDigest, type HashPort } from './hash';

const GENESIS_TAG = 'infinity-table/log/genesis/1';
const ENTRY_TAG = 'infinity-table/log/entry/1';

export interface Link<T = unknown> {
  n: number;
  prev: string;
  hash: string;
  body: T;
}

/** The hash a log starts from: its game's setup. */
export async function genesis(hash: HashPort, setup: Setup): Promise<string> {
  return digestOf(hash, GENESIS_TAG, canonical(setup));
}

export async function linkHash(hash: HashPort, n: number, prev: string, body: unknown): Promise<string> {
  return digestOf(hash, ENTRY_TAG, String(n), prev, canonical(body));
}

/** The next link of a chain whose last hash is `prev` (the genesis for the first) and length `n`. */
export async function link<T>(hash: HashPort, n: number, prev: string, body: T): Promise<Link<T>> {
  return { n, prev, hash: await linkHash(hash, n, prev, body), body };
}

/** Chains a list of bodies from the genesis. */
export async function chain<T>(hash: HashPort, start: string, bodies: readonly T[]): Promise<Link<T>[]> {
  const out: Link<T>[] = [];
  let prev = start;
  for (const [n, body] of bodies.entries()) {
    const l = await link(hash, n, prev, body);
    out.push(l);
    prev = l.hash;
  }
  return out;
}

/**
 * Whether `next` may follow a log of `length` links ending in `last` (the genesis when empty): its
 * number is the next one, it names the last hash, and its hash is its own. Refused: a message saying
 * which, and the log stays as it was.
 */
export async function checkNext(hash: HashPort, length: number, last: string, next: Link): Promise<Verdict> {
  if (!next || !Number.isInteger(next.n) || !isDigest(next.prev) || !isDigest(next.hash)) return { ok: false, message: 'The message is not a log entry (number, previous hash, hash).' };
  if (next.n < length) return { ok: false, message: `Log entry ${next.n} came again: the log already has ${length} entries.` };
  if (next.n > length) return { ok: false, message: `Log entry ${next.n} came out of order: entry ${length} is the next one.` };
  if (next.prev !== last) return { ok: false, message: `Log entry ${next.n} does not follow this log: it names another entry before it.` };
  if ((await linkHash(hash, next.n, next.prev, next.body)) !== next.hash) return { ok: false, message: `Log entry ${next.n} does not match its hash: it was changed after it was written.` };
  return { ok: true };
}

/** Checks a whole chain from its start. */
export async function verifyChain(hash: HashPort, start: string, links: readonly Link[]): Promise<Verdict> {
  let last = start;
  for (const [i, l] of links.entries()) {
    const v = await checkNext(hash, i, last, l);
    if (!v.ok) return v;
    last = l.hash;
  }
  return { ok: true };
}

export type Comparison = { ok: true; common: number; ahead: 'mine' | 'theirs' | 'neither' } | { ok: false; at: number; message: string };

/**
 * Compares two machines' logs (each checked on its own first): one must be the beginning of the other.
 * `ahead` says which holds entries the other lacks (the other resumes from them); where they differ,
 * `at` is the first entry that differs.
 */
export async function compareLogs(hash: HashPort, start: string, mine: readonly Link[], theirs: readonly Link[]): Promise<Comparison> {
  const m = await verifyChain(hash, start, mine);
  if (!m.ok) return { ok: false, at: -1, message: `This machine's log: ${m.message}` };
  const t = await verifyChain(hash, start, theirs);
  if (!t.ok) return { ok: false, at: -1, message: `The other machine's log: ${t.message}` };
  const common = Math.min(mine.length, theirs.length);
  for (let i = 0; i < common; i++) {
    if (mine[i]!.hash !== theirs[i]!.hash) return { ok: false, at: i, message: `The two logs part at entry ${i}: the machines hold different games from there.` };
  }
  return { ok: true, common, ahead: mine.length > theirs.length ? 'mine' : theirs.length > mine.length ? 'theirs' : 'neither' };
}
