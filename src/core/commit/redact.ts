/**
 * The sealed log (NET-2): the public log of a game, every player's private choices in it only as
 * seals, and what each player keeps to open them; and the audit that takes openings back in.
 *
 * An opening is checked twice: against its commitment (the seal's root, its leaf), and for the
 * legality of the choice when it was made: the public log and the opened commands are put back in
 * order and replayed through the engine, and the replay must make exactly the public log it came from.
 * A refusal of either names what is wrong; nothing is changed (these are pure functions).
 */
import { commandPlayer, type Command, type GameFile, type PlayerId, type Setup } from '../model/types';
import type { EngineContext } from '../ports';
import { openSeal, seal, verifySealOpening, type SealKeep, type SealOpening, type Verdict } from './commit';
import { canonical, isDigest, type HashPort } from './hash';
import { layout, rebuild, replaySteps, type LayoutEntry, type RedactedCommand, type SealedCommand, type Step } from './layout';

/** An entry of the public log: what both machines hold, and what storage keeps in the clear. */
export type PublicEntry =
  | { kind: 'command'; command: Command }
  | { kind: 'projection'; command: RedactedCommand }
  | { kind: 'seal'; player: PlayerId; root: string; tail?: true };

/** What one player keeps to open their seals: by the seal's index in the public log. */
export type SealKeeps = Record<string, SealKeep<SealedCommand>>;

export interface SealedLog {
  log: PublicEntry[];
  keeps: Record<PlayerId, SealKeeps>;
}

/** One sealed command, opened: which seal of the log (its index), and the seal opening. */
export interface LeafOpening {
  seal: number;
  opening: SealOpening<SealedCommand>;
}

/** Seals a game's steps: the public log and each player's keeps (`tail`: seal what is not yet sealed too). */
export async function sealLog(hash: HashPort, steps: readonly Step[], tail = true): Promise<SealedLog> {
  return sealEntries(hash, layout(steps, tail).entries);
}

/** Seals a laid-out log: each seal's commands become its root, and the player keeps the openings. */
export async function sealEntries(hash: HashPort, entries: readonly LayoutEntry[]): Promise<SealedLog> {
  const log: PublicEntry[] = [];
  const keeps: Record<PlayerId, SealKeeps> = { A: {}, B: {} };
  for (const [i, e] of entries.entries()) {
    if (e.kind !== 'seal') {
      log.push(e);
      continue;
    }
    const keep = await seal(hash, e.choices);
    keeps[e.player][String(i)] = keep;
    log.push({ kind: 'seal', player: e.player, root: keep.root, ...(e.tail ? { tail: true as const } : {}) });
  }
  return { log, keeps };
}

/** Every opening a player's keeps hold. */
export function openingsOf(keeps: SealKeeps): LeafOpening[] {
  return Object.entries(keeps).flatMap(([i, keep]) => keep.open.map((_, k) => ({ seal: Number(i), opening: openSeal(keep, k) })));
}

/** The index of `player`'s seal before entry `i`, or -1. */
function previousSeal(log: readonly PublicEntry[], i: number, player: PlayerId): number {
  for (let j = i - 1; j >= 0; j--) {
    const e = log[j]!;
    if (e.kind === 'seal' && e.player === player) return j;
  }
  return -1;
}

/**
 * Checks one opening against the public log: the seal it names is there, the leaf opens it, and what
 * it opens is a command of that seal's player in a slot the seal covers.
 */
