/**
 * Two machines against an opponent who cheats (NET-2, NET-4): Player B's machine is the project's own,
 * driven in Node over two Yjs documents, with its messages edited or written by hand, as a dishonest
 * player would; Player A's machine is honest. Each cheat is refused, or caught by the closing audit,
 * and A's machine never stops: the game goes on with B's next honest message.
 */
import { describe, expect, it } from 'vitest';
import { commit } from '../../core/commit/commit';
import { sealFixed } from '../../core/commit/fixedSeal';
import { webCryptoHash as hash } from '../../core/commit/hash';
import type { KnownPrivate } from '../../core/commit/knowing';
import { createGame } from '../../core/engine';
import { type Command, type GameState } from '../../core/model/types';
import { viewFor } from '../../core/view';
import { secretsOf } from './mine';
import { GAME_SEAL_LABEL, type Body } from './protocol';
import { digestAfter, editing, example, machines, play, taken, type Machines } from './testMachines';

const DEMO = example('demo-deployed');
/** Round 1 of the demo, as the round-one example plays it (B's turn first). */
const DEMO_ROUND = example('round-one').commands.slice(24);
const { commands: DEPLOYMENT, ...SETUP } = DEMO;
/** B's hidden trooper: placed hidden at 44, 37.5 in B's main step (command 9). */
const HIDDEN = 'b-wraith';

/** The demo's initiative and deployment, played across both machines: Round 1 begins, B's turn. */
async function deployed(upTo = DEPLOYMENT.length): Promise<{ m: Machines; truth: GameState }> {
  const m = await machines(SETUP);
  const truth = await play(m, DEPLOYMENT.slice(0, upTo), createGame(m.setup));
  return { m, truth };
}

const errorOf = (m: Machines) => m.games.A.store.getState().error ?? m.sessions.A.store.getState().error;

/** B's machine sends a command by hand at the game's place, with the digest it works out. */
async function sendByHand(m: Machines, body: Partial<Extract<Body, { t: 'cmd' }>> & { command: Record<string, unknown> }) {
  return m.sessions.B.post({ t: 'cmd', seat: 'B', at: taken(m, 'A'), ...body } as Body);
}

/** A's machine took B's honest command: both views as the one-machine game's. */
async function honestGoesOn(m: Machines, truth: GameState, cmd: Command): Promise<GameState> {
  const next = await play(m, [cmd], truth);
  expect(taken(m, 'A')).toBe(taken(m, 'B'));
  for (const p of ['A', 'B'] as const) expect(viewFor(m.games[p].store.getState().state, p)).toEqual(viewFor(next, p));
  return next;
}

