/**
 * The shape of a sealed Hotseat game (`infinity-table-sealed/2`, sealedSave.ts; version 1 is still read): what the page needs
 * to know one when it sees it, without the sealing code, which is loaded only when a game is sealed or
 * opened (it keeps the JavaScript before the first frame small).
 */
import type { PublicEntry } from '../core/commit/redact';
import type { PlayerId, Setup } from '../core/model/types';
import type { OpenSetup } from '../core/openList';
import type { Box, PinRecord } from './pins';

export const SEALED_FORMAT = 'infinity-table-sealed/2';
/** The format before PRIV-6 (docs/rules/private-info.md): the whole setup in the clear. Still opened. */
export const SEALED_FORMAT_V1 = 'infinity-table-sealed/1';

interface SealedParts {
  log: PublicEntry[];
  /** each seat's PIN record, or null for a seat that has not chosen one yet */
  pins: Record<PlayerId, PinRecord | null>;
  /** each seat's openings (and, from version 2, its whole army list), sealed under its PIN; null for a seat without a PIN */
  boxes: Record<PlayerId, Box | null>;
}

/** PRIV-6: the setup in the clear holds each army's open part only. */
export interface SealedGameV2 extends SealedParts {
  format: typeof SEALED_FORMAT;
  setup: OpenSetup;
}

/** A game sealed before PRIV-6: the whole setup in the clear. */
export interface SealedGameV1 extends SealedParts {
  format: typeof SEALED_FORMAT_V1;
  setup: Setup;
}

export type SealedGame = SealedGameV2 | SealedGameV1;

const SEATS: PlayerId[] = ['A', 'B'];

/** Whether a value is a sealed game (its shape only; `unsealGame` judges the rest). */
export function isSealedGame(v: unknown): v is SealedGame {
  const g = v as SealedGame | null;
  return !!g && typeof g === 'object' && (g.format === SEALED_FORMAT || g.format === SEALED_FORMAT_V1) && Array.isArray(g.log) && !!g.pins && !!g.boxes && !!g.setup;
}

/** The seats whose PIN a sealed game asks for. */
export function lockedSeats(g: SealedGame): PlayerId[] {
  return SEATS.filter((s) => g.pins[s] !== null && g.pins[s] !== undefined);
}
