/**
 * What two machines say to each other (NET-2 to NET-4), whatever carries it (room.ts puts it on Yjs).
 *
 * Each machine writes only its own seat's list, append-only; every message is a link of a hash chain
 * (core/commit/chain.ts) that starts from the game's setup and the seat. The other machine checks each
 * link as it comes (its number is the next one, it names the last hash, its hash is its own) and then
 * what it says; a link that fails is refused with a message naming what is wrong, and nothing of it is
 * taken in: that machine's state stays as it was, and every later link of that list waits behind it.
 *
 * What a message may say:
 * - `hello`: the seat and the hash of the game's setup (the inviting machine sends the setup too, which
 *   is public: both rosters and the table): two machines of different games do not mix;
 * - `seal`: the root of a seal over a player's private choices (core/commit/commit.ts): the choices
 *   never travel, and the padded leaves keep their number private;
 * - `open`: one choice of an earlier seal, opened: checked against that seal's root before anything
 *   of it is believed; a leaf is opened once;
 * - `dice-commit` / `dice-open` (NET-3): a roll is made of both machines' random values. Each commits
 *   first; a machine opens only once both commitments are in, and its opening names the other's
 *   commitment, so it proves it had committed before it saw anything. The dice follow from both
 *   values (core/commit/dice.ts);
 * - `cmd`: a command of the game (state/net/game.ts), in the clear when it is public, as its
 *   projection with a commitment to the clear command when it is partly private (core/commit/layout.ts);
 *   with the shared roll its dice come from, and the digest of what both players know after it;
 * - `unseal`: the opening of such a commitment, once the rules reveal what it hid;
 * - `rolled`: the shared roll a private command of the player's drew its dice from (the command itself
 *   is sealed with the others).
 *
 * A command's shared roll is bound to it before its dice are known: the roll's label is `cmd:` and the
 * commitment to the command, so a machine cannot roll, look, and give another command; and a machine's
 * game roll, once made, must be used by its very next command (or `rolled`), so it cannot roll again by
 * leaving one unused.
 */
import type { Link } from '../../core/commit/chain';
import { checkNext, genesis, link } from '../../core/commit/chain';
import { commitTo, verifyOpening, verifySealOpening, type Opening, type SealOpening, type Verdict } from '../../core/commit/commit';
import { checkDiceOpenings, diceValue, sharedD20s } from '../../core/commit/dice';
import { digestOf, isDigest, type HashPort } from '../../core/commit/hash';
import { otherPlayer, type PlayerId, type Setup } from '../../core/model/types';

export type Body =
  | { t: 'hello'; seat: PlayerId; game: string; setup?: Setup }
  | { t: 'seal'; seat: PlayerId; label: string; root: string }
  | { t: 'open'; seat: PlayerId; seal: number; opening: SealOpening }
  | { t: 'dice-commit'; seat: PlayerId; label: string; count: number; commitment: string }
  | { t: 'dice-open'; seat: PlayerId; label: string; other: string; opening: Opening<string> }
  | {
      t: 'cmd';
      seat: PlayerId;
      /** the command as given (no dice of its own), or its projection when `sealed` */
      command: Record<string, unknown>;
      sealed?: true;
      /** sealed: the commitment to the command in the clear */
      commitment?: string;
      /** the shared roll its d20s come from */
      roll?: string;
      /** the common view's digest after it (core/commit/knowing.ts), unless the command brings the other's secrets to light */
      digest?: string;
      /** sealed: where the markers it puts on the table stand */
      spots?: Record<string, { x: number; y: number; z: number }>;
      /** public, with a roll: the salt of the commitment its roll's label names */
      salt?: string;
      /** the command's place in the game (how many commands come before it): one given out of turn never fits */
      at?: number;
    }
  | { t: 'unseal'; seat: PlayerId; of: number; opening: Opening<unknown> }
  | { t: 'rolled'; seat: PlayerId; roll: string; commitment: string };

export type Message = Link<Body>;

/** The most d20s one shared roll may ask for. */
export const MAX_DICE = 40;

/** A roll both machines made: its label, how many dice, each side's commitment and opening, and the dice. */
export interface SharedRoll {
  label: string;
  count: number;
  by: PlayerId;
  commitments: Partial<Record<PlayerId, string>>;
  openings: Partial<Record<PlayerId, Opening<string>>>;
  dice: number[] | null;
}

