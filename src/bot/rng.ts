/**
 * The bot's randomness: a small seeded generator (mulberry32, as the engine's seeded dice) and a
 * string hash (FNV-1a) to derive seeds from what a decision may know. Every choice the bot makes at
 * random goes through one of these, so a decision is a pure function of its inputs and its seed.
 */

/** FNV-1a over the UTF-16 code units of a string, 32 bits. */
export function hashText(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A seeded stream of numbers in [0, 1). */
export class Rng {
  private a: number;

  constructor(seed: number) {
    this.a = seed >>> 0;
  }

  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from 0 to n - 1. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(items.length)]!;
  }

  /** A shuffled copy. */
  shuffled<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** A new stream for a sub-task, so that what one part draws does not shift another's numbers. */
  fork(label: string): Rng {
    return new Rng(hashText(label, (this.a ^ 0x9e3779b9) >>> 0));
  }
}

const tableKeys = new WeakMap<object, string>();

/** A key for a table's scenery (its size, terrain and facts), worked out once per terrain list. */
export function tableKey(setup: { table: unknown; terrain: object; facts: unknown }): string {
  let k = tableKeys.get(setup.terrain);
  if (k === undefined) {
    k = hashText(JSON.stringify([setup.table, setup.terrain, setup.facts])).toString(36);
    tableKeys.set(setup.terrain, k);
  }
  return k;
}
