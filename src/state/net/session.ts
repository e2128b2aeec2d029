/**
 * One machine's side of a two-machine session (NET-1 to NET-4), over any transport that keeps one
 * append-only list per seat in a shared room (room.ts: Yjs through its WebSocket relay; tests: a Map).
 *
 * The machine writes only its own seat's list, every message signed by its seat's key. Whenever the
 * room changes (a message, a reconnect) it reads both lists again: its own messages the room lost
 * are written again; the other seat's links are taken one by one in their chain's order
 * (protocol.ts `receive`), and one that is refused is noted, answered with a `refused` message (when
 * the other's machine signed it), and passed over: the next link that fits is taken, so nothing
 * written into the room can stop the game. It keeps its secrets to itself: its dice values until
 * both machines have committed, its seals' openings until it reveals one, its Lieutenant. It takes
 * part in the other's rolls by itself (commits as soon as it sees theirs, opens once both are in), so
 * neither player can hold a roll back to choose its own value.
 *
 * With a storage, its state and secrets are kept across a reload (sealed under the window's own vault
 * key when it has one: vault.ts), so it resumes from its own log (NET-4).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { commitTo, openSeal, seal, type Opening, type SealKeep } from '../../core/commit/commit';
import type { HashPort } from '../../core/commit/hash';
import { blindSetup, commitLieutenant, lieutenantIn, type LieutenantChoice } from '../../core/commit/lieutenant';
import { commitList, type CommittedList, type ListKeep } from '../../core/commit/listSlots';
import { keyFingerprint, newSeatKeys, signerOf, verifySignature, type SeatKeys } from '../../core/commit/sign';
import { otherPlayer, type PlayerId, type Setup } from '../../core/model/types';
import type { StorageLike } from '../saves';
import { addMine, commitDice, createNetState, nextLink, receive, type Body, type JudgeContext, type Limits, type Message, type NetState } from './protocol';
import { lock, unlock } from './vault';

export interface Transport {
  /** appends a message to a seat's list in the room */
  append(seat: PlayerId, m: Message): void;
  /** the room's copy of a seat's list, now */
  list(seat: PlayerId): Message[];
  /** calls back whenever the room changes; returns the unsubscribe */
  onChange(cb: () => void): () => void;
}

/** What this machine alone knows: its key, its Lieutenant, its dice values not yet opened, and its seals' keeps. */
export interface Secrets {
  keys?: SeatKeys;
  lieutenant?: Opening<LieutenantChoice>;
  /** PRIV-8: the openings of its own list's slots (its hello carries their commitments) */
  list?: ListKeep;
  /** PRIV-8: what its hello carries of its list (kept with the openings, for a hello written again) */
  committed?: CommittedList;
  dice: Record<string, Opening<string>>;
  seals: Record<number, { label: string; keep: SealKeep<unknown> }>;
  /** what the game on top of the session keeps to itself (game.ts): its clear commands, private ones, openings */
  game?: unknown;
}

export interface SessionState {
  net: NetState;
  secrets: Secrets;
  /** the latest refusal or problem, for the screen */
  error: string | null;
}

export interface Session {
  store: StoreApi<SessionState>;
  /** the game's setup as both machines share it: blind (no Lieutenant marked) */
  blind: Setup;
  seat: PlayerId;
  /** rolls `count` shared d20s; resolves with the roll's label */
  roll(count: number, label?: string): Promise<string>;
  /** seals private notes (one leaf each); resolves with the seal's link number */
  sealChoices(label: string, choices: readonly unknown[]): Promise<number>;
  /** opens note `k` of this machine's seal at link `n` */
  reveal(n: number, k: number): Promise<void>;
  /** sends a message of this machine's (its link number); `keep` is stored with it, in the same write */
  post(body: Body, keep?: (n: number, game: unknown) => unknown): Promise<number>;
  /** replaces what the game keeps to itself */
  keepGame(game: unknown): void;
  /** reads the room again (what a reconnect does) */
  sync(): Promise<void>;
  /** everything queued so far has run (and is stored) */
  idle(): Promise<void>;
  /** runs `f` alone, in the session's own queue (what writes links by hand, in the tests, does it there) */
  exclusive<T>(f: () => Promise<T>): Promise<T>;
  dispose(): void;
}

const STORE_VERSION = 2;

/** What a machine says when its seat's list begins with a hello it cannot have written (its key is not here). */
export const SEAT_TAKEN = (seat: PlayerId) =>
  `Player ${seat}'s seat in this room belongs to a machine whose key this window does not hold: come back from that window's own address (it carries the key to its storage).`;

