/** The shapes the Active Turn's search works with: its budget, and a candidate Order. */
import type { Command } from '../core/model/types';
import type { Weights } from './outlook';

export interface Search {
  /** Orders played out in full at most, a decision */
  plans: number;
  /** second skills tried after each first */
  seconds: number;
  /** the least an Order must be worth (points) to be given */
  least: number;
  weights: Weights;
  /** told each Order judged, for tuning and tests (never changes a decision) */
  trace?: (line: string) => void;
}

export interface Plan {
  actor: string;
  first: Command;
  seconds: Command[];
  /** the cheap guess it was ranked by */
  est: number;
  kind: string;
  /** what the guess knows and the play-out does not (a Combat Jump's explosion) */
  bonus?: number;
  /** the command to give if it wins, when it differs from `first` (a jump with its explosion) */
  give?: Command;
}
