/**
 * `apply` never changes the state it is given. The next state shares parts with it (the setup, each
 * trooper's state until a rule changes it, each declared skill's points), so a rule that wrote into
 * what it shares would change the state before, and every state of the history. Here every state is
 * deep-frozen before `apply` gets it (the setup left as it is): such a write throws.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, createGame } from './engine';
import { parseGameFileText } from './gamefile';
import type { Command, GameFile, GameState } from './model/types';
import { contextFor, TestGame } from './testing/fixtures';
import { TURN_ONE, turnTable } from './testing/turnTable';

function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
}

/** The state frozen, all but its setup. */
function frozen(state: GameState): GameState {
  for (const k of Object.keys(state)) if (k !== 'setup') deepFreeze((state as unknown as Record<string, unknown>)[k]);
  return state;
}

const text = (v: unknown) => JSON.stringify(v);

/** Every command of a file, each given a frozen state; what each gives, as text (a refusal: its rejection). */
function replayFrozen(file: GameFile): string[] {
  const { commands, ...setup } = file;
  const ctx = contextFor(setup);
  let state = createGame(setup);
  const out: string[] = [];
  for (const c of commands) {
    const r = apply(frozen(state), c, ctx);
    out.push(r.ok ? text([r.events, r.command]) : text(r.rejection));
    if (r.ok) state = r.state;
  }
  out.push(text({ ...state, setup: null }));
  return out;
}

const root = join(__dirname, '..', '..');
const FILES = [
  ...readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json')).map((f) => join(root, 'examples', f)),
  ...readdirSync(join(__dirname, 'testing', 'repro')).filter((f) => f.endsWith('.json')).map((f) => join(__dirname, 'testing', 'repro', f)),
];

describe('apply never changes the state it is given', () => {
  it('every shipped example and repro game, each state frozen before apply gets it: no rule writes into it', () => {
    expect(FILES.length).toBeGreaterThan(20);
    let taken = 0;
    for (const f of FILES) {
      const file = parseGameFileText(readFileSync(f, 'utf8'));
      // The first 100 commands of each (deployment, the first turns' Orders, AROs, attacks, saves):
      // the longest files would take most of a minute on the exact box scenery. A write into a frozen
      // state throws (modules are strict), so a replay that ends is the proof.
      const out = replayFrozen({ ...file, commands: file.commands.slice(0, 100) });
      taken += out.filter((o) => !o.startsWith('{"rule"')).length;
    }
    expect(taken).toBeGreaterThan(1000);
  }, 120_000);

  /** One Order of the Active Turn on the turn table: two Moves (or a Move and an attack), maybe a Dodge in ARO. */
  const offset = fc.record({ dx: fc.double({ min: -3, max: 3, noNaN: true }), dy: fc.double({ min: -3, max: 3, noNaN: true }) });
  const order = fc.record({
    trooper: fc.constantFrom('a-run', 'a-fast', 'a-lt', 'a-camo', 'a-irr', 'a-top'),
    first: offset,
    second: fc.option(offset, { nil: undefined }),
    facing: fc.integer({ min: 0, max: 359 }),
    prone: fc.boolean(),
    dodge: fc.boolean(),
    die: fc.integer({ min: 1, max: 20 }),
  });

  /** The commands of one Order, made from where its trooper stands now. */
  function commandsOf(state: GameState, o: typeof order extends fc.Arbitrary<infer T> ? T : never): Command[] {
    const t = state.troopers[o.trooper]!;
    if (t.x === null || t.y === null) return [];
    const a = { x: t.x + o.first.dx, y: t.y + o.first.dy };
    const aros: Command = { do: 'aros', player: 'B', declarations: o.dodge ? [{ trooper: 'b-inf', skill: 'dodge' }] : [] } as Command;
    const second: Command = o.second
      ? ({ do: 'second', player: 'A', skill: 'move', path: [{ x: a.x + o.second.dx, y: a.y + o.second.dy }], facing: o.facing, ...(o.prone ? { prone: true } : {}) } as Command)
      : ({ do: 'second', player: 'A', skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }] } as Command);
    return [
      { do: 'order', player: 'A', trooper: o.trooper, skill: 'move', path: [a] } as Command,
      aros,
      second,
      { do: 'aros', player: 'B', declarations: [] } as Command,
      { do: 'rolls', rolls: { [o.trooper]: [o.die], 'b-inf': [21 - o.die] } } as Command,
      { do: 'saves', rolls: { 'b-inf': [o.die], [o.trooper]: [o.die] } } as Command,
    ];
  }

  it('random Orders on the turn table, each state frozen before apply gets it: the same answers as unfrozen', { timeout: 120_000 }, () => {
    const start = new TestGame({ ...turnTable(), dice: { manual: true } }, TURN_ONE);
    let moved = 0;
    fc.assert(
      fc.property(fc.array(order, { minLength: 1, maxLength: 6 }), (orders) => {
        let state = start.state;
        for (const o of orders) {
          for (const c of commandsOf(state, o)) {
            const plain = apply(state, c, start.ctx);
            const r = apply(frozen(state), c, start.ctx);
            expect(r.ok ? text([r.events, r.command, { ...r.state, setup: null }]) : text(r.rejection)).toBe(plain.ok ? text([plain.events, plain.command, { ...plain.state, setup: null }]) : text(plain.rejection));
            if (!r.ok) continue;
            moved += r.events.filter((e) => e.type === 'moved').length;
            state = r.state;
          }
        }
      }),
      { numRuns: 100 },
    );
    expect(moved).toBeGreaterThan(100);
  });
});
