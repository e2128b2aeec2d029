/**
 * What a message of the other player's may say (protocol.ts): each kind of body judged against what
 * this machine holds. A message that does not hold is refused with a sentence saying why (null: it
 * holds). What needs the game itself (a command's legality, a private command's place) is judged by
 * the game (game.ts, build.ts); what is judged here is the message's own shape and its place in the
 * lists: seals only where the game places them, openings bound to their seal and leaf, rolls made
 * and used in order, each seat's one hello, one Lieutenant, one claim, one disclosure, one verdict.
 */
import { genesis } from '../../core/commit/chain';
import { commitTo, verifyOpening, verifySealOpening } from '../../core/commit/commit';
import { verifyDisclosure, verifyLeaf } from '../../core/commit/fixedSeal';
import { canonical, isDigest, type HashPort } from '../../core/commit/hash';
import { checkLieutenant } from '../../core/commit/lieutenant';
import { checkSlot, checkWholeList, isCommittedList, slotCount } from '../../core/commit/listSlots';
import { openArmy, privateCount } from '../../core/openList';
import { isPublicKey } from '../../core/commit/sign';
import { otherPlayer, type PlayerId } from '../../core/model/types';
import { CLOSES, GAME_ROLL, GAME_SEAL_LABEL, MAX_DICE, helloOf, type Body, type JudgeContext, type Message, type NetState } from './messages';

const isText = (s: unknown, max: number): s is string => typeof s === 'string' && s.length <= max;
const isIndex = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/** The link of `p`'s latest closing command (`endStep`, `endTurn`) that no seal follows yet, or null. */
export function unsealedClose(s: NetState, p: PlayerId, seals: (n: number) => number | undefined): number | null {
  const list = s.logs[p];
  for (let i = list.length - 1; i >= 0; i--) {
    const b = list[i]!.body;
    if (b.t === 'seal' && b.label === GAME_SEAL_LABEL && b.closes !== undefined) return null;
    if (b.t === 'cmd') return CLOSES.has(String(b.command?.do)) && seals(i) === undefined ? i : null;
  }
  return null;
}

/** A game roll the player's machine asked for that no command has used yet, or null. */
export function unusedGameRoll(s: NetState, player: PlayerId): string | null {
  const r = Object.values(s.rolls).find((x) => x.by === player && x.label.startsWith(GAME_ROLL) && !s.used?.[x.label]);
  return r?.label ?? null;
}

/** Why a player's command may not draw its dice from this roll, or null. */
function rollFor(s: NetState, player: PlayerId, label: unknown): string | null {
  if (typeof label !== 'string') return 'its roll is not named.';
  const r = s.rolls[label];
  if (!r || !r.dice) return `its dice come from roll "${label}", which both machines have not made.`;
  if (s.used?.[label]) return `roll "${label}" was used by another command already: a roll serves one command.`;
  if (r.by !== player || !label.startsWith(GAME_ROLL)) return `roll "${label}" was not made by Player ${player}'s machine for a command.`;
  return null;
}

const has = (s: NetState, p: PlayerId, t: Body['t']) => s.logs[p].some((m) => m.body.t === t);

