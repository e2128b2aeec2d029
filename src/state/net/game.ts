/**
 * The game across two machines (NET-1 to NET-4), on top of a session (session.ts).
 *
 * Both machines play the same commands in the same order: the next command always comes from the
 * machine of the player the game waits for (core/acting.ts `speakerOf`, public fields only), so each
 * machine puts the two lists of messages in one order by itself. A command travels as the core says
 * (core/commit/knowing.ts `travelOf`):
 *
 * - public: as given, `{ t: 'cmd', command }`;
 * - partly private: its projection (each id the other may not know written as its marker id, or left
 *   out) with a SHA-256 commitment to the clear command, `{ t: 'cmd', command: projection, sealed: true,
 *   commitment }`; the clear command and the commitment's salt stay on this machine;
 * - private: not at all. At the end of each of this player's steps and turns a seal covers the private
 *   commands since the last one (none, one or many: the seal's padded leaves keep the count private).
 *
 * Dice come from shared rolls (NET-3): the giving machine asks the other for a roll of as many d20s
 * as the command may draw, and both apply the command with those dice. With each command goes the
 * digest of what both players know after it; the receiver's own state must give the same digest.
 * When a trooper of this player's comes to light (revealed, Discovered, shot at), this machine opens
 * every sealed command and private command that names it, before the command that shows it travels,
 * and the other machine replays its game with them in the clear (each opening checked against its
 * commitment, and for the legality of the choice when it was made).
 *
 * Each machine's game is the one core/commit/knowing.ts builds: its own troopers as they are, the other's
 * by stand-ins until opened. This machine's own secrets are kept in the session's storage, on this machine.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { speakerOf } from '../../core/acting';
import { commit, type Opening } from '../../core/commit/commit';
import type { HashPort } from '../../core/commit/hash';
import { applyWithDice, buildKnown, commonDigest, dryRun, names, newlyKnown, spotsOf, travelOf, type Known, type KnownEntry, type KnownPrivate, type KnownStep } from '../../core/commit/knowing';
import { createGame, isQuery } from '../../core/engine';
import { otherPlayer, type Command, type GameState, type PlayerId, type Setup } from '../../core/model/types';
import type { EngineContext } from '../../core/ports';
import { nameNow } from '../../core/view';
import { GAME_ROLL, MAX_DICE, type Body } from './protocol';
import type { Session } from './session';

/** What this machine keeps of its own game to itself (in its session's storage). */
export interface GameSecrets {
  /** its sealed commands in the clear, by their link number: the opening of each commitment */
  clear: Record<number, Opening<Command>>;
  /** its private commands, in order */
  privates: KnownPrivate[];
  /** how many of them a seal covers already */
  sealed: number;
  /** its seals of private commands: link number, and which private commands in the seal's order */
  seals: Record<number, number[]>;
  /** what it has opened already: sealed links, private commands */
  opened: { links: number[]; privates: number[] };
  /** a command whose shared roll has been asked for and not yet used: its roll's label, and the command's opening */
  pending?: { label: string; opening: Opening<Command> };
}

const NO_SECRETS: GameSecrets = { clear: {}, privates: [], sealed: 0, seals: {}, opened: { links: [], privates: [] } };
/** The label of the seals over a player's private commands (the Two machines panel's own notes have others). */
export const GAME_SEAL_LABEL = 'game:private commands';
const SEAL_LABEL = GAME_SEAL_LABEL;
const CLOSES = new Set(['endStep', 'endTurn']);

export interface NetGameState {
  /** the game as this machine knows it (null before the first build) */
  state: GameState;
  steps: KnownStep[];
  /** which message each entry of the game is: seat and link number */
  order: { seat: PlayerId; n: number }[];
  /** a refusal or a disagreement, for the screen; the game stays as it was */
  error: string | null;
  /** what this machine is doing for the player now (a shared roll, say) */
  busy: string | null;
  /**
   * The other's troopers this machine's game shows by a stand-in's identity now that they are known
   * (a marker just Discovered, before its owner's openings are in): the table waits for the openings.
   */
  unconfirmed: string[];
}

