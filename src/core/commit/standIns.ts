/**
 * Stand-ins (NET-2): how a machine plays the other's commands it does not see in full
 * (knowing.ts). A marker of the other's is carried by one of their troopers this machine has not
 * seen; at the end of their deployment step the ones not seen placed become ghosts (in Hidden
 * Deployment, no spot), but for the one kept back and the airborne jumpers. Each is a guess, tried
 * among all that fit (build.ts backtracks over them), and never more than a guess: a command of the
 * other's in the clear that names a trooper this machine knows only by a guess is taken only with
 * the opening that makes the guess a fact (build.ts), and the guesses must stay possible (no more
 * ghosts than troopers with Hidden Deployment could be).
 */
import { cloneData, dict } from '../dict';
import { otherPlayer, type Command, type GameState, type PlayerId, type TrooperState } from '../model/types';
import { profileOf } from '../rules/context';
import { hasSkill } from '../rules/skills';
import { nameNow } from '../view';
import { lieutenantCandidates } from '../rules/missions/situations';
import { PRIVATE_CHOICE, type KnownEntry } from './knowing';
import type { RedactedCommand } from './layout';

/** The other's troopers this machine may not name: not placed where it could see them, not a marker. */
export function unseen(state: GameState, owner: PlayerId): string[] {
  const viewer = otherPlayer(owner);
  return Object.keys(state.troopers).filter((id) => state.troopers[id]!.player === owner && nameNow(state, id, viewer) === null);
}

/** A ghost: one of `owner`'s troopers this machine takes as hidden with no spot it knows. */
export function isGhost(t: TrooperState): boolean {
  return t.status === 'hidden' && t.x === null;
}

/**
 * The state with `owner`'s unseen troopers made ghosts, as the end of their deployment step needs: in
 * the main step every one not yet placed but `keep` and the airborne jumpers; in the last step every
 * one still undeployed or kept back (the kept one has been placed by then, where this machine may not
 * know).
 */
function ghosted(state: GameState, owner: PlayerId, keep: string | null): GameState {
  const s = copyOf(state);
  for (const id of unseen(s, owner)) {
    const t = s.troopers[id]!;
    const jumper = hasSkill(profileOf(s, id), 'combat-jump');
    const last = s.step === 'last';
    if (id === keep) continue;
    if ((t.status === 'undeployed' && (last || !jumper)) || (last && t.status === 'reserve')) ghost(t);
  }
  return s;
}

/**
 * Whether the guesses about `owner`'s troopers could all be true: every ghost hidden by a trooper
 * with Hidden Deployment, every marker whose carrier is a guess carried by one with TO Camouflage,
 * the troopers of both kinds shared out between them. Null when they could; else why not.
 */
export function possible(state: GameState, owner: PlayerId, guessed: readonly string[]): string | null {
  const ghosts = Object.keys(state.troopers).filter((id) => state.troopers[id]!.player === owner && isGhost(state.troopers[id]!));
  const markers = guessed.filter((id) => state.troopers[id]?.player === owner && state.troopers[id]!.status === 'marker' && !ghosts.includes(id));
  const hd = (id: string) => hasSkill(profileOf(state, id), 'hidden-deployment');
  const toc = (id: string) => hasSkill(profileOf(state, id), 'to-camouflage');
  const all = [...ghosts, ...markers];
  const neither = all.filter((id) => !hd(id) && !toc(id));
  const hdOnly = all.filter((id) => hd(id) && !toc(id));
  const tocOnly = all.filter((id) => toc(id) && !hd(id));
  if (neither.length === 0 && hdOnly.length <= ghosts.length && tocOnly.length <= markers.length) return null;
  const name = (id: string) => profileOf(state, id).name;
  const hideable = all.filter(hd).length;
  return `Player ${owner}'s machine shows ${ghosts.length} trooper(s) placed where no one sees them and ${markers.length} marker(s), and only ${hideable} of the ${all.length} troopers that could be there have Hidden Deployment${neither.length ? ` (${neither.map(name).join(', ')} can be neither hidden nor a marker)` : ''}.`;
}

/** A copy of a state to change (the setup, which never changes, shared). */
export function copyOf(state: GameState): GameState {
  const { setup, ...rest } = state;
  return { ...cloneData(rest), setup };
}

function ghost(t: TrooperState): void {
  t.status = 'hidden';
  t.x = t.y = t.z = t.facing = null;
}