/** What a body of the other player's says, judged against what this machine holds; null when it holds up. */
export async function judge(hash: HashPort, s: NetState, m: Message, ctx: JudgeContext): Promise<string | null> {
  const from = otherPlayer(s.seat);
  const b = m.body;
  if (!b || typeof b !== 'object' || b.seat !== from) return `it is not written as Player ${from}'s.`;
  if ((m.n === 0) !== (b.t === 'hello')) return m.n === 0 ? 'a list begins with its hello.' : 'a hello comes only first.';
  // An early seal of the game is placed just before it opens one of its leaves: nothing else may come between.
  const before = s.logs[from].at(-1)?.body;
  if (before?.t === 'seal' && before.early && !(b.t === 'open' && b.seal === m.n - 1)) return 'a seal placed before its step ended must be followed at once by the opening of one of its leaves.';
  const sealOf = (n: number) => Object.values(s.seals).find((x) => x.label === GAME_SEAL_LABEL && x.closes === n)?.n;
  switch (b.t) {
    case 'hello': {
      if (b.game !== s.game) return 'it belongs to another game (its setup is not this one).';
      if (!isPublicKey(b.key)) return 'it names no public key to check its messages with.';
      if (!isDigest(b.lieutenant)) return 'it carries no commitment to its Lieutenant.';
      const wips = ctx.setup.players[from].troopers.map((t) => t.wip);
      if (!Number.isInteger(b.wip) || !wips.includes(b.wip)) return `its Lieutenant's WIP, ${String(b.wip)}, is no trooper's of Player ${from}'s army.`;
      const listWhy = checkHelloList(b, ctx, from);
      if (listWhy) return listWhy;
      if (b.limits !== undefined && (!b.limits || !Number.isInteger(b.limits.waitSeconds) || b.limits.waitSeconds < 10 || b.limits.waitSeconds > 86_400)) return 'its time limit is not a number of seconds from 10 to a day.';
      if (b.setup === undefined) return null;
      if (b.setup.players && Object.values(b.setup.players).some((p) => p.troopers?.some((t) => t.skills?.includes('lieutenant')))) return 'its setup names a Lieutenant: that is Private Information (GRP-4).';
      return (await genesis(hash, b.setup)) === s.game ? null : 'the setup it carries is not the game it names.';
    }
    case 'seal': {
      if (!isDigest(b.root)) return 'its seal is not a SHA-256 digest.';
      if (!isText(b.label, 80)) return 'its seal has no proper label.';
      if (b.label !== GAME_SEAL_LABEL) return b.label.startsWith('game:') || b.closes !== undefined || b.early ? 'it is no seal the game places.' : null;
      // The game places a seal after each closing command (naming it), or just before opening one of its leaves.
      if (b.early) return b.closes === undefined ? null : 'a seal is placed early or after a closing command, not both.';
      const due = unsealedClose(s, from, sealOf);
      if (due === null) return 'the game places no seal here: a seal follows a closing command (endStep, endTurn) of its player, once.';
      return b.closes === due ? null : `it names message ${String(b.closes)} as the closing command it follows; that is message ${due}.`;
    }
    case 'open': {
      const seal = isIndex(b.seal) ? s.seals[b.seal] : undefined;
      if (!seal) return `it opens link ${String(b.seal)}, which is not one of Player ${from}'s seals.`;
      if (!b.opening || typeof b.opening !== 'object') return 'it carries no opening.';
      if (seal.opened.some((o) => o.leaf === b.opening.leaf)) return `leaf ${String(b.opening.leaf)} of that seal was opened already.`;
      const what = `the opening of seal "${seal.label}"`;
      const v = seal.label === GAME_SEAL_LABEL ? await verifyLeaf(hash, seal.root, b.opening, what) : await verifySealOpening(hash, seal.root, b.opening, what);
      if (!v.ok) return v.message;
      if (seal.label === GAME_SEAL_LABEL && 'pad' in (b.opening.opening.choice as object)) return `leaf ${b.opening.leaf} is padding: only a private command is opened before the closing audit.`;
      return null;
    }
    case 'dice-commit': {
      if (!isText(b.label, 80) || b.label.length === 0) return 'its roll has no proper label.';
      if (!Number.isInteger(b.count) || b.count < 1 || b.count > MAX_DICE) return `a shared roll is 1 to ${MAX_DICE} dice, not ${String(b.count)}.`;
      if (!isDigest(b.commitment)) return 'its commitment is not a SHA-256 digest.';
      const r = Object.hasOwn(s.rolls, b.label) ? s.rolls[b.label] : undefined;
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
      const r = typeof b.label === 'string' && Object.hasOwn(s.rolls, b.label) ? s.rolls[b.label] : undefined;
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
      if (!isIndex(b.at)) return 'it does not say its place in the game.';
      if (b.sealed !== undefined && b.sealed !== true) return 'it is sealed or not.';
      if (b.sealed && !isDigest(b.commitment)) return 'its sealed command has no commitment (a SHA-256 digest).';
      if (b.digest !== undefined && !isDigest(b.digest)) return 'its digest is not a SHA-256 digest.';
      if (b.spots !== undefined) {
        const ok = b.spots && typeof b.spots === 'object' && !Array.isArray(b.spots) && Object.values(b.spots).every((p) => p && typeof p === 'object' && [p.x, p.y, p.z].every((v) => typeof v === 'number' && Number.isFinite(v)));
        if (!ok) return 'the spots of its markers are not points of the table.';
      }
      const open = unsealedClose(s, from, sealOf);
      if (open !== null) return `its step's seal is missing: a closing command (message ${open}) is followed by its seal before the next command.`;
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
      const sealed = isIndex(b.of) ? s.logs[from][b.of]?.body : undefined;
      if (!sealed || sealed.t !== 'cmd' || !sealed.sealed) return `it opens link ${String(b.of)}, which is not a sealed command of Player ${from}'s.`;
      if (s.unsealed && Object.hasOwn(s.unsealed, String(b.of))) return `link ${b.of} was opened already.`;
      return checkUnseal(hash, from, b.of, sealed, b.opening);
    }
    case 'lieutenant': {
      if (has(s, from, 'lieutenant')) return 'its Lieutenant was opened already.';
      const hello = helloOf(s, from)!;
      const v = await checkLieutenant(hash, ctx.setup, from, hello.lieutenant, hello.wip, b.opening);
      return v.ok ? null : v.message;
    }
    case 'slot': {
      const hello = helloOf(s, from)!;
      const v = await checkSlot(hash, hello.list, b.opening, `Player ${from}'s slot opening`);
      if (!v.ok) return v.message;
      const t = v.trooper!;
      if (Object.values(s.slots ?? {}).includes(v.slot!) || Object.hasOwn(s.slots ?? {}, t.id)) return `slot ${v.slot} of Player ${from}'s list (or ${t.id}'s slot) was opened already.`;
      // Today both machines hold the whole setup (NET-8): the trooper the slot hid must be the one the game plays.
      const played = ctx.setup.players[from].troopers.find((x) => x.id === t.id);
      if (!played || canonical(played) !== canonical(t)) return `slot ${v.slot} of Player ${from}'s list opens a trooper (${t.id}) that is not the one their list holds.`;
      return null;
    }
    case 'refused':
      return isIndex(b.of) && isDigest(b.hash) && isText(b.why, 2000) ? null : 'its refusal does not name a message and why.';
    case 'claim':
      if (b.kind !== 'timeout' && b.kind !== 'cheat') return 'it claims the game for no reason the table knows.';
      if (!isText(b.why, 2000)) return 'its claim does not say why.';
      return has(s, from, 'claim') ? `Player ${from} claimed the game already.` : null;
    case 'disclose': {
      if (has(s, from, 'disclose')) return 'it opens everything a second time.';
      if (!Array.isArray(b.unseals) || !Array.isArray(b.seals)) return 'it does not list its openings.';
      for (const u of b.unseals) {
        const sealed = u && isIndex(u.of) ? s.logs[from][u.of]?.body : undefined;
        if (!sealed || sealed.t !== 'cmd' || !sealed.sealed) return `it opens link ${String(u?.of)}, which is not a sealed command of Player ${from}'s.`;
        const why = await checkUnseal(hash, from, u.of, sealed, u.opening);
        if (why) return why;
      }
      for (const d of b.seals) {
        const seal = d && isIndex(d.seal) ? s.seals[d.seal] : undefined;
        if (!seal || seal.label !== GAME_SEAL_LABEL) return `it opens link ${String(d?.seal)}, which is not one of Player ${from}'s seals of the game.`;
        const v = await verifyDisclosure(hash, seal.root, d, `the opening of Player ${from}'s seal at message ${d.seal}`);
        if (!v.ok) return v.message;
      }
      const hello = helloOf(s, from)!;
      const v = await checkLieutenant(hash, ctx.setup, from, hello.lieutenant, hello.wip, b.lieutenant);
      if (!v.ok) return v.message;
      // PRIV-8, NET-7: every slot of their list opened, blanks too, and the list the game was played with the one they committed to.
      const w = await checkWholeList(hash, hello.list, b.list, ctx.setup.players[from], `Player ${from}`);
      return w.ok ? null : w.message;
    }
    case 'verdict':
      if (typeof b.ok !== 'boolean' || !isText(b.message, 4000)) return 'its verdict does not say whether the audit passed, and why.';
      return has(s, from, 'verdict') ? 'it gives a second verdict.' : null;
    default:
      return 'it is not a message this table knows.';
  }
}