type Good = Extract<Known, { ok: true }>;

export type Submitted = { ok: true } | { ok: false; message: string; rule?: string | null };

export interface NetGame {
  store: StoreApi<NetGameState>;
  /** gives a command of this machine's player */
  submit(cmd: Command): Promise<Submitted>;
  /** takes in what the session holds now (the other's messages, openings) */
  refresh(): Promise<void>;
  /** the player whose machine gives the next command, or null */
  speaker(): PlayerId | null;
  dispose(): void;
}

/** What the game keeps, read from the session's store (none yet: empty). */
function asSecrets(game: unknown): GameSecrets {
  const g = game as GameSecrets | undefined;
  return g && Array.isArray(g.privates) ? g : structuredClone(NO_SECRETS);
}

function secretsOf(session: Session): GameSecrets {
  return asSecrets(session.store.getState().secrets.game);
}

/** The fields a command carries its own dice in (GAME-TURN.md): in a game with random dice, never from the other machine. */
const DICE_FIELDS = ['roll', 'rolls', 'dice', 'saves'];
export function carriesDice(cmd: unknown): boolean {
  return !!cmd && typeof cmd === 'object' && DICE_FIELDS.some((k) => Object.hasOwn(cmd, k));
}

/** The other's private commands, as their opened seals give them (only what has the shape of one). */
function theirPrivates(session: Session, seat: PlayerId, setup: Setup): KnownPrivate[] {
  const other = otherPlayer(seat);
  const out: KnownPrivate[] = [];
  const net = session.store.getState().net;
  for (const seal of Object.values(net.seals)) {
    if (seal.label !== SEAL_LABEL) continue;
    for (const o of seal.opened) {
      const p = o.choice as KnownPrivate | null;
      if (!p || !Number.isInteger(p.after) || !Number.isInteger(p.seq) || !Array.isArray(p.dice) || !p.command || (p.command as { player?: unknown }).player !== other) continue;
      // Its dice are those of the shared roll it names, made by its player's machine for a command.
      const roll = p.roll ? net.rolls[p.roll] : undefined;
      if (p.dice.length > 0 && (!roll || roll.by !== other || !roll.dice || roll.dice.join() !== p.dice.join())) continue;
      if ('random' in setup.dice && carriesDice(p.command)) continue;
      out.push(p);
    }
  }
  return out;
}

