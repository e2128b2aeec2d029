/**
 * The game across two machines (NET-1 to NET-4), on top of a session (session.ts).
 *
 * Both machines play the same commands in the same order: the next command always comes from the
 * machine of the player the game waits for (core/acting.ts `speakerOf`, public fields only), so each
 * machine puts the two lists of messages in one order by itself. A command travels as the core says
 * (core/commit/knowing.ts `travelOf`): public, as given; partly private, as its projection with a
 * commitment to the clear command; private, not at all (a seal after each of this player's steps and
 * turns covers them: mine.ts). With each command goes the digest of what both players know after it.
 *
 * Each machine's game is the one core/commit/build.ts builds: its own troopers as they are, the other's
 * by stand-ins until opened, its own Lieutenant and a stand-in for theirs (core/commit/lieutenant.ts).
 * A command of the other's that does not hold (out of its place, out of turn, illegal, a secret taken
 * without its opening, malformed) is refused for good, noted, answered with `refused`, and passed
 * over: the game goes on with the next. The game ends by the rules or by a claim (one player waited
 * past the time limit for the other's command or opening, or claims the other cheated); then both
 * machines open everything and audit each other's game (audit.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { speakerOf } from '../../core/acting';
import { buildKnown } from '../../core/commit/build';
import { commit, type Opening } from '../../core/commit/commit';
import type { HashPort } from '../../core/commit/hash';
import { applyWithDice, commonDigest, dryRun, newlyKnown, PRIVATE_CHOICE, spotsOf, travelOf, type Known, type KnownEntry, type KnownStep } from '../../core/commit/knowing';
import { createGame, isQuery } from '../../core/engine';
import { otherPlayer, type Command, type GameState, type PlayerId, type Setup } from '../../core/model/types';
import type { EngineContext } from '../../core/ports';
import { mayBeUnseen } from '../../core/openList';
import { nameNow } from '../../core/view';
import { auditTheirs, type Verdict } from './audit';
import { asSecrets, closeWithoutSeal, disclosure, MAX_PRIVATES, revealDuty, sealPrivates, secretsOf, type GameSecrets } from './mine';
import { CLOSES, GAME_ROLL, MAX_DICE, limitsOf, type Body } from './protocol';
import type { Session } from './session';
import { carriesDice, knownSetup, sealSpans, theirLieutenant, theirPrivates } from './theirs';
import { owedBy, PRIVATE_CHOICES_OWED } from './waiting';

export { GAME_SEAL_LABEL } from './protocol';
export { carriesDice } from './theirs';
export type { GameSecrets } from './mine';

/** The game's end: by the rules or a claim, and the closing audit both ways. */
export interface Closing {
  reason: 'end' | 'claim';
  claim?: { by: PlayerId; kind: 'timeout' | 'cheat'; why: string };
  /** this machine's audit of the other's game (null until their openings are in) */
  theirs: Verdict | null;
  /** the other machine's audit of this player's game (null until their verdict is in) */
  mine: Verdict | null;
}

export interface NetGameState {
  /** the game as this machine knows it */
  state: GameState;
  steps: KnownStep[];
  /** which message each entry of the game is: seat and link number */
  order: { seat: PlayerId; n: number }[];
  /** a refusal or a disagreement, for the screen; the game goes on */
  error: string | null;
  /** what this machine is doing for the player now (a shared roll, say) */
  busy: string | null;
  /**
   * The other's troopers this machine's game shows by a stand-in's identity now that they are known
   * (a marker just Discovered, before its owner's openings are in): the table waits for the openings.
   */
  unconfirmed: string[];
  /** what this machine waits for from the other's, and since when (this machine's clock, ms); `key` names the wait */
  waiting: { what: string; since: number; key: string } | null;
  /** the other's commands refused for good, by link number, and why */
  refused: Record<number, string>;
  closing: Closing | null;
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
  /** claims the game: `timeout` once the other has kept this machine waiting past the limit, `cheat` at any time */
  claim(kind: 'timeout' | 'cheat', why?: string): Promise<Submitted>;
  /** whether the wait is past the players' limit now */
  claimable(): boolean;
  /** the players' limit, in seconds */
  limitSeconds(): number;
  dispose(): void;
}

