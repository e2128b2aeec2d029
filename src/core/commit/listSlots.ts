/**
 * A player's army list across two machines as Open and Private Information (PRIV-8,
 * docs/rules/private-info.md): its open part (PRIV-1, `openArmy`) goes in the clear in the seat's
 * hello; every trooper the list keeps private (PRIV-2: one that may be fielded unseen) is committed
 * to, one commitment per **slot**, and the slots are padded with committed blanks up to the list
 * limit, so how many private troopers the list holds does not show. The private troopers stand in
 * slots drawn at random (a slot's place tells nothing either).
 *
 * A slot is opened once, when the rules bring its trooper to light (placed as a model, a marker
 * revealed or Discovered, a hidden trooper appearing, a Combat Jump landing): the opening travels
 * before the command that shows the trooper, and the other machine checks it against the slot's
 * commitment. At the closing audit (NET-7) every slot is opened, blanks included, and the whole list
 * must give the open part the hello showed and hold exactly the troopers the slots hid.
 */
import { mayBeUnseen, openArmy, openProfile, type OpenArmy } from '../openList';
import type { PlayerSetup, TrooperProfile } from '../model/types';
import { commit, verifyOpening, type Opening, type Verdict } from './commit';
import { canonical, isDigest, type HashPort } from './hash';

/** PRIV-8: the most troopers an army list holds (an N4 list of 300 points: 15 troopers, working value): the slots are padded to it. */
export const LIST_LIMIT = 15;

/** What one slot's commitment holds: its own number (an opening cannot stand for another slot), and a private trooper or a blank. */
export interface SlotChoice {
  slot: number;
  trooper: TrooperProfile | null;
}

/**
 * What the open part leaves out of the open troopers (their cost, and any field PRIV-1 does not
 * list): their whole profiles, Lieutenant skill left out, in the open part's order, under one
 * commitment opened at the closing audit.
 */
export interface OpenRest {
  troopers: TrooperProfile[];
}

/** What a machine keeps of its own list: every slot's opening, which slot holds each private trooper, and the opening of the open troopers' rest. */
export interface ListKeep {
  openings: Opening<SlotChoice>[];
  slotOf: Record<string, number>;
  rest: Opening<OpenRest>;
}

/** A list as it goes in a hello: its open part, one commitment per slot, and one to the open troopers' rest. */
export interface CommittedList {
  army: OpenArmy;
  slots: string[];
  rest: string;
}

/** What opens a whole list at the closing audit: every slot, and the open troopers' rest. */
export interface ListDisclosure {
  slots: Opening<SlotChoice>[];
  rest: Opening<OpenRest>;
}

/** A profile without the Lieutenant skill: who the Lieutenant is has its own commitment (lieutenant.ts, GRP-4). */
const withoutLieutenant = (t: TrooperProfile): TrooperProfile => ({ ...t, skills: t.skills.filter((s) => s !== 'lieutenant') });

/**
 * PRIV-8: how many slots a list has: the list limit less its open troopers (so the private troopers
 * and the blanks together always fill the list up to the limit); a list over the limit gets one slot
 * per private trooper (its size is no secret then: it is over the limit for everyone to see).
 */
export function slotCount(openTroopers: number, privateTroopers = 0): number {
  return Math.max(LIST_LIMIT - openTroopers, privateTroopers, 0);
}

/** A number below `n` from the machine's random bytes (rejection sampling: every number as likely). */
function below(hash: HashPort, n: number): number {
  const limit = Math.floor(0x10000 / n) * n;
  for (;;) {
    const b = hash.random(2);
    const v = (b[0]! << 8) | b[1]!;
    if (v < limit) return v % n;
  }
}

/**
 * PRIV-8: commits to a list: its open part, and its private troopers (Lieutenant skill left out) in
 * slots drawn at random among the list's slots, the rest blanks. Returns what the hello carries and
 * what the machine keeps.
 */
