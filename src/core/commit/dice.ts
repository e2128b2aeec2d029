/**
 * Shared dice (NET-3): neither machine can choose a roll. For each roll (or each batch of rolls a
 * command needs) both machines draw a 32-byte random value and send only its commitment; once both
 * commitments are in, both open. The dice then follow from both values and nothing else:
 *
 *   block k = SHA-256("infinity-table/dice/1\n" label "\n" valueA "\n" valueB "\n" k "\n"), k = 0, 1, ...
 *
 * read as big-endian 32-bit words in order; a word w below 4294967280 (= 20 x 214748364, the largest
 * multiple of 20 that fits) gives the die w mod 20 + 1, a larger one is passed over (rejection), so
 * every face has exactly the same chance. `label` names the roll (the log entry it belongs to), so one
 * pair of values never makes two different rolls.
 *
 * A player who knows the other's value before committing could choose their own to suit; the order
 * (both commit, then both open) is what forbids it, and an opening that does not match its commitment
 * is refused.
 */
import { commit, verifyOpening, type Opening, type Verdict } from './commit';
import { digestOf, fromHex, isDigest, toHex, type HashPort } from './hash';
import type { PlayerId } from '../model/types';

const DICE_TAG = 'infinity-table/dice/1';
const LIMIT = 4294967280;

/** One machine's part of a roll: the value it keeps until both have committed, and its commitment. */
export async function diceValue(hash: HashPort): Promise<{ commitment: string; opening: Opening<string> }> {
  return commit(hash, toHex(hash.random(32)));
}

/** Checks both openings against both commitments: the message names the player whose opening fails. */
export async function checkDiceOpenings(
  hash: HashPort,
  commitments: Record<PlayerId, string>,
  openings: Record<PlayerId, Opening<string>>,
): Promise<Verdict> {
  for (const p of ['A', 'B'] as PlayerId[]) {
    const o = openings[p];
    if (!o || !isDigest(o.choice)) return { ok: false, message: `Player ${p}'s dice value is not 32 bytes written as 64 hex digits.` };
    const v = await verifyOpening(hash, commitments[p], o, `Player ${p}'s dice value`);
    if (!v.ok) return v;
  }
  return { ok: true };
}

/** `count` d20s from both players' opened values, for the roll named `label`. */
export async function sharedD20s(hash: HashPort, values: Record<PlayerId, string>, label: string, count: number): Promise<number[]> {
  if (!isDigest(values.A) || !isDigest(values.B)) throw new Error('sharedD20s: each value is 32 bytes written as 64 hex digits');
  const dice: number[] = [];
  for (let k = 0; dice.length < count; k++) {
    const block = fromHex(await digestOf(hash, DICE_TAG, label, values.A, values.B, String(k)))!;
    for (let i = 0; i + 4 <= block.length && dice.length < count; i += 4) {
      const w = ((block[i]! << 24) | (block[i + 1]! << 16) | (block[i + 2]! << 8) | block[i + 3]!) >>> 0;
      if (w < LIMIT) dice.push((w % 20) + 1);
    }
  }
  return dice;
}

/**
 * A die source for the engine's context (`randomD20`) that hands out the shared dice of one command in
 * order, and refuses to make up a die it was not given.
 */
export function diceFeed(dice: readonly number[]): { randomD20: () => number; left: () => number } {
  let next = 0;
  return {
    randomD20() {
      if (next >= dice.length) throw new Error(`the shared dice ran out: this command needs more than the ${dice.length} agreed`);
      return dice[next++]!;
    },
    left: () => dice.length - next,
  };
}