export function createNetGame(opts: { session: Session; hash: HashPort; seat: PlayerId; ctx: EngineContext; setup?: Setup; now?: () => number }): NetGame {
  const { session, hash, seat, ctx } = opts;
  const now = opts.now ?? (() => Date.now());
  const other = otherPlayer(seat);
  const blind = session.blind;
  const own = session.store.getState().secrets.lieutenant!.choice.lieutenant;
  const setupNow = () => knownSetup(blind, session.store.getState().net, seat, own);
  const random = 'random' in blind.dice;
  const store = createStore<NetGameState>()(() => ({
    state: createGame(setupNow()),
    steps: [],
    order: [],
    error: null,
    busy: null,
    unconfirmed: [],
    waiting: null,
    refused: {},
    closing: null,
  }));
  /** the build the entries so far gave, and what it was built from */
  let built: { known: Good; entries: KnownEntry[]; signature: string } | null = null;
  /** why the latest openings of the other's could not be taken in (the game stays as it was) */
  let openingError: string | null = null;
  /** commands refused for good: by `${seat}:${n}` */
  const refusedCmds = new Map<string, string>();
  /** a command of this machine's waiting for its dice (given now, or before a reload) */
  let rolling = false;
  /** the other's opened leaves not taken, by `${seal}/${leaf}` */
  const leftLeaves = new Map<string, string>();

  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const p = queue.then(f);
    queue = p.catch((e: unknown) => store.setState({ error: `Something went wrong: ${(e as Error).message}` }));
    return p;
  };

  /** Tells the other machine its message was refused (once), and notes it. */
  const refuseTheirs = async (n: number, why: string) => {
    const net = session.store.getState().net;
    const m = net.logs[other][n];
    refusedCmds.set(`${other}:${n}`, why);
    store.setState({ refused: { ...store.getState().refused, [n]: why } });
    if (m && !net.logs[seat].some((x) => x.body.t === 'refused' && x.body.hash === m.hash)) await session.post({ t: 'refused', seat, of: n, hash: m.hash, why });
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

  /** The other's private commands this machine takes: its opened leaves that hold, each refused once otherwise. */
  const privatesNow = async () => {
    const { net } = session.store.getState();
    const spans = sealSpans(net, other);
    const theirs = await theirPrivates(hash, net, seat, spans, random);
    for (const t of theirs) {
      const key = `${t.seal}/${t.leaf}`;
      if (t.ok || leftLeaves.has(key)) continue;
      leftLeaves.set(key, t.why);
      const at = net.logs[other].findIndex((m) => m.body.t === 'open' && m.body.seal === t.seal && m.body.opening?.leaf === t.leaf);
      if (at >= 0) await refuseTheirs(at, `Player ${other}'s opening of leaf ${t.leaf} of their seal at message ${t.seal} is not taken: ${t.why}`);
    }
    return [...secretsOf(session).privates, ...theirs.flatMap((t) => (t.ok ? [t.p] : []))];
  };

  const claims = () => {
    const { net } = session.store.getState();
    return (['A', 'B'] as PlayerId[]).flatMap((p) => net.logs[p].flatMap((m) => (m.body.t === 'claim' ? [{ by: p, kind: m.body.kind, why: m.body.why }] : [])));
  };

  /** PRIV-8: a trooper of the other's their list keeps private (in a slot) whose slot they have not opened. */
  const hidesInSlot = (id: string) => {
    const t = blind.players[other].troopers.find((x) => x.id === id);
    return !!t && mayBeUnseen(t) && !Object.hasOwn(session.store.getState().net.slots ?? {}, id);
  };

  /** Puts both lists in the game's order, building as it goes; a command that does not hold is refused and passed over. */
  const rebuild = async () => {
    // A command of this machine's that the other refused is not in the game: the game goes back to
    // before it (and this player gives another), so both machines keep one game.
    const vetoed = session.store.getState().net.logs[other].flatMap((m) => (m.body.t === 'refused' && session.store.getState().net.logs[seat][m.body.of]?.hash === m.body.hash ? [m.body] : []));
    for (const v of vetoed) {
      if (refusedCmds.has(`${seat}:${v.of}`)) continue;
      refusedCmds.set(`${seat}:${v.of}`, v.why);
      const at = store.getState().order.findIndex((o) => o.seat === seat && o.n === v.of);
      if (at >= 0) {
        store.setState({ order: store.getState().order.slice(0, at) });
        built = null;
      }
    }
    const privates = await privatesNow();
    const { net } = session.store.getState();
    const setup = setupNow();
    const rules = { lieutenantOpen: theirLieutenant(net, seat) !== null };
    const signature = `${Object.keys(net.unsealed ?? {}).length}/${privates.length}/${rules.lieutenantOpen}`;
    let order = store.getState().order;
    let entries: KnownEntry[] = built?.entries ?? [];
    let known: Good | null = built?.known ?? null;
    if (!built || built.signature !== signature) {
      // Openings came in (or this machine's own private commands grew): the whole game again.
      const all = order.map((o) => entryOf(o.seat, o.n)!);
      const again = await buildKnown(hash, setup, seat, all, privates, ctx, undefined, 2000, rules);
      if (again.ok) {
        known = again;
        entries = all;
        openingError = null;
      } else {
        openingError = `This machine cannot take in what Player ${other}'s machine opened: ${again.message}`;
      }
    }
    if (!known) {
      const first = await buildKnown(hash, setup, seat, [], privates, ctx, undefined, 2000, rules);
      if (!first.ok) return void store.setState({ error: openingError ?? first.message });
      known = first;
      entries = [];
    }
    const used = { A: -1, B: -1 };
    for (const o of order) used[o.seat] = o.n;
    const next = (p: PlayerId) => net.logs[p].findIndex((m, i) => i > used[p] && m.body.t === 'cmd' && !refusedCmds.has(`${p}:${i}`));
    const over = () => claims().length > 0;
    for (;;) {
      const sp = over() ? null : speakerOf(known.state);
      if (sp === null || next(sp) < 0) {
        // Nothing of the other's fits now: a command of theirs is out of turn (or after the game's end).
        for (let n = next(other); n >= 0 && (sp !== other); n = next(other)) {
          await refuseTheirs(n, `Player ${other}'s command (message ${n}) is refused: ${sp === null ? 'the game is over' : `the game waits for Player ${seat}`}; it was given out of turn.`);
        }
        break;
      }
      const n = next(sp);
      const e = entryOf(sp, n)!;
      const body = net.logs[sp][n]!.body as Extract<Body, { t: 'cmd' }>;
      const refuse = async (why: string) => {
        if (sp === other) await refuseTheirs(n, `Player ${sp}'s command (message ${n}) is refused: ${why}`);
        else refusedCmds.set(`${sp}:${n}`, why);
      };
      // Its place in the game: a command given out of turn names another, and is refused for good.
      if (body.at !== entries.length) {
        await refuse(`it was given as command ${String(body.at)} of the game, and the game is at command ${entries.length}.`);
        continue;
      }
      // A game with random dice takes dice only from shared rolls, never written into a command.
      if (sp !== seat && random && carriesDice(e.command ?? e.projection)) {
        await refuse('it brings its own dice, and in this game every die comes from both machines.');
        continue;
      }
      let more = await buildKnown(hash, setup, seat, [...entries, e], privates, ctx, { k: entries.length, state: known.state, steps: known.steps, standIns: known.standIns }, 2000, rules);
      // A stand-in chosen earlier may not fit what came since: the whole game again, choosing anew.
      if (!more.ok) more = await buildKnown(hash, setup, seat, [...entries, e], privates, ctx, undefined, 2000, rules);
      if (!more.ok) {
        await refuse(more.message);
        continue;
      }
      // PRIV-8: a private trooper of theirs their own command brings to light comes with its slot's opening.
      const unopened = sp === other ? newlyKnown(known.state, more.state, other).filter((id) => hidesInSlot(id)) : [];
      if (unopened.length > 0) {
        await refuse(`it brings ${unopened.join(', ')} to light, and Player ${other}'s machine has not opened that trooper's slot in their army list (PRIV-8).`);
        continue;
      }
      entries = [...entries, e];
      order = [...order, { seat: sp, n }];
      used[sp] = n;
      known = more;
    }
    built = { known, entries, signature };
    const k = known;
    const unconfirmed = Object.values(k.standIns).filter((id) => nameNow(k.state, id, seat) === id);
    // PRIV-8: a private trooper of theirs this machine's command brought to light waits for its slot's opening.
    for (const id of Object.keys(k.state.troopers)) if (k.state.troopers[id]!.player === other && nameNow(k.state, id, seat) === id && hidesInSlot(id) && !unconfirmed.includes(id)) unconfirmed.push(id);
    // MIS-12, MIS-17: the game's end scored on the other's private choices still sealed here (their
    // classified objective, their Lieutenant): shown once their machine's openings are in.
    const guessed = entries.some((e) => e.by === other && e.command === null && !!PRIVATE_CHOICE[e.projection?.do as Command['do']]) || theirLieutenant(net, seat) === null;
    if (k.state.score?.result && guessed) unconfirmed.push(PRIVATE_CHOICES_OWED);
    const theirRefusal = [...net.logs[other]].reverse().find((m) => m.body.t === 'refused');
    const refusedMine = theirRefusal && theirRefusal.body.t === 'refused' ? `Player ${other}'s machine refused this machine's message ${theirRefusal.body.of}: ${theirRefusal.body.why}` : null;
    const lastRefused = [...refusedCmds.entries()].filter(([key]) => key.startsWith(`${other}:`)).at(-1)?.[1] ?? null;
    store.setState({ state: known.state, steps: known.steps, order, error: openingError ?? lastRefused ?? refusedMine, unconfirmed });
  };

  /** Waits until a shared roll's dice are in (both machines opened their values); null once the game is over (a claim). */
  const diceOf = (label: string) =>
    new Promise<number[] | null>((resolve) => {
      const look = () => {
        const d = session.store.getState().net.rolls[label]?.dice;
        if (d || claims().length > 0) {
          stop();
          resolve(d ?? null);
        }
      };
      const stop = session.store.subscribe(look);
      look();
    });

  /**
   * Gives a command of this machine's player: judged, its dice rolled with the other machine (the roll
   * bound to the command), applied, sent as it travels, its openings first. `bound` is the commitment
   * to it, made anew or kept from before a reload (then its roll may be under way already).
   */
  const give = async (cmd: Command, bound: { commitment: string; opening: Opening<Command> }): Promise<Submitted | { roll: string }> => {
    const state = store.getState().state;
    const { result: dry, draws } = dryRun(state, cmd, ctx);
    if (!dry.ok) return { ok: false, message: dry.rejection.message, rule: dry.rejection.rule };
    const dryTravel = travelOf({ command: dry.command, events: dry.events, before: state, after: dry.state });
    const g0 = secretsOf(session);
    if (dryTravel.privacy === 'private' && g0.privates.length - g0.sealed >= MAX_PRIVATES) {
      return { ok: false, message: `A step holds at most ${MAX_PRIVATES} private commands across two machines: end the step, or place the troopers you have.` };
    }
    if (draws > 0) {
      const roll = `${GAME_ROLL}${bound.commitment}`;
      // Kept before the roll is asked for: after a reload this machine finishes this command with it.
      session.keepGame({ ...secretsOf(session), pending: { label: roll, opening: bound.opening } });
      store.setState({ busy: `Rolling ${draws} shared ${draws === 1 ? 'die' : 'dice'} with Player ${other}'s machine…` });
      // As many dice as a roll may hold: what a command draws can depend on the dice themselves (a
      // roll-off, INI-2); those it does not draw are dropped.
      if (!session.store.getState().net.rolls[roll]) await session.roll(MAX_DICE, roll);
      watch();
      rolling = true;
      return { roll };
    }
    return finish(cmd, bound, [], undefined);
  };

  /** The command applied with its dice, and sent (its openings first). */
  const finish = async (cmd: Command, bound: { commitment: string; opening: Opening<Command> }, dice: number[], roll: string | undefined): Promise<Submitted> => {
    store.setState({ busy: null });
    const state = store.getState().state;
    const r = applyWithDice(state, cmd, dice, ctx);
    if (!r.ok) return { ok: false, message: r.rejection.message, rule: r.rejection.rule };
    const travel = travelOf({ command: cmd, events: r.events, before: state, after: r.state });
    const entries = built?.entries.length ?? 0;
    // What this command brings to light of this player's goes out first: the other machine takes it only with its openings.
    await revealDuty(hash, session, r.state);
    const done = (g: GameSecrets): GameSecrets => {
      const { pending: _p, ...rest } = g;
      return rest;
    };
    if (travel.privacy === 'private') {
      const g = secretsOf(session);
      const seq = g.privates.filter((p) => p.after === entries).length;
      session.keepGame(done({ ...g, privates: [...g.privates, { after: entries, seq, command: cmd, dice, ...(roll ? { roll, salt: bound.opening.salt } : {}) }] }));
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
      const n = await session.post(body, (n, game) => {
        const g = done(asSecrets(game));
        return opening ? { ...g, clear: { ...g.clear, [n]: opening } } : g;
      });
      if (CLOSES.has(cmd.do)) await sealPrivates(hash, session, n);
    }
    await rebuild();
    return { ok: true };
  };

  const gameOver = () => claims().length > 0;

  /**
   * A command that rolls dice waits for them outside the game's queue (the machine goes on taking in
   * what comes meanwhile, and a claim can end the wait), then is applied and sent in it.
   */
  const afterRoll = async (cmd: Command, bound: { commitment: string; opening: Opening<Command> }, roll: string): Promise<Submitted> => {
    try {
      const dice = await diceOf(roll);
      if (!dice) {
        store.setState({ busy: null });
        return { ok: false, message: 'The game is over: a player claimed it.' };
      }
      return await serial(() => finish(cmd, bound, dice, roll));
    } finally {
      rolling = false;
    }
  };

  const submit = async (cmd: Command): Promise<Submitted> => {
    let bound: { commitment: string; opening: Opening<Command> } | null = null;
    const r = await serial(async (): Promise<Submitted | { roll: string }> => {
      await rebuild();
      const state = store.getState().state;
      if (isQuery(cmd)) return { ok: true };
      if (gameOver()) return { ok: false, message: 'The game is over: a player claimed it.' };
      const sp = speakerOf(state);
      if (sp !== seat) return { ok: false, message: sp === null ? 'The game is over.' : `The game waits for Player ${sp}: their machine gives the next command.` };
      const pending = secretsOf(session).pending;
      if (pending && !session.store.getState().net.used?.[pending.label]) return { ok: false, message: 'This machine is still finishing the command it rolled dice for.' };
      if (store.getState().unconfirmed.length > 0) return { ok: false, message: `Player ${other}'s machine has not yet shown who came to light: wait a moment.` };
      bound = await commit(hash, cmd);
      return give(cmd, bound);
    });
    return 'roll' in r ? afterRoll(cmd, bound!, r.roll) : r;
  };

  /** At the game's end (or a claim): this machine's openings out, the other's game audited, the verdicts read. */
  const close = async () => {
    const net = session.store.getState().net;
    const claim = claims()[0];
    if (!claim && speakerOf(store.getState().state) !== null) return void store.setState({ closing: null });
    const mine = net.logs[seat].map((m) => m.body);
    if (!mine.some((b) => b.t === 'disclose')) await session.post(disclosure(session));
    const theirs = session.store.getState().net.logs[other].map((m) => m.body);
    let verdict = session.store.getState().net.logs[seat].map((m) => m.body).find((b) => b.t === 'verdict') as Extract<Body, { t: 'verdict' }> | undefined;
    if (!verdict && theirs.some((b) => b.t === 'disclose')) {
      const v = await auditTheirs({ hash, blind, seat, net: session.store.getState().net, mine: secretsOf(session), lieutenant: own, order: store.getState().order, ctx });
      await session.post({ t: 'verdict', seat, ok: v.ok, message: v.message, ...(!v.ok && v.failed ? { failed: v.failed } : {}) });
      verdict = { t: 'verdict', seat, ok: v.ok, message: v.message, ...(!v.ok && v.failed ? { failed: v.failed } : {}) };
    }
    const theirVerdict = theirs.find((b) => b.t === 'verdict') as Extract<Body, { t: 'verdict' }> | undefined;
    const asVerdict = (b: Extract<Body, { t: 'verdict' }> | undefined): Verdict | null => (b ? (b.ok ? { ok: true, message: b.message } : { ok: false, message: b.message, ...(b.failed ? { failed: b.failed } : {}) }) : null);
    store.setState({ closing: { reason: claim ? 'claim' : 'end', ...(claim ? { claim } : {}), theirs: asVerdict(verdict), mine: asVerdict(theirVerdict) } });
  };

  /** What the other owes this machine now, and since when: a claim is open once it is past the limit. */
  const watch = () => {
    const s = store.getState();
    const what = owedBy(session.store.getState().net, seat, s, speakerOf(s.state));
    const key = what ? `${what}|${s.order.length}` : null;
    if (key === null) store.setState({ waiting: null });
    else if (s.waiting?.key !== key) store.setState({ waiting: { what: what!, since: now(), key } });
  };

  const refresh = () =>
    serial(async () => {
      // A closing command of this machine's whose seal a reload cut off: the seal now.
      const unsealed = closeWithoutSeal(session);
      if (unsealed !== null) await sealPrivates(hash, session, unsealed);
      await rebuild();
      if (!gameOver()) await revealDuty(hash, session, store.getState().state);
      // A command whose roll was under way when this page went away: finished now, with that very roll.
      const pending = secretsOf(session).pending;
      if (pending && !rolling && !gameOver() && !session.store.getState().net.used?.[pending.label] && speakerOf(store.getState().state) === seat) {
        const bound = { commitment: pending.label.slice(GAME_ROLL.length), opening: pending.opening };
        const cannot = (r: Submitted) => {
          if (!r.ok) store.setState({ error: `The command this machine rolled dice for before the reload cannot be given: ${r.message}` });
        };
        const r = await give(pending.opening.choice, bound);
        if ('roll' in r) void afterRoll(pending.opening.choice, bound, r.roll).then(cannot);
        else cannot(r);
      }
      await close();
      watch();
    });

  // Not in the game's queue: a claim is what ends a wait that holds it (a roll whose dice never come).
  const claim = (kind: 'timeout' | 'cheat', why?: string) =>
    (async (): Promise<Submitted> => {
      if (gameOver()) return { ok: false, message: 'The game is over already.' };
      const w = store.getState().waiting;
      if (kind === 'timeout' && !(w && now() - w.since >= limitsOf(session.store.getState().net).waitSeconds * 1000)) {
        return { ok: false, message: `Player ${other}'s machine has not kept this one waiting past the limit of ${limitsOf(session.store.getState().net).waitSeconds} seconds.` };
      }
      const reason = why ?? (kind === 'timeout' ? `Player ${other}'s machine withheld ${w!.what} for more than ${Math.round(limitsOf(session.store.getState().net).waitSeconds / 60)} minute(s).` : `Player ${seat} says Player ${other} cheated: every seal is opened and audited.`);
      await session.post({ t: 'claim', seat, kind, why: reason });
      await refresh();
      return { ok: true };
    })();

  const unsubscribe = session.store.subscribe((s, prev) => {
    if (s.net === prev.net) return;
    watch();
    void refresh();
  });
  void refresh();

  return {
    store,
    submit,
    refresh,
    speaker: () => (gameOver() ? null : speakerOf(store.getState().state)),
    claim,
    claimable: () => {
      const w = store.getState().waiting;
      return !!w && !gameOver() && now() - w.since >= limitsOf(session.store.getState().net).waitSeconds * 1000;
    },
    limitSeconds: () => limitsOf(session.store.getState().net).waitSeconds,
    dispose: unsubscribe,
  };
}
