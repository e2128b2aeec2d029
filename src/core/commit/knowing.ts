/**
 * The game as one player's machine knows it (NET-2, two machines in lockstep).
 *
 * Both machines apply the same commands in the same order, but neither holds the other's private
 * choices: a command of the other player's arrives in the clear when it is public, as its projection
 * (layout.ts: each id the receiver may not know written as its marker id, or left out) when it is
 * partly private, and not at all when it is private. So each machine plays on a state of its own:
 * its own troopers as they are, and the other's troopers it may not know by **stand-ins**:
 *
 * - a marker of the other's is carried by one of the other's troopers this machine has not seen, one
 *   that makes the projection legal and the result agree with what the other machine says of it;
 * - at the end of the other's deployment step, the other's troopers this machine has not seen placed
 *   are **ghosts**: in Hidden Deployment with no recorded spot (they may be hidden, or behind a marker
 *   carried by another stand-in), but for the one kept back and the airborne jumpers.
 *
 * The engine never lets a player's results depend on the other's secrets (the twin tests), so the
 * stand-ins change nothing this machine's player may see. What keeps both machines together is the
 * **common view**: what both players know of the game (the public state, the troopers both may see,
 * the markers, the Orders as the other side sees them). Its digest travels with each command; the
 * receiver's state after the command must give the same digest, and stand-ins are chosen (and
 * chosen again, backtracking) until every command replays and every digest agrees. When a trooper
 * becomes known to the other player, its owner opens every command about it, and the receiver
 * replays the game with those commands in the clear in place of the stand-ins.
 *
 * The stand-ins are in standIns.ts, the replay that chooses them in build.ts.
 */
import { dict } from '../dict';
import { apply } from '../engine';
import { commandPlayer, otherPlayer, type Command, type GameEvent, type GameState, type PlayerId } from '../model/types';
import type { EngineContext } from '../ports';
import { profileOf } from '../rules/context';
import { opponentKnows } from '../rules/refs';
import { nameNow, poolAsSeen, publicState } from '../view';
import { canonical, digestOf, type HashPort } from './hash';
import { privacyOf, type Privacy, type RedactedCommand, type Step } from './layout';

/** A command in the public order of a two-machine game, as one machine holds it. */
export interface KnownEntry {
  /** the player whose machine gave it */
  by: PlayerId;
  /** the command in the clear (without dice of its own), or null while it is the other's sealed command */
  command: Command | null;
  /** the other's partly private command, as its projection */
  projection?: RedactedCommand;
  /** the shared d20s it draws its dice from, in order */
  dice: number[];
  /** the digest of the common view after it, as the machine that gave it worked it out */
  digest?: string;
  /**
   * Where each marker the command puts on the table stands (public once it is there): a hidden
   * trooper revealed as a marker comes from a spot only its owner's machine held.
   */
  spots?: Record<string, { x: number; y: number; z: number }>;
}

/** A private command (the other machine saw nothing of it): after how many entries it came, and its place among those. */
export interface KnownPrivate {
  after: number;
  seq: number;
  command: Command;
  dice: number[];
  /** the shared roll its dice came from, if it drew any */
  roll?: string;
  /** the salt of the commitment that roll's label names (the roll was bound to this very command) */
  salt?: string;
}

/** One applied step, for the table's log: the command (a projection while sealed), its events, the states around it. */
export interface KnownStep {
  command: Command;
  events: GameEvent[];
  before: GameState;
  after: GameState;
  /** the entry it applied, or null for a private command */
  entry: number | null;
}

export type Known =
  | { ok: true; state: GameState; steps: KnownStep[]; standIns: Record<number, string> }
  | { ok: false; entry: number; message: string };

// ------------------------------------------------------------------ the common view

/** What both players know of the game now, whichever machine works it out. */
export function commonView(state: GameState): unknown {
  const troopers = dict<unknown>();
  const markers = dict<unknown>();
  for (const id of Object.keys(state.troopers).sort()) {
    const t = state.troopers[id]!;
    if (t.status === 'marker' && t.markerId && t.x !== null) {
      markers[t.markerId] = { player: t.player, s: profileOf(state, id).s, x: t.x, y: t.y, z: t.z, group: t.group };
    }
    if (opponentKnows(t.status)) troopers[id] = { player: t.player, status: t.status, x: t.x, y: t.y, z: t.z, facing: t.facing, prone: t.prone, fixed: t.fixed, wounds: t.wounds, group: t.group };
  }
  const o = state.order;
  const order = o && {
    player: o.player,
    stage: o.stage,
    from: o.from,
    trooper: nameNow(state, o.trooper, otherPlayer(o.player)),
    skills: o.skills.map((k) => k.skill),
    aros: Object.entries(o.aros)
      .map(([id, a]) => [nameNow(state, id, o.player), a.skill] as const)
      .filter(([n]) => n !== null)
      .sort(),
  };
  return {
    ...publicState(state),
    pool: state.pool && state.active ? poolAsSeen(state.pool, state, state.active, otherPlayer(state.active)) : null,
    markerCount: state.markerCount,
    lieutenantKnown: state.lieutenantKnown,
    troopers,
    markers,
    order,
  };
}

export async function commonDigest(hash: HashPort, state: GameState): Promise<string> {
  return digestOf(hash, 'infinity-table/common/1', canonical(commonView(state)));
}

