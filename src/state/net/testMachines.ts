/**
 * For the tests of two machines (game.test.ts, cheats*.test.ts): two machines over two Yjs documents
 * and a wire, each a session and a game, with a clock the test moves; the example games; and a
 * machine whose messages are edited before they go out (what a dishonest player does to its own
 * machine, driving the project's own modules).
 */
import { readFileSync } from 'node:fs';
import { speakerOf } from '../../core/acting';
import { webCryptoHash as hash, type HashPort } from '../../core/commit/hash';
import { applyWithDice, commonDigest } from '../../core/commit/knowing';
import { isQuery } from '../../core/engine';
import { parseGameFile } from '../../core/gamefile';
import { commandPlayer, type Command, type GameFile, type GameState, type PlayerId, type Setup } from '../../core/model/types';
import type { EngineContext } from '../../core/ports';
import { contextFor } from '../../core/testing/fixtures';
import type { StorageLike } from '../saves';
import { createNetGame, type NetGame } from './game';
import type { Body, Limits } from './protocol';
import { docTransport } from './room';
import { createSession, type Session } from './session';
import { wire } from './testWire';

export const example = (name: string, dice: GameFile['dice'] = { manual: true }): GameFile => {
  const f = parseGameFile(JSON.parse(readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8')));
  return { ...f, dice };
};

/**
 * The machines' random bytes from a fixed stream (their SHA-256 the platform's), so a game with shared
 * dice takes the same course on every run: a test that follows the dice must not pass or fail by luck.
 */
export function seededHash(seed: number): HashPort {
  let x = seed >>> 0 || 1;
  return {
    sha256: (d) => hash.sha256(d),
    random(n) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        x ^= x << 13;
        x >>>= 0;
        x ^= x >>> 17;
        x ^= x << 5;
        x >>>= 0;
        out[i] = x & 0xff;
      }
      return out;
    },
  };
}

export interface Machines {
  w: ReturnType<typeof wire>;
  ctx: EngineContext;
  setup: Setup;
  sessions: Record<PlayerId, Session>;
  games: Record<PlayerId, NetGame>;
  hashes: Record<PlayerId, HashPort>;
  /** the machines' clock (ms): the test moves it */
  clock: { now: number };
  settle(): Promise<void>;
  /** a machine's game made again from its session (a reload of the game on top of the same session) */
  restart(p: PlayerId): void;
  /** a machine's game stops (its session still answers the shared rolls): what is sent for it from here on is written by hand */
  silence(p: PlayerId): void;
}

export async function machines(
  setup: Setup,
  opts: { storage?: StorageLike; seeds?: [number, number]; limits?: Limits; lieutenants?: Partial<Record<PlayerId, string>> } = {},
): Promise<Machines> {
  const w = wire();
  const ctx = contextFor(setup);
  const clock = { now: 1_000_000 };
  const hashes: Record<PlayerId, HashPort> = { A: opts.seeds ? seededHash(opts.seeds[0]) : hash, B: opts.seeds ? seededHash(opts.seeds[1]) : hash };
  const sa = await createSession({
    hash: hashes.A,
    setup,
    seat: 'A',
    transport: docTransport(w.a),
    host: true,
    ...(opts.limits ? { limits: opts.limits } : {}),
    ...(opts.lieutenants?.A ? { lieutenant: opts.lieutenants.A } : {}),
    ...(opts.storage ? { storage: opts.storage, storageKey: 'a' } : {}),
  });
  const sb = await createSession({ hash: hashes.B, setup, seat: 'B', transport: docTransport(w.b), ...(opts.lieutenants?.B ? { lieutenant: opts.lieutenants.B } : {}) });
  const sessions: Record<PlayerId, Session> = { A: sa, B: sb };
  const make = (p: PlayerId) => createNetGame({ session: sessions[p], hash: hashes[p], seat: p, ctx, now: () => clock.now });
  const games: Record<PlayerId, NetGame> = { A: make('A'), B: make('B') };
  const m: Machines = {
    w,
    ctx,
    setup,
    sessions,
    games,
    hashes,
    clock,
    settle: () => settle(sessions, games),
    restart(p) {
      games[p].dispose();
      games[p] = make(p);
    },
    silence(p) {
      const g = games[p];
      g.dispose();
      games[p] = { ...g, refresh: async () => undefined };
    },
  };
  await m.settle();
  return m;
}

