import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { speakerOf } from '../../core/acting';
import { webCryptoHash as hash, type HashPort } from '../../core/commit/hash';
import { apply, createGame, isQuery } from '../../core/engine';
import { parseGameFile } from '../../core/gamefile';
import { commandPlayer, type Command, type GameFile, type GameState, type PlayerId, type Setup } from '../../core/model/types';
import { contextFor } from '../../core/testing/fixtures';
import { viewFor } from '../../core/view';
import { applyWithDice, dryRun } from '../../core/commit/knowing';
import { createNetGame, type NetGame } from './game';
import { commit } from '../../core/commit/commit';
import { GAME_ROLL } from './protocol';
import { docTransport } from './room';
import { wire } from './testWire';
import { createSession, type Session } from './session';
import { fakeStorage } from '../testStorage';
import type { StorageLike } from '../saves';

/** What the players' machines said to each other after the hellos (the hellos carry the public setup: both rosters). */
const wireText = (d: Y.Doc) => JSON.stringify([...d.getArray('A').toJSON(), ...d.getArray('B').toJSON()].filter((m: { body?: { t?: string } }) => m.body?.t !== 'hello'));

const example = (name: string, dice: GameFile['dice'] = { random: true }): GameFile => {
  const f = parseGameFile(JSON.parse(readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8')));
  return { ...f, dice };
};

/** The dice the latest command of a seat's machine drew: its shared roll. */
function lastDice(s: Session, seat: PlayerId): number[] {
  const net = s.store.getState().net;
  const m = [...net.logs[seat]].reverse().find((x) => x.body.t === 'cmd' || x.body.t === 'rolled');
  const roll = m && (m.body.t === 'cmd' || m.body.t === 'rolled') ? m.body.roll : undefined;
  return roll ? (net.rolls[roll]?.dice ?? []) : [];
}

/**
 * The machines' random bytes from a fixed stream (their SHA-256 the platform's), so a game with shared
 * dice takes the same course on every run: a test that follows the dice must not pass or fail by luck.
 */
function seededHash(seed: number): HashPort {
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

async function machines(setup: Setup, storage?: StorageLike, seeds?: [number, number]) {
  const w = wire();
  const ctx = contextFor(setup);
  const ha = seeds ? seededHash(seeds[0]) : hash;
  const hb = seeds ? seededHash(seeds[1]) : hash;
  const sa = await createSession({ hash: ha, setup, seat: 'A', transport: docTransport(w.a), host: true, ...(storage ? { storage, storageKey: 'a' } : {}) });
  const sb = await createSession({ hash: hb, setup, seat: 'B', transport: docTransport(w.b) });
  const games: Record<PlayerId, NetGame> = { A: createNetGame({ session: sa, hash: ha, setup, seat: 'A', ctx }), B: createNetGame({ session: sb, hash: hb, setup, seat: 'B', ctx }) };
  const sessions: Record<PlayerId, Session> = { A: sa, B: sb };
  await settle(sessions, games);
  return { w, ctx, games, sessions, setup };
}

/** Lets both machines run until neither has anything left to do. */
async function settle(sessions: Record<PlayerId, Session>, games: Record<PlayerId, NetGame>) {
  for (let i = 0; i < 8; i++) {
    await Promise.all([sessions.A.sync(), sessions.B.sync()]);
    await Promise.all([sessions.A.idle(), sessions.B.idle()]);
    await Promise.all([games.A.refresh(), games.B.refresh()]);
  }
}

describe('a game across two machines (NET-1 to NET-4)', () => {
  /**
   * Plays a game file's commands across two machines, each from the machine of the player who gives it,
   * and checks after each that both machines show their player what the game played on one machine
   * with the same dice shows them. Commands the game no longer takes (random dice change its course)
   * are left out on both.
   */
  async function playAcross(file: GameFile, secretWhile: Record<string, (s: GameState) => boolean>, adapt: (c: Command, truth: GameState) => Command = (c) => c, seeds?: [number, number]) {
    const { commands, ...setup } = file;
    const m = await machines(setup, undefined, seeds);
    let truth: GameState = createGame(setup);
    let played = 0;
    const queue = commands.filter((c) => !isQuery(c));
    while (queue.length > 0) {
      // In the keepers' choices the two machines take them winner first (core/acting.ts): the file may list them the other way.
      const sp = speakerOf(truth);
      const firstBySpeaker = truth.phase === 'choices' ? queue.findIndex((c) => commandPlayer(adapt(c, truth)) === sp) : 0;
      const given = queue.splice(Math.max(0, firstBySpeaker), 1)[0]!;
      const cmd = adapt(given, truth);
      if (!dryRun(truth, cmd, m.ctx).result.ok) continue;
      const seat = commandPlayer(cmd) ?? speakerOf(truth)!;
      expect(m.games.A.speaker(), `who gives ${JSON.stringify(cmd)}`).toBe(seat);
      const before = m.sessions[seat].store.getState().net.logs[seat].length;
      const r = await m.games[seat].submit(cmd);
      if (!r.ok) throw new Error(`${cmd.do} of ${seat} refused: ${r.message}`);
      await settle(m.sessions, m.games);
      const sent = m.sessions[seat].store.getState().net.logs[seat].length > before;
      const t = applyWithDice(truth, cmd, sent ? lastDice(m.sessions[seat], seat) : [], m.ctx);
      if (!t.ok) throw new Error(t.rejection.message);
      truth = t.state;
      for (const p of ['A', 'B'] as PlayerId[]) {
        expect(m.games[p].store.getState().error, `Player ${p}'s machine after ${cmd.do}`).toBeNull();
        expect(viewFor(m.games[p].store.getState().state, p), `Player ${p}'s view after ${JSON.stringify(cmd)}`).toEqual(viewFor(truth, p));
      }
      const said = wireText(m.w.a);
      for (const [id, secret] of Object.entries(secretWhile)) if (secret(truth)) expect(said, `${id} on the wire after ${cmd.do}`).not.toContain(`"${id}"`);
      played += 1;
    }
    return { m, played, truth };
  }

  /** The machines' random streams of the shared-dice game: a course that plays the file's deployment and Orders. */
  const PLAY_SEED_A = 3;
  const PLAY_SEED_B = 11;

  // B's hidden trooper and the trooper behind A's marker: never on the wire while secret.
  const SECRETS: Record<string, (s: GameState) => boolean> = {
    'b-hide': (s) => s.troopers['b-hide']!.status === 'hidden' || s.troopers['b-hide']!.status === 'undeployed',
    'a-camo': (s) => !['model', 'removed', 'unconscious'].includes(s.troopers['a-camo']!.status),
  };

  it('NET-2 markers, hidden troopers, AROs, a reveal, a Discover and saves, played across two machines: each shows its player the true view after every command, and the wire never carries a secret before its reveal', async () => {
    const { played, truth } = await playAcross(example('markers-and-hidden', { manual: true }), SECRETS);
    expect(played).toBeGreaterThan(25);
    expect(truth.troopers['b-hide']!.status).toBe('model');
  }, 120_000);

  it('NET-2 NET-3 the same game with shared dice: every die from both machines, both in step after every command', async () => {
    // Every die from both machines: the file's commands without the dice written into them.
    const file = example('markers-and-hidden');
    const noDice = file.commands.filter((c) => c.do !== 'rolls' && c.do !== 'saves').map((c) => {
      const { roll: _r, rolls: _rs, dice: _d, saves: _s, ...rest } = c as Command & { roll?: unknown; rolls?: unknown; dice?: unknown; saves?: unknown };
      return rest as Command;
    });
    // Whoever wins the roll, the same game: the winner keeps what leaves each player the role the file gives them.
    const keep = (c: Command, t: GameState): Command => {
      const w = t.initiative.winner;
      if (c.do !== 'keep' || !w || w === c.player) return c;
      return { do: 'keep', player: w, choice: c.choice === 'deployment' ? 'initiative' : 'deployment' };
    };
    const { m, played } = await playAcross({ ...file, commands: noDice }, SECRETS, keep, [PLAY_SEED_A, PLAY_SEED_B]);
    expect(played).toBeGreaterThan(15);
    const rolls = Object.values(m.sessions.A.store.getState().net.rolls);
    expect(rolls.length).toBeGreaterThan(0);
    for (const r of rolls) expect(Object.keys(r.openings).sort()).toEqual(['A', 'B']);
    // A claim ends it: both machines open everything, and each honest game passes the other's audit.
    expect((await m.games.B.claim('cheat')).ok).toBe(true);
    await settle(m.sessions, m.games);
    for (const p of ['A', 'B'] as PlayerId[]) expect(m.games[p].store.getState().closing).toMatchObject({ reason: 'claim', theirs: { ok: true }, mine: { ok: true } });
  }, 120_000);

  it('NET-2 a deployment with Combat Jumps and Round 1, across two machines', async () => {
    const { played } = await playAcross(example('deployment-and-jump', { manual: true }), {});
    expect(played).toBeGreaterThan(12);
    await playAcross(example('hidden-and-discover', { manual: true }), { 'u-scout': (s) => s.troopers['u-scout']!.status === 'hidden' || s.troopers['u-scout']!.status === 'undeployed' });
  }, 120_000);

  it('NET-3 the initiative roll comes from both machines: each applies the same shared dice', async () => {
    const file = example('markers-and-hidden');
    const { commands: _c, ...setup } = file;
    const m = await machines(setup);
    // A roll-off with no winner is rolled again (INI-1): A's machine gives the command each time.
    for (let i = 0; i < 20 && m.games.A.store.getState().state.initiative.winner === null; i++) {
      expect((await m.games.A.submit({ do: 'initiative' })).ok).toBe(true);
      await settle(m.sessions, m.games);
    }
    const a = m.games.A.store.getState();
    const b = m.games.B.store.getState();
    expect(a.state.initiative.winner).not.toBeNull();
    expect(b.state.initiative).toEqual(a.state.initiative);
    const rolls = Object.values(m.sessions.B.store.getState().net.rolls);
    expect(rolls.length).toBeGreaterThan(0);
    expect(rolls[0]!.commitments.A).toMatch(/^[0-9a-f]{64}$/);
    expect(rolls[0]!.commitments.B).toMatch(/^[0-9a-f]{64}$/);
    // B may not give the command the game waits on A for.
    const wrong = await m.games.B.submit({ do: 'deploy', player: 'B', trooper: 'b-lt', at: { x: 20, y: 44 }, facing: 180, as: 'model' });
    if (a.state.phase === 'choices' && speakerOf(a.state) === 'A') expect(wrong.ok).toBe(false);
  });

  it('NET-4 a reconnect mid-turn: commands given while the wire is down reach the other machine when it is back, with nothing lost', async () => {
    const file = example('markers-and-hidden', { manual: true });
    const { commands, ...setup } = file;
    const m = await machines(setup);
    const play = commands.filter((c) => !isQuery(c));
    let truth = createGame(setup);
    for (const [i, cmd] of play.entries()) {
      if (i === 10) m.w.cut();
      const seat = commandPlayer(cmd) ?? speakerOf(truth)!;
      // While the wire is down, only the machine whose turn it goes on; the other waits for it.
      if (i >= 10 && m.games[seat].speaker() !== seat) break;
      const r = await m.games[seat].submit(cmd);
      if (!r.ok) break;
      truth = apply(truth, cmd, m.ctx).ok ? (apply(truth, cmd, m.ctx) as { state: GameState }).state : truth;
      if (i < 10) await settle(m.sessions, m.games);
    }
    m.w.join();
    await settle(m.sessions, m.games);
    for (const p of ['A', 'B'] as PlayerId[]) expect(viewFor(m.games[p].store.getState().state, p)).toEqual(viewFor(truth, p));
  }, 60_000);

  it('NET-4 a forged opening is refused by name, and the game stays as it was', async () => {
    const file = example('markers-and-hidden', { manual: true });
    const { commands, ...setup } = file;
    const m = await machines(setup);
    let truth = createGame(setup);
    // Up to B's marker on the table.
    for (const cmd of commands) {
      if (isQuery(cmd)) continue;
      const seat = commandPlayer(cmd) ?? speakerOf(truth)!;
      await m.games[seat].submit(cmd);
      await settle(m.sessions, m.games);
      truth = (apply(truth, cmd, m.ctx) as { state: GameState }).state;
      if (Object.values(truth.troopers).some((t) => t.player === 'B' && t.status === 'marker')) break;
    }
    const before = m.games.A.store.getState().state;
    const sealedAt = m.sessions.B.store.getState().net.logs.B.findIndex((x) => x.body.t === 'cmd' && x.body.sealed);
    expect(sealedAt).toBeGreaterThan(0);
    // B's machine "opens" its marker as another trooper than the one it committed to.
    await m.sessions.B.post({ t: 'unseal', seat: 'B', of: sealedAt, opening: { choice: { do: 'deploy', player: 'B', trooper: 'b-lt' }, salt: '0'.repeat(64) } });
    await settle(m.sessions, m.games);
    expect(m.sessions.A.store.getState().error).toMatch(/refused: .*does not match its commitment/);
    expect(m.games.A.store.getState().state).toBe(before);
  }, 60_000);
});

describe('a reload in the middle of a shared roll (NET-4)', () => {
  it('NET-4 a page that goes away while its command\'s roll is under way finishes that command with that roll when it comes back', async () => {
    const file = example('markers-and-hidden');
    const { commands: _c, ...setup } = file;
    const storage = fakeStorage();
    const m = await machines(setup, storage);
    m.w.cut();
    // A asks for the initiative roll; B's machine cannot answer: the command waits on its dice ...
    void m.games.A.submit({ do: 'initiative' });
    await m.sessions.A.idle();
    // Waited for, not timed: on a busy machine the roll is asked for later than 20 ms.
    for (let i = 0; i < 200 && Object.keys(m.sessions.A.store.getState().net.rolls).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(Object.keys(m.sessions.A.store.getState().net.rolls)).toHaveLength(1);
    // ... and A's page goes away (a reload): a new session and game from its own storage.
    m.games.A.dispose();
    m.sessions.A.dispose();
    const sa = await createSession({ hash, setup, seat: 'A', transport: docTransport(m.w.a), host: true, storage, storageKey: 'a' });
    const ga = createNetGame({ session: sa, hash, setup, seat: 'A', ctx: m.ctx });
    m.w.join();
    const sessions = { A: sa, B: m.sessions.B };
    const games = { A: ga, B: m.games.B };
    await settle(sessions, games);
    await settle(sessions, games);
    expect(ga.store.getState().error).toBeNull();
    expect(m.games.B.store.getState().error).toBeNull();
    expect(ga.store.getState().state.applied).toBe(1);
    expect(m.games.B.store.getState().state.initiative).toEqual(ga.store.getState().state.initiative);
    // The one roll, used once; nothing rolled again.
    expect(Object.keys(sa.store.getState().net.rolls)).toHaveLength(1);
  });
});

describe('dice only from shared rolls (NET-3)', () => {
  it('NET-3 in a game with random dice, a command that brings its own dice is refused, and the game stays as it was', async () => {
    const file = example('markers-and-hidden');
    const { commands: _c, ...setup } = file;
    const m = await machines(setup);
    const before = m.games.B.store.getState().state;
    await m.sessions.A.post({ t: 'cmd', seat: 'A', at: 0, command: { do: 'initiative', rolls: { A: 1, B: 20 } } });
    await settle(m.sessions, m.games);
    expect(m.games.B.store.getState().error).toMatch(/brings its own dice, and in this game every die comes from both machines/);
    expect(m.games.B.store.getState().state).toBe(before);
  });

  it('NET-4 a command given out of turn names another place in the game and is refused for good', async () => {
    const file = example('markers-and-hidden', { manual: true });
    const { commands: _c, ...setup } = file;
    const m = await machines(setup);
    // B sends its keep before the initiative was rolled (as command 0 of the game).
    await m.sessions.B.post({ t: 'cmd', seat: 'B', at: 0, command: { do: 'keep', player: 'B', choice: 'initiative' } });
    expect((await m.games.A.submit({ do: 'initiative', rolls: { A: 7, B: 11 } })).ok).toBe(true);
    await settle(m.sessions, m.games);
    expect(m.games.A.store.getState().error).toMatch(/was given as command 0 of the game, and the game is at command 1/);
    expect(m.games.A.store.getState().state.applied).toBe(1);
  });
});

describe('shared dice bound to their command (NET-3)', () => {
  it('NET-3 a machine cannot roll, look at the dice and give another command: the roll names its command, and must be used by the next one', async () => {
    const file = example('markers-and-hidden');
    const { commands: _c, ...setup } = file;
    const m = await machines(setup);
    // A's machine rolls for one initiative command ...
    const meant = await commit(hash, { do: 'initiative' });
    const label = await m.sessions.A.roll(6, `${GAME_ROLL}${meant.commitment}`);
    await settle(m.sessions, m.games);
    expect(m.sessions.B.store.getState().net.rolls[label]!.dice).toHaveLength(6);
    const before = m.games.B.store.getState().state;
    // ... then gives it with a salt of its choosing (the commitment was to another salt: no other command fits it) ...
    await m.sessions.A.post({ t: 'cmd', seat: 'A', at: 0, command: { do: 'initiative' }, roll: label, salt: '0'.repeat(64) });
    await settle(m.sessions, m.games);
    expect(m.sessions.B.store.getState().error).toMatch(/roll "cmd:[0-9a-f]+" was made for another command than this one/);
    expect(m.games.B.store.getState().state).toBe(before);
  });

  it('NET-3 a roll left unused is refused at the machine\'s next command', async () => {
    const file = example('markers-and-hidden');
    const { commands: _c, ...setup } = file;
    const m = await machines(setup);
    const meant = await commit(hash, { do: 'initiative' });
    await m.sessions.A.roll(6, `${GAME_ROLL}${meant.commitment}`);
    await settle(m.sessions, m.games);
    // The dice were not to A's liking: it gives the command again, asking for a new roll by leaving this one.
    await m.sessions.A.post({ t: 'cmd', seat: 'A', at: 0, command: { do: 'initiative' } });
    await settle(m.sessions, m.games);
    expect(m.sessions.B.store.getState().error).toMatch(/rolled dice for a command \("cmd:[0-9a-f]+"\) and gave another one/);
    expect(m.games.B.store.getState().state.phase).toBe('initiative');
  });
});

export type { Command };