export async function commitList(hash: HashPort, list: PlayerSetup): Promise<{ list: CommittedList; keep: ListKeep }> {
  const army = openArmy(list);
  const hidden = list.troopers.filter(mayBeUnseen).map(withoutLieutenant);
  const n = slotCount(army.troopers.length, hidden.length);
  // A random order of the slots (Fisher-Yates on the machine's random bytes): the private troopers take the first ones.
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = below(hash, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const inSlot: (TrooperProfile | null)[] = Array.from({ length: n }, () => null);
  const slotOf: Record<string, number> = {};
  hidden.forEach((t, k) => {
    inSlot[order[k]!] = t;
    slotOf[t.id] = order[k]!;
  });
  const slots: string[] = [];
  const openings: Opening<SlotChoice>[] = [];
  for (let i = 0; i < n; i++) {
    const c = await commit<SlotChoice>(hash, { slot: i, trooper: inSlot[i]! });
    slots.push(c.commitment);
    openings.push(c.opening);
  }
  const byOpenOrder = army.troopers.map((o) => withoutLieutenant(list.troopers.find((t) => t.id === o.id)!));
  const rest = await commit<OpenRest>(hash, { troopers: byOpenOrder });
  return { list: { army, slots, rest: rest.commitment }, keep: { openings, slotOf, rest: rest.opening } };
}

/**
 * PRIV-8: one slot's opening checked against the slot commitments a hello carried: it opens the
 * commitment of the slot it names, and holds a private trooper (one the list could keep private,
 * not one of its open troopers). `blankOk`: at the closing audit a blank is an answer too.
 */
export async function checkSlot(hash: HashPort, committed: CommittedList, opening: unknown, what: string, blankOk = false): Promise<Verdict & { slot?: number; trooper?: TrooperProfile | null }> {
  const o = opening as Partial<Opening<Partial<SlotChoice>>> | null;
  const slot = o?.choice?.slot;
  if (!o || typeof o !== 'object' || !o.choice || typeof o.choice !== 'object' || !Number.isInteger(slot) || (slot as number) < 0 || (slot as number) >= committed.slots.length) {
    return { ok: false, message: `${what} names no slot of their list (it has ${committed.slots.length}).` };
  }
  const v = await verifyOpening(hash, committed.slots[slot as number]!, o as Opening, `${what} (slot ${slot})`);
  if (!v.ok) return v;
  const t = o.choice.trooper;
  if (t === null) return blankOk ? { ok: true, slot: slot as number, trooper: null } : { ok: false, message: `${what} (slot ${slot}) opens a blank: only a trooper's slot is opened before the closing audit.` };
  if (!t || typeof t !== 'object' || typeof t.id !== 'string' || !Array.isArray(t.skills)) return { ok: false, message: `${what} (slot ${slot}) holds no trooper's profile.` };
  if (!mayBeUnseen(t)) return { ok: false, message: `${what} (slot ${slot}) holds ${String(t.name)}, who could never be fielded unseen: an open trooper, not a private one (PRIV-2).` };
  if (committed.army.troopers.some((x) => x.id === t.id)) return { ok: false, message: `${what} (slot ${slot}) names ${t.id}, one of the list's open troopers.` };
  return { ok: true, slot: slot as number, trooper: t };
}

/** Whether what a hello carries is a committed list's shape: an open army and slot commitments. */
export function isCommittedList(x: unknown): x is CommittedList {
  const c = x as Partial<CommittedList> | null;
  const a = c?.army as Partial<OpenArmy> | undefined;
  return !!c && typeof c === 'object' && !!a && typeof a === 'object' && typeof a.name === 'string' && Array.isArray(a.troopers) && Array.isArray(c.slots) && c.slots.every(isDigest) && isDigest(c.rest);
}

/**
 * PRIV-8, NET-7: the closing audit of a list: every slot opened (blanks too) and the open troopers'
 * rest, which must be the open part the hello showed; the whole list they make (open troopers, then
 * the private ones in slot order; Lieutenant unmarked) is returned, and it must be the list the game
 * was played with (`played`, in any order), with no more troopers than the limit allows.
 */
export async function checkWholeList(hash: HashPort, committed: CommittedList, disclosure: unknown, played: PlayerSetup, who: string): Promise<(Verdict & { ok: false }) | { ok: true; list: PlayerSetup }> {
  const d = disclosure as Partial<ListDisclosure> | null;
  const openings = d?.slots;
  if (!Array.isArray(openings) || openings.length !== committed.slots.length) {
    return { ok: false, message: `${who} opened ${Array.isArray(openings) ? openings.length : 'none'} of the ${committed.slots.length} slots of their list: every slot is opened at the end, blanks included.` };
  }
  const hid: TrooperProfile[] = [];
  const seen = new Set<number>();
  for (const o of openings) {
    const v = await checkSlot(hash, committed, o, `${who}'s slot opening`, true);
    if (!v.ok) return v;
    if (seen.has(v.slot!)) return { ok: false, message: `${who} opened slot ${v.slot} of their list twice.` };
    seen.add(v.slot!);
    if (v.trooper) hid.push(v.trooper);
  }
  const r = await verifyOpening(hash, committed.rest, d!.rest as Opening, `${who}'s opening of their open troopers' costs`);
  if (!r.ok) return r;
  const open = (d!.rest as Opening<Partial<OpenRest>>).choice?.troopers;
  if (!Array.isArray(open) || !open.every((t) => t && typeof t === 'object' && Array.isArray(t.skills) && Array.isArray(t.weapons) && Array.isArray(t.mov))) return { ok: false, message: `${who}'s open troopers' rest holds no profiles.` };
  if (canonical(open.map(openProfile)) !== canonical(committed.army.troopers)) return { ok: false, message: `${who}'s open troopers, whole, are not the open part their hello showed.` };
  const whole: PlayerSetup = { name: committed.army.name, troopers: [...open, ...hid] };
  if (new Set(whole.troopers.map((t) => t.id)).size !== whole.troopers.length) return { ok: false, message: `${who}'s list names one trooper twice.` };
  const byId = (x: TrooperProfile, y: TrooperProfile) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  const was = played.troopers.map(withoutLieutenant).sort(byId);
  if (openArmy(played).name !== committed.army.name || canonical(openArmy(played).troopers) !== canonical(committed.army.troopers)) {
    return { ok: false, message: `${who}'s list is not the one whose open part their hello showed.` };
  }
  if (canonical(was) !== canonical([...whole.troopers].sort(byId))) {
    return { ok: false, message: `${who}'s slots hid ${hid.length} private trooper(s), and the list the game was played with holds ${played.troopers.filter(mayBeUnseen).length} that differ from them.` };
  }
  return { ok: true, list: whole };
}
