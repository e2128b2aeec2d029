/**
 * The reveal forms (HD-10, HD-11, HD-13): what a hidden trooper declares as it appears by `reveal`. In
 * its own Active Turn: a skill that keeps it a marker or any other; in the opponent's: an ARO that does
 * nothing but appear, a delay, or the HD-14 stop.
 */
import { z } from 'zod';

export const REVEAL_DECLARES = ['cautious-move', 'short-move-no-roll', 'mount', 'dismount', 'other', 'delay-aro', 'stop-marker-state'] as const;
export const declares = z.enum(REVEAL_DECLARES);
/** As the Order keeps a reveal in ARO: what it declared. */
export const record = { declares };