/** A seal of the other player's, as this machine knows it: its root, and what has been opened of it. */
export interface TheirSeal {
  n: number;
  label: string;
  root: string;
  opened: { leaf: number; choice: unknown }[];
}

/** The protocol state of one machine: both lists as accepted, the rolls, the seals, the refusals. */
export interface NetState {
  seat: PlayerId;
  /** the hash of the game's setup */
  game: string;
  start: Record<PlayerId, string>;
  logs: Record<PlayerId, Message[]>;
  rolls: Record<string, SharedRoll>;
  /** the other player's seals, by their link number */
  seals: Record<number, TheirSeal>;
  /** why links of the other list were refused, the latest last */
  refusals: string[];
  /** the other player's sealed commands opened so far: by the link number of their `cmd` */
  unsealed?: Record<number, unknown>;
  /** each shared roll a command has drawn from: the link that used it (a roll serves one command) */
  used?: Record<string, string>;
}

/** Where a seat's list starts: the game's setup hash and the seat. */
export async function startOf(hash: HashPort, game: string, seat: PlayerId): Promise<string> {
  return digestOf(hash, 'infinity-table/net/1', game, seat);
}

export async function createNetState(hash: HashPort, setup: Setup, seat: PlayerId): Promise<NetState> {
  const game = await genesis(hash, setup);
  return {
    seat,
    game,
    start: { A: await startOf(hash, game, 'A'), B: await startOf(hash, game, 'B') },
    logs: { A: [], B: [] },
    rolls: {},
    seals: {},
    refusals: [],
  };
}

const headOf = (s: NetState, p: PlayerId) => s.logs[p].at(-1)?.hash ?? s.start[p];

/** The next link of this machine's own list. */
export async function nextLink(hash: HashPort, s: NetState, body: Body): Promise<Message> {
  return link(hash, s.logs[s.seat].length, headOf(s, s.seat), body);
}

