/**
 * Dice: the seeded generator of GAME-FILE.md, unbiased random d20s, Normal and Face to Face rolls
 * with criticals, values above 20 and the MOD limit of FACTS.md, and exact odds.
 */
import { ROLLS } from '../data/facts';
import type { RollResult } from '../model/types';

/** One step of mulberry32: returns the next state and a number in [0, 1). */
export function mulberry32Step(a: number): { a: number; u: number } {
  a = (a + 0x6d2b79f5) | 0;
  let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return { a, u: ((t ^ (t >>> 14)) >>> 0) / 4294967296 };
}

/** The next d20 of a seeded stream. */
export function seededD20(a: number): { a: number; roll: number } {
  const step = mulberry32Step(a);
  return { a: step.a, roll: 1 + Math.floor(step.u * ROLLS.die) };
}

/** A d20 from the platform's cryptographic generator, without modulo bias. */
export function cryptoD20(): number {
  const buf = new Uint32Array(1);
  // 2^32 - (2^32 mod 20): accept only values below the largest multiple of 20.
  const limit = 4294967296 - (4294967296 % ROLLS.die);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const v = buf[0]!;
    if (v < limit) return 1 + (v % ROLLS.die);
  }
}

export function isDie(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= ROLLS.die;
}

/** Attribute plus MODs, the MODs capped at +12 / -12 (FACTS: Rolls). */
export function successValue(attribute: number, mods: number[] = []): number {
  const sum = mods.reduce((s, m) => s + m, 0);
  return attribute + Math.max(-ROLLS.modLimit, Math.min(ROLLS.modLimit, sum));
}

export interface RollOutcome {
  result: RollResult;
  /** the die plus the excess of a Success Value above 20: what a Face to Face roll compares */
  value: number;
}

/**
 * A Normal roll: success when the die is at most the Success Value; equal is a critical. Above 20 the
 * excess is added to the die and any result of 20 or more is a critical. Below 1 the roll fails.
 */
export function judgeRoll(die: number, sv: number): RollOutcome {
  if (sv < 1) return { result: 'failure', value: die };
  if (sv > ROLLS.die) {
    const value = die + (sv - ROLLS.die);
    return { result: value >= ROLLS.die ? 'critical' : 'success', value };
  }
  if (die === sv) return { result: 'critical', value: die };
  return { result: die < sv ? 'success' : 'failure', value: die };
}

export function isSuccess(r: RollResult): boolean {
  return r !== 'failure';
}

/**
 * Face to Face (INI-1): failures never win; a critical beats any non-critical; two criticals cancel;
 * between plain successes the higher value wins and equal values cancel.
 */
export function faceToFace(a: RollOutcome, b: RollOutcome): 'a' | 'b' | null {
  const aOk = isSuccess(a.result);
  const bOk = isSuccess(b.result);
  if (!aOk && !bOk) return null;
  if (!bOk) return 'a';
  if (!aOk) return 'b';
  const aCrit = a.result === 'critical';
  const bCrit = b.result === 'critical';
  if (aCrit && bCrit) return null;
  if (aCrit) return 'a';
  if (bCrit) return 'b';
  if (a.value === b.value) return null;
  return a.value > b.value ? 'a' : 'b';
}

/** A Normal roll's chances, counted over all 20 faces and divided once. */
export function normalOdds(sv: number): { success: number; critical: number } {
  let success = 0;
  let critical = 0;
  for (let d = 1; d <= ROLLS.die; d++) {
    const { result } = judgeRoll(d, sv);
    if (result !== 'failure') success++;
    if (result === 'critical') critical++;
  }
  return { success: success / ROLLS.die, critical: critical / ROLLS.die };
}

/** A one-die-each Face to Face roll's chances, counted over all 400 outcomes and divided once. */
export function faceToFaceOdds(svA: number, svB: number): { a: number; b: number; none: number } {
  let a = 0;
  let b = 0;
  let none = 0;
  for (let da = 1; da <= ROLLS.die; da++) {
    const ra = judgeRoll(da, svA);
    for (let db = 1; db <= ROLLS.die; db++) {
      const w = faceToFace(ra, judgeRoll(db, svB));
      if (w === 'a') a++;
      else if (w === 'b') b++;
      else none++;
    }
  }
  const n = ROLLS.die * ROLLS.die;
  return { a: a / n, b: b / n, none: none / n };
}
