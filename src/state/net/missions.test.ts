/**
 * A mission's private choices across two machines (NET-8, MIS-12, MIS-16, MIS-17): the new Lieutenant
 * named after a Loss of Lieutenant and each classified objective travel sealed (a commitment, the
 * choice left out), are opened when the rules show them (the Lieutenant when it is down or spends the
 * Lieutenant Special Order; a classified objective at the game's end), and are audited at the end like
 * every other opening. Player B's machine is then made to cheat with them, as cheats.test.ts does:
 * each cheat is refused or caught by the closing audit.
 *
 * The game: the firefight example (A's turn, then B's: B's Lieutenant falls in A's turn, so B's turn
 * is in Loss of Lieutenant) played to a one-round mission of our own, every trooper worth 10 points,
 * with B's troopers listed so that A's machine stands b-watch in for B's Lieutenant (the first trooper
 * with its WIP): the stand-in stands while the true Lieutenant falls.
 */
import { describe, expect, it } from 'vitest';
import { commit } from '../../core/commit/commit';
import { applyWithDice } from '../../core/commit/knowing';
import { createGame } from '../../core/engine';
import type { Command, GameState, Setup } from '../../core/model/types';
import { parseMissionFile } from '../../core/rules/missions/file';
import { layMission } from '../../core/rules/missions/lay';
import { viewFor } from '../../core/view';
import { asSecrets, disclosure, secretsOf } from './mine';
import type { Body } from './protocol';
import { PRIVATE_CHOICES_OWED } from './waiting';
import { digestAfter, example, machines, play, taken, type Machines } from './testMachines';

const FIREFIGHT = example('firefight');
const { commands: COMMANDS, ...BASE } = FIREFIGHT;

/** Ours: one zone around the ruin B holds at the end, scored at the round's end; a deck of two. */
const MISSION = parseMissionFile({
  format: 'infinity-mission/1',
  id: 'private-choices',
  name: 'Private Choices',
  summary: 'A test mission: one zone, one round, a deck of two classified objectives.',
  rounds: 1,
  zones: [{ id: 'ruin', name: 'Ruin', x: -14, y: -10, w: 10, d: 8 }],
  scoring: [{ id: 'hold', label: 'Hold the ruin', when: 'round-end', kind: 'dominate', points: 1 }],
  retreat: false,
  classified: [
    { id: 'fell-lt', label: 'The enemy Lieutenant down', kind: 'enemy-lieutenant-down', points: 1 },
    { id: 'hold-one', label: 'Hold a zone', kind: 'hold-any-zone', points: 1 },
  ],
});

const SETUP: Setup = (() => {
  const worth = (s: Setup, p: 'A' | 'B') => s.players[p].troopers.map((t) => ({ ...t, points: 10 }));
  const b = worth(BASE, 'B');
  // b-watch first: the stand-in for B's Lieutenant on A's machine (every B trooper has WIP 13).
  const order = ['b-watch', 'b-lt', 'b-inf', 'b-camo', 'b-hide'].map((id) => b.find((t) => t.id === id)!);
  const s: Setup = { ...BASE, players: { A: { ...BASE.players.A, troopers: worth(BASE, 'A') }, B: { ...BASE.players.B, troopers: order } } };
  return { ...s, facts: { ...s.facts, rounds: 1 }, mission: layMission(MISSION, s) };
})();

/** Commands 0 to 19 (deployment), A's classified, 20 to 38 (A's turn, B's Lieutenant falls), B's classified, 39 to 43 (B's turn). */
const A_CLASSIFIED = { do: 'classified', player: 'A', objective: 'fell-lt' } as Command;
const B_CLASSIFIED = { do: 'classified', player: 'B', objective: 'hold-one' } as Command;
const NAME = { do: 'nameLieutenant', player: 'B', trooper: 'b-hide' } as Command;
const END_B = COMMANDS[44]!;

const errorOf = (m: Machines) => m.games.A.store.getState().error ?? m.sessions.A.store.getState().error;
const bodies = (m: Machines, seat: 'A' | 'B') => m.sessions.A.store.getState().net.logs[seat].map((x) => x.body);
/** B's message that carried a command of this kind, as A's machine holds it. */
const sentB = (m: Machines, kind: string) => bodies(m, 'B').find((b): b is Extract<Body, { t: 'cmd' }> => b.t === 'cmd' && b.command.do === kind)!;

/** Both machines' views as the one-machine game's. */
function sameViews(m: Machines, truth: GameState) {
  for (const p of ['A', 'B'] as const) expect(viewFor(m.games[p].store.getState().state, p), `Player ${p}'s view`).toEqual(viewFor(truth, p));
}

