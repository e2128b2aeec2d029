/**
 * Rolls with Burst (FACTS.md, "Face to Face with Burst"; ATK-2, TPL-1). Each side rolls its Burst in
 * d20s; a die succeeds when at most the Success Value (the excess above 20 added to it); a die equal to
 * the Success Value, or 20 or more after the excess, is a critical. Each side's best die is its
 * critical if it has one, else its highest success. A critical counts unless the opponent's best die is
 * a critical; a plain success counts unless the opponent's best die is a critical or a success at least
 * as high; failures never count. A template is Face to Face only against a Dodge: its hit counts unless
 * the dodger's best die is a success, and it cancels nothing.
 */
import { judgeRoll, type RollOutcome } from '../dice';
import type { RollResult } from '../../model/types';

export interface Tally {
  /** hits that are not criticals */
  hits: number;
  criticals: number;
}

export interface Judged {
  dice: number[];
  outcomes: RollOutcome[];
  best: RollOutcome | null;
}

/** A side's dice against its Success Value, and its best die (null when every die failed). */
export function judgeDice(dice: readonly number[], sv: number): Judged {
  const outcomes = dice.map((d) => judgeRoll(d, sv));
  let best: RollOutcome | null = null;
  for (const o of outcomes) {
    if (o.result === 'failure') continue;
    if (!best || rankOf(o) > rankOf(best)) best = o;
  }
  return { dice: [...dice], outcomes, best };
}

function rankOf(o: RollOutcome): number {
  return o.result === 'critical' ? 1000 : o.value;
}

/** How one die of a roll counted: a critical, a hit (a success), cancelled by the other side's best die, or failed. */
export type DieMark = 'critical' | 'hit' | 'cancelled' | 'failed';

/** Each die of one side, marked against the other side's best die (none: a Normal roll). */
export function dieMarks(side: Judged, other: Judged | null): DieMark[] {
  const ob = other?.best ?? null;
  return side.outcomes.map((o) => {
    if (o.result === 'failure') return 'failed';
    if (o.result === 'critical') return !ob || ob.result !== 'critical' ? 'critical' : 'cancelled';
    return !ob || (ob.result !== 'critical' && o.value > ob.value) ? 'hit' : 'cancelled';
  });
}

/** The dice of one side that count against the other side's best die. */
export function counting(side: Judged, other: Judged | null): Tally {
  const t: Tally = { hits: 0, criticals: 0 };
  for (const m of dieMarks(side, other)) {
    if (m === 'critical') t.criticals++;
    else if (m === 'hit') t.hits++;
  }
  return t;
}

/** The result shown for a side: its best die's, or a failure. */
export function bestResult(j: Judged): { roll: number; result: RollResult } {
  if (!j.best) return { roll: Math.max(...j.dice), result: 'failure' };
  const i = j.outcomes.indexOf(j.best);
  return { roll: j.dice[i]!, result: j.best.result };
}

/** TPL-1: a template against a Dodge: the template's hit stands unless the dodger's best die is a success. */
export function dodgedTemplate(dodge: Judged | null): boolean {
  return dodge?.best !== null && dodge?.best !== undefined;
}

// ---------------------------------------------------------------- exact odds (TOOL-8)

export interface BurstOdds {
  outcomes: { side: 'A' | 'B'; hits: number; criticals: number; p: number }[];
  none: number;
  /** the counts behind the probabilities are out of 20^(dice rolled) */
  total: number;
}

/** A side's best die as a key: 'x' all failed, 'c' a critical, else the best success's value. */
type BestKey = 'x' | 'c' | number;

function keyOf(o: RollOutcome | null): BestKey {
  if (!o) return 'x';
  return o.result === 'critical' ? 'c' : o.value;
}

function better(a: BestKey, b: BestKey): BestKey {
  if (a === 'c' || b === 'c') return 'c';
  if (a === 'x') return b;
  if (b === 'x') return a;
  return a > b ? a : b;
}

/** Whether one die counts against the opponent's best (FACTS: Face to Face with Burst). */
function dieCounts(o: RollOutcome, ob: BestKey): 'hit' | 'crit' | null {
  if (o.result === 'failure') return null;
  if (o.result === 'critical') return ob === 'c' ? null : 'crit';
  return ob === 'x' || (ob !== 'c' && o.value > ob) ? 'hit' : null;
}

/**
 * For n dice at Success Value sv against an opponent whose best die is `ob`: the number of ways (out
 * of 20^n) of each (own best, hits, criticals). A small exact recursion over the dice, one die at a time.
 */
function waysAgainst(n: number, sv: number, ob: BestKey): Map<string, { best: BestKey; hits: number; crits: number; ways: number }> {
  let states = new Map<string, { best: BestKey; hits: number; crits: number; ways: number }>([['x:0:0', { best: 'x', hits: 0, crits: 0, ways: 1 }]]);
  const faces = Array.from({ length: 20 }, (_, i) => judgeRoll(i + 1, sv));
  for (let k = 0; k < n; k++) {
    const next = new Map<string, { best: BestKey; hits: number; crits: number; ways: number }>();
    for (const st of states.values()) {
      for (const o of faces) {
        const c = dieCounts(o, ob);
        const best = better(st.best, keyOf(o.result === 'failure' ? null : o));
        const hits = st.hits + (c === 'hit' ? 1 : 0);
        const crits = st.crits + (c === 'crit' ? 1 : 0);
        const key = `${best}:${hits}:${crits}`;
        const e = next.get(key);
        if (e) e.ways += st.ways;
        else next.set(key, { best, hits, crits, ways: st.ways });
      }
    }
    states = next;
  }
  return states;
}