/** What a body of the other player's says, judged against what this machine holds; null when it holds up. */
async function judge(hash: HashPort, s: NetState, m: Message): Promise<string | null> {
  const from = otherPlayer(s.seat);
  const b = m.body;
  if (!b || typeof b !== 'object' || b.seat !== from) return `it is not written as Player ${from}'s.`;
  if ((m.n === 0) !== (b.t === 'hello')) return m.n === 0 ? 'a list begins with its hello.' : 'a hello comes only first.';
  switch (b.t) {
    case 'hello':
      if (b.game !== s.game) return 'it belongs to another game (its setup is not this one).';
      return b.setup === undefined || (await genesis(hash, b.setup)) === s.game ? null : 'the setup it carries is not the game it names.';
    case 'seal':
      return isDigest(b.root) ? null : 'its seal is not a SHA-256 digest.';
    case 'open': {
      const seal = s.seals[b.seal];
      if (!seal) return `it opens link ${String(b.seal)}, which is not one of Player ${from}'s seals.`;
      if (seal.opened.some((o) => o.leaf === b.opening?.leaf)) return `leaf ${b.opening.leaf} of that seal was opened already.`;
      const v = await verifySealOpening(hash, seal.root, b.opening, `the opening of seal "${seal.label}"`);
      return v.ok ? null : v.message;
    }
    case 'dice-commit': {
      if (typeof b.label !== 'string' || b.label.length === 0 || b.label.length > 80) return 'its roll has no proper label.';
      if (!Number.isInteger(b.count) || b.count < 1 || b.count > MAX_DICE) return `a shared roll is 1 to ${MAX_DICE} dice, not ${String(b.count)}.`;
      if (!isDigest(b.commitment)) return 'its commitment is not a SHA-256 digest.';
      const r = s.rolls[b.label];
      if (r?.commitments[from]) return `it commits to roll "${b.label}" a second time.`;
      // One game roll at a time, each used by the command it was made for before the next is asked for.
      if (!r && b.label.startsWith(GAME_ROLL)) {
        const left = unusedGameRoll(s, from);
        if (left !== null) return `Player ${from}'s machine asks for a roll while its roll "${left}" is still unused by the command it was made for.`;
      }
      if (r && r.count !== b.count) return `roll "${b.label}" is ${r.count} dice, not ${b.count}.`;
      return null;
    }
    case 'dice-open': {
      const r = s.rolls[b.label];
      if (!r?.commitments[from]) return `it opens roll "${String(b.label)}", which it never committed to.`;
      if (r.openings[from]) return `it opens roll "${b.label}" a second time.`;
      // NET-3: an opening names this machine's commitment: it was made after both had committed.
      if (!r.commitments[s.seat] || b.other !== r.commitments[s.seat]) return `it opens roll "${b.label}" before this machine had committed to it.`;
      const v = await verifyOpening(hash, r.commitments[from]!, b.opening, `Player ${from}'s dice value for "${b.label}"`);
      if (!v.ok) return v.message;
      return isDigest(b.opening.choice) ? null : 'its dice value is not 32 bytes written as 64 hex digits.';
    }
    case 'cmd': {
      const c = b.command;
      if (!c || typeof c !== 'object' || Array.isArray(c) || typeof c.do !== 'string') return 'it carries no command.';
      if (c.player !== undefined && c.player !== from) return `it carries a command of Player ${String(c.player)}'s.`;
      if (b.sealed && !isDigest(b.commitment)) return 'its sealed command has no commitment (a SHA-256 digest).';
      if (b.digest !== undefined && !isDigest(b.digest)) return 'its digest is not a SHA-256 digest.';
      const left = unusedGameRoll(s, from);
      if (left !== null && left !== b.roll) return `Player ${from}'s machine rolled dice for a command ("${left}") and gave another one.`;
      if (b.roll !== undefined) {
        const why = rollFor(s, from, b.roll);
        if (why) return why;
        const bound = b.roll.slice(GAME_ROLL.length);
        if (b.sealed) {
          if (bound !== b.commitment) return `its roll "${b.roll}" was made for another command than the one it seals.`;
        } else {
          if (!isDigest(b.salt)) return 'its roll is bound to the command by a commitment, but it gives no salt to check it with.';
          if ((await commitTo(hash, b.command, b.salt)) !== bound) return `its roll "${b.roll}" was made for another command than this one.`;
        }
      }
      return null;
    }
    case 'rolled': {
      const left = unusedGameRoll(s, from);
      if (left !== null && left !== b.roll) return `Player ${from}'s machine rolled dice for a command ("${left}") and gave another one.`;
      if (!isDigest(b.commitment) || b.roll !== `${GAME_ROLL}${b.commitment}`) return 'it names a roll that was not made for the command it commits to.';
      return rollFor(s, from, b.roll);
    }
    case 'unseal': {
      const sealed = s.logs[from][b.of]?.body;
      if (!sealed || sealed.t !== 'cmd' || !sealed.sealed) return `it opens link ${String(b.of)}, which is not a sealed command of Player ${from}'s.`;
      if (s.unsealed && Object.hasOwn(s.unsealed, String(b.of))) return `link ${b.of} was opened already.`;
      const v = await verifyOpening(hash, sealed.commitment!, b.opening, `Player ${from}'s opening of their command at link ${b.of}`);
      if (!v.ok) return v.message;
      const c = b.opening.choice as { do?: unknown; player?: unknown } | null;
      return c && typeof c === 'object' && c.do === sealed.command.do && c.player === from ? null : `its opening is not a ${String(sealed.command.do)} of Player ${from}'s.`;
    }
    default:
      return 'it is not a message this table knows.';
  }
}

/** The label of a roll made for one command: `cmd:` and the commitment to that command. */
export const GAME_ROLL = 'cmd:';

/**
 * A game roll the player's machine asked for that no command has used yet, or null: made or still
 * being made (a machine that does not open its value, not liking the dice it could work out, cannot
 * roll again either).
 */
function unusedGameRoll(s: NetState, player: PlayerId): string | null {
  const r = Object.values(s.rolls).find((x) => x.by === player && x.label.startsWith(GAME_ROLL) && !s.used?.[x.label]);
  return r?.label ?? null;
}

/** Why a player's command may not draw its dice from this roll, or null. */
function rollFor(s: NetState, player: PlayerId, label: string): string | null {
  const r = s.rolls[label];
  if (!r || !r.dice) return `its dice come from roll "${label}", which both machines have not made.`;
  if (s.used?.[label]) return `roll "${label}" was used by another command already: a roll serves one command.`;
  if (r.by !== player || !label.startsWith(GAME_ROLL)) return `roll "${label}" was not made by Player ${player}'s machine for a command.`;
  return null;
}