describe('a hidden deployment made up after the fact (NET-2)', () => {
  it('NET-6 a seal taken in Round 1 is refused (seals only where the game places them); one placed early cannot reach back into the deployment; the trooper revealed with no opening is refused; the true reveal goes on', async () => {
    const { m, truth } = await deployed();
    const at = taken(m, 'A');
    // B's hindsight: b-wraith at a spot chosen after seeing A's deployment, as if hidden there in its main step (after command 9).
    const madeUp: KnownPrivate = { after: 9, seq: 0, command: { do: 'deploy', player: 'B', trooper: HIDDEN, at: { x: 24, y: 27 }, facing: 180, as: 'hidden' } as Command, dice: [] };
    const keep = await sealFixed(hash, [madeUp]);
    const logB = m.sessions.B.store.getState().net.logs.B;
    const lastClose = logB.map((x, i) => (x.body.t === 'cmd' && x.body.command.do === 'endStep' ? i : -1)).reduce((a, b) => Math.max(a, b));
    await m.sessions.B.post({ t: 'seal', seat: 'B', label: GAME_SEAL_LABEL, root: keep.root, closes: lastClose });
    await m.settle();
    expect(m.sessions.A.store.getState().error).toMatch(/the game places no seal here/);
    // Early (as before opening a leaf): taken as a seal, but its leaf cannot be placed in the deployment.
    const early = await m.sessions.B.post({ t: 'seal', seat: 'B', label: GAME_SEAL_LABEL, root: keep.root, early: true });
    await m.sessions.B.post({ t: 'open', seat: 'B', seal: early, opening: { root: keep.root, leaves: keep.leaves, leaf: keep.places[0]!, opening: keep.openings[keep.places[0]!]! } });
    await m.settle();
    expect(errorOf(m)).toMatch(/is not taken: its command is placed after command 9 of the game, where its seal does not reach/);
    // The reveal at that spot: b-wraith is a ghost on A's machine, and B sent no opening A can take.
    const reveal = { do: 'reveal', player: 'B', trooper: HIDDEN, declares: 'other', facing: 180 };
    await sendByHand(m, { command: reveal });
    await m.settle();
    expect(errorOf(m)).toMatch(/reveal \(command \d+ of the game\) names a trooper this machine knows only by a stand-in: a reveal, a trooper kept back or a marker's identity is taken only with its opening/);
    expect(taken(m, 'A')).toBe(at);
    expect(m.games.A.store.getState().state.troopers[HIDDEN]!.status).toBe('hidden');
    // The game goes on: B's machine reveals b-wraith where it was hidden, with its opening.
    const next = await honestGoesOn(m, truth, reveal as Command);
    expect(m.games.A.store.getState().state.troopers[HIDDEN]).toMatchObject({ status: 'model', x: 44, y: 37.5 });
    expect(next.troopers[HIDDEN]!.status).toBe('model');
  }, 60_000);

  it('NET-6 NET-7 32 spots sealed for one hidden trooper and the best opened in hindsight: caught by the closing audit (every leaf opened)', async () => {
    const { m, truth } = await deployed(11);
    // B's machine hides b-wraith, and seals at its step's end 32 spots for it, to open one later.
    let tampered: Awaited<ReturnType<typeof sealFixed<KnownPrivate>>> | null = null;
    const post = m.sessions.B.post;
    m.sessions.B.post = async (body, keep) => {
      if (body.t !== 'seal' || body.label !== GAME_SEAL_LABEL || tampered) return post(body, keep);
      const real = secretsOf(m.sessions.B).privates[0]!;
      const spots = Array.from({ length: 32 }, (_, i) => ({ ...real, command: { ...real.command, at: { x: 44 - (i % 8), y: 37.5 - Math.floor(i / 8) } } as Command }));
      tampered = await sealFixed(hash, [spots[5]!, ...spots.slice(0, 5), ...spots.slice(6)]);
      const t = tampered;
      return post({ ...body, root: t.root }, (n, game) => {
        const g = keep!(n, game) as ReturnType<typeof secretsOf>;
        // Its own record follows the spot it will open: the sixth, chosen later.
        return { ...g, privates: [{ ...g.privates[0]!, command: spots[5]!.command }], seals: { ...g.seals, [n]: { keep: t, privates: [0] } } };
      });
    };
    await play(m, [DEPLOYMENT[11]!], truth);
    m.sessions.B.post = post;
    m.restart('B');
    await m.settle();
    for (const c of DEPLOYMENT.slice(12)) {
      expect((await m.games[(c as { player: 'A' | 'B' }).player].submit(c)).ok, JSON.stringify(c)).toBe(true);
      await m.settle();
    }
    // B reveals b-wraith at the spot it chose: A's machine takes it (the leaf opens), and cannot know better yet.
    expect((await m.games.B.submit({ do: 'reveal', player: 'B', trooper: HIDDEN, declares: 'other', facing: 180 } as Command)).ok).toBe(true);
    await m.settle();
    expect(m.games.A.store.getState().state.troopers[HIDDEN]).toMatchObject({ status: 'model', x: 39, y: 37.5 });
    // A claims B cheated: both machines open everything; A's audit of B's game finds the 32 spots.
    expect((await m.games.A.claim('cheat')).ok).toBe(true);
    await m.settle();
    const closing = m.games.A.store.getState().closing!;
    expect(closing.reason).toBe('claim');
    expect(closing.theirs).toMatchObject({ ok: false });
    expect(closing.theirs!.message).toMatch(/another of their private commands was opened in the same place/);
    // B's machine shows the same verdict: its game failed A's audit, with the command that failed.
    const onB = m.games.B.store.getState().closing!;
    expect(onB.mine).toMatchObject({ ok: false, failed: { seat: 'B' } });
    expect(onB.theirs).toMatchObject({ ok: true });
  }, 60_000);
});

describe('a reveal with no opening and no digest (NET-2)', () => {
  it('NET-6 B reveals its hidden trooper sending neither the opening of its spot nor the digest: refused, nothing guessed; then sent properly, taken', async () => {
    const { m, truth } = await deployed();
    const before = m.games.A.store.getState().state;
    const stop = editing(m.sessions.B, (body) => (body.t === 'open' ? null : body.t === 'cmd' ? (({ digest: _d, ...rest }) => rest as Body)(body) : body));
    const reveal = { do: 'reveal', player: 'B', trooper: HIDDEN, declares: 'other', facing: 180 } as Command;
    expect((await m.games.B.submit(reveal)).ok).toBe(true);
    await m.settle();
    stop();
    expect(errorOf(m)).toMatch(/reveal \(command \d+ of the game\) names a trooper this machine knows only by a stand-in/);
    expect(m.games.A.store.getState().state).toBe(before);
    // B's machine was told, and its game went back to before the reveal: both machines hold one game.
    expect(m.games.B.store.getState().error).toMatch(/^Player A's machine refused this machine's message \d+/);
    expect(taken(m, 'B')).toBe(taken(m, 'A'));
    // Its openings not sent, B's machine sends them with the reveal again: taken, at the true spot.
    await honestGoesOn(m, truth, reveal);
    expect(m.games.A.store.getState().state.troopers[HIDDEN]).toMatchObject({ status: 'model', x: 44, y: 37.5 });
  }, 60_000);

  it('NET-5 a command without the digest of the common view is refused even when nothing is secret', async () => {
    const { m, truth } = await deployed();
    const stop = editing(m.sessions.B, (body) => (body.t === 'cmd' ? (({ digest: _d, ...rest }) => rest as Body)(body) : body));
    const move = DEMO_ROUND[0]!;
    expect((await m.games.B.submit(move)).ok).toBe(true);
    await m.settle();
    stop();
    expect(errorOf(m)).toMatch(/comes without the digest of what both players know after it/);
    await honestGoesOn(m, truth, move);
  }, 60_000);
});

describe('the trooper kept back, changed after the other deployed (NET-2)', () => {
  it('NET-6 B kept b-kai back, then places b-wraith in its last step as the one kept back, its commitment unopened: refused; then b-kai, with its opening: taken', async () => {
    const { m, truth } = await deployed(20);
    const before = m.games.A.store.getState().state;
    // What B's machine would show had it kept b-wraith back: b-wraith placed as a model.
    const cheat = { do: 'deploy', player: 'B', trooper: HIDDEN, at: { x: 40, y: 40 }, facing: 180, as: 'model' } as Command;
    const swapped = structuredClone(m.games.B.store.getState().state);
    Object.assign(swapped.troopers[HIDDEN]!, { status: 'reserve', x: null, y: null, z: null, facing: null, fixed: false });
    Object.assign(swapped.troopers['b-kai']!, { status: 'hidden', x: 12, y: 37.5, z: 0, facing: 190 });
    swapped.reserveOf.B = HIDDEN;
    await sendByHand(m, { command: cheat as unknown as Record<string, unknown>, digest: await digestAfter(swapped, cheat, m.ctx) });
    await m.settle();
    expect(errorOf(m)).toMatch(/deploy \(command \d+ of the game\) (names a trooper this machine knows only by a stand-in|does not replay here)/);
    expect(m.games.A.store.getState().state).toBe(before);
    // The honest last step: b-kai, whose keeping back B's machine opens first.
    await honestGoesOn(m, truth, DEPLOYMENT[20]!);
    const unsealed = m.sessions.A.store.getState().net.unsealed ?? {};
    expect(Object.values(unsealed)).toContainEqual(expect.objectContaining({ do: 'endStep', keep: 'b-kai' }));
  }, 60_000);
});

describe('a ghost army (NET-2)', () => {
  it('NET-6 B places one model and ends its step, its other troopers "hidden" with no Hidden Deployment: refused at once; B then deploys in full', async () => {
    const { m, truth } = await deployed(5);
    const before = m.games.A.store.getState().state;
    const end = { do: 'endStep', player: 'B', keep: 'b-kai' } as Command;
    const ghosts = structuredClone(m.games.B.store.getState().state);
    for (const id of ['b-colossus', 'b-strider', 'b-mule', 'b-reyes', HIDDEN, 'b-pathfinder']) Object.assign(ghosts.troopers[id]!, { status: 'hidden', x: null, y: null, z: null, facing: null });
    const c = await commit(hash, end);
    await sendByHand(m, { command: { do: 'endStep', player: 'B', sealed: true }, sealed: true, commitment: c.commitment, spots: {}, digest: await digestAfter(ghosts, end, m.ctx) });
    await m.settle();
    expect(errorOf(m)).toMatch(/endStep \(command \d+ of the game\): Player B's machine shows \d+ trooper\(s\) placed where no one sees them and 0 marker\(s\), and only 1 of the \d+ troopers that could be there have Hidden Deployment \(.*Colossus TAG.* can be neither hidden nor a marker\)/);
    expect(m.games.A.store.getState().state).toBe(before);
    // The game goes on: B deploys the rest and ends its step as the rules have it.
    let t = truth;
    for (const cmd of DEPLOYMENT.slice(5, 12)) t = await honestGoesOn(m, t, cmd);
  }, 60_000);

  it('NET-6 NET-7 a trooper with Hidden Deployment taken as hidden and never placed: its reveal has no leaf to open, and the closing audit finds it never deployed', async () => {
    const { m } = await deployed(9);
    // B skips b-wraith's hidden deployment (nothing sealed for it) and ends its step; its machine's own game stops here, and what it sends is written by hand.
    for (const cmd of [DEPLOYMENT[10]!]) expect((await m.games.B.submit(cmd)).ok).toBe(true);
    await m.settle();
    m.silence('B');
    const end = { do: 'endStep', player: 'B', keep: 'b-kai' } as Command;
    const c = await commit(hash, end);
    const ghosts = structuredClone(m.games.B.store.getState().state);
    Object.assign(ghosts.troopers[HIDDEN]!, { status: 'hidden', x: null, y: null, z: null, facing: null });
    const n = await sendByHand(m, { command: { do: 'endStep', player: 'B', sealed: true }, sealed: true, commitment: c.commitment, spots: {}, digest: await digestAfter(ghosts, end, m.ctx) });
    const empty = await sealFixed(hash, []);
    await m.sessions.B.post({ t: 'seal', seat: 'B', label: GAME_SEAL_LABEL, root: empty.root, closes: n });
    await m.settle();
    expect(taken(m, 'A')).toBe(11);
    expect(m.games.A.store.getState().state.troopers[HIDDEN]).toMatchObject({ status: 'hidden', x: null });
    // Revealed later, it has no leaf to open: refused.
    await play(m, DEPLOYMENT.slice(12, 20), m.games.A.store.getState().state);
    void (await m.sessions.B.post({ t: 'cmd', seat: 'B', at: taken(m, 'A'), command: { do: 'reveal', player: 'B', trooper: HIDDEN, declares: 'other', facing: 180 } }));
    await m.settle();
    expect(errorOf(m)).toMatch(/names a trooper this machine knows only by a stand-in/);
    // The game's end comes (here by a claim): B's machine opens all it has; A's audit replays B's step in the clear.
    await m.sessions.B.post({ t: 'claim', seat: 'B', kind: 'cheat', why: 'B ends the game' });
    await m.sessions.B.post({
      t: 'disclose',
      seat: 'B',
      unseals: [{ of: n, opening: c.opening }],
      seals: [{ seal: n + 1, leaves: empty.leaves, openings: empty.openings }],
      lieutenant: m.sessions.B.store.getState().secrets.lieutenant!,
      list: { slots: m.sessions.B.store.getState().secrets.list!.openings, rest: m.sessions.B.store.getState().secrets.list!.rest },
    });
    await m.settle();
    const closing = m.games.A.store.getState().closing!;
    expect(closing.theirs).toMatchObject({ ok: false, failed: { seat: 'B', n } });
    expect(closing.theirs!.message).toMatch(/endStep \(command 10 of the game\) does not replay here: Wraith Operative must be placed before the step ends/);
  }, 60_000);
});
