/**
 * Two machines from the page (NET-1): a room is named by a short code; the inviting machine is Player
 * A and plays the game on its table; the invited one (by the link or the code) is Player B and takes
 * the game's setup from A's hello, checked against the hash A's hello names. The relay is the Yjs one
 * (`npx y-websocket-server`); its address comes from the link (`relay=`) or defaults to port 1234 of
 * the page's host.
 *
 * Loaded only by a dynamic import (the Two machines panel), with Yjs behind it.
 */
import { genesis } from '../../core/commit/chain';
import { webCryptoHash } from '../../core/commit/hash';
import { parseGameFile, GameFileError } from '../../core/gamefile';
import type { PlayerId, Setup } from '../../core/model/types';
import type { StorageLike } from '../saves';
import { openRoom, type Room } from './room';
import { createSession, type Session } from './session';

export interface Connection {
  code: string;
  seat: PlayerId;
  room: Room;
  session: Session;
  setup: Setup;
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

/** Invites: opens room `code` as Player A, for the game of `setup`. */
export async function hostRoom(relay: string, code: string, setup: Setup, storage: StorageLike | null): Promise<Connection> {
  const room = openRoom(relay, code);
  const session = await createSession({ hash: webCryptoHash, setup, seat: 'A', transport: room, storage, storageKey: keyOf(code, 'A'), host: true });
  return { code, seat: 'A', room, session, setup };
}

/**
 * Joins room `code` as `seat`: the setup comes from Player A's hello in the room (its hash checked),
 * waiting up to `waitMs` for it. A's own machine coming back after a reload finds its hello there too.
 */
export async function joinRoom(relay: string, code: string, seat: PlayerId, storage: StorageLike | null, waitMs = 20_000): Promise<Connection | { error: string }> {
  const room = openRoom(relay, code);
  const hello = await new Promise<unknown>((resolve) => {
    const look = () => {
      const first = room.list('A')[0];
      if (first) {
        stop();
        clearTimeout(timer);
        resolve(first);
      }
    };
    const stop = room.onChange(look);
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, waitMs);
    look();
  });
  const fail = (error: string) => {
    room.destroy();
    return { error };
  };
  if (!hello) return fail(`Nobody is in room ${code} yet (or the relay at ${relay} cannot be reached): the inviting player opens it first.`);
  const body = (hello as { body?: { t?: string; setup?: unknown; game?: string } }).body;
  if (!body || body.t !== 'hello' || !body.setup || typeof body.game !== 'string') return fail(`Room ${code} does not begin with a game's setup.`);
  try {
    // Checked as a game file would be; played as sent (its hash is over those very bytes).
    parseGameFile({ ...(body.setup as object), commands: [] });
  } catch (e) {
    if (e instanceof GameFileError) return fail(`The game in room ${code} is not one this table can play: setup.${e.message}`);
    throw e;
  }
  if ((await genesis(webCryptoHash, body.setup as Setup)) !== body.game) return fail(`The setup in room ${code} is not the game its hello names: refused.`);
  const setup = body.setup as Setup;
  // NET-3: across two machines every die comes from both; a seeded or hand-entered game is not one to join.
  if (!setup.dice || !('random' in setup.dice)) return fail(`The game in room ${code} does not roll its dice from both machines (its dice are ${JSON.stringify(setup.dice)}): refused.`);
  const session = await createSession({ hash: webCryptoHash, setup, seat, transport: room, storage, storageKey: keyOf(code, seat), host: seat === 'A' });
  return { code, seat, room, session, setup };
}

/** The relay of a page: `relay=` in its address, or port 1234 of its host. */
export function relayOf(location: { search: string; hostname: string; protocol: string }): string {
  const asked = new URLSearchParams(location.search).get('relay');
  if (asked && /^wss?:\/\//.test(asked)) return asked;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.hostname || 'localhost'}:1234`;
}
