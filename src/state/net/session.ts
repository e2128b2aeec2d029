/**
 * One machine's side of a two-machine session (NET-1 to NET-4), over any transport that keeps one
 * append-only list per seat in a shared room (room.ts: Yjs through its WebSocket relay; tests: a Map).
 *
 * The machine writes only its own seat's list. Whenever the room changes (a message, a reconnect) it
 * reconciles both lists with what it has accepted (protocol.ts `reconcile`): the other seat's new
 * links are checked one by one (`receive`), and a refused one stops that list there, the state as it
 * was; links of its own that the room lost are written again. It keeps its secrets to itself: its dice
 * values until both machines have committed, its seals' openings until it reveals one. It takes part
 * in the other's rolls by itself (commits as soon as it sees theirs, opens once both are in), so
 * neither player can hold a roll back to choose its own value.
 *
 * With a storage, its state and secrets are kept across a reload (its own secrets, in its own
 * browser), so it resumes from its own log (NET-4).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { openSeal, seal, type Opening, type SealKeep } from '../../core/commit/commit';
import type { HashPort } from '../../core/commit/hash';
import { otherPlayer, type PlayerId, type Setup } from '../../core/model/types';
import type { StorageLike } from '../saves';
import { addMine, commitDice, createNetState, nextLink, receive, reconcile, type Body, type Message, type NetState } from './protocol';

export interface Transport {
  /** appends a message to a seat's list in the room */
  append(seat: PlayerId, m: Message): void;
  /** the room's copy of a seat's list, now */
  list(seat: PlayerId): Message[];
  /** calls back whenever the room changes; returns the unsubscribe */
  onChange(cb: () => void): () => void;
}

/** What this machine alone knows: its dice values not yet opened, and its seals' keeps. */
export interface Secrets {
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
  /** rolls `count` shared d20s; resolves with the roll's label */
  roll(count: number, label?: string): Promise<string>;
  /** seals private choices (one leaf each); resolves with the seal's link number */
  sealChoices(label: string, choices: readonly unknown[]): Promise<number>;
  /** opens choice `k` of this machine's seal at link `n` */
  reveal(n: number, k: number): Promise<void>;
  /** sends a message of this machine's (its link number); `keep` is stored with it, in the same write */
  post(body: Body, keep?: (n: number, game: unknown) => unknown): Promise<number>;
  /** replaces what the game keeps to itself */
  keepGame(game: unknown): void;
  /** reads the room again (what a reconnect does) */
  sync(): Promise<void>;
  /** everything queued so far has run */
  idle(): Promise<void>;
  dispose(): void;
}

const STORE_VERSION = 1;