/** A marker id of `owner`'s carried by a trooper in this state: that trooper. */
function carrier(state: GameState, owner: PlayerId, markerId: string): string | null {
  for (const [id, t] of Object.entries(state.troopers)) if (t.player === owner && t.markerId === markerId) return id;
  return null;
}

/** Every marker id in a value written as the trooper that carries it here. */
function throughMarkers(state: GameState, owner: PlayerId, value: unknown): unknown {
  if (typeof value === 'string') return carrier(state, owner, value) ?? value;
  if (Array.isArray(value)) return value.map((v) => throughMarkers(state, owner, v));
  if (value && typeof value === 'object') {
    const out = dict<unknown>();
    for (const [k, v] of Object.entries(value)) out[carrier(state, owner, k) ?? k] = k === 'do' || k === 'player' ? v : throughMarkers(state, owner, v);
    return out;
  }
  return value;
}

/**
 * The states and commands to try for an entry: one for a clear command, every stand-in for a sealed
 * one. `full` (the closing audit: everything opened): no stand-in and no ghost, the commands as given.
 */
export function* tries(state: GameState, e: KnownEntry, seat: PlayerId, full = false): Generator<[GameState, Command]> {
  const theirs = e.by !== seat;
  const cmd = e.command;
  if (full) {
    if (cmd) yield [state, cmd];
    return;
  }
  const ending = (cmd ?? e.projection)?.do === 'endStep' && theirs;
  if (cmd && !ending) {
    yield [state, cmd];
    return;
  }
  const owner = e.by;
  if (ending) {
    // The end of their step: who is kept back (when the command does not say), and the ghosts.
    const given = cmd && 'keep' in cmd ? cmd.keep : undefined;
    if (state.step === 'main') {
      const pool = given !== undefined ? [given] : unseen(state, owner).filter((id) => state.troopers[id]!.status === 'undeployed');
      for (const keep of pool) {
        const base = cmd ?? ({ ...stripSealed(e.projection!), keep } as Command);
        yield [ghosted(state, owner, keep), base];
      }
    } else {
      yield [ghosted(state, owner, null), cmd ?? stripSealed(e.projection!)];
    }
    return;
  }
  const choice = privateChoice(state, owner, e.projection!);
  if (choice) {
    yield* choice;
    return;
  }
  const base = throughMarkers(state, owner, stripSealed(e.projection!)) as Command & { trooper?: string };
  const t = base.trooper;
  if (t !== undefined && Object.hasOwn(state.troopers, t)) {
    yield [state, base];
    return;
  }
  // A new marker, or a trooper left out: each of their troopers this machine has not seen. A ghost
  // becoming a marker (a hidden trooper revealed as one) stands where the marker now is.
  const spot = typeof t === 'string' && e.spots && Object.hasOwn(e.spots, t) ? e.spots[t] : undefined;
  for (const id of unseen(state, owner)) {
    const g = state.troopers[id]!;
    if (spot && isGhost(g)) {
      // Only a trooper with Hidden Deployment could have been hidden there.
      if (!hasSkill(profileOf(state, id), 'hidden-deployment')) continue;
      const placed = copyOf(state);
      Object.assign(placed.troopers[id]!, { x: spot.x, y: spot.y, z: spot.z });
      yield [placed, { ...base, trooper: id } as Command];
    } else yield [state, { ...base, trooper: id } as Command];
  }
}

/**
 * A private choice of the other's (knowing.ts PRIVATE_CHOICE) still sealed: every choice the rules
 * allow, as stand-ins (MIS-17: each trooper that could be named Lieutenant; MIS-12: each classified
 * objective of the deck). None of them is shown to this machine's player (no view names the other's
 * new Lieutenant or classified objective), so a stand-in is never a guess about a trooper: a command
 * that names the trooper stands as it is. Null for any other command.
 */
function privateChoice(state: GameState, owner: PlayerId, p: RedactedCommand): Generator<[GameState, Command]> | null {
  const field = PRIVATE_CHOICE[p.do];
  if (!field || Object.hasOwn(p, field)) return null;
  const options = p.do === 'nameLieutenant' ? lieutenantCandidates({ draft: state }, owner) : (state.setup.mission?.classified ?? []).map((c) => c.id);
  return (function* () {
    for (const o of options) yield [state, { ...stripSealed(p), [field]: o } as Command] as [GameState, Command];
  })();
}

export function stripSealed(p: RedactedCommand): Command {
  const { sealed: _s, ...rest } = p;
  return rest as unknown as Command;
}
