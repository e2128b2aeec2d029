/**
 * Hotseat hand-overs decided on public information only (ARO-1, ARO-4, MOV-4): twin games alike in
 * everything the active player may know, and differing only in the reactive player's secrets (where a
 * hidden trooper stands, which trooper is behind each marker, which trooper is the Lieutenant), get the
 * same answer at every ARO window, even where the secret trooper may react in one twin and not the other.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, replay } from './engine';
import { parseGameFile, parseGameFileText } from './gamefile';
import { controlledJumpMayBeDeclared, hideableTroopers, seatHasPrivate, windowNeedsHandOver } from './handOver';
import type { Command, GameFile, GameState, PlayerId } from './model/types';
import type { EngineContext } from './ports';
import { contextFor } from './testing/fixtures';
import { knownProfiles, viewFor } from './view';

const example = (name: string) => JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')) as GameFile;
const repro = (name: string) => readFileSync(new URL(`./testing/repro/${name}`, import.meta.url), 'utf8');

/** The answer the hotseat asks for, from the active player's own view. */
function answer(state: GameState) {
  const active = state.order?.player ?? state.active!;
  const reactive: PlayerId = active === 'A' ? 'B' : 'A';
  return windowNeedsHandOver(viewFor(state, active), hideableTroopers(state.setup, reactive));
}

/**
 * The hidden-and-discover example up to the end of the deployment, then B's turn ended: A's turn, B's
 * scout hidden at `at` (null: deployed as a model where the example hides it); `away`: B's models face
 * north, away from A's troopers.
 */
function hiddenTwin(at: { x: number; y: number } | null, away = false): { state: GameState; ctx: EngineContext } {
  const f = example('hidden-and-discover.json');
  const commands = f.commands.slice(0, 14).map((c) => {
    if (c.do !== 'deploy' || c.player !== 'B') return c;
    const d = away && c.trooper !== 'u-scout' ? { ...c, facing: 0 } : c;
    if (c.trooper === 'u-scout') return at ? { ...d, at } : { ...d, as: 'model' as const, cover: undefined, facing: away ? 0 : d.facing };
    return d;
  });
  const file = parseGameFile({ ...f, commands: [...commands, { do: 'endTurn', player: 'B' }] });
  const ctx = contextFor(file);
  const r = replay(file, ctx);
  return { state: r.state, ctx };
}

const coord = fc.integer({ min: -80, max: 80 }).map((n) => n / 10);
type Intent = { who: number; skill: 'move' | 'cautious-move' | 'idle'; dx: number; dy: number; second: 'none' | 'move' | 'idle'; ex: number; ey: number };
const intent: fc.Arbitrary<Intent> = fc.record({
  who: fc.nat(5),
  skill: fc.constantFrom('move' as const, 'move' as const, 'cautious-move' as const, 'idle' as const),
  dx: coord,
  dy: fc.integer({ min: 0, max: 160 }).map((n) => n / 10),
  second: fc.constantFrom('none' as const, 'move' as const, 'idle' as const),
  ex: coord,
  ey: coord,
});

/** One Order of the active player's, with no ARO declared; each window's answer (and the engine's own eligible list) recorded. */
function playOrder(s: GameState, ctx: EngineContext, troopers: readonly string[], it: Intent, player: PlayerId): { state: GameState; seen: { answer: string; eligible: string }[] } {
  const seen: { answer: string; eligible: string }[] = [];
  const who = troopers[it.who % troopers.length]!;
  const t = s.troopers[who]!;
  if (t.status !== 'model') return { state: s, seen };
  const sign = player === 'A' ? 1 : -1;
  const path = (dx: number, dy: number, from: { x: number; y: number }) => [{ x: from.x + dx, y: from.y + sign * dy }];
  const first: Command =
    it.skill === 'idle' ? { do: 'order', player, trooper: who, skill: 'idle' } : ({ do: 'order', player, trooper: who, skill: it.skill, path: path(it.dx, it.dy, { x: t.x!, y: t.y! }) } as Command);
  const opened = apply(s, first, ctx);
  if (!opened.ok) return { state: s, seen };
  let state = opened.state;
  for (let i = 0; i < 6 && state.order; i++) {
    const o = state.order;
    if (o.stage === 'aro1' || o.stage === 'aro2') {
      seen.push({ answer: JSON.stringify(answer(state)), eligible: JSON.stringify(o.eligible[o.stage === 'aro1' ? 0 : 1]) });
      const r = apply(state, { do: 'aros', player: o.player === 'A' ? 'B' : 'A', declarations: [] }, ctx);
      if (!r.ok) break;
      state = r.state;
    } else if (o.stage === 'second') {
      const at = state.troopers[o.trooper]!;
      const cmd: Command = it.second === 'move' ? ({ do: 'second', player, skill: 'move', path: path(it.ex, it.ey, { x: at.x!, y: at.y! }) } as Command) : ({ do: 'second', player, skill: it.second } as Command);
      const r = apply(state, cmd, ctx);
      const none = r.ok ? r : apply(state, { do: 'second', player, skill: 'none' }, ctx);
      if (!none.ok) break;
      state = none.state;
    } else break;
  }
  // Dice owed (or anything else left open): the game goes on from before the Order.
  return { state: state.order ? s : state, seen };
}

