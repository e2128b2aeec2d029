/**
 * What every rule module works with while one command is applied: a draft of the next state, the
 * events it emits, the dice, and refusals. A refusal is thrown as `Refusal` and caught by `apply`,
 * which then returns the state it was given, untouched.
 */
import type { Facts } from '../data/facts';
import { resolveFacts } from '../data/facts';
import type {
  GameState,
  NewEvent,
  PlayerId,
  Rejection,
  RejectionCode,
  RollResult,
  TrooperProfile,
  TrooperState,
} from '../model/types';
import type { EngineContext } from '../ports';
import { cryptoD20, judgeRoll, seededD20 } from './dice';
import { copyTrooper, type OwnField } from '../model/draft';
import { cloneData, copyRecordOf } from '../dict';

export class Refusal extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
    this.name = 'Refusal';
  }
}

export function refuse(code: RejectionCode, rule: string | null, message: string): never {
  throw new Refusal({ rule, code, message });
}

const factsCache = new WeakMap<object, Facts>();
const profileCache = new WeakMap<object, Map<string, TrooperProfile>>();

/** The facts in force for a game, resolved once per setup. */
export function factsOf(state: Pick<GameState, 'setup'>): Facts {
  let f = factsCache.get(state.setup);
  if (!f) {
    f = resolveFacts(state.setup.facts);
    factsCache.set(state.setup, f);
  }
  return f;
}

/** Every trooper's profile by id, made once for a setup. */
export function profilesOf(state: Pick<GameState, 'setup'>): ReadonlyMap<string, TrooperProfile> {
  let m = profileCache.get(state.setup);
  if (!m) {
    m = new Map();
    for (const p of ['A', 'B'] as const) for (const t of state.setup.players[p].troopers) m.set(t.id, t);
    profileCache.set(state.setup, m);
  }
  return m;
}

export function profileOf(state: Pick<GameState, 'setup'>, id: string): TrooperProfile {
  const t = profilesOf(state).get(id);
  if (!t) throw new Error(`no trooper ${id}`);
  return t;
}

export interface RollRecord {
  die: number;
  target: number;
  result: RollResult;
  value: number;
}

export class Tx {
  readonly events: NewEvent[] = [];
  readonly facts: Facts;

  constructor(
    readonly before: GameState,
    readonly draft: GameState,
    readonly ctx: EngineContext,
  ) {
    this.facts = factsOf(draft);
  }

  emit(e: NewEvent): void {
    this.events.push(e);
  }

  /**
   * The trooper's state in the draft, to read or to change: every change to a trooper goes through
   * here. The draft shares the troopers' record and each trooper's state with the state it was made
   * from until a rule asks for one here: then the record and that trooper get copies of their own
   * (copy on write), so the state given to `apply` never changes. Reading `draft.troopers[id]` is
   * fine; writing through it is not.
   */
  trooper(id: string): TrooperState {
    const d = this.draft;
    const t = d.troopers[id];
    if (!t) throw new Error(`no trooper ${id}`);
    if (d === this.before || t !== this.before.troopers[id]) return t;
    if (d.troopers === this.before.troopers) d.troopers = copyRecordOf(d.troopers);
    const copy = copyTrooper(t);
    d.troopers[id] = copy;
    return copy;
  }

  /** The trooper's state in the draft, to read only (no copy made): `trooper(id)` to change it. */
  peek(id: string): TrooperState {
    const t = this.draft.troopers[id];
    if (!t) throw new Error(`no trooper ${id}`);
    return t;
  }

  /**
   * A field of the draft to change (`model/draft.ts`, OwnField): shared with the state given until
   * asked for here, then copied whole. Reading it through the draft is fine; writing is not.
   */
  own<K extends OwnField>(k: K): GameState[K] {
    const d = this.draft;
    if (d !== this.before && d[k] === this.before[k]) d[k] = cloneData(d[k]);
    return d[k];
  }

  profile(id: string): TrooperProfile {
    return profileOf(this.draft, id);
  }

  /**
   * One d20: the one carried by the command if any; else from the seeded stream or the random
   * source; with manual dice a missing roll is refused. `fresh` says whether it was drawn here.
   */
  d20(carried: number | undefined): { die: number; fresh: boolean } {
    if (carried !== undefined) return { die: carried, fresh: false };
    const dice = this.draft.dice;
    if (dice.mode === 'seed') {
      const next = seededD20(dice.a);
      this.draft.dice = { mode: 'seed', a: next.a };
      return { die: next.roll, fresh: false };
    }
    if (dice.mode === 'random') return { die: (this.ctx.randomD20 ?? cryptoD20)(), fresh: true };
    return refuse('missing-roll', null, 'This game uses manual dice: give the roll you made.');
  }

  /** A Normal roll by one trooper, emitted as a `roll` event. */
  roll(player: PlayerId, trooper: string, die: number, target: number): RollRecord {
    const { result, value } = judgeRoll(die, target);
    this.emit({ type: 'roll', player, trooper, roll: die, target, result });
    return { die, target, result, value };
  }
}