/** Takes a link of either list into the state (already judged): a new state, the old one untouched. */
async function take(hash: HashPort, s: NetState, m: Message): Promise<NetState> {
  const b = m.body;
  const p = b.seat;
  const next: NetState = { ...s, logs: { ...s.logs, [p]: [...s.logs[p], m] } };
  if (b.t === 'seal' && p !== s.seat) next.seals = { ...s.seals, [m.n]: { n: m.n, label: b.label, root: b.root, opened: [] } };
  if (b.t === 'open' && p !== s.seat) {
    const seal = s.seals[b.seal]!;
    next.seals = { ...s.seals, [b.seal]: { ...seal, opened: [...seal.opened, { leaf: b.opening.leaf, choice: b.opening.opening.choice }] } };
  }
  if (b.t === 'unseal' && p !== s.seat) next.unsealed = { ...(s.unsealed ?? {}), [b.of]: b.opening.choice };
  if ((b.t === 'cmd' || b.t === 'rolled') && b.roll !== undefined) next.used = { ...(s.used ?? {}), [b.roll]: `${p}${m.n}` };
  if (b.t === 'dice-commit') {
    const r = s.rolls[b.label] ?? { label: b.label, count: b.count, by: p, commitments: {}, openings: {}, dice: null };
    next.rolls = { ...s.rolls, [b.label]: { ...r, commitments: { ...r.commitments, [p]: b.commitment } } };
  }
  if (b.t === 'dice-open') {
    const r = s.rolls[b.label]!;
    const openings = { ...r.openings, [p]: b.opening };
    let dice: number[] | null = null;
    if (openings.A && openings.B && r.commitments.A && r.commitments.B) {
      const v = await checkDiceOpenings(hash, r.commitments as Record<PlayerId, string>, openings as Record<PlayerId, Opening<string>>);
      if (v.ok) dice = await sharedD20s(hash, { A: openings.A.choice, B: openings.B.choice }, b.label, r.count);
    }
    next.rolls = { ...s.rolls, [b.label]: { ...r, openings, dice } };
  }
  return next;
}

/** This machine's own message, added to its list (it judges nothing: this machine wrote it). */
export async function addMine(hash: HashPort, s: NetState, m: Message): Promise<NetState> {
  return take(hash, s, m);
}

export type Received = { ok: true; state: NetState } | { ok: false; state: NetState; message: string };

/**
 * A link of the other player's list: checked as a link of the chain, then for what it says. Refused:
 * the state as it was, with the refusal noted (the message names the link and what is wrong).
 */
export async function receive(hash: HashPort, s: NetState, m: Message): Promise<Received> {
  const from = otherPlayer(s.seat);
  const list = s.logs[from];
  const link: Verdict = await checkNext(hash, list.length, headOf(s, from), m as Link);
  const why = link.ok ? await judge(hash, s, m) : link.message;
  if (why !== null) {
    const message = link.ok ? `Player ${from}'s message ${m.n} is refused: ${why}` : `Player ${from}'s message is refused: ${why}`;
    return { ok: false, state: s.refusals.at(-1) === message ? s : { ...s, refusals: [...s.refusals, message] }, message };
  }
  return { ok: true, state: await take(hash, s, m) };
}

/**
 * NET-4, on (re)connecting: what the room holds of a seat's list against what this machine has
 * accepted. One of the two must begin the other (compared by hash): `extra` are the room's links this
 * machine still lacks (each then checked by `receive`), `missing` the links of this machine's the room
 * lost (a relay that restarted), to be written again.
 */
export function reconcile(s: NetState, seat: PlayerId, room: readonly Message[]): { ok: true; extra: Message[]; missing: Message[] } | { ok: false; message: string } {
  const mine = s.logs[seat];
  const common = Math.min(mine.length, room.length);
  for (let i = 0; i < common; i++) {
    if (room[i]?.hash !== mine[i]!.hash) {
      return { ok: false, message: `Player ${seat}'s list in the room parts from this machine's at message ${i}: the room holds another game from there.` };
    }
  }
  return { ok: true, extra: room.slice(common), missing: mine.slice(common) };
}

/** A fresh dice value for a roll: the message committing to it and the opening to keep until both are in. */
export async function commitDice(hash: HashPort, s: NetState, label: string, count: number): Promise<{ message: Message; opening: Opening<string> }> {
  const { commitment, opening } = await diceValue(hash);
  return { message: await nextLink(hash, s, { t: 'dice-commit', seat: s.seat, label, count, commitment }), opening };
}
