/**
 * The replay of a two-machine game as one machine knows it (NET-2): its entries in order, each with
 * its shared dice, the private commands in their places, stand-ins (standIns.ts) for what is still
 * sealed, backtracking over them until every command replays and every digest of the other machine's
 * agrees. What is taken of the other's commands, besides their legality when made:
 *
 * - each comes with the digest of the common view after it (knowing.ts), unless it brings this
 *   machine's own troopers to light (the other could not have worked out the result), and the digest
 *   agrees;
 * - one in the clear that names a trooper this machine knows only by a guess (a ghost, the carrier of
 *   a marker, the trooper kept back) is taken only with the opening that makes the guess a fact: a
 *   reveal, a kept-back trooper's placement, a marker's identity never stand on a stand-in;
 * - one that shows their Lieutenant (GRP-4) is taken only once they have opened it;
 * - an opened one is the command its sealed form showed, and its markers stand where it said;
 * - the guesses stay possible: no more ghosts and markers than their troopers could be.
 *
 * `full` is the closing audit's replay: every command in the clear, every private command opened, no
 * stand-in and no ghost.
 */
import { createGame } from '../engine';
import { commandPlayer, type Command, type GameState, type PlayerId, type Setup } from '../model/types';
import type { EngineContext } from '../ports';
import { canonical, type HashPort } from './hash';
import { applyWithDice, commonDigest, names, newlyKnown, PRIVATE_CHOICE, spotsOf, travelOf, type Known, type KnownEntry, type KnownPrivate, type KnownStep } from './knowing';
import { isGhost, possible, tries } from './standIns';

export interface BuildRules {
  /** the closing audit: everything in the clear, no stand-in */
  full?: boolean;
  /** whether the other player's Lieutenant has been opened (the setup marks the true one) */
  lieutenantOpen?: boolean;
}

/** A failed build: the entry it stopped at, why, and the command that failed there (null: a stand-in's). */
export type BuildFailure = { ok: false; entry: number; message: string; command?: Command | null; private?: boolean };

/** What of the other's this machine knows only by a guess now: ghosts, and the troopers its stand-ins name. */
function guesses(state: GameState, other: PlayerId, standIns: Record<number, string>): string[] {
  const ghosts = Object.keys(state.troopers).filter((id) => state.troopers[id]!.player === other && isGhost(state.troopers[id]!));
  return [...new Set([...ghosts, ...Object.values(standIns)])];
}