/**
 * The commands that are a private choice of their player's (Private Information), with the field that
 * holds the choice: a classified objective (MIS-12) and a new Lieutenant (MIS-17). The other machine
 * sees that the choice was made (its event names the player only) and plays it by a stand-in
 * (standIns.ts) until the rules show it.
 */
export const PRIVATE_CHOICE: Partial<Record<Command['do'], string>> = { classified: 'objective', nameLieutenant: 'trooper' };

/**
 * How a step of this machine's player travels to the other machine: as given (public), as its
 * projection (partly private), or not at all (private). As the sealed log has it (layout.ts), but a
 * command that changes what both players know is never private: an ARO window closed with no ARO
 * shows no event, yet the other machine must apply it to stay in step.
 */
export function travelOf(step: Step): { privacy: Privacy; projection: Command | RedactedCommand } {
  const field = PRIVATE_CHOICE[step.command.do];
  if (field) {
    // MIS-12, MIS-17: the other sees that the choice was made, never what it is, until the rules show it (mine.ts opens it).
    const { [field]: _hidden, ...rest } = step.command as unknown as Record<string, unknown>;
    return { privacy: 'partly', projection: { ...rest, do: step.command.do, player: commandPlayer(step.command)!, sealed: true } as RedactedCommand };
  }
  const p = privacyOf(step);
  if (p.privacy === 'private' && canonical(commonView(step.before)) !== canonical(commonView(step.after))) {
    const player = commandPlayer(step.command)!;
    const viewer = otherPlayer(player);
    // Sent as given only if it names no trooper of the player's the other may not know; else with those ids left out, sealed.
    const secret = Object.keys(step.after.troopers).filter((id) => step.after.troopers[id]!.player === player && nameNow(step.after, id, viewer) !== id && names(step.command, id));
    if (secret.length === 0) return { privacy: 'public', projection: step.command };
    return { privacy: 'partly', projection: { ...(withoutIds(step.command, secret) as object), do: step.command.do, player, sealed: true } as RedactedCommand };
  }
  return p;
}

/** The troopers of `owner`'s that the other player knows by their id after a step and did not before. */
export function newlyKnown(before: GameState, after: GameState, owner: PlayerId): string[] {
  const other = otherPlayer(owner);
  return Object.keys(after.troopers).filter((id) => {
    const t = after.troopers[id]!;
    return t.player === owner && nameNow(after, id, other) === id && nameNow(before, id, other) !== id;
  });
}

/** A value with every field or element naming one of `ids` left out. */
function withoutIds(value: unknown, ids: readonly string[]): unknown {
  if (typeof value === 'string') return ids.includes(value) ? undefined : value;
  if (Array.isArray(value)) return value.map((v) => withoutIds(v, ids)).filter((v) => v !== undefined);
  if (value && typeof value === 'object') {
    const out = dict<unknown>();
    for (const [k, v] of Object.entries(value)) {
      if (ids.includes(k)) continue;
      const w = k === 'do' || k === 'player' ? v : withoutIds(v, ids);
      if (w !== undefined) out[k] = w;
    }
    return out;
  }
  return value;
}

/** Whether a command names a trooper anywhere (a field's value or a record's key). */
export function names(value: unknown, id: string): boolean {
  if (typeof value === 'string') return value === id;
  if (Array.isArray(value)) return value.some((v) => names(v, id));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k === id || names(v, id));
  return false;
}

// ------------------------------------------------------------------ dice

class OutOfDice extends Error {}

/** `apply` with its random d20s drawn from a shared roll, in order. */
export function applyWithDice(state: GameState, cmd: Command, dice: readonly number[], ctx: EngineContext) {
  let i = 0;
  const port: EngineContext = {
    ...ctx,
    randomD20: () => {
      if (i >= dice.length) throw new OutOfDice();
      return dice[i++]!;
    },
  };
  try {
    return apply(state, cmd, port);
  } catch (e) {
    if (e instanceof OutOfDice) return { ok: false as const, rejection: { rule: null, code: 'missing-roll' as const, message: `The command draws more than the ${dice.length} shared dice rolled for it.` } };
    throw e;
  }
}

/** The markers of `owner`'s a step puts on the table (new, or somewhere new), and where: a projection's `spots`. */
export function spotsOf(before: GameState, after: GameState, owner: PlayerId): Record<string, { x: number; y: number; z: number }> {
  const out = dict<{ x: number; y: number; z: number }>();
  for (const [id, t] of Object.entries(after.troopers)) {
    const b = before.troopers[id]!;
    if (t.player !== owner || t.status !== 'marker' || !t.markerId || t.x === null || t.y === null || t.z === null) continue;
    if (b.status !== 'marker' || b.x !== t.x || b.y !== t.y || b.z !== t.z) out[t.markerId] = { x: t.x, y: t.y, z: t.z };
  }
  return out;
}

/** Dice for a dry run: made up, but never the same twice running (a roll-off must end). */
function dryRunDice(): () => number {
  let i = 0;
  return () => ((i++ * 7) % 20) + 1;
}

/**
 * A command applied with made-up dice: the engine's verdict (the result is not the game's: its dice
 * come from a shared roll), and how many d20s it drew, what to ask the shared roll for.
 */
export function dryRun(state: GameState, cmd: Command, ctx: EngineContext): { result: ReturnType<typeof apply>; draws: number } {
  let draws = 0;
  const die = dryRunDice();
  const result = apply(state, cmd, { ...ctx, randomD20: () => (draws++, die()) });
  return { result, draws: result.ok ? draws : 0 };
}
