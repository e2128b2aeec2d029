/**
 * The Lieutenant across two machines (GRP-4, INI-6, NET-2). Which trooper is a player's Lieutenant is
 * Private Information until it spends the Lieutenant Special Order; its WIP is Open Information (the
 * initiative roll is made against it). So the setup both machines share is **blind**: no trooper in
 * it has the Lieutenant skill. Each player's hello carries a commitment to its Lieutenant and the
 * Lieutenant's WIP; each machine plays on a setup of its own, its player's Lieutenant as it is and the
 * other's a **stand-in** (the first of their troopers with that WIP: chosen from public information
 * only, so it tells nothing), until the other opens its commitment (with the Lieutenant Special Order,
 * or at the closing audit).
 */
import type { PlayerId, Setup, TrooperProfile } from '../model/types';
import { commit, verifyOpening, type Opening, type Verdict } from './commit';
import type { HashPort } from './hash';

/** What the commitment to a Lieutenant holds. */
export interface LieutenantChoice {
  lieutenant: string;
}

/** The setup with no Lieutenant marked: what the machines share. */
export function blindSetup(setup: Setup): Setup {
  const strip = (t: TrooperProfile): TrooperProfile => ({ ...t, skills: t.skills.filter((s) => s !== 'lieutenant') });
  return {
    ...setup,
    players: {
      A: { ...setup.players.A, troopers: setup.players.A.troopers.map(strip) },
      B: { ...setup.players.B, troopers: setup.players.B.troopers.map(strip) },
    },
  };
}

/** A player's Lieutenant as a full setup marks it (null when none is). */
export function lieutenantIn(setup: Setup, player: PlayerId): string | null {
  return setup.players[player].troopers.find((t) => t.skills.includes('lieutenant'))?.id ?? null;
}

/** The trooper that stands in for a player's Lieutenant on the other's machine: the first with that WIP. */
export function standInLieutenant(setup: Setup, player: PlayerId, wip: number): string | null {
  return setup.players[player].troopers.find((t) => t.wip === wip)?.id ?? null;
}

/** A blind setup with each player's Lieutenant marked (the skill first), as one machine plays it. */
export function withLieutenants(blind: Setup, lieutenants: Record<PlayerId, string>): Setup {
  const mark = (p: PlayerId) => (t: TrooperProfile): TrooperProfile => (t.id === lieutenants[p] ? { ...t, skills: ['lieutenant', ...t.skills.filter((s) => s !== 'lieutenant')] } : t);
  return {
    ...blind,
    players: {
      A: { ...blind.players.A, troopers: blind.players.A.troopers.map(mark('A')) },
      B: { ...blind.players.B, troopers: blind.players.B.troopers.map(mark('B')) },
    },
  };
}

/** Commits to a player's Lieutenant: the commitment for the hello, and the opening to keep. */
export async function commitLieutenant(hash: HashPort, id: string): Promise<{ commitment: string; opening: Opening<LieutenantChoice> }> {
  return commit(hash, { lieutenant: id });
}

/**
 * Whether an opening shows a Lieutenant of `player`'s that the hello committed to: it opens the
 * commitment, names one of the player's troopers, and that trooper has the WIP the hello announced.
 */
export async function checkLieutenant(hash: HashPort, blind: Setup, player: PlayerId, commitment: string, wip: number, opening: Opening): Promise<Verdict> {
  const what = `Player ${player}'s Lieutenant`;
  const v = await verifyOpening(hash, commitment, opening, what);
  if (!v.ok) return v;
  const id = (opening.choice as Partial<LieutenantChoice> | null)?.lieutenant;
  const t = typeof id === 'string' ? blind.players[player].troopers.find((x) => x.id === id) : undefined;
  if (!t) return { ok: false, message: `${what} is not one of their troopers.` };
  if (t.wip !== wip) return { ok: false, message: `${what}, ${t.name}, has WIP ${t.wip}, not the ${wip} their machine announced for the initiative.` };
  return { ok: true };
}
