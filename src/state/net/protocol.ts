/**
 * What two machines say to each other (NET-2 to NET-4), whatever carries it (room.ts puts it on Yjs).
 *
 * Each machine writes only its own seat's list, append-only; every message is a link of a hash chain
 * (core/commit/chain.ts) that starts from the game's setup and the seat, and is **signed** by the
 * seat's key (core/commit/sign.ts; the public key is in the seat's hello, and the inviting seat's in
 * the invitation link). The other machine takes a seat's links one by one, in their chain's order:
 * each must be signed by that seat's key, be the next link (its number, the hash before it, its own
 * hash), and then say something that holds (judge.ts). One that does not is **refused and passed
 * over**: nothing of it is taken in, it is noted once (and the other machine told, `refused`), and
 * the list goes on: a link its seat signed in its place keeps that place, void (so the seat's next
 * link follows it), and anything else (a forgery, a copy, a second message for one number) is
 * dropped. A forged, replayed, changed, malformed or out-of-place message never stops the game.
 *
 * What a message may say (the full list and what is checked of each: judge.ts):
 * - `hello`: the seat, its public key, the hash of the game's setup (the inviting machine sends the
 *   setup, blind: no Lieutenant marked), a commitment to its Lieutenant and the Lieutenant's WIP
 *   (core/commit/lieutenant.ts), its own army list as its open part and one commitment per private slot,
 *   padded to the list limit (PRIV-8, core/commit/listSlots.ts), and (the inviting machine) the time
 *   limit the players set;
 * - `seal`: the root of a seal over a player's private commands, only where the game places one
 *   (after each of its `endStep` and `endTurn`, naming it; or just before it opens one of them);
 * - `open`: one leaf of such a seal, opened (bound to its seal and its place); a leaf is opened once;
 * - `dice-commit` / `dice-open` (NET-3): a roll made of both machines' random values;
 * - `cmd`: a command of the game, in the clear or as its projection with a commitment (game.ts);
 * - `unseal`: the opening of such a commitment, once the rules reveal what it hid;
 * - `rolled`: the shared roll a private command drew its dice from;
 * - `lieutenant`: the opening of the hello's Lieutenant (GRP-4: with the Lieutenant Special Order);
 * - `slot`: one slot of the hello's list opened (PRIV-8), before the command that brings its trooper to light;
 * - `refused`: that this machine refused a message of the other's, and why (both players see it);
 * - `claim`: the player claims the game (the other withheld a command or an opening past the time
 *   limit, or cheated): the game is over, and the closing audit follows;
 * - `disclose`: at the game's end (or a claim), every opening the machine still holds;
 * - `verdict`: the closing audit of the other's game: passed, or the command that failed.
 */
import type { Link } from '../../core/commit/chain';
import { checkNext, genesis, link } from '../../core/commit/chain';
import { checkDiceOpenings, diceValue, sharedD20s } from '../../core/commit/dice';
import type { LeafChoice } from '../../core/commit/fixedSeal';
import { digestOf, isDigest, type HashPort } from '../../core/commit/hash';
import { isPublicKey, verifySignature } from '../../core/commit/sign';
import type { Opening } from '../../core/commit/commit';
import { otherPlayer, type PlayerId, type Setup } from '../../core/model/types';
import { judge } from './judge';
import { GAME_SEAL_LABEL, headOf, type Body, type JudgeContext, type Message, type NetState } from './messages';

export * from './messages';

/** Where a seat's list starts: the game's setup hash and the seat. */
export async function startOf(hash: HashPort, game: string, seat: PlayerId): Promise<string> {
  return digestOf(hash, 'infinity-table/net/2', game, seat);
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
    keys: {},
    bad: {},
  };
}


/** The next link of this machine's own list, signed. */
export async function nextLink(hash: HashPort, s: NetState, body: Body, sign: (h: string) => Promise<string>): Promise<Message> {
  const l = await link(hash, s.logs[s.seat].length, headOf(s, s.seat), body);
  return { ...l, sig: await sign(l.hash) };
}