/** Lets both machines run until neither has anything left to do. */
export async function settle(sessions: Record<PlayerId, Session>, games: Record<PlayerId, NetGame>) {
  for (let i = 0; i < 8; i++) {
    await Promise.all([sessions.A.sync(), sessions.B.sync()]);
    await Promise.all([sessions.A.idle(), sessions.B.idle()]);
    await Promise.all([games.A.refresh(), games.B.refresh()]);
  }
}

/** Plays commands, each from the machine of the player who gives it; every one must be taken. Returns the game on one machine with the same dice. */
export async function play(m: Machines, commands: readonly Command[], truth: GameState): Promise<GameState> {
  const queue = commands.filter((c) => !isQuery(c));
  while (queue.length > 0) {
    // In the keepers' choices the two machines take them winner first (core/acting.ts): a file may list them the other way.
    const first = truth.phase === 'choices' ? queue.findIndex((c) => commandPlayer(c) === speakerOf(truth)) : 0;
    const cmd = queue.splice(Math.max(0, first), 1)[0]!;
    const seat = commandPlayer(cmd) ?? speakerOf(truth)!;
    const r = await m.games[seat].submit(cmd);
    if (!r.ok) throw new Error(`${cmd.do} of ${seat} refused: ${r.message}`);
    await m.settle();
    const t = applyWithDice(truth, cmd, [], m.ctx);
    if (!t.ok) throw new Error(t.rejection.message);
    truth = t.state;
  }
  return truth;
}

/** A machine whose messages are edited before they go out: `edit` returns the body to send, or null to send nothing. */
export function editing(session: Session, edit: (body: Body) => Body | null): () => void {
  const post = session.post;
  session.post = (body, keep) => {
    const out = edit(body);
    return out === null ? Promise.resolve(-1) : post(out, keep);
  };
  return () => {
    session.post = post;
  };
}

/** The digest of what both players know after `cmd` on `state` (what a machine sends with it). */
export async function digestAfter(state: GameState, cmd: Command, ctx: EngineContext): Promise<string> {
  const r = applyWithDice(state, cmd, [], ctx);
  if (!r.ok) throw new Error(r.rejection.message);
  return commonDigest(hash, r.state);
}

/** Where the game stands on a machine now: how many commands it took. */
export const taken = (m: Machines, p: PlayerId) => m.games[p].store.getState().order.length;

/**
 * A message written into a seat's list by hand, as a machine that edits its own messages would write
 * it, its body anything at all (a value JSON does not have, say): chained after its last, signed with
 * its key, added to its own log and to the room. `hashOf` gives its hash when the body has none.
 */
export async function rawPost(m: Machines, p: PlayerId, body: unknown, hashOf?: string): Promise<number> {
  const { linkHash } = await import('../../core/commit/chain');
  const { signerOf } = await import('../../core/commit/sign');
  const { addMine, headOf } = await import('./protocol');
  const s = m.sessions[p];
  // In the session's own queue, as its own messages are written: nothing it takes in meanwhile is lost.
  return s.exclusive(async () => {
    const net = s.store.getState().net;
    const n = net.logs[p].length;
    const prev = headOf(net, p);
    const h = hashOf ?? (await linkHash(m.hashes[p], n, prev, body));
    const link = { n, prev, hash: h, body, sig: await (await signerOf(s.store.getState().secrets.keys!))(h) } as never;
    s.store.setState({ net: await addMine(m.hashes[p], s.store.getState().net, link) });
    (p === 'A' ? m.w.a : m.w.b).getArray(p).push([link]);
    return n;
  });
}
