import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  cryptoD20,
  faceToFace,
  faceToFaceOdds,
  isDie,
  judgeRoll,
  mulberry32Step,
  normalOdds,
  seededD20,
  successValue,
} from './dice';

/** The first `n` d20s of a seeded stream started at `seed`. */
function seededRolls(seed: number, n: number): number[] {
  let a = seed;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const next = seededD20(a);
    a = next.a;
    out.push(next.roll);
  }
  return out;
}

describe('seededD20 (mulberry32, GAME-FILE.md: Dice)', () => {
  it('gives 13, 9, 18, 14, 4, 11 for seed 42 (the test vector of GAME-FILE.md)', () => {
    expect(seededRolls(42, 6)).toEqual([13, 9, 18, 14, 4, 11]);
  });

  it('starts from the state a = 42 and advances it by 0x6D2B79F5 per draw', () => {
    const first = seededD20(42);
    expect(first.a).toBe((42 + 0x6d2b79f5) | 0);
    const second = seededD20(first.a);
    expect(second.a).toBe((first.a + 0x6d2b79f5) | 0);
    expect(second.roll).toBe(9);
  });

  it('is 1 + floor(u * 20) of the mulberry32 number u', () => {
    let a = 42;
    for (let i = 0; i < 50; i++) {
      const step = mulberry32Step(a);
      expect(step.u).toBeGreaterThanOrEqual(0);
      expect(step.u).toBeLessThan(1);
      const d = seededD20(a);
      expect(d.a).toBe(step.a);
      expect(d.roll).toBe(1 + Math.floor(step.u * 20));
      a = step.a;
    }
  });

  it('replays the same stream from the same seed, and always gives a d20', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rolls = seededRolls(seed, 10);
        expect(seededRolls(seed, 10)).toEqual(rolls);
        for (const r of rolls) expect(isDie(r)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('cryptoD20', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('returns only integers 1..20 and hits every face over 20000 draws', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 20000; i++) {
      const d = cryptoD20();
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    const faces = [...counts.keys()].sort((x, y) => x - y);
    // every value drawn is an integer 1..20, and all 20 of them came up
    expect(faces).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('rejects the top 2^32 mod 20 = 16 values instead of folding them (no modulo bias)', () => {
    // The largest multiple of 20 not above 2^32 is 4294967280; values from there up are redrawn.
    const values = [4294967295, 4294967280, 4294967279, 0];
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(buf: T): T => {
      (buf as unknown as Uint32Array)[0] = values.shift()!;
      return buf;
    });
    // 4294967279 % 20 = 19, so the first accepted draw is face 20.
    expect(cryptoD20()).toBe(20);
    expect(spy).toHaveBeenCalledTimes(3);
    // 0 -> face 1
    expect(cryptoD20()).toBe(1);
  });
});

describe('judgeRoll (FACTS.md: Rolls)', () => {
  it('succeeds below the Success Value, is a critical on it, fails above it', () => {
    expect(judgeRoll(1, 13)).toEqual({ result: 'success', value: 1 });
    expect(judgeRoll(12, 13)).toEqual({ result: 'success', value: 12 });
    expect(judgeRoll(13, 13)).toEqual({ result: 'critical', value: 13 });
    expect(judgeRoll(14, 13)).toEqual({ result: 'failure', value: 14 });
    expect(judgeRoll(20, 13).result).toBe('failure');
  });

  it('with SV 20 a 20 is a critical and every other face a success', () => {
    expect(judgeRoll(20, 20)).toEqual({ result: 'critical', value: 20 });
    for (let d = 1; d <= 19; d++) expect(judgeRoll(d, 20)).toEqual({ result: 'success', value: d });
  });

  it('with SV 1 only a 1 succeeds, and it is a critical', () => {
    expect(judgeRoll(1, 1)).toEqual({ result: 'critical', value: 1 });
    for (let d = 2; d <= 20; d++) expect(judgeRoll(d, 1).result).toBe('failure');
  });

  it('above 20 adds the excess to the die, and any result of 20 or more is a critical (SV 23)', () => {
    // excess 3
    expect(judgeRoll(17, 23)).toEqual({ result: 'critical', value: 20 });
    expect(judgeRoll(16, 23)).toEqual({ result: 'success', value: 19 });
    expect(judgeRoll(1, 23)).toEqual({ result: 'success', value: 4 });
    expect(judgeRoll(20, 23)).toEqual({ result: 'critical', value: 23 });
    for (let d = 1; d <= 20; d++) expect(judgeRoll(d, 23).result).not.toBe('failure');
  });

  it('with SV 21 a 19 is already a critical (value 20) and an 18 a success of 19', () => {
    expect(judgeRoll(19, 21)).toEqual({ result: 'critical', value: 20 });
    expect(judgeRoll(18, 21)).toEqual({ result: 'success', value: 19 });
  });

  it('below 1 always fails, whatever the die', () => {
    for (const sv of [0, -1, -7]) {
      for (let d = 1; d <= 20; d++) expect(judgeRoll(d, sv).result).toBe('failure');
    }
  });
});

describe('successValue (FACTS.md: Rolls, MODs capped at +12 / -12)', () => {
  it('is the attribute alone without MODs', () => {
    expect(successValue(13)).toBe(13);
    expect(successValue(13, [])).toBe(13);
  });

  it('adds MODs whose total is within the cap', () => {
    expect(successValue(10, [3, 6])).toBe(19);
    expect(successValue(10, [-3, -6])).toBe(1);
    expect(successValue(10, [12])).toBe(22);
    expect(successValue(10, [-12])).toBe(-2);
  });

  it('caps the total of the MODs at +12 and -12', () => {
    expect(successValue(10, [13])).toBe(22);
    expect(successValue(10, [9, 6])).toBe(22); // +15 -> +12
    expect(successValue(10, [-9, -6])).toBe(-2); // -15 -> -12
    expect(successValue(14, [-6, -6, -6])).toBe(2); // -18 -> -12
  });

  it('caps the total, not each MOD (+15 and -6 make +9)', () => {
    expect(successValue(10, [15, -6])).toBe(19);
    expect(successValue(10, [-15, 6])).toBe(1);
  });
});

describe('faceToFace (FACTS.md: Rolls; INI-1)', () => {
  const roll = (die: number, sv: number) => judgeRoll(die, sv);

  it('INI-1 failures never win a Face to Face roll', () => {
    expect(faceToFace(roll(14, 13), roll(15, 13))).toBeNull();
    // a failure with a higher die still loses to any success
    expect(faceToFace(roll(20, 13), roll(1, 13))).toBe('b');
    expect(faceToFace(roll(1, 13), roll(20, 13))).toBe('a');
    // SV below 1 never wins, even against a failure
    expect(faceToFace(roll(1, 0), roll(20, 5))).toBeNull();
  });

  it('INI-1 a critical beats any non-critical success in a Face to Face roll', () => {
    // A critical 5 (SV 5) against a success of 19 (SV 20)
    expect(faceToFace(roll(5, 5), roll(19, 20))).toBe('a');
    expect(faceToFace(roll(19, 20), roll(5, 5))).toBe('b');
    // against a success of 19 from a Success Value above 20 (SV 23, die 16)
    expect(faceToFace(roll(1, 1), roll(16, 23))).toBe('a');
  });

  it('INI-1 two criticals cancel each other, whatever their values', () => {
    expect(faceToFace(roll(13, 13), roll(13, 13))).toBeNull();
    expect(faceToFace(roll(3, 3), roll(20, 20))).toBeNull();
    // a critical of value 23 (SV 23, die 20) against a critical 2 (SV 2)
    expect(faceToFace(roll(20, 23), roll(2, 2))).toBeNull();
  });

  it('INI-1 equal successes cancel each other', () => {
    expect(faceToFace(roll(7, 13), roll(7, 11))).toBeNull();
    // equal values, one of them from a Success Value above 20: 15 + 2 = 17 against 17
    expect(faceToFace(roll(15, 22), roll(17, 18))).toBeNull();
  });

  it('INI-1 the higher success wins', () => {
    expect(faceToFace(roll(12, 13), roll(10, 11))).toBe('a');
    expect(faceToFace(roll(3, 13), roll(10, 11))).toBe('b');
  });

  it('INI-1 compares values with the excess above 20 added', () => {
    // SV 22, die 19 -> value 21, a critical: beats a success of 19
    const high = roll(19, 22);
    expect(high).toEqual({ result: 'critical', value: 21 });
    expect(faceToFace(high, roll(19, 20))).toBe('a');
    // ... and cancels with any other critical
    expect(faceToFace(high, roll(4, 4))).toBeNull();
    // SV 22, die 15 -> 17 beats a plain 16 (SV 18) although its die is lower
    expect(faceToFace(roll(15, 22), roll(16, 18))).toBe('a');
    // SV 22, die 13 -> 15 loses to a plain 16
    expect(faceToFace(roll(13, 22), roll(16, 18))).toBe('b');
  });

  it('INI-1 is symmetric: swapping the sides swaps the winner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 30 }),
        (da, sa, db, sb) => {
          const ab = faceToFace(roll(da, sa), roll(db, sb));
          const ba = faceToFace(roll(db, sb), roll(da, sa));
          expect(ba).toBe(ab === 'a' ? 'b' : ab === 'b' ? 'a' : null);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('normalOdds (the `odds` command with one value)', () => {
  it('SV 13: dice 1..13 succeed (13/20), die 13 is the critical (1/20)', () => {
    expect(normalOdds(13)).toEqual({ success: 13 / 20, critical: 1 / 20 });
  });

  it('SV 0 and below: nothing succeeds', () => {
    expect(normalOdds(0)).toEqual({ success: 0, critical: 0 });
    expect(normalOdds(-4)).toEqual({ success: 0, critical: 0 });
  });

  it('SV 1: only the 1, which is a critical (1/20 each)', () => {
    expect(normalOdds(1)).toEqual({ success: 1 / 20, critical: 1 / 20 });
  });

  it('SV 20: every face succeeds (1), only the 20 is a critical (1/20)', () => {
    expect(normalOdds(20)).toEqual({ success: 1, critical: 1 / 20 });
  });

  it('SV 25: every face succeeds; results 20..25, i.e. dice 15..20, are criticals (6/20)', () => {
    expect(normalOdds(25)).toEqual({ success: 1, critical: 6 / 20 });
  });
});

describe('faceToFaceOdds (the `odds` command with two values; INI-1)', () => {
  it('INI-1 odds of SV 10 against SV 10: 145, 145 and 110 of 400', () => {
    // Each side: dice 1..9 plain successes (value = die), 10 critical, 11..20 (10 faces) failures.
    // A wins: A critical x B non-critical 1*19 = 19; A plain v x B failure 9*10 = 90;
    //         A plain v x B plain w < v: sum_{v=1..9}(v-1) = 36.  19 + 90 + 36 = 145.
    // B wins: the same by symmetry, 145.
    // none: both critical 1 + both fail 10*10 = 100 + equal plain 9 = 110.   145+145+110 = 400.
    expect(faceToFaceOdds(10, 10)).toEqual({ a: 145 / 400, b: 145 / 400, none: 110 / 400 });
  });

  it('INI-1 odds of SV 13 against SV 11: 192, 134 and 74 of 400', () => {
    // A: plain 1..12 (12), critical 13, failure 14..20 (7). B: plain 1..10 (10), critical 11, failure 12..20 (9).
    // A wins: A crit x B non-crit 1*19 = 19; A plain x B fail 12*9 = 108;
    //         A plain v x B plain w < v: v=1..11 gives 0..10 (55), v=12 gives 10 -> 65.   19+108+65 = 192.
    // B wins: B crit x A non-crit 1*19 = 19; B plain x A fail 10*7 = 70;
    //         B plain w x A plain v < w: w=1..10 gives 0..9 -> 45.                      19+70+45 = 134.
    // none: both crit 1 + both fail 7*9 = 63 + equal plain 1..10 = 10 -> 74.            192+134+74 = 400.
    expect(faceToFaceOdds(13, 11)).toEqual({ a: 192 / 400, b: 134 / 400, none: 74 / 400 });
  });

  it('INI-1 odds of SV 20 against SV 20: 190, 190 and 20 of 400', () => {
    // Each side: plain 1..19, critical 20, no failures.
    // A wins: A crit x B non-crit 19; A plain v x B plain w < v: sum_{v=1..19}(v-1) = 171 -> 190.
    // B wins: 190 by symmetry. none: both crit 1 + equal plain 19 = 20.
    expect(faceToFaceOdds(20, 20)).toEqual({ a: 190 / 400, b: 190 / 400, none: 20 / 400 });
  });

  it('INI-1 odds of SV 1 against SV 1: 19, 19 and 362 of 400', () => {
    // Each side: 1 is a critical, 2..20 (19) failures.
    // A wins: A crit x B fail 19. B wins: 19. none: both crit 1 + both fail 19*19 = 361 -> 362.
    expect(faceToFaceOdds(1, 1)).toEqual({ a: 19 / 400, b: 19 / 400, none: 362 / 400 });
  });

  it('INI-1 odds of SV 22 against SV 5: 377, 18 and 5 of 400', () => {
    // A (excess 2, value = die + 2): dice 1..17 plain values 3..19 (17), dice 18..20 criticals (3), no failures.
    // B: plain 1..4 (4), critical 5, failure 6..20 (15).
    // A wins: A crit x B non-crit 3*19 = 57; A plain x B fail 17*15 = 255;
    //         A plain v x B plain w < v: v=3 -> 2, v=4 -> 3, v=5..19 -> 4 each (15*4 = 60) = 65.  57+255+65 = 377.
    // B wins: B crit x A non-crit 1*17 = 17; B plain x A fail 0; B plain w x A plain v < w: only w=4, v=3 -> 1.  18.
    // none: both crit 3*1 = 3 + equal plain values 3 and 4 = 2 -> 5.                          377+18+5 = 400.
    expect(faceToFaceOdds(22, 5)).toEqual({ a: 377 / 400, b: 18 / 400, none: 5 / 400 });
  });

  it('INI-1 odds of SV 25 against SV 23: 215, 147 and 38 of 400 (both above 20)', () => {
    // A (excess 5): dice 1..14 plain values 6..19 (14), dice 15..20 criticals (6).
    // B (excess 3): dice 1..16 plain values 4..19 (16), dice 17..20 criticals (4).
    // A wins: A crit x B non-crit 6*16 = 96; A plain v x B plain w in 4..v-1: sum_{v=6..19}(v-4) = 2+..+15 = 119 -> 215.
    // B wins: B crit x A non-crit 4*14 = 56; B plain w x A plain v in 6..w-1: sum_{w=7..19}(w-6) = 1+..+13 = 91 -> 147.
    // none: both crit 6*4 = 24 + equal plain values 6..19 = 14 -> 38.          215+147+38 = 400.
    expect(faceToFaceOdds(25, 23)).toEqual({ a: 215 / 400, b: 147 / 400, none: 38 / 400 });
  });

  it('INI-1 odds of a Success Value below 1: that side never wins', () => {
    // A never succeeds; B (SV 10) wins whenever it succeeds: 10 faces x 20 = 200.
    expect(faceToFaceOdds(0, 10)).toEqual({ a: 0, b: 200 / 400, none: 200 / 400 });
  });

  it('INI-1 odds add up to 1 and are symmetric, for Success Values -5..30', () => {
    const sv = fc.integer({ min: -5, max: 30 });
    fc.assert(
      fc.property(sv, sv, (x, y) => {
        const xy = faceToFaceOdds(x, y);
        const yx = faceToFaceOdds(y, x);
        expect(Math.abs(xy.a + xy.b + xy.none - 1)).toBeLessThanOrEqual(1e-12);
        expect(xy.a).toBe(yx.b);
        expect(xy.b).toBe(yx.a);
        expect(xy.none).toBe(yx.none);
        // counted over 400 outcomes and divided once: every chance is a whole number of 400ths
        for (const p of [xy.a, xy.b, xy.none]) expect(p * 400).toBeCloseTo(Math.round(p * 400), 9);
      }),
      { numRuns: 400 },
    );
  });

  it('normalOdds agrees with faceToFaceOdds against a side that always fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), (x) => {
        // Against SV 0, A wins exactly when A succeeds.
        expect(faceToFaceOdds(x, 0).a).toBeCloseTo(normalOdds(x).success, 12);
      }),
      { numRuns: 100 },
    );
  });
});
