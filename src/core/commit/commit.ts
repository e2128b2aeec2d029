/**
 * Commitments (NET-2): a player binds themself to a private choice without showing it, and shows it
 * later. A commitment is SHA-256 over a domain tag, a 32-byte random salt and the choice's canonical
 * text; the salt makes it impossible to find the choice by trying the few there are.
 *
 * A seal covers many choices at once (every private command of a player's deployment step, say):
 * each choice is committed on its own as a leaf, the leaves are padded with random ones to a fixed
 * count and shuffled, and the seal's root is SHA-256 over them all. The root says nothing of how many
 * real choices it covers; one choice is opened with its salt and the list of leaves, and the others
 * stay closed.
 */
import { canonical, digestOf, isDigest, toHex, type HashPort } from './hash';

const COMMIT_TAG = 'infinity-table/commit/1';
const SEAL_TAG = 'infinity-table/seal/1';

/** A seal holds at least this many leaves, and a power of two: up to 32 choices, their count stays private. */
export const SEAL_MIN_LEAVES = 32;

/** What opens a commitment: the choice and its salt. */
export interface Opening<T = unknown> {
  choice: T;
  salt: string;
}

export type Verdict = { ok: true } | { ok: false; message: string };

export function newSalt(hash: HashPort): string {
  return toHex(hash.random(32));
}

/** The commitment to a choice under a salt (hex). */
export async function commitTo(hash: HashPort, choice: unknown, salt: string): Promise<string> {
  if (!isDigest(salt)) throw new Error('commitTo: a salt is 32 bytes written as 64 hex digits');
  return digestOf(hash, COMMIT_TAG, salt, canonical(choice));
}

/** Commits to a choice with a fresh salt: the commitment to send, and the opening to keep. */
export async function commit<T>(hash: HashPort, choice: T): Promise<{ commitment: string; opening: Opening<T> }> {
  const salt = newSalt(hash);
  return { commitment: await commitTo(hash, choice, salt), opening: { choice, salt } };
}

/** Whether an opening opens a commitment; the message says what is wrong when it does not. */
export async function verifyOpening(hash: HashPort, commitment: string, opening: Opening, what = 'the opening'): Promise<Verdict> {
  if (!isDigest(commitment)) return { ok: false, message: `${what}: the commitment is not a SHA-256 digest (64 hex digits).` };
  if (!opening || !isDigest(opening.salt)) return { ok: false, message: `${what}: its salt is not 32 bytes written as 64 hex digits.` };
  let got: string;
  try {
    got = await commitTo(hash, opening.choice, opening.salt);
  } catch {
    return { ok: false, message: `${what}: its choice is not JSON.` };
  }
  return got === commitment ? { ok: true } : { ok: false, message: `${what} does not match its commitment: the choice or the salt was changed.` };
}

// ------------------------------------------------------------------ seals

/** A closed seal as the other player gets it: its root and nothing more. */
export interface Seal {
  root: string;
}

/** Everything the sealing player keeps: the leaves in their order, and an opening for each real one. */
export interface SealKeep<T = unknown> {
  root: string;
  leaves: string[];
  /** the real leaves: where each sits among `leaves`, and its opening */
  open: { leaf: number; opening: Opening<T> }[];
}

/** One choice of a seal, opened: the choice and its salt, which leaf it is, and every leaf of the seal. */
export interface SealOpening<T = unknown> {
  root: string;
  leaves: string[];
  leaf: number;
  opening: Opening<T>;
}

export async function rootOf(hash: HashPort, leaves: readonly string[]): Promise<string> {
  return digestOf(hash, SEAL_TAG, String(leaves.length), ...leaves);
}

/** How many leaves a seal of n choices has: a power of two, at least SEAL_MIN_LEAVES. */
export function leafCount(n: number): number {
  let size = SEAL_MIN_LEAVES;
  while (size < n) size *= 2;
  return size;
}

/** A uniform index below n from the port's random bytes (rejection, so no index is likelier). */
function randomBelow(hash: HashPort, n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const b = hash.random(4);
    const v = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    if (v < limit) return v % n;
  }
}

/** Seals a list of choices (it may be empty): the root to send, and what to keep for the openings. */
export async function seal<T>(hash: HashPort, choices: readonly T[]): Promise<SealKeep<T>> {
  const size = leafCount(choices.length);
  const real = await Promise.all(choices.map(async (c) => commit(hash, c)));
  const leaves: string[] = [];
  const slots: number[] = [];
  for (let i = 0; i < size; i++) {
    leaves.push(i < real.length ? real[i]!.commitment : toHex(hash.random(32)));
    slots.push(i);
  }
  // Shuffle (Fisher-Yates), so a leaf's place tells nothing of the order or the count of the choices.
  for (let i = size - 1; i > 0; i--) {
    const j = randomBelow(hash, i + 1);
    [leaves[i], leaves[j]] = [leaves[j]!, leaves[i]!];
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  const open = real.map((r, k) => ({ leaf: slots.indexOf(k), opening: r.opening }));
  return { root: await rootOf(hash, leaves), leaves, open };
}

/** The opening of the k-th choice of a seal kept by its player. */
export function openSeal<T>(keep: SealKeep<T>, k: number): SealOpening<T> {
  const o = keep.open[k];
  if (!o) throw new Error(`openSeal: the seal holds ${keep.open.length} choices, not ${k + 1}`);
  return { root: keep.root, leaves: [...keep.leaves], leaf: o.leaf, opening: o.opening };
}

/** Whether an opening of one choice opens the seal whose root the other player holds. */
export async function verifySealOpening(hash: HashPort, root: string, o: SealOpening, what = 'the opening'): Promise<Verdict> {
  if (!o || !Array.isArray(o.leaves) || !o.leaves.every(isDigest)) return { ok: false, message: `${what}: its leaves are not SHA-256 digests.` };
  if (o.root !== root) return { ok: false, message: `${what} names another seal than the one it should open.` };
  if (o.leaves.length < SEAL_MIN_LEAVES || (o.leaves.length & (o.leaves.length - 1)) !== 0) {
    return { ok: false, message: `${what}: a seal has a power of two of leaves, at least ${SEAL_MIN_LEAVES}; it gives ${o.leaves.length}.` };
  }
  if ((await rootOf(hash, o.leaves)) !== root) return { ok: false, message: `${what}: its leaves do not make the seal's root: they were changed.` };
  if (!Number.isInteger(o.leaf) || o.leaf < 0 || o.leaf >= o.leaves.length) return { ok: false, message: `${what}: leaf ${o.leaf} is not one of the seal's ${o.leaves.length}.` };
  return verifyOpening(hash, o.leaves[o.leaf]!, o.opening, what);
}
