/**
 * The seals of a two-machine game (NET-2): a fixed number of leaves, every one of them a commitment
 * that names its own place. A real leaf commits to `{ leaf: i, choice }`, a padding leaf to
 * `{ leaf: i, pad: true }` (each with its own salt), and the real ones sit at places drawn at random.
 * So the root says nothing of how many real choices it covers, an opening is bound to its seal (the
 * root) and to its leaf (the place it names must be the one it opens), and at the closing audit every
 * leaf is opened: the padding shows itself as padding, and no leaf can hide a second choice, nor a
 * seal hold more choices than its player shows.
 */
import { commit, rootOf, verifyOpening, type Opening, type SealOpening, type Verdict } from './commit';
import { isDigest, type HashPort } from './hash';

/** How many leaves every seal of a two-machine game has. */
export const GAME_SEAL_LEAVES = 32;

/** What one leaf commits to: its place, and a choice or padding. */
export type LeafChoice<T = unknown> = { leaf: number; pad: true } | { leaf: number; choice: T };

/** What the sealing machine keeps: the root, the leaves and the opening of every leaf; `places[k]` is where choice k sits. */
export interface FixedSealKeep<T = unknown> {
  root: string;
  leaves: string[];
  openings: Opening<LeafChoice<T>>[];
  places: number[];
}

/** Every leaf of a seal, opened (the closing audit). */
export interface SealDisclosure<T = unknown> {
  leaves: string[];
  openings: Opening<LeafChoice<T>>[];
}

function randomBelow(hash: HashPort, n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const b = hash.random(4);
    const v = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    if (v < limit) return v % n;
  }
}

/** Seals up to `size` choices in a seal of exactly `size` leaves, the real ones at random places. */
export async function sealFixed<T>(hash: HashPort, choices: readonly T[], size = GAME_SEAL_LEAVES): Promise<FixedSealKeep<T>> {
  if (choices.length > size) throw new Error(`a seal holds at most ${size} choices, not ${choices.length}`);
  const order = Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = randomBelow(hash, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const places = choices.map((_, k) => order[k]!);
  const byPlace = new Map(places.map((p, k) => [p, k]));
  const leaves: string[] = [];
  const openings: Opening<LeafChoice<T>>[] = [];
  for (let i = 0; i < size; i++) {
    const k = byPlace.get(i);
    const leaf: LeafChoice<T> = k === undefined ? { leaf: i, pad: true } : { leaf: i, choice: choices[k]! };
    const c = await commit(hash, leaf);
    leaves.push(c.commitment);
    openings.push(c.opening);
  }
  return { root: await rootOf(hash, leaves), leaves, openings, places };
}

/** The opening of leaf `i` of a seal its machine keeps. */
export function openLeaf<T>(keep: FixedSealKeep<T>, i: number): SealOpening<LeafChoice<T>> {
  const opening = keep.openings[i];
  if (!opening) throw new Error(`a seal has ${keep.leaves.length} leaves: there is no leaf ${i}`);
  return { root: keep.root, leaves: [...keep.leaves], leaf: i, opening };
}

/** Whether one leaf's opening opens the seal of `root` at the place it names. */
export async function verifyLeaf(hash: HashPort, root: string, o: SealOpening, what: string, size = GAME_SEAL_LEAVES): Promise<Verdict> {
  if (!o || typeof o !== 'object' || !Array.isArray(o.leaves) || !o.leaves.every(isDigest)) return { ok: false, message: `${what}: its leaves are not SHA-256 digests.` };
  if (o.root !== root) return { ok: false, message: `${what} names another seal than the one it should open.` };
  if (o.leaves.length !== size) return { ok: false, message: `${what}: a seal of the game has ${size} leaves; it gives ${o.leaves.length}.` };
  if ((await rootOf(hash, o.leaves)) !== root) return { ok: false, message: `${what}: its leaves do not make the seal's root: they were changed.` };
  if (!Number.isInteger(o.leaf) || o.leaf < 0 || o.leaf >= size) return { ok: false, message: `${what}: leaf ${String(o.leaf)} is not one of the seal's ${size}.` };
  const v = await verifyOpening(hash, o.leaves[o.leaf]!, o.opening, what);
  if (!v.ok) return v;
  const c = o.opening.choice as { leaf?: unknown } | null;
  if (!c || typeof c !== 'object' || c.leaf !== o.leaf) return { ok: false, message: `${what}: leaf ${o.leaf} opens to a choice made for another leaf.` };
  return { ok: true };
}

/** Whether a disclosure opens every leaf of the seal of `root`, each at its own place. */
export async function verifyDisclosure(hash: HashPort, root: string, d: SealDisclosure, what: string, size = GAME_SEAL_LEAVES): Promise<Verdict> {
  if (!d || !Array.isArray(d.leaves) || !Array.isArray(d.openings)) return { ok: false, message: `${what}: it does not open the seal's leaves.` };
  if (d.openings.length !== size) return { ok: false, message: `${what}: it opens ${d.openings.length} of the seal's ${size} leaves; every leaf must be opened.` };
  for (let i = 0; i < size; i++) {
    const v = await verifyLeaf(hash, root, { root, leaves: d.leaves, leaf: i, opening: d.openings[i]! }, what, size);
    if (!v.ok) return v;
  }
  return { ok: true };
}

/** The leaf choices of a verified disclosure: the real choices, each with its place. */
export function realChoices<T>(d: SealDisclosure<T>): { leaf: number; choice: T }[] {
  return d.openings.flatMap((o) => ('choice' in o.choice ? [{ leaf: o.choice.leaf, choice: o.choice.choice }] : []));
}
