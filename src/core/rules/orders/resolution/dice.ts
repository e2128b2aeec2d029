/**
 * Where every die of an Order comes from, in draw order (GAME-TURN.md, "Resolution and dice"): seeded
 * games draw from the stream; random games take the dice written into the closing command on replay,
 * else draw and write them there; manual games take the dice given in stage `rolls` and `saves`, and
 * wait for those not given yet.
 */
import { dict } from '../../../dict';
import type { Command } from '../../../model/types';
import type { Tx } from '../../context';
import { cryptoD20, judgeRoll } from '../../dice';
import type { Spec } from '../../skills/skill';

export class OrderDice {
  readonly drawn: number[] = [];
  private carried: number[];
  private readonly given: Record<string, number[]>;

  constructor(
    private readonly tx: Tx,
    closing: Command,
    given: Record<string, number[]>,
  ) {
    this.carried = 'dice' in closing && Array.isArray(closing.dice) ? [...closing.dice] : [];
    this.given = dict<number[]>();
    for (const [k, v] of Object.entries(given)) this.given[k] = [...v];
  }

  /** With manual dice, whether `count` more dice of this trooper are given. */
  has(roller: string, count: number): boolean {
    return this.tx.draft.dice.mode !== 'manual' || (this.given[roller]?.length ?? 0) >= count;
  }

  take(roller: string, count: number): number[] {
    const out: number[] = [];
    const mode = this.tx.draft.dice.mode;
    for (let i = 0; i < count; i++) {
      if (mode === 'manual') out.push(this.given[roller]!.shift()!);
      else if (this.carried.length > 0) out.push(this.carried.shift()!);
      else if (mode === 'random') {
        const die = (this.tx.ctx.randomD20 ?? cryptoD20)();
        this.drawn.push(die);
        out.push(die);
      } else out.push(this.tx.d20(undefined).die);
    }
    return out;
  }
}

/**
 * Draws the dice of every roll planned, in draw order; returns the dice still owed, by trooper, counting
 * only those whose need is known: an attack on a marker gated on a Discover of the same Order (TOC-4)
 * draws nothing when the Discover fails, and waits while the Discover's die is not given.
 */
export function drawRolls(specs: Spec[], dice: OrderDice): Record<string, number> {
  const needs = dict<number>();
  const gateOpen = (marker: string): boolean | null => {
    const disc = specs.find((s) => s.kind === 'discover' && s.target === marker);
    if (!disc || !disc.dice) return disc ? null : false;
    return judgeRoll(disc.dice[0]!, disc.sv).result !== 'failure';
  };
  for (const s of specs) {
    if (s.gate) {
      const open = gateOpen(s.gate);
      if (open === null) continue; // decided by a Discover whose die is not given yet
      if (!open) continue; // the Discover failed: the attack is not made and draws nothing
    }
    if (!dice.has(s.roller, s.count)) {
      needs[s.roller] = (needs[s.roller] ?? 0) + s.count;
      continue;
    }
    s.dice = dice.take(s.roller, s.count);
  }
  return needs;
}