export async function createSession(opts: {
  hash: HashPort;
  /** the game's setup: the full one on the inviting machine (its own Lieutenant read from it), or the blind one */
  setup: Setup;
  seat: PlayerId;
  transport: Transport;
  storage?: StorageLike | null;
  storageKey?: string;
  /** the window's vault key: what is stored is sealed under it (vault.ts) */
  vaultKey?: string;
  /** the inviting machine: its hello carries the (blind) setup and the time limit, for the other to play the same game */
  host?: boolean;
  /** this player's Lieutenant (else the one the setup marks for this seat) */
  lieutenant?: string;
  limits?: Limits;
  /** this seat's key pair, made at the invitation (else one is made, or read back from storage) */
  keys?: SeatKeys;
  /** the other seat's key fingerprint, as the invitation link names it */
  otherKey?: string;
}): Promise<Session> {
  const { hash, seat, transport } = opts;
  const other = otherPlayer(seat);
  const blind = blindSetup(opts.setup);
  const key = opts.storageKey ?? null;
  const fresh = await createNetState(hash, blind, seat);
  let initial: SessionState = { net: fresh, secrets: { dice: {}, seals: {} }, error: null };
  /** whether this machine may write its storage: not over a copy sealed under another window's key */
  let mayWrite = true;
  if (opts.storage && key) {
    try {
      const raw = opts.storage.getItem(key);
      const text = raw && opts.vaultKey ? await unlock(opts.vaultKey, raw) : raw;
      if (raw && text === null) mayWrite = false;
      const kept = text ? (JSON.parse(text) as { version: number; game: string; seat: PlayerId; net: NetState; secrets: Secrets }) : null;
      if (kept && kept.version === STORE_VERSION && kept.game === fresh.game && kept.seat === seat) initial = { net: kept.net, secrets: kept.secrets, error: null };
    } catch {
      // An unreadable copy: start from the room's lists.
    }
  }
  // The seat's keys and Lieutenant: kept from before, or made now.
  const secrets0 = initial.secrets;
  if (!secrets0.keys) secrets0.keys = opts.keys ?? (await newSeatKeys());
  if (!secrets0.lieutenant) {
    const id = opts.lieutenant ?? lieutenantIn(opts.setup, seat);
    if (!id || !blind.players[seat].troopers.some((t) => t.id === id)) throw new Error(`Player ${seat} has no Lieutenant to commit to.`);
    secrets0.lieutenant = (await commitLieutenant(hash, id)).opening;
  }
  if (!secrets0.list || !secrets0.committed) {
    // PRIV-8: this machine's own list, committed slot by slot before its hello goes out.
    const c = await commitList(hash, blind.players[seat]);
    secrets0.list = c.keep;
    secrets0.committed = c.list;
  }
  const myKey = secrets0.keys.publicKey;
  const sign = await signerOf(secrets0.keys);
  const store = createStore<SessionState>()(() => initial);
  const ctx: JudgeContext = {
    setup: blind,
    ...(opts.otherKey ? { expectKey: async (k: string) => (await keyFingerprint(k)) === opts.otherKey } : {}),
  };

  let saving: Promise<unknown> = Promise.resolve();
  const persist = () => {
    if (!opts.storage || !key || !mayWrite) return;
    saving = saving.then(async () => {
      const s = store.getState();
      try {
        const text = JSON.stringify({ version: STORE_VERSION, game: s.net.game, seat, net: s.net, secrets: s.secrets });
        opts.storage!.setItem(key, opts.vaultKey ? await lock(opts.vaultKey, text) : text);
      } catch {
        // Storage full or refused: the session goes on in memory.
      }
    });
  };

  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(f: () => Promise<T>): Promise<T> => {
    const p = queue.then(f);
    queue = p.catch((e: unknown) => store.setState({ error: `Something went wrong: ${(e as Error).message}` }));
    return p;
  };

  const send = async (body: Body, keep?: (n: number, game: unknown) => unknown) => {
    const net = store.getState().net;
    const m = await nextLink(hash, net, body, sign);
    if (keep) {
      const secrets = store.getState().secrets;
      store.setState({ secrets: { ...secrets, game: keep(m.n, secrets.game) } });
    }
    store.setState({ net: await addMine(hash, store.getState().net, m) });
    persist();
    transport.append(seat, m);
    return m;
  };

  /** Takes part in the rolls: commits to the other's, opens once both have committed. */
  const play = async () => {
    for (;;) {
      const { net, secrets } = store.getState();
      const rolls = Object.values(net.rolls);
      const toCommit = rolls.find((r) => r.commitments[other] && !r.commitments[seat]);
      if (toCommit) {
        const { body, opening } = await commitDice(hash, net, toCommit.label, toCommit.count);
        store.setState({ secrets: { ...secrets, dice: { ...secrets.dice, [toCommit.label]: opening } } });
        await send(body);
        continue;
      }
      const toOpen = rolls.find((r) => r.commitments.A && r.commitments.B && !r.openings[seat] && secrets.dice[r.label]);
      if (toOpen) {
        await send({ t: 'dice-open', seat, label: toOpen.label, other: toOpen.commitments[other]!, opening: secrets.dice[toOpen.label]! });
        continue;
      }
      return;
    }
  };

  /** Links in this seat's list of the room that this machine did not write: checked once each. */
  const strangers = new Set<string>();

  const pump = async () => {
    // This machine's list: what the room lost is written again; a link signed with this seat's key
    // that this machine never wrote means another window plays this seat.
    const mine = store.getState().net.logs[seat];
    const mineHashes = new Set(mine.map((m) => m.hash));
    const room = transport.list(seat);
    for (const m of room) {
      const h = (m as Partial<Message> | null)?.hash;
      if (typeof h !== 'string' || mineHashes.has(h) || strangers.has(h)) continue;
      strangers.add(h);
      if (await verifySignature(myKey, h, m.sig)) {
        // Noted; the game goes on (the other machine takes the first message of each number it sees).
        store.setState({ error: `The room holds a message of Player ${seat}'s that this machine never wrote, signed with its key: another window plays this seat.` });
      }
    }
    const inRoom = new Set(room.map((m) => (m as Partial<Message> | null)?.hash));
    for (const m of mine) if (!inRoom.has(m.hash)) transport.append(seat, m);
    // The other's list: taken in chain order, each refused link passed over.
    for (let progress = true; progress; ) {
      progress = false;
      for (const m of transport.list(other)) {
        const r = await receive(hash, store.getState().net, m, ctx);
        if (r.ok === 'skip') continue;
        store.setState({ net: r.state, ...(r.ok ? {} : { error: r.message }) });
        if (r.ok) progress = true;
        else if (r.notify) await send({ t: 'refused', seat, of: m.n, hash: m.hash, why: r.message });
      }
    }
    persist();
    await play();
  };

  const unsubscribe = transport.onChange(() => void run(pump));
  await run(async () => {
    const taken = transport.list(seat).some((m) => (m as Partial<Message> | null)?.n === 0 && (m as Message).body?.t === 'hello');
    if (store.getState().net.logs[seat].length === 0 && taken) {
      store.setState({ error: SEAT_TAKEN(seat) });
    } else if (store.getState().net.logs[seat].length === 0) {
      const own = blind.players[seat].troopers.find((t) => t.id === secrets0.lieutenant!.choice.lieutenant)!;
      const commitment = await commitTo(hash, secrets0.lieutenant!.choice, secrets0.lieutenant!.salt);
      await send({
        t: 'hello',
        seat,
        game: fresh.game,
        key: myKey,
        lieutenant: commitment,
        wip: own.wip,
        list: { ...secrets0.committed!, army: { ...secrets0.committed!.army, lieutenantWip: own.wip } },
        ...(opts.host ? { setup: structuredClone(blind), limits: opts.limits ?? { waitSeconds: 300 } } : {}),
      });
    }
    await pump();
  });

  let rolls = 0;
  return {
    store,
    blind,
    seat,
    roll: (count, label) =>
      run(async () => {
        const net = store.getState().net;
        const name = label ?? `${seat}-${net.logs[seat].length}-${++rolls}`;
        const { body, opening } = await commitDice(hash, net, name, count);
        const secrets = store.getState().secrets;
        store.setState({ secrets: { ...secrets, dice: { ...secrets.dice, [name]: opening } } });
        await send(body);
        return name;
      }),
    sealChoices: (label, choices) =>
      run(async () => {
        const keep = await seal(hash, choices);
        const m = await send({ t: 'seal', seat, label, root: keep.root });
        const secrets = store.getState().secrets;
        store.setState({ secrets: { ...secrets, seals: { ...secrets.seals, [m.n]: { label, keep } } } });
        persist();
        return m.n;
      }),
    reveal: (n, k) =>
      run(async () => {
        const mine = store.getState().secrets.seals[n];
        if (!mine) throw new Error(`link ${n} is not one of this machine's seals`);
        await send({ t: 'open', seat, seal: n, opening: openSeal(mine.keep, k) });
      }),
    post: (body, keep) => run(async () => (await send(body, keep)).n),
    keepGame: (game) => {
      store.setState({ secrets: { ...store.getState().secrets, game } });
      persist();
    },
    sync: () => run(pump),
    idle: () => run(async () => void (await saving)),
    exclusive: (f) => run(f),
    dispose: unsubscribe,
  };
}
