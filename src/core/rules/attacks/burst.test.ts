import { describe, expect, it } from 'vitest';
import { burstOdds, counting, dodgedTemplate, judgeDice, lossChance, woundsOf } from './burst';

/** An independent count: every die of both sides enumerated, each die judged by the FACTS.md wording. */
function bruteForce(a: number, nA: number, b: number | null, nB: number, template = false) {
  const judge = (d: number, sv: number) => {
    if (sv < 1) return { ok: false, crit: false, v: d };
    if (sv > 20) {
      const v = d + sv - 20;
      return { ok: true, crit: v >= 20, v };
    }
    return { ok: d <= sv, crit: d === sv, v: d };
  };
  const best = (js: { ok: boolean; crit: boolean; v: number }[]) => {
    const c = js.find((j) => j.crit);
    if (c) return c;
    const ok = js.filter((j) => j.ok);
    return ok.length ? ok.reduce((x, y) => (y.v > x.v ? y : x)) : null;
  };
  const tally = (mine: { ok: boolean; crit: boolean; v: number }[], other: ReturnType<typeof best>) => {
    let hits = 0;
    let crits = 0;
    for (const j of mine) {
      if (!j.ok) continue;
      if (j.crit) {
        if (!other || !other.crit) crits++;
      } else if (!other || (!other.crit && j.v > other.v)) hits++;
    }
    return { hits, crits };
  };
  const counts = new Map<string, number>();
  let none = 0;
  let total = 0;
  const rolls = (n: number): number[][] => (n === 0 ? [[]] : rolls(n - 1).flatMap((r) => Array.from({ length: 20 }, (_, i) => [...r, i + 1])));
  for (const da of rolls(template ? 0 : nA)) {
    for (const db of rolls(b === null ? 0 : nB)) {
      total++;
      const ja = da.map((d) => judge(d, a));
      const jb = b === null ? [] : db.map((d) => judge(d, b));
      let scored = false;
      if (template) {
        if (!best(jb)) {
          counts.set('A:1:0', (counts.get('A:1:0') ?? 0) + 1);
          scored = true;
        }
      } else {
        const ta = tally(ja, b === null ? null : best(jb));
        if (ta.hits + ta.crits) {
          counts.set(`A:${ta.hits}:${ta.crits}`, (counts.get(`A:${ta.hits}:${ta.crits}`) ?? 0) + 1);
          scored = true;
        }
        if (b !== null) {
          const tb = tally(jb, best(ja));
          if (tb.hits + tb.crits) {
            counts.set(`B:${tb.hits}:${tb.crits}`, (counts.get(`B:${tb.hits}:${tb.crits}`) ?? 0) + 1);
            scored = true;
          }
        }
      }
      if (!scored) none++;
    }
  }
  return { counts, none, total };
}