async function toLossOfLieutenant(): Promise<{ m: Machines; truth: GameState }> {
  const m = await machines(SETUP);
  let truth = await play(m, COMMANDS.slice(0, 20), createGame(SETUP));
  truth = await play(m, [A_CLASSIFIED, ...COMMANDS.slice(20, 39), B_CLASSIFIED, ...COMMANDS.slice(39, 44)], truth);
  return { m, truth };
}

describe('a mission\'s private choices across two machines (NET-8)', () => {
  it('MIS-16 NET-8 B\'s Lieutenant is opened as it falls: A\'s machine, whose stand-in for it stood, plays B\'s turn in Loss of Lieutenant', async () => {
    const { m, truth } = await toLossOfLieutenant();
    expect(truth.score!.lossOfLieutenant.B).toBe(true);
    expect(errorOf(m)).toBeNull();
    expect(taken(m, 'A')).toBe(taken(m, 'B'));
    // B's machine opened its Lieutenant (b-lt) once it was Unconscious, before A's endTurn started B's turn.
    const opened = bodies(m, 'B').find((b) => b.t === 'lieutenant') as Extract<Body, { t: 'lieutenant' }>;
    expect(opened.opening.choice.lieutenant).toBe('b-lt');
    expect(m.games.A.store.getState().state.score!.lossOfLieutenant.B).toBe(true);
    sameViews(m, truth);
  }, 120_000);

  it('MIS-12 MIS-17 NET-8 a classified objective and a new Lieutenant travel sealed: the room holds neither; each machine shows its player the true view; at the game\'s end each classified objective is opened, both machines score the same, and the audits pass', async () => {
    const { m, truth: before } = await toLossOfLieutenant();
    let truth = await play(m, [NAME], before);
    for (const [kind, field, secret] of [['classified', 'objective', 'hold-one'], ['nameLieutenant', 'trooper', 'b-hide']] as const) {
      const b = sentB(m, kind);
      expect(b.sealed).toBe(true);
      expect(b.command).toEqual({ do: kind, player: 'B', sealed: true });
      expect(JSON.stringify(b)).not.toContain(secret);
      expect(Object.hasOwn(b.command, field)).toBe(false);
    }
    // A's machine plays B's new Lieutenant by a stand-in: never shown, never opened yet.
    const choiceLinks = bodies(m, 'B').flatMap((b, i) => (b.t === 'cmd' && (b.command.do === 'classified' || b.command.do === 'nameLieutenant') ? [i] : []));
    expect(choiceLinks).toHaveLength(2);
    expect(bodies(m, 'B').some((b) => b.t === 'unseal' && choiceLinks.includes(b.of))).toBe(false);
    expect(m.games.A.store.getState().unconfirmed).toEqual([]);
    sameViews(m, truth);
    // B's endTurn ends the one round, and the game: each machine opens its classified objective.
    truth = await play(m, [END_B], truth);
    expect(truth.score!.result).not.toBeNull();
    const unsealed = m.sessions.A.store.getState().net.unsealed ?? {};
    expect(Object.values(unsealed)).toContainEqual(B_CLASSIFIED);
    expect(Object.values(m.sessions.B.store.getState().net.unsealed ?? {})).toContainEqual(A_CLASSIFIED);
    // B's achieved (it holds the ruin), A's missed: both machines score it as the one-machine game does.
    expect(truth.score!.byRule.classified).toEqual({ A: 0, B: 1 });
    for (const p of ['A', 'B'] as const) expect(m.games[p].store.getState().state.score).toEqual(truth.score);
    sameViews(m, truth);
    await m.settle();
    expect(m.games.A.store.getState().closing).toMatchObject({ reason: 'end', theirs: { ok: true }, mine: { ok: true } });
  }, 120_000);

  it('MIS-12 NET-8 a game ended by B\'s command: B\'s machine holds the end until A\'s machine has opened its classified objective and Lieutenant, then scores as the one-machine game', async () => {
    const { m, truth: before } = await toLossOfLieutenant();
    const named = await play(m, [NAME], before);
    // A's machine goes quiet: it takes nothing in, so it opens nothing.
    m.silence('A');
    expect((await m.games.B.submit(END_B)).ok).toBe(true);
    await m.settle();
    expect(m.games.B.store.getState().unconfirmed).toContain(PRIVATE_CHOICES_OWED);
    // A's machine back: it takes B's endTurn, the game is over, it opens its choices.
    m.restart('A');
    await m.settle();
    expect(m.games.B.store.getState().unconfirmed).toEqual([]);
    const end = applyWithDice(named, END_B, [], m.ctx);
    if (!end.ok) throw new Error(end.rejection.message);
    for (const p of ['A', 'B'] as const) expect(m.games[p].store.getState().state.score).toEqual(end.state.score);
  }, 120_000);

  it('MIS-17 GRP-4 NET-8 the new Lieutenant shows itself with the Lieutenant Special Order: B\'s machine opens it first', async () => {
    // Three rounds this time: the game goes on into Round 2, where B's new Lieutenant gives an Order.
    const setup: Setup = { ...SETUP, facts: { ...SETUP.facts, rounds: 3 } };
    const m = await machines(setup);
    let truth = await play(m, COMMANDS.slice(0, 44), createGame(setup));
    truth = await play(m, [NAME, END_B, { do: 'endTurn', player: 'A' } as Command], truth);
    expect(truth.active).toBe('B');
    expect(m.games.A.store.getState().state.score!.lossOfLieutenant.B).toBe(false);
    const lt = { do: 'order', player: 'B', trooper: 'b-hide', from: 'lieutenant', skill: 'idle' } as Command;
    truth = await play(m, [lt], truth);
    expect(truth.lieutenantKnown.B).toBe(true);
    const link = bodies(m, 'B').findIndex((b) => b.t === 'cmd' && b.command.do === 'nameLieutenant');
    expect(m.sessions.A.store.getState().net.unsealed?.[link]).toEqual(NAME);
    expect(m.games.A.store.getState().state.score!.lieutenants).toEqual({ B: 'b-hide' });
    expect(errorOf(m)).toBeNull();
    sameViews(m, truth);
  }, 120_000);
});