export async function createSession(opts: {
  hash: HashPort;
  setup: Setup;
  seat: PlayerId;
  transport: Transport;
  storage?: StorageLike | null;
  storageKey?: string;
  /** the inviting machine: its hello carries the setup, for the other to play the same game */
  host?: boolean;
}): Promise<Session> {
  const { hash, seat, transport } = opts;
  const key = opts.storageKey ?? null;
  const fresh = await createNetState(hash, opts.setup, seat);
  let initial: SessionState = { net: fresh, secrets: { dice: {}, seals: {} }, error: null };
  if (opts.storage && key) {
    try {
      const raw = opts.storage.getItem(key);
      const kept = raw ? (JSON.parse(raw) as { version: number; game: string; seat: PlayerId; net: NetState; secrets: Secrets }) : null;
      if (kept && kept.version === STORE_VERSION && kept.game === fresh.game && kept.seat === seat) initial = { net: kept.net, secrets: kept.secrets, error: null };
    } catch {
      // An unreadable copy: start from the room's lists.
    }
  }
  const store = createStore<SessionState>()(() => initial);
  const persist = () => {
    if (!opts.storage || !key) return;
    const s = store.getState();
    try {
      opts.storage.setItem(key, JSON.stringify({ version: STORE_VERSION, game: s.net.game, seat, net: s.net, secrets: s.secrets }));
    } catch {
      // Storage full or refused: the session goes on in memory.
    }
  };

  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(f: () => Promise<T>): Promise<T> => {
    const p = queue.then(f);
    queue = p.catch((e: unknown) => store.setState({ error: `Something went wrong: ${(e as Error).message}` }));
    return p;
  };

  const send = async (body: Body) => {
    const net = store.getState().net;
    const m = await nextLink(hash, net, body);
    store.setState({ net: await addMine(hash, net, m) });
    persist();
    transport.append(seat, m);
    return m;
  };

  /** Takes part in the rolls: commits to the other's, opens once both have committed. */
  const play = async () => {
    for (;;) {
      const { net, secrets } = store.getState();
      const rolls = Object.values(net.rolls);
      const toCommit = rolls.find((r) => r.commitments[otherPlayer(seat)] && !r.commitments[seat]);
      if (toCommit) {
        const { message, opening } = await commitDice(hash, net, toCommit.label, toCommit.count);
        store.setState({ secrets: { ...secrets, dice: { ...secrets.dice, [toCommit.label]: opening } } });
        store.setState({ net: await addMine(hash, store.getState().net, message) });
        persist();
        transport.append(seat, message);
        continue;
      }
      const toOpen = rolls.find((r) => r.commitments.A && r.commitments.B && !r.openings[seat] && secrets.dice[r.label]);
      if (toOpen) {
        await send({ t: 'dice-open', seat, label: toOpen.label, other: toOpen.commitments[otherPlayer(seat)]!, opening: secrets.dice[toOpen.label]! });
        continue;
      }
      return;
    }
  };

  const pump = async () => {
    const other = otherPlayer(seat);
    // This machine's list: the room must hold a beginning of it; what it lost is written again.
    const own = reconcile(store.getState().net, seat, transport.list(seat));
    if (!own.ok) {
      store.setState({ error: own.message });
      return;
    }
    if (own.extra.length > 0) {
      store.setState({ error: `The room holds ${own.extra.length} message(s) of Player ${seat}'s that this machine never wrote: another window plays this seat.` });
      return;
    }
    for (const m of own.missing) transport.append(seat, m);
    const theirs = reconcile(store.getState().net, other, transport.list(other));
    if (!theirs.ok) {
      store.setState({ error: theirs.message });
      return;
    }
    if (theirs.missing.length > 0) return; // the room has not caught up with what this machine has seen: wait
    for (const m of theirs.extra) {
      const r = await receive(hash, store.getState().net, m);
      store.setState({ net: r.state, error: r.ok ? store.getState().error : r.message });
      if (!r.ok) break;
    }
    persist();
    await play();
  };

  const unsubscribe = transport.onChange(() => void run(pump));
  await run(async () => {
    if (store.getState().net.logs[seat].length === 0 && transport.list(seat).length === 0) await send({ t: 'hello', seat, game: fresh.game, ...(opts.host ? { setup: structuredClone(opts.setup) } : {}) });
    await pump();
  });

  let rolls = 0;
  return {
    store,
    roll: (count, label) =>
      run(async () => {
        const net = store.getState().net;
        const name = label ?? `${seat}-${net.logs[seat].length}-${++rolls}`;
        const { message, opening } = await commitDice(hash, net, name, count);
        const secrets = store.getState().secrets;
        store.setState({ secrets: { ...secrets, dice: { ...secrets.dice, [name]: opening } } });
        store.setState({ net: await addMine(hash, net, message) });
        persist();
        transport.append(seat, message);
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
    post: (body, keep) =>
      run(async () => {
        const net = store.getState().net;
        const m = await nextLink(hash, net, body);
        if (keep) {
          const secrets = store.getState().secrets;
          store.setState({ secrets: { ...secrets, game: keep(m.n, secrets.game) } });
        }
        store.setState({ net: await addMine(hash, store.getState().net, m) });
        persist();
        transport.append(seat, m);
        return m.n;
      }),
    keepGame: (game) => {
      store.setState({ secrets: { ...store.getState().secrets, game } });
      persist();
    },
    sync: () => run(pump),
    idle: () => run(async () => undefined),
    dispose: unsubscribe,
  };
}