export function createNetGame(opts: { session: Session; hash: HashPort; setup: Setup; seat: PlayerId; ctx: EngineContext }): NetGame {
  const { session, hash, setup, seat, ctx } = opts;
  const other = otherPlayer(seat);
  const first = createGame(setup);
  const store = createStore<NetGameState>()(() => ({ state: first, steps: [], order: [], error: null, busy: null, unconfirmed: [] }));
  /** the build the entries so far gave, and what it was built from */
  let built: { known: Good; entries: KnownEntry[]; signature: string } | null = null;
  /** why the latest openings of the other's could not be taken in (the game stays as it was) */
  let openingError: string | null = null;
  /** a command refused, and what the game was built from then: not tried again until that changes */
  let refused: { key: string; message: string } | null = null;

  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const p = queue.then(f);
    queue = p.catch((e: unknown) => store.setState({ error: `Something went wrong: ${(e as Error).message}` }));
    return p;
  };

  /** The entry of a message, as this machine holds it. */
  const entryOf = (from: PlayerId, n: number): KnownEntry | null => {
    const { net } = session.store.getState();
    const b = net.logs[from][n]?.body;
    if (!b || b.t !== 'cmd') return null;
    const dice = b.roll ? (net.rolls[b.roll]?.dice ?? []) : [];
    const base = { by: from, dice, ...(b.digest ? { digest: b.digest } : {}), ...(b.spots ? { spots: b.spots } : {}) };
    if (from === seat) return { ...base, command: b.sealed ? (secretsOf(session).clear[n]?.choice ?? null) : (b.command as unknown as Command) };
    if (!b.sealed) return { ...base, command: b.command as unknown as Command };
    const opened = net.unsealed?.[n];
    return { ...base, command: (opened as Command | undefined) ?? null, projection: b.command as never };
  };

  /** What the game was built from besides the entries: every opening and private command. */
  const signatureOf = () => {
    const { net } = session.store.getState();
    const g = secretsOf(session);
    const opened = Object.values(net.seals).reduce((k, s) => k + s.opened.length, 0);
    return `${Object.keys(net.unsealed ?? {}).length}/${opened}/${g.privates.length}`;
  };

  /** Puts both lists in the game's order, building as it goes; stops at the first that does not hold. */
  const rebuild = async () => {
    const { net } = session.store.getState();
    const privates = [...secretsOf(session).privates, ...theirPrivates(session, seat, setup)];
    const signature = signatureOf();
    let order = store.getState().order;
    let entries: KnownEntry[] = built?.entries ?? [];
    let known: Good | null = built?.known ?? null;
    let error: string | null = null;
    if (!built || built.signature !== signature) {
      // Openings came in (or this machine's own private commands grew): the whole game again.
      const all = order.map((o) => entryOf(o.seat, o.n)!);
      const again = await buildKnown(hash, setup, seat, all, privates, ctx);
      if (again.ok) {
        known = again;
        entries = all;
        openingError = null;
      } else {
        openingError = `This machine cannot take in what Player ${other}'s machine opened: ${again.message}`;
      }
    }
    if (!known) return void store.setState({ error: openingError });
    const used = { A: -1, B: -1 };
    for (const o of order) used[o.seat] = o.n;
    const next = (p: PlayerId) => net.logs[p].findIndex((m, i) => i > used[p] && m.body.t === 'cmd');
    for (;;) {
      const sp = speakerOf(known.state);
      if (sp === null) break;
      const n = next(sp);
      if (n < 0) {
        if (sp === seat && next(other) >= 0) error = `Player ${other}'s machine sent a command while the game waits for Player ${seat}: refused.`;
        break;
      }
      const e = entryOf(sp, n)!;
      const body = net.logs[sp][n]!.body as Extract<Body, { t: 'cmd' }>;
      // Its place in the game: a command given out of turn names another, and is refused for good.
      if (body.at !== entries.length) {
        error = `Player ${sp}'s command (message ${n}) is refused: it was given as command ${String(body.at)} of the game, and the game is at command ${entries.length}.`;
        break;
      }
      // A game with random dice takes dice only from shared rolls, never written into a command.
      if (sp !== seat && setup.dice && 'random' in setup.dice && carriesDice(e.command ?? e.projection)) {
        error = `Player ${sp}'s command (message ${n}) is refused: it brings its own dice, and in this game every die comes from both machines.`;
        break;
      }
      const key = `${sp}${n}/${signature}`;
      if (refused?.key === key) {
        error = refused.message;
        break;
      }
      let more = await buildKnown(hash, setup, seat, [...entries, e], privates, ctx, { k: entries.length, state: known.state, steps: known.steps, standIns: known.standIns });
      // A stand-in chosen earlier may not fit what came since: the whole game again, choosing anew.
      if (!more.ok) more = await buildKnown(hash, setup, seat, [...entries, e], privates, ctx);
      if (!more.ok) {
        error = `Player ${sp}'s command (message ${n}) is refused: ${more.message}`;
        refused = { key, message: error };
        break;
      }
      entries = [...entries, e];
      order = [...order, { seat: sp, n }];
      used[sp] = n;
      known = more;
    }
    built = { known, entries, signature };
    const k = known;
    const unconfirmed = Object.values(k.standIns).filter((id) => nameNow(k.state, id, seat) === id);
    store.setState({ state: known.state, steps: known.steps, order, error: error ?? openingError, unconfirmed });
  };

  /** Opens every sealed and private command of this player's that names a trooper the other now knows. */
  const revealDuty = async (state: GameState) => {
    const lit = Object.keys(state.troopers).filter((id) => state.troopers[id]!.player === seat && nameNow(state, id, other) === id);
    if (lit.length === 0) return;
    const mine = Object.keys(state.troopers).filter((id) => state.troopers[id]!.player === seat);
    // A command is opened once every trooper of this player's it names is known to the other (one that
    // names two markers tells nothing of the second while only the first has come to light).
    const due = (c: unknown) => lit.some((id) => names(c, id)) && mine.every((id) => !names(c, id) || lit.includes(id));
    let g = secretsOf(session);
    for (const [key, opening] of Object.entries(g.clear)) {
      const n = Number(key);
      if (g.opened.links.includes(n) || !due(opening.choice)) continue;
      await session.post({ t: 'unseal', seat, of: n, opening } as Body, (_n, game) => {
        const s = asSecrets(game);
        return { ...s, opened: { ...s.opened, links: [...s.opened.links, n] } };
      });
      g = secretsOf(session);
    }
    const toOpen = g.privates.map((p, i) => [p, i] as const).filter(([p, i]) => !g.opened.privates.includes(i) && due(p.command));
    if (toOpen.length === 0) return;
    if (toOpen.some(([, i]) => i >= g.sealed)) await sealPrivates();
    g = secretsOf(session);
    for (const [, i] of toOpen) {
      const [n, list] = Object.entries(g.seals).find(([, l]) => l.includes(i))!;
      await session.reveal(Number(n), list.indexOf(i));
      g = secretsOf(session);
      session.keepGame({ ...g, opened: { ...g.opened, privates: [...g.opened.privates, i] } });
      g = secretsOf(session);
    }
  };

  /** A seal over the private commands no seal covers yet (perhaps none). */
  const sealPrivates = async () => {
    const g = secretsOf(session);
    const idx = g.privates.map((_, i) => i).slice(g.sealed);
    const n = await session.sealChoices(SEAL_LABEL, idx.map((i) => g.privates[i]!));
    const now = secretsOf(session);
    session.keepGame({ ...now, sealed: now.privates.length, seals: { ...now.seals, [n]: idx } });
  };

  /** Waits until a shared roll's dice are in (both machines opened their values). */
  const diceOf = (label: string) =>
    new Promise<number[]>((resolve) => {
      const look = () => {
        const d = session.store.getState().net.rolls[label]?.dice;
        if (d) {
          stop();
          resolve(d);
        }
      };
      const stop = session.store.subscribe(look);
      look();
    });

  /**
   * Gives a command of this machine's player: judged, its dice rolled with the other machine (the roll
   * bound to the command), applied, sent as it travels. `bound` is the commitment to it, made anew or
   * kept from before a reload (then its roll may be under way already: it is finished, not made again).
   */
  const give = async (cmd: Command, bound: { commitment: string; opening: Opening<Command> }): Promise<Submitted> => {
    const state = store.getState().state;
    const { result: dry, draws } = dryRun(state, cmd, ctx);
    if (!dry.ok) return { ok: false, message: dry.rejection.message, rule: dry.rejection.rule };
    let dice: number[] = [];
    let roll: string | undefined;
    if (draws > 0) {
      roll = `${GAME_ROLL}${bound.commitment}`;
      // Kept before the roll is asked for: after a reload this machine finishes this command with it.
      const g = secretsOf(session);
      session.keepGame({ ...g, pending: { label: roll, opening: bound.opening } });
      store.setState({ busy: `Rolling ${draws} shared ${draws === 1 ? 'die' : 'dice'} with Player ${other}'s machine…` });
      // As many dice as a roll may hold: what a command draws can depend on the dice themselves (a
      // roll-off, INI-2); those it does not draw are dropped.
      if (!session.store.getState().net.rolls[roll]) await session.roll(MAX_DICE, roll);
      dice = await diceOf(roll);
    }
    store.setState({ busy: null });
    const r = applyWithDice(state, cmd, dice, ctx);
    if (!r.ok) return { ok: false, message: r.rejection.message, rule: r.rejection.rule };
    const step = { command: cmd, events: r.events, before: state, after: r.state };
    const travel = travelOf(step);
    const entries = built?.entries.length ?? 0;
    // What this command brings to light of this player's goes out first: the other machine needs it to apply the command.
    await revealDuty(r.state);
    const done = (g: GameSecrets): GameSecrets => {
      const { pending: _p, ...rest } = g;
      return rest;
    };
    if (travel.privacy === 'private') {
      const g = secretsOf(session);
      const seq = g.privates.filter((p) => p.after === entries).length;
      session.keepGame(done({ ...g, privates: [...g.privates, { after: entries, seq, command: cmd, dice, ...(roll ? { roll } : {}) }] }));
      // Its roll is accounted for at once (the command stays sealed with the others).
      if (roll) await session.post({ t: 'rolled', seat, roll, commitment: bound.commitment });
    } else {
      const body: Body = { t: 'cmd', seat, at: entries, command: (travel.privacy === 'partly' ? travel.projection : cmd) as unknown as Record<string, unknown>, ...(roll ? { roll } : {}) };
      if (newlyKnown(state, r.state, other).length === 0) body.digest = await commonDigest(hash, r.state);
      let opening: Opening<Command> | null = null;
      if (travel.privacy === 'partly') {
        opening = bound.opening;
        Object.assign(body, { sealed: true, commitment: bound.commitment, spots: spotsOf(state, r.state, seat) });
      } else if (roll) {
        body.salt = bound.opening.salt;
      }
      await session.post(body, (n, game) => {
        const g = done(asSecrets(game));
        return opening ? { ...g, clear: { ...g.clear, [n]: opening } } : g;
      });
      if (CLOSES.has(cmd.do)) await sealPrivates();
    }
    await rebuild();
    return { ok: true };
  };

  const submit = (cmd: Command) =>
    serial(async (): Promise<Submitted> => {
      await rebuild();
      const state = store.getState().state;
      if (isQuery(cmd)) return { ok: true };
      const sp = speakerOf(state);
      if (sp !== seat) return { ok: false, message: sp === null ? 'The game is over.' : `The game waits for Player ${sp}: their machine gives the next command.` };
      const pending = secretsOf(session).pending;
      if (pending && !session.store.getState().net.used?.[pending.label]) return { ok: false, message: 'This machine is still finishing the command it rolled dice for.' };
      if (store.getState().unconfirmed.length > 0) return { ok: false, message: `Player ${other}'s machine has not yet shown who came to light: wait a moment.` };
      return give(cmd, await commit(hash, cmd));
    });

  const refresh = () =>
    serial(async () => {
      await rebuild();
      await revealDuty(store.getState().state);
      // A command whose roll was under way when this page went away: finished now, with that very roll.
      const pending = secretsOf(session).pending;
      if (pending && !session.store.getState().net.used?.[pending.label] && speakerOf(store.getState().state) === seat) {
        const r = await give(pending.opening.choice, { commitment: pending.label.slice(GAME_ROLL.length), opening: pending.opening });
        if (!r.ok) store.setState({ error: `The command this machine rolled dice for before the reload cannot be given: ${r.message}` });
      }
    });

  const unsubscribe = session.store.subscribe((s, prev) => {
    if (s.net !== prev.net) void refresh();
  });
  void refresh();

  return {
    store,
    submit,
    refresh,
    speaker: () => speakerOf(store.getState().state),
    dispose: unsubscribe,
  };
}
