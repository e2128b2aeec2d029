import { describe, expect, it } from 'vitest';
import { apply, createGame } from '../engine';
import type { GameFile } from '../model/types';
import { contextFor } from '../testing/fixtures';
import { twoSides } from '../testing/twoSides';
import { checkDiceOpenings, diceFeed, diceValue, sharedD20s } from './dice';
import { toHex, webCryptoHash as hash, type HashPort } from './hash';

const value = (byte: number) => toHex(new Uint8Array(32).fill(byte));

describe('shared dice (NET-3)', () => {
  it('NET-3 both values make the roll: the same pair gives the same dice on both machines, another value of either player other dice', async () => {
    const a = value(1);
    const b = value(2);
    const dice = await sharedD20s(hash, { A: a, B: b }, 'log/12', 40);
    expect(await sharedD20s(hash, { A: a, B: b }, 'log/12', 40)).toEqual(dice);
    expect(dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 20)).toBe(true);
    expect(await sharedD20s(hash, { A: value(3), B: b }, 'log/12', 40)).not.toEqual(dice);
    expect(await sharedD20s(hash, { A: a, B: value(3) }, 'log/12', 40)).not.toEqual(dice);
    // The label names the roll: one pair of values never makes two rolls.
    expect(await sharedD20s(hash, { A: a, B: b }, 'log/13', 40)).not.toEqual(dice);
  });

  it('NET-3 every face is as likely: 20,000 shared dice fall within a chi-square bound of uniform', async () => {
    const dice = await sharedD20s(hash, { A: value(7), B: value(9) }, 'uniform', 20_000);
    const counts = new Array(20).fill(0);
    for (const d of dice) counts[d - 1]++;
    const chi = counts.reduce((s, c) => s + (c - 1000) ** 2 / 1000, 0);
    // 19 degrees of freedom: 43.8 is the 0.1% point.
    expect(chi).toBeLessThan(43.8);
  });

  it('NET-3 a word at or over the largest multiple of 20 is passed over, so no face is favoured', async () => {
    // A hash that answers the first block with words that must be refused, then zeros.
    let calls = 0;
    const rigged: HashPort = {
      random: hash.random,
      async sha256() {
        calls++;
        const out = new Uint8Array(32);
        if (calls === 1) out.fill(0xff);
        else out.set([0xff, 0xff, 0xff, 0xef, 0, 0, 0, 41]);
        return out;
      },
    };
    // 0xffffffef = 4294967279 (accepted, 4294967279 mod 20 = 19 → 20), then 41 mod 20 = 1 → 2.
    expect(await sharedD20s(rigged, { A: value(1), B: value(2) }, 'x', 2)).toEqual([20, 2]);
  });

  it('NET-3 each machine commits to its value before either opens; a forged opening is refused naming the player', async () => {
    const a = await diceValue(hash);
    const b = await diceValue(hash);
    const commitments = { A: a.commitment, B: b.commitment };
    expect(await checkDiceOpenings(hash, commitments, { A: a.opening, B: b.opening })).toEqual({ ok: true });
    // B, having seen A's value, would like another: its opening no longer matches its commitment.
    const forged = { ...b.opening, choice: value(5) };
    expect(await checkDiceOpenings(hash, commitments, { A: a.opening, B: forged })).toEqual({ ok: false, message: "Player B's dice value does not match its commitment: the choice or the salt was changed." });
    expect(await checkDiceOpenings(hash, commitments, { A: { ...a.opening, choice: 'x' }, B: b.opening })).toEqual({ ok: false, message: "Player A's dice value is not 32 bytes written as 64 hex digits." });
  });

  it('NET-3 the engine rolls the shared dice, the same on both machines, and a command needing more than agreed is stopped', async () => {
    const file = { ...twoSides(), dice: { random: true } } as GameFile;
    const { commands: _c, ...setup } = file;
    const dice = await sharedD20s(hash, { A: value(4), B: value(8) }, 'initiative', 8);
    const roll = () => apply(createGame(setup), { do: 'initiative' }, { ...contextFor(setup), randomD20: diceFeed(dice).randomD20 });
    const one = roll();
    const two = roll();
    expect(one.ok && two.ok).toBe(true);
    if (one.ok && two.ok) {
      expect(one.command).toEqual(two.command);
      // The first attempt's two d20s are the first two shared dice (a tie rolls again with the next two).
      const rolls = (one.command as { rolls: { A: number; B: number }[] }).rolls;
      expect(rolls[0]).toEqual({ A: dice[0], B: dice[1] });
    }
    const feed = diceFeed([3]);
    expect(feed.randomD20()).toBe(3);
    expect(() => feed.randomD20()).toThrow('the shared dice ran out: this command needs more than the 1 agreed');
  });
});
