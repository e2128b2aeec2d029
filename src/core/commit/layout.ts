/**
 * Which commands carry a player's private choices, and how a command looks to the other player
 * (NET-2). The engine's own view decides, so a redacted command leaves out exactly what `viewFor`
 * leaves out of a view:
 *
 * - a command of player P whose events the opponent O sees none of (a hidden deployment, placing a
 *   hidden trooper again, a question P asked) is **private**: O's log has no entry for it at all;
 * - a command O sees but that names a trooper O may not know by its id (a marker's trooper behind its
 *   marker id, the trooper kept back, a hidden trooper changing group) is **partly private**: O's log
 *   holds its projection, with each such id written as O knows it (the marker id) or left out;
 * - everything else is public, written as it was given.
 *
 * The clear text of every private and partly private command of P goes into P's next seal, one leaf
 * each, with its slot: where it sits in the public log. A seal follows each `endStep` and `endTurn` of
 * P, always, even over no choice at all, so nothing tells whether a step had private choices, nor how
 * many (commit.ts pads the leaves).
 */
import { dict, own } from '../dict';
import { createGame, apply } from '../engine';
import { commandPlayer, otherPlayer, type Command, type GameEvent, type GameFile, type GameState, type PlayerId, type Setup } from '../model/types';
import type { EngineContext } from '../ports';
import { opponentKnows } from '../rules/refs';
import { viewEvents } from '../view';
import { canonical } from './hash';

/** One applied command and the states around it. */
export interface Step {
  command: Command;
  events: GameEvent[];
  before: GameState;
  after: GameState;
}

/** Where a sealed command sits in the public log: in place of projection `at`, or after entry `after` (-1: first). */
export type Slot = { at: number } | { after: number; seq: number };

/** A sealed command: the leaf's choice. */
export interface SealedCommand {
  slot: Slot;
  command: Command;
}

/** A command as the other player's log holds it when part of it is private (see above). */
export type RedactedCommand = { do: Command['do']; player: PlayerId; sealed: true } & Record<string, unknown>;

/** An entry of the public log, before the seals are made. */
export type LayoutEntry =
  | { kind: 'command'; command: Command }
  | { kind: 'projection'; command: RedactedCommand }
  | { kind: 'seal'; player: PlayerId; tail?: true; choices: SealedCommand[] };

export type Privacy = 'public' | 'partly' | 'private';

/** Replays a file, keeping every step (null and the refusal where a command is refused). */
export function replaySteps(file: GameFile, ctx: EngineContext): { steps: Step[]; refused: { index: number; rule: string | null; message: string } | null } {
  const { commands, ...setup } = file;
  let state = createGame(setup as Setup);
  const steps: Step[] = [];
  for (const [index, cmd] of commands.entries()) {
    const r = apply(state, cmd, ctx);
    if (!r.ok) return { steps, refused: { index, rule: r.rejection.rule, message: r.rejection.message } };
    steps.push({ command: r.command, events: r.events, before: state, after: r.state });
    state = r.state;
  }
  return { steps, refused: null };
}

/**
 * How `viewer` writes a trooper id of the other side in a command: the id itself when it may know it
 * (before or after the command), the marker id while it is a marker, or null: left out.
 */
function idAsSeen(step: Step, id: string, viewer: PlayerId): string | null {
  const b = own(step.before.troopers, id);
  const a = own(step.after.troopers, id);
  if (!a || a.player === viewer) return id;
  if (opponentKnows(a.status) || (b && opponentKnows(b.status))) return id;
  if (a.status === 'marker' && a.markerId) return a.markerId;
  if (b && b.status === 'marker' && b.markerId) return b.markerId;
  return null;
}

const KEEP = new Set(['do', 'player']);

/** A value with every id the viewer may not know written as it knows it, or left out (undefined). */
function projectValue(step: Step, value: unknown, viewer: PlayerId): unknown {
  if (typeof value === 'string') return own(step.after.troopers, value) ? (idAsSeen(step, value, viewer) ?? undefined) : value;
  if (Array.isArray(value)) return value.map((v) => projectValue(step, v, viewer)).filter((v) => v !== undefined);
  if (value && typeof value === 'object') {
    const out = dict<unknown>();
    for (const [k, v] of Object.entries(value)) {
      const key = own(step.after.troopers, k) ? idAsSeen(step, k, viewer) : k;
      if (key === null) continue;
      const pv = KEEP.has(k) ? v : projectValue(step, v, viewer);
      if (pv !== undefined) out[key] = pv;
    }
    return out;
  }
  return value;
}