export async function checkOpening(hash: HashPort, log: readonly PublicEntry[], o: LeafOpening): Promise<Verdict> {
  const e = Number.isInteger(o?.seal) ? log[o.seal] : undefined;
  if (!e || e.kind !== 'seal') return { ok: false, message: `The opening names log entry ${String(o?.seal)}, which is not a seal.` };
  const what = `Player ${e.player}'s opening of the seal at log entry ${o.seal}`;
  const v = await verifySealOpening(hash, e.root, o.opening, what);
  if (!v.ok) return v;
  const sealed = o.opening.opening.choice;
  const cmd = sealed?.command;
  if (!cmd || typeof cmd !== 'object' || commandPlayer(cmd) !== e.player) return { ok: false, message: `${what} opens something that is not a command of Player ${e.player}'s.` };
  const from = previousSeal(log, o.seal, e.player);
  const slot = sealed.slot;
  if (slot && 'at' in slot) {
    const p = log[slot.at];
    if (!(slot.at > from && slot.at < o.seal) || !p || p.kind !== 'projection' || p.command.player !== e.player || p.command.do !== cmd.do) {
      return { ok: false, message: `${what} puts its command in place of log entry ${slot.at}, which that seal does not cover.` };
    }
  } else if (!slot || !Number.isInteger(slot.after) || !Number.isInteger(slot.seq) || slot.seq < 0 || slot.after < from || slot.after >= o.seal) {
    return { ok: false, message: `${what} puts its command where that seal does not cover.` };
  }
  return { ok: true };
}

export type Audit = { ok: true; file: GameFile; steps: Step[] } | { ok: false; message: string };

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Takes openings back into the public log and judges the whole: every opening opens its seal, the
 * commands replay through the engine without a refusal (each opened choice was legal when it was
 * made), and the replay makes exactly this public log (no public entry changed, every projection the
 * projection of its opened command, every seal's commands where the game puts them).
 */
export async function audit(hash: HashPort, setup: Setup, log: readonly PublicEntry[], openings: readonly LeafOpening[], ctx: EngineContext): Promise<Audit> {
  const bySeal = new Map<number, SealedCommand[]>();
  const seen = new Set<string>();
  for (const o of openings) {
    const v = await checkOpening(hash, log, o);
    if (!v.ok) return v;
    const key = `${o.seal}/${o.opening.leaf}`;
    if (seen.has(key)) return { ok: false, message: `Leaf ${o.opening.leaf} of the seal at log entry ${o.seal} is opened twice.` };
    seen.add(key);
    const list = bySeal.get(o.seal) ?? [];
    list.push(o.opening.opening.choice);
    bySeal.set(o.seal, list);
  }
  const opened = [...bySeal.values()].flat();
  const built = rebuild(log, opened);
  if ('error' in built) return { ok: false, message: `The game cannot be put back together: ${built.error}` };
  const file: GameFile = { ...structuredClone(setup), commands: built.commands };
  const { steps, refused } = replaySteps(file, ctx);
  if (refused) {
    const cmd = built.commands[refused.index]!;
    const openedHere = opened.some((s) => s.command === cmd);
    const because = `refused${refused.rule ? ` by ${refused.rule}` : ''}: ${refused.message}`;
    return {
      ok: false,
      message: openedHere
        ? `Player ${commandPlayer(cmd)}'s opened ${cmd.do} (command ${refused.index} of the game) was not legal when it was made: ${because}`
        : `Command ${refused.index} of the game (${cmd.do}) does not replay: ${because}`,
    };
  }
  const tail = log.some((e) => e.kind === 'seal' && e.tail);
  const again: LayoutEntry[] = layout(steps, tail).entries;
  if (again.length !== log.length) return { ok: false, message: `The opened commands make a log of ${again.length} entries where this one has ${log.length}.` };
  for (const [i, e] of again.entries()) {
    const g = log[i]!;
    if (e.kind !== g.kind) return { ok: false, message: `Log entry ${i}: the opened commands make a ${e.kind} where the log has a ${g.kind}.` };
    if (e.kind === 'seal' && g.kind === 'seal') {
      if (e.player !== g.player || !isDigest(g.root)) return { ok: false, message: `Log entry ${i}: the seal is not Player ${e.player}'s.` };
      const got = bySeal.get(i) ?? [];
      if (got.length !== e.choices.length || !e.choices.every((c) => got.some((x) => same(x, c)))) {
        return { ok: false, message: `Log entry ${i}: Player ${e.player}'s seal does not open to the commands the game makes there.` };
      }
    } else if (e.kind !== 'seal' && g.kind !== 'seal' && !same(e.command, g.command)) {
      return { ok: false, message: `Log entry ${i}: the log holds ${canonical(g.command)} where the game makes ${canonical(e.command)}.` };
    }
  }
  return { ok: true, file, steps };
}