describe('a mission\'s private choices, against a machine that cheats (NET-4, NET-7)', () => {
  it('NET-4 MIS-12 B opens its classified objective as another of the deck: the opening is refused, the game stays as it was', async () => {
    const { m, truth } = await toLossOfLieutenant();
    const link = bodies(m, 'B').findIndex((b) => b.t === 'cmd' && b.command.do === 'classified');
    const real = secretsOf(m.sessions.B).clear[link]!;
    await m.sessions.B.post({ t: 'unseal', seat: 'B', of: link, opening: { ...real, choice: { ...real.choice, objective: 'fell-lt' } as Command } } as Body);
    await m.settle();
    expect(errorOf(m)).toMatch(/does not open|commitment/i);
    expect(m.sessions.A.store.getState().net.unsealed?.[link]).toBeUndefined();
    expect(taken(m, 'A')).toBe(taken(m, 'B'));
    sameViews(m, truth);
  }, 120_000);

  it('NET-7 MIS-17 B seals as its new Lieutenant a trooper that cannot be one (Unconscious): A\'s machine takes the sealed form, and the closing audit catches it', async () => {
    const { m, truth } = await toLossOfLieutenant();
    // B's machine commits to b-inf (Unconscious since A's turn) and sends the sealed form by hand, with
    // the digest an honest naming gives (no view shows who was named), keeping the opening to disclose.
    const forged = { do: 'nameLieutenant', player: 'B', trooper: 'b-inf' } as Command;
    const bound = await commit(m.hashes.B, forged);
    const digest = await digestAfter(truth, NAME, m.ctx);
    const at = taken(m, 'A');
    // From here B's machine is driven by hand: it opens nothing but at the audit.
    m.silence('B');
    await m.sessions.B.post(
      { t: 'cmd', seat: 'B', at, command: { do: 'nameLieutenant', player: 'B', sealed: true }, sealed: true, commitment: bound.commitment, digest, spots: {} } as Body,
      (n, game) => {
        const g = asSecrets(game);
        return { ...g, clear: { ...g.clear, [n]: bound.opening } };
      },
    );
    await m.settle();
    // Taken by A's machine: the sealed form is a legal naming for some stand-in.
    expect(m.games.A.store.getState().state.score!.lieutenantOwed).toBeNull();
    expect(taken(m, 'A')).toBe(at + 1);
    expect(errorOf(m)).toBeNull();
    // A claims the game; both machines open everything; A's audit replays B's naming in the clear.
    expect((await m.games.A.claim('cheat')).ok).toBe(true);
    await m.sessions.B.post(disclosure(m.sessions.B));
    await m.settle();
    const closing = m.games.A.store.getState().closing!;
    expect(closing.theirs).toMatchObject({ ok: false });
    expect(closing.theirs!.message).toMatch(/nameLieutenant[\s\S]*(cannot be Lieutenant|does not replay)/);
  }, 120_000);
});