/** Whether a step's command is public, partly private or private to its player, and its projection. */
export function privacyOf(step: Step): { privacy: Privacy; projection: Command | RedactedCommand } {
  const player = commandPlayer(step.command);
  if (player === null) return { privacy: 'public', projection: step.command };
  const opponent = otherPlayer(player);
  if (viewEvents(step.events, step.before, step.after, opponent, step.command).length === 0) return { privacy: 'private', projection: step.command };
  const projected = projectValue(step, step.command, opponent) as Command;
  if (canonical(projected) === canonical(step.command)) return { privacy: 'public', projection: step.command };
  return { privacy: 'partly', projection: { ...(projected as object), do: step.command.do, player, sealed: true } as RedactedCommand };
}

/** The commands that close a run of a player's private choices: a seal follows each. */
const CLOSES = new Set(['endStep', 'endTurn']);

/**
 * The public log of a game's steps with the clear text of each seal (commit.ts turns the choices into
 * roots). `tail`: end with one seal per player over the choices not yet sealed (what storage needs);
 * without it those choices are returned as `pending` (a machine sends them with its next seal).
 */
export function layout(steps: readonly Step[], tail = false): { entries: LayoutEntry[]; pending: Record<PlayerId, SealedCommand[]> } {
  const entries: LayoutEntry[] = [];
  const pending: Record<PlayerId, SealedCommand[]> = { A: [], B: [] };
  const run: Record<PlayerId, number> = { A: 0, B: 0 };
  let lastAfter = -1;
  for (const step of steps) {
    const player = commandPlayer(step.command);
    const { privacy, projection } = privacyOf(step);
    if (player !== null && privacy === 'private') {
      if (lastAfter !== entries.length - 1) {
        lastAfter = entries.length - 1;
        run.A = run.B = 0;
      }
      pending[player].push({ slot: { after: lastAfter, seq: run[player]++ }, command: step.command });
    } else if (player !== null && privacy === 'partly') {
      pending[player].push({ slot: { at: entries.length }, command: step.command });
      entries.push({ kind: 'projection', command: projection as RedactedCommand });
    } else {
      entries.push({ kind: 'command', command: step.command });
    }
    if (player !== null && CLOSES.has(step.command.do)) {
      entries.push({ kind: 'seal', player, choices: pending[player] });
      pending[player] = [];
    }
  }
  if (tail) {
    for (const p of ['A', 'B'] as PlayerId[]) {
      entries.push({ kind: 'seal', player: p, tail: true, choices: pending[p] });
      pending[p] = [];
    }
  }
  return { entries, pending };
}

/**
 * The clear command list of a public log and the sealed commands it is missing, in their places; or
 * the first place where an opened command is missing.
 */
export function rebuild(entries: readonly { kind: string; command?: Command | RedactedCommand }[], sealed: readonly SealedCommand[]): { commands: Command[] } | { error: string } {
  const inPlace = new Map<number, Command>();
  const after = new Map<number, SealedCommand[]>();
  for (const s of sealed) {
    if ('at' in s.slot) {
      if (inPlace.has(s.slot.at)) return { error: `log entry ${s.slot.at} is opened twice.` };
      inPlace.set(s.slot.at, s.command);
    } else {
      const list = after.get(s.slot.after) ?? [];
      list.push(s);
      after.set(s.slot.after, list);
    }
  }
  const commands: Command[] = [];
  const runAfter = (i: number) => {
    const list = (after.get(i) ?? []).slice().sort((x, y) => seqOf(x) - seqOf(y));
    for (const s of list) commands.push(s.command);
  };
  runAfter(-1);
  for (const [i, e] of entries.entries()) {
    if (e.kind === 'command') commands.push(e.command as Command);
    else if (e.kind === 'projection') {
      const clear = inPlace.get(i);
      if (!clear) return { error: `log entry ${i} (a command of Player ${(e.command as RedactedCommand).player}'s) is still sealed: its opening is missing.` };
      commands.push(clear);
    }
    runAfter(i);
  }
  return { commands };
}

function seqOf(s: SealedCommand): number {
  return 'seq' in s.slot ? s.slot.seq : 0;
}