/** Every value a best die can take for a side: failure, the critical, each success value. */
function bestKeys(sv: number): BestKey[] {
  const keys: BestKey[] = ['x', 'c'];
  for (let d = 1; d <= 20; d++) {
    const o = judgeRoll(d, sv);
    if (o.result === 'success') keys.push(o.value);
  }
  return keys;
}

/**
 * TOOL-8: every outcome of a Face to Face roll with Bursts (or of a Normal roll when `b` is null),
 * counted exactly over every die and divided once. With `templateA`, A is a Burst 1 template against
 * B's Dodge: it hits unless B's best die is a success, and B scores nothing.
 */
export function burstOdds(a: number, burstA: number, b: number | null, burstB: number, templateA = false): BurstOdds {
  const counts = new Map<string, number>();
  const add = (key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);
  const nA = templateA ? 0 : burstA;
  const nB = b === null ? 0 : burstB;
  const total = 20 ** (nA + nB);
  let none = 0;
  // Joint count: for each pair of bests (bA, bB), A's tallies depend on A's dice and bB, B's on B's and bA.
  const aKeys: BestKey[] = nA === 0 ? ['x'] : bestKeys(a);
  const bKeys: BestKey[] = nB === 0 ? ['x'] : bestKeys(b!);
  const aWays = new Map<BestKey, ReturnType<typeof waysAgainst>>();
  const bWays = new Map<BestKey, ReturnType<typeof waysAgainst>>();
  for (const bB of bKeys) aWays.set(bB, nA === 0 ? new Map([['x:0:0', { best: 'x' as BestKey, hits: 0, crits: 0, ways: 1 }]]) : waysAgainst(nA, a, bB));
  for (const bA of aKeys) bWays.set(bA, nB === 0 ? new Map([['x:0:0', { best: 'x' as BestKey, hits: 0, crits: 0, ways: 1 }]]) : waysAgainst(nB, b!, bA));
  for (const bA of aKeys) {
    for (const bB of bKeys) {
      const sideA = [...aWays.get(bB)!.values()].filter((s) => s.best === bA);
      const sideB = [...bWays.get(bA)!.values()].filter((s) => s.best === bB);
      for (const sa of sideA) {
        for (const sb of sideB) {
          const ways = sa.ways * sb.ways;
          let scored = false;
          if (templateA) {
            if (bB === 'x') {
              add('A:1:0', ways);
              scored = true;
            }
          } else {
            if (sa.hits + sa.crits > 0) {
              add(`A:${sa.hits}:${sa.crits}`, ways);
              scored = true;
            }
            if (b !== null && sb.hits + sb.crits > 0) {
              add(`B:${sb.hits}:${sb.crits}`, ways);
              scored = true;
            }
          }
          if (!scored) none += ways;
        }
      }
    }
  }
  const outcomes = [...counts.entries()]
    .map(([k, n]) => {
      const [side, hits, criticals] = k.split(':');
      return { side: side as 'A' | 'B', hits: Number(hits), criticals: Number(criticals), p: n / total };
    })
    .sort((x, y) => (x.side !== y.side ? (x.side < y.side ? -1 : 1) : x.hits + x.criticals - (y.hits + y.criticals) || x.criticals - y.criticals));
  return { outcomes, none: none / total, total };
}

/** Saves one hit makes (DMG-1): N 1, DA 2, EXP 3; a critical one more. */
export function savesPerHit(ammo: 'N' | 'DA' | 'EXP'): number {
  return ammo === 'N' ? 1 : ammo === 'DA' ? 2 : 3;
}

/** The chance one save is lost (DMG-2): the d20 at most the Attack Damage. */
export function lossChance(attackDamage: number): number {
  let lost = 0;
  for (let d = 1; d <= 20; d++) if (d <= attackDamage) lost++;
  return lost / 20;
}

/**
 * The Wounds a side's scoring outcomes take from the target: each outcome's saves (hits x ammo, plus one
 * per critical) lost binomially, summed over the outcomes. `p[k]` = chance of k Wounds.
 */
export function woundsOf(outcomes: readonly { hits: number; criticals: number; p: number }[], ammo: 'N' | 'DA' | 'EXP', attackDamage: number): number[] {
  const q = lossChance(attackDamage);
  const per = savesPerHit(ammo);
  const scoring = outcomes.reduce((sum, o) => sum + o.p, 0);
  const dist: number[] = [1 - scoring];
  for (const o of outcomes) {
    const n = (o.hits + o.criticals) * per + o.criticals;
    // Binomial(n, q), exact from its terms.
    let c = 1;
    for (let k = 0; k <= n; k++) {
      if (k > 0) c = (c * (n - k + 1)) / k;
      const pk = c * q ** k * (1 - q) ** (n - k);
      dist[k] = (dist[k] ?? 0) + o.p * pk;
    }
  }
  return dist;
}
