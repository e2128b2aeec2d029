/**
 * What a player may know at a decision, and nothing more: the bot decides from this alone.
 *
 * A `Seat` is built from the core's public answers for one side: `viewFor` (the state as that player
 * may know it), `knownProfiles` (the profiles it may read), the events it was shown (`viewEvents`), and
 * the setup both players share, made blind: the other side's Lieutenant is not marked (GRP-4: which
 * trooper it is stays private until it spends the Lieutenant Special Order, as the two machines share a
 * blind setup) and the dice are left out (a seeded game's seed would tell the rolls to come).
 */
import { knownProfiles, viewFor, viewEvents, type StateView } from '../core/api';
import type { Command, GameEvent, GameState, PlayerId, Setup, TrooperProfile } from '../core/model/types';
import { otherPlayer } from '../core/model/types';

export interface Seat {
  player: PlayerId;
  view: StateView;
  /** the profiles this player may read: its own, and the opponent's troopers it sees as models */
  profiles: Record<string, TrooperProfile>;
  /** the shared setup, blind: no Lieutenant marked on the other side, no dice */
  setup: Setup;
  /** the events this player was shown, in order */
  log: readonly GameEvent[];
}

/** The setup as `player` may read it: the other side's Lieutenant unmarked, the dice left out. */
export function publicSetup(setup: Setup, player: PlayerId): Setup {
  const other = otherPlayer(player);
  const blind = (t: TrooperProfile): TrooperProfile => ({ ...t, skills: t.skills.filter((s) => s !== 'lieutenant') });
  const players = { ...setup.players, [other]: { ...setup.players[other], troopers: setup.players[other].troopers.map(blind) } } as Setup['players'];
  return { ...setup, players, dice: { manual: true } };
}

/** The seat of `player` in a game: built from the public face only (a host's helper). */
export function seatFor(state: GameState, player: PlayerId, log: readonly GameEvent[]): Seat {
  return { player, view: viewFor(state, player), profiles: knownProfiles(state, player), setup: publicSetup(state.setup, player), log };
}

/**
 * Each player's log of the events it was shown, kept by whoever hosts the game. Events are numbered as
 * a view numbers them (GAME-TURN.md, "Changed"): by the commands that player may know of, so the count
 * of the other side's private commands leaves no gap.
 */
export class SeatLogs {
  readonly A: GameEvent[] = [];
  readonly B: GameEvent[] = [];
  private readonly count = { A: 0, B: 0 };

  /** Adds what each player sees of one applied command. */
  add(events: GameEvent[], before: GameState, after: GameState, command: Command): void {
    for (const p of ['A', 'B'] as const) {
      const seen = viewEvents(events, before, after, p, command);
      if (seen.length === 0) continue;
      const n = this.count[p]++;
      for (const e of seen) this[p].push({ ...e, index: n });
    }
  }
}
