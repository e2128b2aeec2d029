/**
 * The mission's records (docs/rules/missions.md §4), apart from types.ts so that file stays small:
 * the score, the zones as counted, the game's result.
 */
export type PlayerKey = 'A' | 'B';
export type PerPlayer<T> = Record<PlayerKey, T>;
export type ScoringMoment = 'round-end' | 'game-end';

/** A zone as counted at a scoring moment (MIS-3 to MIS-5). */
export interface ZoneCount {
  A: number;
  B: number;
  dominatedBy: PlayerKey | null;
}

/** The game's result (MIS-10). */
export interface GameResult {
  winner: PlayerKey | null;
  points: PerPlayer<number>;
  victoryPoints: PerPlayer<number>;
  decidedBy: 'objective-points' | 'victory-points' | 'draw';
}

/** The mission's score and situations (missions.md §4). */
export interface ScoreState {
  points: PerPlayer<number>;
  byRule: Record<string, PerPlayer<number>>;
  /** the sides that have activated each objective (MIS-14) */
  activated: Record<string, PlayerKey[]>;
  /** each zone as counted at the last scoring moment */
  zones: Record<string, ZoneCount>;
  /** MIS-16: each army in Loss of Lieutenant this turn (Open: the table shows the Lieutenant down) */
  lossOfLieutenant: PerPlayer<boolean>;
  /** MIS-18: each army in Retreat! since its last Tactical Phase */
  retreat: PerPlayer<boolean>;
  /** MIS-17: the player who must name a new Lieutenant before ending this turn */
  lieutenantOwed: PlayerKey | null;
  /** MIS-19: an army was in Retreat! at the start of one of its turns this Game Round */
  retreatThisRound: boolean;
  result: GameResult | null;
  /** MIS-17: the Lieutenants named since the game began (Private Information: in no view) */
  lieutenants?: Partial<Record<PlayerKey, string>>;
  /** MIS-12: each player's classified objective (Private: only its own player's view shows it) */
  classified?: Partial<Record<PlayerKey, string>>;
  /** MIS-12 `treat-friend`: successful Doctor and Engineer rolls by each side */
  treated?: PerPlayer<number>;
}

