/**
 * Two machines from the page (NET-1): a room is named by a short code; the inviting machine is Player
 * A and plays the game on its table; the invited one (by the link or the code) is Player B and takes
 * the game's setup from A's hello, checked against the hash A's hello names. The setup that travels is
 * blind (no Lieutenant marked, GRP-4): each machine commits to its own Lieutenant in its hello. The
 * inviting seat's key pair is made with the invitation, and the link names its fingerprint, so the
 * joining machine knows A's messages from anyone else's. The relay is the Yjs one (`npm run relay`,
 * or `npx y-websocket-server`); its address comes from the link (`relay=`), the panel, or defaults
 * to port 1234 of the page's host.
 *
 * Loaded only by a dynamic import (the Two machines panel), with Yjs behind it.
 */
import { genesis } from '../../core/commit/chain';
import { webCryptoHash } from '../../core/commit/hash';
import { lieutenantIn } from '../../core/commit/lieutenant';
import { keyFingerprint, newSeatKeys } from '../../core/commit/sign';
import { parseGameFile, GameFileError } from '../../core/gamefile';
import type { PlayerId, Setup } from '../../core/model/types';
import type { StorageLike } from '../saves';
import type { Limits } from './protocol';
import { openRoom, type Room } from './room';
import { createSession, SEAT_TAKEN, type Session } from './session';
import { knownSetup } from './theirs';

export interface Connection {
  code: string;
  seat: PlayerId;
  room: Room;
  session: Session;
  /** the game as this machine plays it: its own Lieutenant marked, the other's a stand-in until opened */
  setup: Setup;
  /** this seat's key fingerprint (the invitation link names the inviting seat's) */
  key: string;
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh room code: 8 characters without look-alikes (0/O, 1/I), from WebCrypto. */
export function newRoomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('');
}

/** Whether a code is one (letters and digits, 4 to 32); the code as typed, upper case. */
export function roomCode(typed: string): string | null {
  const c = typed.trim().toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(c) ? c : null;
}

const keyOf = (code: string, seat: PlayerId) => `infinity-table/net/${code}/${seat}`;

/** The Lieutenant a joining player takes when it names none: the first of its troopers with the highest WIP. */
export function defaultLieutenant(setup: Setup, seat: PlayerId): string {
  const troopers = setup.players[seat].troopers;
  const best = Math.max(...troopers.map((t) => t.wip));
  return troopers.find((t) => t.wip === best)!.id;
}

async function connection(code: string, seat: PlayerId, room: Room, session: Session): Promise<Connection> {
  const net = session.store.getState().net;
  const own = session.store.getState().secrets.lieutenant!.choice.lieutenant;
  const key = await keyFingerprint(session.store.getState().secrets.keys!.publicKey);
  return { code, seat, room, session, setup: knownSetup(session.blind, net, seat, own), key };
}

/** Invites: opens room `code` as Player A, for the game of `setup` (its own Lieutenant read from it). */
export async function hostRoom(relay: string, code: string, setup: Setup, storage: StorageLike | null, opts: { vaultKey?: string; limits?: Limits } = {}): Promise<Connection> {
  const room = openRoom(relay, code, 'A');
  const session = await createSession({
    hash: webCryptoHash,
    setup,
    seat: 'A',
    transport: room,
    storage,
    storageKey: keyOf(code, 'A'),
    host: true,
    keys: await newSeatKeys(),
    ...(lieutenantIn(setup, 'A') ? {} : { lieutenant: defaultLieutenant(setup, 'A') }),
    ...(opts.vaultKey ? { vaultKey: opts.vaultKey } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
  return connection(code, 'A', room, session);
}

/**
 * Joins room `code` as `seat`: the setup comes from Player A's hello in the room (its hash checked, and
 * A's key against the invitation's fingerprint when the link names one), waiting up to `waitMs` for it.
 * A's own machine coming back after a reload finds its hello there too.
 */
export async function joinRoom(
  relay: string,
  code: string,
  seat: PlayerId,
  storage: StorageLike | null,
  opts: { waitMs?: number; otherKey?: string; vaultKey?: string; lieutenant?: string } = {},
): Promise<Connection | { error: string }> {
  const room = openRoom(relay, code, seat);
  const first = await new Promise<unknown>((resolve) => {
    const look = () => {
      const m = room.list('A').find((x) => (x as { n?: unknown })?.n === 0 && (x as { body?: { t?: unknown } }).body?.t === 'hello');
      if (m) {
        stop();
        clearTimeout(timer);
        resolve(m);
      }
    };
    const stop = room.onChange(look);
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, opts.waitMs ?? 20_000);
    look();
  });
  const fail = (error: string) => {
    room.destroy();
    return { error };
  };
  if (!first) return fail(`Nobody is in room ${code} yet (or the relay at ${relay} cannot be reached): the inviting player opens it first.`);
  const body = (first as { body?: { t?: string; setup?: unknown; game?: string; key?: unknown } }).body;
  if (!body || body.t !== 'hello' || !body.setup || typeof body.game !== 'string') return fail(`Room ${code} does not begin with a game's setup.`);
  if (seat === 'B' && opts.otherKey && (typeof body.key !== 'string' || (await keyFingerprint(body.key)) !== opts.otherKey)) {
    return fail(`The game in room ${code} was not opened by the machine that sent the invitation (its key is another): refused.`);
  }
  const blind = body.setup as Setup;
  if ((await genesis(webCryptoHash, blind)) !== body.game) return fail(`The setup in room ${code} is not the game its hello names: refused.`);
  try {
    // Checked as a game file would be (each side's Lieutenant a stand-in for the check); played as sent.
    parseGameFile({ ...knownSetup(blind, { logs: { A: [first], B: [] } } as never, 'B', defaultLieutenant(blind, 'B')), commands: [] });
  } catch (e) {
    if (e instanceof GameFileError) return fail(`The game in room ${code} is not one this table can play: setup.${e.message}`);
    return fail(`The game in room ${code} is not one this table can play.`);
  }
  // NET-3: across two machines every die comes from both; a seeded or hand-entered game is not one to join.
  if (!blind.dice || !('random' in blind.dice)) return fail(`The game in room ${code} does not roll its dice from both machines (its dice are ${JSON.stringify(blind.dice)}): refused.`);
  const session = await createSession({
    hash: webCryptoHash,
    setup: blind,
    seat,
    transport: room,
    storage,
    storageKey: keyOf(code, seat),
    host: seat === 'A',
    lieutenant: opts.lieutenant ?? defaultLieutenant(blind, seat),
    ...(seat === 'B' && opts.otherKey ? { otherKey: opts.otherKey } : {}),
    ...(opts.vaultKey ? { vaultKey: opts.vaultKey } : {}),
  });
  if (session.store.getState().error === SEAT_TAKEN(seat)) {
    session.dispose();
    return fail(SEAT_TAKEN(seat));
  }
  return connection(code, seat, room, session);
}

/** The relay of a page: `relay=` in its address, or port 1234 of its host. */
export function relayOf(location: { search: string; hostname: string; protocol: string }): string {
  const asked = new URLSearchParams(location.search).get('relay');
  if (asked && /^wss?:\/\//.test(asked)) return asked;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.hostname || 'localhost'}:1234`;
}