describe('hand-overs on public information only', () => {
  it('ARO-4 HD-2 where B\u2019s hidden trooper stands: every ARO window of A\u2019s gets the same answer, though the engine\u2019s eligible lists differ', () => {
    const twins = [hiddenTwin({ x: 30, y: 38 }), hiddenTwin({ x: 8, y: 40 })];
    let windows = 0;
    let differ = 0;
    fc.assert(
      fc.property(fc.array(intent, { minLength: 1, maxLength: 5 }), (intents) => {
        let states = twins.map((t) => t.state);
        for (const it of intents) {
          const played = states.map((s, i) => playOrder(s, twins[i]!.ctx, ['r-lt', 'r-bike', 'r-gun'], it, 'A'));
          expect(played[1]!.seen.map((x) => x.answer)).toEqual(played[0]!.seen.map((x) => x.answer));
          windows += played[0]!.seen.length;
          if (played[0]!.seen.some((x, k) => x.eligible !== played[1]!.seen[k]?.eligible)) differ++;
          states = played.map((p) => p.state);
        }
      }),
      { numRuns: 40, seed: 41 },
    );
    expect(windows).toBeGreaterThan(40);
    // The secret did matter to the engine: the hidden trooper could react in one twin and not in the other.
    expect(differ).toBeGreaterThan(0);
  }, 120_000);

  it('ARO-4 MOV-4 a window with nobody in sight: handed over while B may hold a hidden trooper, passed once it is known not to be hidden', () => {
    const hidden = hiddenTwin({ x: 30, y: 38 }, true);
    const shown = hiddenTwin(null, true);
    // B's models face north: none of them sees r-gun, nor has it in its Zone of Control.
    const order = (skill: 'move' | 'cautious-move'): Command => ({ do: 'order', player: 'A', trooper: 'r-gun', skill, path: [{ x: 10, y: 8 }] }) as Command;
    for (const [game, skill, want, reason] of [
      [hidden, 'move', true, 'may-be-hidden'],
      [shown, 'move', false, 'nobody'],
    ] as const) {
      const r = apply(game.state, order(skill), game.ctx);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const a = answer(r.state);
      expect(a.window).toBe(1);
      expect(a.reactive).toBe('B');
      expect(r.state.order!.eligible[0]!.filter((id) => id !== 'u-scout')).toEqual([]);
      expect([a.handOver, a.reason]).toEqual([want, reason]);
    }
    // MOV-4: a Cautious Move unseen by B's models opens no window the hidden trooper could use.
    const cautious = apply(hidden.state, order('cautious-move'), hidden.ctx);
    expect(cautious.ok).toBe(true);
    if (cautious.ok && cautious.state.order?.stage === 'aro1') expect(answer(cautious.state).handOver).toBe(false);
  });

  it('ARO-1 a model in sight: handed over, and the answer names no trooper', () => {
    const game = hiddenTwin(null);
    const r = apply(game.state, { do: 'order', player: 'A', trooper: 'r-lt', skill: 'move', path: [{ x: 24, y: 8 }] } as Command, game.ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.order!.eligible[0]!.length).toBeGreaterThan(0);
    const a = answer(r.state);
    expect([a.handOver, a.reason]).toEqual([true, 'may-react']);
    expect(JSON.stringify(a)).not.toMatch(/u-|r-/);
  });

  it('TOC-2 which trooper of B\u2019s is behind each marker: A\u2019s windows get the same answers in both twins', () => {
    const files = [1, 2].map((n) => {
      const f = parseGameFileText(repro(`secrecy-cautious-refusal-twin${n}.json`));
      return { ...f, commands: f.commands.slice(0, f.commands.length - 1) };
    });
    const ctx = contextFor(files[0]!);
    const starts = files.map((f) => replay(f, ctx).state);
    const A = ['a-osei', 'a-lune', 'a-rook', 'a-wren', 'a-tolle', 'a-ansel'];
    let windows = 0;
    let handed = 0;
    fc.assert(
      fc.property(fc.array(intent, { minLength: 1, maxLength: 4 }), (intents) => {
        let states = starts;
        for (const it of intents) {
          const played = states.map((s) => playOrder(s, ctx, A, it, 'A'));
          expect(played[1]!.seen.map((x) => x.answer)).toEqual(played[0]!.seen.map((x) => x.answer));
          windows += played[0]!.seen.length;
          handed += played[0]!.seen.filter((x) => JSON.parse(x.answer).handOver).length;
          states = played.map((p) => p.state);
        }
      }),
      { numRuns: 40, seed: 41 },
    );
    expect(windows).toBeGreaterThan(20);
    expect(handed).toBeGreaterThan(0);
    expect(handed).toBeLessThan(windows);
  }, 120_000);

  it('GRP-4 which trooper of B\u2019s is the Lieutenant: the same answer', () => {
    const game = hiddenTwin({ x: 30, y: 38 });
    const moved: GameState = {
      ...game.state,
      setup: {
        ...game.state.setup,
        players: {
          ...game.state.setup.players,
          B: { ...game.state.setup.players.B, troopers: game.state.setup.players.B.troopers.map((t) => ({ ...t, skills: t.id === 'u-lt' ? [] : t.id === 'u-mech' ? [...t.skills, 'lieutenant'] : t.skills })) },
        },
      },
    };
    const cmd = { do: 'order', player: 'A', trooper: 'r-gun', skill: 'move', path: [{ x: 10, y: 8 }] } as Command;
    const [one, two] = [game.state, moved].map((s) => apply(s, cmd, game.ctx));
    expect(one!.ok && two!.ok).toBe(true);
    if (!one!.ok || !two!.ok) return;
    expect(answer(two!.state)).toEqual(answer(one!.state));
  });

  it('GRP-4 HD-1 CJ-1 the PIN is asked while a seat\'s screen shows Private Information, told from the other\'s view', () => {
    const shown = hiddenTwin(null).state;
    const hidden = hiddenTwin({ x: 30, y: 38 }).state;
    const asks = (s: GameState, p: PlayerId, known: boolean) => seatHasPrivate(viewFor(s, p === 'A' ? 'B' : 'A'), s.setup, p, known);
    // The Lieutenant not yet known: private, whatever else.
    expect(asks(shown, 'B', false)).toBe(true);
    // Every trooper of B's seen as a model, the Lieutenant known: nothing private.
    expect(asks(shown, 'B', true)).toBe(false);
    // A trooper hidden: private (the other sees only that a trooper of the list is not on the table).
    expect(asks(hidden, 'B', true)).toBe(true);
    // A's Combat Jump trooper still in the air.
    expect(asks(shown, 'A', true)).toBe(true);
    // Where the hidden trooper stands changes nothing.
    expect(asks(hiddenTwin({ x: 8, y: 40 }).state, 'B', true)).toBe(true);
  });

  it('CJ-11 the Controlled Jump ARO is asked of B when A cannot rule out a hacker of B\'s, told from A\'s view', () => {
    const asks = (st: GameState) => controlledJumpMayBeDeclared(viewFor(st, 'A'), knownProfiles(st, 'A'), 'B', hideableTroopers(st.setup, 'B'));
    const shown = hiddenTwin(null).state;
    // Every trooper of B's a model A can read, none with Controlled Jump: nothing to ask.
    expect(asks(shown)).toBe(false);
    // A model of B's with Controlled Jump.
    const hacker: GameState = {
      ...shown,
      setup: { ...shown.setup, players: { ...shown.setup.players, B: { ...shown.setup.players.B, troopers: shown.setup.players.B.troopers.map((t) => (t.id === 'u-mech' ? { ...t, skills: [...t.skills, 'controlled-jump'] } : t)) } } },
    };
    expect(asks(hacker)).toBe(true);
    // A trooper of B's able to hide and hidden: it might be a hacker, wherever it stands.
    expect(asks(hiddenTwin({ x: 30, y: 38 }).state)).toBe(true);
    expect(asks(hiddenTwin({ x: 8, y: 40 }).state)).toBe(true);
  });
});