/** Takes a link of either list into the state (already judged): a new state, the old one untouched. */
async function take(hash: HashPort, s: NetState, m: Message): Promise<NetState> {
  const b = m.body;
  const p = b.seat;
  const next: NetState = { ...s, logs: { ...s.logs, [p]: [...s.logs[p], m] } };
  if (b.t === 'hello') next.keys = { ...(s.keys ?? {}), [p]: b.key };
  if (b.t === 'seal' && p !== s.seat) {
    next.seals = { ...s.seals, [m.n]: { n: m.n, label: b.label, root: b.root, ...(b.closes !== undefined ? { closes: b.closes } : {}), ...(b.early ? { early: true as const } : {}), opened: [] } };
  }
  if (b.t === 'open' && p !== s.seat) {
    const seal = s.seals[b.seal]!;
    const choice = seal.label === GAME_SEAL_LABEL ? (b.opening.opening.choice as LeafChoice) : b.opening.opening.choice;
    next.seals = { ...s.seals, [b.seal]: { ...seal, opened: [...seal.opened, { leaf: b.opening.leaf, choice }] } };
  }
  if (b.t === 'slot' && p !== s.seat) next.slots = { ...(s.slots ?? {}), [b.opening.choice.trooper!.id]: b.opening.choice.slot };
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

export type Received =
  | { ok: true; state: NetState }
  /** refused for good: noted, passed over; `notify` when the other's machine signed it (it is told) */
  | { ok: false; state: NetState; message: string; notify: boolean }
  /** not yet: a later link that came before its turn, or one this machine holds already */
  | { ok: 'skip'; state: NetState };

/** A refused link is known by its hash and its signature: a forgery of a hash does not stand in for the link itself. */
const badKey = (m: Message) => `${m.hash}/${typeof m.sig === 'string' ? m.sig : ''}`;

const isLinkShape = (m: unknown): m is Message => {
  const l = m as Partial<Message> | null;
  return !!l && typeof l === 'object' && Number.isInteger(l.n) && (l.n as number) >= 0 && isDigest(l.prev) && isDigest(l.hash) && !!l.body && typeof l.body === 'object' && typeof (l.body as { t?: unknown }).t === 'string';
};

/**
 * One link of the other player's list, as it stands in the room. Taken (`ok`), refused for good (the
 * state notes why, and the link is passed over from then on), or left for later (`skip`: it comes
 * before its turn, or this machine holds it already).
 */
export async function receive(hash: HashPort, s: NetState, m: Message, ctx: JudgeContext): Promise<Received> {
  const from = otherPlayer(s.seat);
  const list = s.logs[from];
  let notify = false;
  const refuse = (why: string, numbered = true): Received => {
    const n = isLinkShape(m) ? m.n : '?';
    const message = numbered ? `Player ${from}'s message ${n} is refused: ${why}` : `Player ${from}'s message is refused: ${why}`;
    const bad = isLinkShape(m) ? { ...(s.bad ?? {}), [badKey(m)]: message } : (s.bad ?? {});
    return { ok: false, state: { ...s, bad, refusals: s.refusals.at(-1) === message ? s.refusals : [...s.refusals, message].slice(-50) }, message, notify };
  };
  if (!isLinkShape(m)) return refuse('it is not a log entry (number, previous hash, hash, body).', false);
  if (s.bad?.[badKey(m)]) return { ok: 'skip', state: s };
  if (m.n < list.length && list[m.n]!.hash === m.hash) return { ok: 'skip', state: s };
  // Signed by the seat's key: its hello's own, for the hello.
  const known = s.keys?.[from];
  // Until the seat's hello is in, its key is unknown: a later link waits for it.
  if (m.n > 0 && !known) return { ok: 'skip', state: s };
  const key = known ?? (m.body as { key?: unknown }).key;
  if (typeof key !== 'string' || !isPublicKey(key) || !(await verifySignature(key, m.hash, m.sig))) {
    return refuse(`it is not signed by Player ${from}'s machine: a forgery, or a copy changed after it was signed.`);
  }
  if (m.n === 0 && list.length === 0 && ctx.expectKey && !(await ctx.expectKey(key))) return refuse(`its key is not the one the invitation named: another machine took Player ${from}'s seat.`);
  notify = true;
  if (m.n > list.length) return { ok: 'skip', state: s };
  if (m.n < list.length) return refuse(`Player ${from}'s machine signed two different messages as its message ${m.n}: the first one stands.`);
  if (m.prev !== headOf(s, from)) return refuse(`Log entry ${m.n} does not follow this log: it names another entry before it.`, false);
  // Signed by its seat and in its place: from here on it is a link of that seat's list, whatever it
  // says. What does not hold is refused and taken as void (its place kept, nothing of it believed),
  // so the list goes on with the next link.
  let why: string | null;
  let numbered = true;
  try {
    const chained = await checkNext(hash, list.length, headOf(s, from), m as Link);
    if (!chained.ok) {
      why = chained.message;
      numbered = false;
    } else why = await judge(hash, s, m, ctx);
  } catch (e) {
    why = `it is not JSON or is malformed (${(e as Error).message}).`;
  }
  if (why === null) return { ok: true, state: await take(hash, s, m) };
  const refused = refuse(why, numbered);
  if (m.n === 0 || refused.ok !== false) return refused;
  const voided: Message = { n: m.n, prev: m.prev, hash: m.hash, ...(m.sig ? { sig: m.sig } : {}), body: { t: 'void', seat: from, why: refused.message } };
  return { ...refused, state: { ...refused.state, logs: { ...refused.state.logs, [from]: [...list, voided] } } };
}

/** A fresh dice value for a roll: the body committing to it and the opening to keep until both are in. */
export async function commitDice(hash: HashPort, s: NetState, label: string, count: number): Promise<{ body: Body; opening: Opening<string> }> {
  const { commitment, opening } = await diceValue(hash);
  return { body: { t: 'dice-commit', seat: s.seat, label, count, commitment }, opening };
}

