/** Profiles as the rules read them, with the defaults of GAME-TURN.md for every optional field. */
import type { SilhouetteId } from '../data/facts';
import type { TrooperProfile } from './types';

/** The profile fields a game file may leave out, at their defaults (GAME-FILE.md, GAME-TURN.md). */
export const PROFILE_DEFAULTS: Omit<TrooperProfile, 'id' | 'name' | 's' | 'wip' | 'ph' | 'arm' | 'skills'> = {
  bts: 0,
  w: 1,
  mov: [4, 4],
  bs: 11,
  cc: 13,
  orders: 'regular',
  group: 1,
  points: 0,
  surpriseAttack: -3,
  weapons: [],
};

/** What a player knows of a marker as a profile: its marker id and its silhouette (TOC-9), nothing else. */
export function markerProfile(markerId: string, s: SilhouetteId): TrooperProfile {
  return { id: markerId, name: markerId, s, wip: 0, ph: 0, arm: 0, skills: [], ...PROFILE_DEFAULTS, mov: [...PROFILE_DEFAULTS.mov] };
}
