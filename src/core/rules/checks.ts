/**
 * Which refusal a command gets when several apply: the first in the rejection table of GAME-FILE.md,
 * with the codes GAME-TURN.md adds inserted after `awaiting-fallback`. A command's module runs its
 * checks through `Checks`, which keeps the refusal that ranks first, so the answer follows the table
 * whatever order the checks are written in.
 */
import type { Rejection, RejectionCode } from '../model/types';
import { Refusal } from './context';

/** The rejection table, in order. */
export const REJECTION_ORDER: readonly RejectionCode[] = [
  'unknown-trooper',
  'out-of-turn',
  'not-active-player',
  'not-your-trooper',
  'wrong-status',
  'awaiting-fallback',
  // GAME-TURN.md: "Rejection codes, added", in this order
  'unknown-weapon',
  'no-order',
  'skill-not-allowed',
  'not-discovered',
  // close-combat.md §3: after not-discovered
  'not-in-contact',
  'still-in-contact',
  'not-eligible',
  'out-of-range',
  'bad-burst',
  'in-enemy-sight',
  'too-far',
  // docs/rules/movement.md §3: after too-far, before blocked-path
  'not-at-wall',
  'too-high',
  'narrow-access',
  'no-landing',
  'blocked-path',
  'group-full',
  // docs/rules/coordinated.md §3: after group-full
  'too-many-troopers',
  'not-coordinated',
  'no-command-token',
  'different-targets',
  // back to GAME-FILE.md's table
  'no-skill',
  'discover-locked',
  'not-visible',
  'position-fixed',
  'missing-roll',
  'prone-landing',
  'off-board',
  'outside-deployment-zone',
  'not-at-table-edge',
  'enclosed-scenery',
  'no-room',
  'scenery-contact',
  'contact-objective',
  'contact-enemy',
  'marker-contact',
  'reserve-count',
  // the project's own, for commands the contract has no code for
  'bad-command',
];

const RANK = new Map(REJECTION_ORDER.map((c, i) => [c, i]));

/** A code's place in the table: lower comes first. */
export function rank(code: RejectionCode): number {
  return RANK.get(code) ?? REJECTION_ORDER.length;
}

/**
 * The checks of one command. Each check runs; a refusal it throws is kept when it ranks before every
 * refusal found so far (for equal codes, the first found); `end` throws the one kept.
 */
export class Checks {
  private found: Rejection | null = null;

  /** Runs a check; returns whether it passed. */
  check(fn: () => void): boolean {
    return this.value(() => {
      fn();
      return true;
    }) ?? false;
  }

  /** Runs a check that gives a value; null when it refused. */
  value<T>(fn: () => T): T | null {
    try {
      return fn();
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      const r = e.rejection;
      if (!this.found || rank(r.code) < rank(this.found.code)) this.found = r;
      return null;
    }
  }

  /** Whether a refusal was found that ranks before `code` (so a check that can only give `code` is moot). */
  settledBefore(code: RejectionCode): boolean {
    return this.found !== null && rank(this.found.code) < rank(code);
  }

  get failed(): boolean {
    return this.found !== null;
  }

  /** Throws the refusal that ranks first, if any. */
  end(): void {
    if (this.found) throw new Refusal(this.found);
  }
}
