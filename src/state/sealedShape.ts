/**
 * The shape of a sealed Hotseat game (`infinity-table-sealed/1`, sealedSave.ts): what the page needs
 * to know one when it sees it, without the sealing code, which is loaded only when a game is sealed or
 * opened (it keeps the JavaScript before the first frame small).
 */
import type { PublicEntry } from '../core/commit/redact';
import type { PlayerId, Setup } from '../core/model/types';
import type { Box, PinRecord } from './pins';

export const SEALED_FORMAT = 'infinity-table-sealed/1';

export interface SealedGame {
  format: typeof SEALED_FORMAT;
  setup: Setup;
  log: PublicEntry[];
  /** each seat's PIN record, or null for a seat that has not chosen one yet */
  pins: Record<PlayerId, PinRecord | null>;
  /** each seat's openings, sealed under its PIN; null for a seat without a PIN (it has no secret yet) */
  boxes: Record<PlayerId, Box | null>;
}

const SEATS: PlayerId[] = ['A', 'B'];

/** Whether a value is a sealed game (its shape only; `unsealGame` judges the rest). */
export function isSealedGame(v: unknown): v is SealedGame {
  const g = v as SealedGame | null;
  return !!g && typeof g === 'object' && g.format === SEALED_FORMAT && Array.isArray(g.log) && !!g.pins && !!g.boxes && !!g.setup;
}

/** The seats whose PIN a sealed game asks for. */
export function lockedSeats(g: SealedGame): PlayerId[] {
  return SEATS.filter((s) => g.pins[s] !== null && g.pins[s] !== undefined);
}