describe('rolls with Burst (ATK-2, TOOL-8)', () => {
  it('ATK-2 each die against the opponent\u2019s best: criticals beat successes, higher successes beat lower ones', () => {
    const a = judgeDice([5, 12, 3], 12);
    const b = judgeDice([9], 14);
    // A's 12 is a critical (equal to its Success Value): it counts; 5 and 3 are below B's 9: they do not.
    expect(counting(a, b)).toEqual({ hits: 0, criticals: 1 });
    expect(counting(b, a)).toEqual({ hits: 0, criticals: 0 });
    expect(counting(judgeDice([10, 11], 13), judgeDice([10], 13))).toEqual({ hits: 1, criticals: 0 });
    // Two criticals cancel each other; failures never count.
    expect(counting(judgeDice([13], 13), judgeDice([15], 15))).toEqual({ hits: 0, criticals: 0 });
    expect(counting(judgeDice([19, 20], 13), judgeDice([18], 13))).toEqual({ hits: 0, criticals: 0 });
    // Above 20 the excess is added: SV 23 turns a 17 into 20, a critical.
    expect(counting(judgeDice([17], 23), null)).toEqual({ hits: 0, criticals: 1 });
  });

  it('TPL-1 a template against a Dodge hits unless the dodger\u2019s best die is a success', () => {
    expect(dodgedTemplate(judgeDice([12], 11))).toBe(false);
    expect(dodgedTemplate(judgeDice([3], 11))).toBe(true);
    expect(dodgedTemplate(null)).toBe(false);
  });

  it('TOOL-8 counts worked out by hand: a Normal roll at 10, Burst 1 and Burst 2', () => {
    const one = burstOdds(10, 1, null, 1);
    // 1..9 hit, 10 is a critical, 11..20 miss.
    expect(one.outcomes).toEqual([
      { side: 'A', hits: 1, criticals: 0, p: 9 / 20 },
      { side: 'A', hits: 0, criticals: 1, p: 1 / 20 },
    ]);
    expect(one.none).toBe(10 / 20);
    const two = burstOdds(10, 2, null, 1);
    // Two hits: 9 x 9 of 400; a hit and a critical: 2 x 9; two criticals: 1; nothing: 10 x 10.
    const p = (h: number, c: number) => two.outcomes.find((o) => o.hits === h && o.criticals === c)?.p ?? 0;
    expect(p(2, 0)).toBe(81 / 400);
    expect(p(1, 1)).toBe(18 / 400);
    expect(p(0, 2)).toBe(1 / 400);
    expect(p(1, 0)).toBe(180 / 400);
    expect(p(0, 1)).toBe(20 / 400);
    expect(two.none).toBe(100 / 400);
  });

  it('TOOL-8 a one-die Face to Face by hand: 12 against 12', () => {
    const o = burstOdds(12, 1, 12, 1);
    // A wins when its success beats B's: A 1..11 vs B failure (8 faces) or a lower success; A's 12 crit beats all but B's 12.
    const aWins = o.outcomes.filter((x) => x.side === 'A').reduce((s, x) => s + x.p, 0);
    let count = 0;
    for (let da = 1; da <= 20; da++)
      for (let db = 1; db <= 20; db++) {
        const aOk = da <= 12;
        const bOk = db <= 12;
        const aCrit = da === 12;
        const bCrit = db === 12;
        if (aOk && (aCrit ? !bCrit : !bOk || (!bCrit && da > db))) count++;
      }
    expect(aWins).toBeCloseTo(count / 400, 12);
  });

  it('TOOL-8 matches an independent count of every die, Bursts up to 3 against 1 and 2 against 2, templates too', () => {
    const cases: [number, number, number | null, number, boolean][] = [
      [13, 3, 12, 1, false],
      [11, 2, 14, 2, false],
      [15, 1, null, 1, false],
      [22, 2, 13, 1, false],
      [8, 2, 23, 1, false],
      [0, 1, 13, 1, true],
      [12, 1, 25, 2, true],
      [-2, 2, 5, 1, false],
    ];
    for (const [a, nA, b, nB, template] of cases) {
      const fast = burstOdds(a, nA, b, nB, template);
      const slow = bruteForce(a, nA, b, nB, template);
      expect(fast.total).toBe(slow.total);
      expect(fast.none).toBeCloseTo(slow.none / slow.total, 12);
      const got = new Map(fast.outcomes.map((o) => [`${o.side}:${o.hits}:${o.criticals}`, o.p]));
      expect([...got.keys()].sort()).toEqual([...slow.counts.keys()].sort());
      for (const [k, n] of slow.counts) expect(got.get(k)).toBeCloseTo(n / slow.total, 12);
    }
  });

  it('TOOL-8 Bursts of 5 against 5 are counted exactly, and every probability adds up to 1', () => {
    const o = burstOdds(14, 5, 12, 5);
    const sum = o.outcomes.reduce((s, x) => s + x.p, 0) + o.none;
    // A and B never both score in one outcome: each outcome is one side's.
    expect(sum).toBeCloseTo(1, 12);
    expect(o.total).toBe(20 ** 10);
  });

  it('DMG-2 TOOL-8 Wounds: each save lost on a d20 at most the Attack Damage, binomially over the saves of every outcome', () => {
    expect(lossChance(6)).toBe(6 / 20);
    expect(lossChance(0)).toBe(0);
    expect(lossChance(25)).toBe(1);
    // One hit with DA ammunition: two saves at 6/20 each.
    const w = woundsOf([{ hits: 1, criticals: 0, p: 1 }], 'DA', 6);
    expect(w[0]).toBeCloseTo(0.7 * 0.7, 12);
    expect(w[1]).toBeCloseTo(2 * 0.3 * 0.7, 12);
    expect(w[2]).toBeCloseTo(0.3 * 0.3, 12);
    // A critical adds one save: N ammunition, a critical = 2 saves.
    const c = woundsOf([{ hits: 0, criticals: 1, p: 0.5 }], 'N', 10);
    expect(c[0]).toBeCloseTo(0.5 + 0.5 * 0.25, 12);
    expect(c[2]).toBeCloseTo(0.5 * 0.25, 12);
  });
});