export async function buildKnown(
  hash: HashPort,
  setup: Setup,
  seat: PlayerId,
  entries: readonly KnownEntry[],
  privates: readonly KnownPrivate[],
  ctx: EngineContext,
  /** a build of the same game's first `k` entries to go on from (the entries after it are new) */
  resume?: { k: number; state: GameState; steps: readonly KnownStep[]; standIns: Record<number, string> },
  budget = 2000,
  rules: BuildRules = {},
): Promise<Known | BuildFailure> {
  const at = new Map<number, KnownPrivate[]>();
  for (const p of privates) at.set(p.after, [...(at.get(p.after) ?? []), p]);
  for (const list of at.values()) list.sort((a, b) => a.seq - b.seq);
  const steps: KnownStep[] = resume ? [...resume.steps] : [];
  const standIns: Record<number, string> = resume ? { ...resume.standIns } : {};
  let worst: BuildFailure = { ok: false, entry: 0, message: 'nothing to replay' };
  let left = budget;

  const fail = (entry: number, message: string, command?: Command | null, priv = false): false => {
    if (entry >= worst.entry) worst = { ok: false, entry, message, ...(command !== undefined ? { command } : {}), ...(priv ? { private: true } : {}) };
    return false;
  };

  /** MIS-17: whether `p`'s Lieutenant now is one they named in a command still sealed here. */
  const namedSealed = (p: PlayerId): boolean => {
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (s.command.do === 'nameLieutenant' && commandPlayer(s.command) === p) return s.entry !== null && entries[s.entry]!.command === null;
    }
    return false;
  };

  const run = async (k: number, state: GameState, resumed = false): Promise<GameState | false> => {
    const mark = steps.length;
    // Resuming: the private commands after the last entry are in the build already.
    for (const p of resumed ? [] : (at.get(k) ?? [])) {
      const r = applyWithDice(state, p.command, p.dice, ctx);
      const by = commandPlayer(p.command);
      if (!r.ok) {
        steps.length = mark;
        return fail(k, `Player ${by ?? '?'}'s private ${String(p.command?.do)} does not replay: ${r.rejection.message}`, p.command, true);
      }
      // An opened private command of the other's must have been private: nothing of it was shown.
      if (by !== seat && travelOf({ command: p.command, events: r.events, before: state, after: r.state }).privacy !== 'private') {
        steps.length = mark;
        return fail(k, `Player ${by}'s opened ${p.command.do} was never private: it should have been sent as it was.`, p.command, true);
      }
      steps.push({ command: r.command, events: r.events, before: state, after: r.state, entry: null });
      state = r.state;
    }
    if (k === entries.length) return state;
    const e = entries[k]!;
    const theirs = e.by !== seat;
    const ending = theirs && !rules.full && (e.command ?? e.projection)?.do === 'endStep';
    let choices = 0;
    for (const [pre, cmd] of tries(state, e, seat, rules.full)) {
      if (left-- <= 0) return fail(k, 'the stand-ins were tried too many ways');
      choices += 1;
      const what = `Player ${e.by}'s ${String(cmd.do)} (command ${k} of the game)`;
      const clear = e.command ? cmd : null;
      if (theirs && e.command) {
        // A command in the clear names none of their troopers this machine knows only by a guess.
        const guessed = guesses(pre, e.by, standIns).filter((id) => names(cmd, id));
        if (guessed.length > 0) {
          fail(k, `${what} names a trooper this machine knows only by a stand-in: a reveal, a trooper kept back or a marker's identity is taken only with its opening.`, clear);
          continue;
        }
      }
      if (ending) {
        const why = possible(pre, e.by, Object.values(standIns));
        if (why) {
          fail(k, `${what}: ${why}`, clear);
          continue;
        }
      }
      const r = applyWithDice(pre, cmd, e.dice, ctx);
      if (!r.ok) {
        fail(k, `${what} does not replay here: ${r.rejection.message}`, clear);
        continue;
      }
      if (theirs) {
        const lit = newlyKnown(pre, r.state, seat).length > 0;
        // This machine's own troopers coming to light: the other machine could not have known the result.
        if (e.digest === undefined && !lit) {
          fail(k, `${what} comes without the digest of what both players know after it.`, clear);
          continue;
        }
        if (e.digest !== undefined && !lit && (await commonDigest(hash, r.state)) !== e.digest) {
          fail(k, `after ${what} the two machines no longer agree on what both players know.`, clear);
          continue;
        }
        if (!pre.lieutenantKnown[e.by] && r.state.lieutenantKnown[e.by] && !rules.lieutenantOpen) {
          fail(k, `${what} shows Player ${e.by}'s Lieutenant, which their machine has not opened (GRP-4).`, clear);
          continue;
        }
        if (!pre.lieutenantKnown[e.by] && r.state.lieutenantKnown[e.by] && namedSealed(e.by)) {
          fail(k, `${what} shows Player ${e.by}'s new Lieutenant, which their machine has not opened (MIS-17, GRP-4).`, clear);
          continue;
        }
        // An opened command of the other's must be the one its projection showed, its markers where it said.
        if (e.command && e.projection) {
          if (canonical(travelOf({ command: cmd, events: r.events, before: pre, after: r.state }).projection) !== canonical(e.projection)) {
            fail(k, `Player ${e.by}'s opened ${cmd.do} (command ${k} of the game) is not the command its sealed form showed.`, clear);
            continue;
          }
          if (e.spots && canonical(spotsOf(pre, r.state, e.by)) !== canonical(e.spots)) {
            fail(k, `Player ${e.by}'s opened ${cmd.do} (command ${k} of the game) puts its markers elsewhere than its sealed form said.`, clear);
            continue;
          }
        }
      }
      const shown = e.command ? r.command : ({ ...e.projection! } as unknown as Command);
      steps.push({ command: shown, events: r.events, before: pre, after: r.state, entry: k });
      const sub = (cmd as { trooper?: unknown; keep?: unknown }).trooper ?? (cmd as { keep?: unknown }).keep;
      // A private choice's stand-in (a new Lieutenant, MIS-17) is no guess about a trooper: nothing shows it.
      if (!e.command && typeof sub === 'string' && !PRIVATE_CHOICE[cmd.do]) standIns[k] = sub;
      const end = await run(k + 1, r.state);
      if (end) return end;
      steps.length = mark + (resumed ? 0 : (at.get(k)?.length ?? 0));
      delete standIns[k];
    }
    steps.length = mark;
    if (choices === 0) return fail(k, rules.full ? `command ${k} of the game (Player ${e.by}'s ${String(e.projection?.do)}) is still sealed: its opening is missing.` : `no trooper of Player ${e.by}'s could have given command ${k} of the game.`, e.command ?? null);
    return false;
  };

  try {
    const end = await run(resume?.k ?? 0, resume?.state ?? createGame(setup), resume !== undefined);
    if (!end) return worst;
    return { ok: true, state: end, steps: [...steps], standIns };
  } catch (e) {
    // Nothing the other machine sends may throw in here; if it does, it is refused like any other.
    return { ok: false, entry: Math.max(worst.entry, resume?.k ?? 0), message: `the game cannot be replayed with it (${(e as Error).message}).` };
  }
}
