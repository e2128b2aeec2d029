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
  lossOfLieutenant: PerPlayer<boolean>;
  retreat: PerPlayer<boolean>;
  result: GameResult | null;
}