/**
 * PRIV-8: the list a hello carries: an open part and slot commitments, as many slots as the list limit
 * leaves after its open troopers (never a count that tells how many are private), its Lieutenant's WIP
 * the one announced. Today both machines hold the whole setup (NET-8), so the open part must be the
 * one the setup's list gives.
 */
function checkHelloList(b: Extract<Body, { t: 'hello' }>, ctx: JudgeContext, from: PlayerId): string | null {
  if (!isCommittedList(b.list)) return 'it carries no army list (its open part and a commitment per private slot, PRIV-8).';
  const list = ctx.setup.players[from];
  const open = openArmy(list);
  if (b.list.army.name !== open.name || canonical(b.list.army.troopers) !== canonical(open.troopers)) return `the open part of its army list is not that of Player ${from}'s list in the game.`;
  if (b.list.army.lieutenantWip !== b.wip) return 'the open part of its army list names another Lieutenant WIP than its hello.';
  const want = slotCount(open.troopers.length, privateCount(list));
  if (b.list.slots.length !== want) return `its army list has ${b.list.slots.length} private slot(s); a list with ${open.troopers.length} open trooper(s) has ${want}, padded to the limit whatever it holds (PRIV-8).`;
  return null;
}

async function checkUnseal(hash: HashPort, from: PlayerId, of: number, sealed: Extract<Body, { t: 'cmd' }>, opening: unknown): Promise<string | null> {
  const v = await verifyOpening(hash, sealed.commitment!, opening as never, `Player ${from}'s opening of their command at link ${of}`);
  if (!v.ok) return v.message;
  const c = (opening as { choice?: { do?: unknown; player?: unknown } }).choice;
  return c && typeof c === 'object' && c.do === sealed.command.do && c.player === from ? null : `its opening is not a ${String(sealed.command.do)} of Player ${from}'s.`;
}
