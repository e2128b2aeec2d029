/**
 * Twin games in the Active Turn: two games alike in everything A may know, differing only in which of
 * B's troopers stands behind each B marker. Whatever A does, and whatever B does that names none of
 * those troopers, A must see the same thing in both: the same events, the same refusals, the same view,
 * down to the order of keys in the text (an order is information too). The cases found from outside
 * (`testing/repro/`, copied from the outside tester's files) are checked as files, then the same
 * situations are played on at random until a secret ends (a marker Discovered or revealed).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runGameText } from '../cli/run';
import { apply, replay } from './engine';
import { parseGameFileText } from './gamefile';
import type { Command, GameEvent, GameFile, GameState, PlanePoint } from './model/types';
import type { EngineContext } from './ports';
import { contextFor } from './testing/fixtures';
import { viewEvents, viewFor } from './view';

const repro = (name: string) => readFileSync(new URL(`./testing/repro/${name}`, import.meta.url), 'utf8');

describe('the secrecy cases found from outside, as files', () => {
  for (const pair of ['order-gate', 'template-affected', 'cautious-refusal', 'marker-keyorder']) {
    it(`TOC-2 HD-2 ${pair}: A's whole output (events, refusal, view) is the same text in both twins`, () => {
      const one = runGameText(repro(`secrecy-${pair}-twin1.json`), 'A');
      const two = runGameText(repro(`secrecy-${pair}-twin2.json`), 'A');
      expect(one.ok && two.ok).toBe(true);
      expect(JSON.stringify(one)).toBe(JSON.stringify(two));
      // The twins do differ: B's own view tells them apart.
      expect(JSON.stringify(runGameText(repro(`secrecy-${pair}-twin1.json`), 'B'))).not.toBe(JSON.stringify(runGameText(repro(`secrecy-${pair}-twin2.json`), 'B')));
    });
  }

  it('TOC-4 a Discover then an attack on a marker: A sees its Order without the trooper behind the marker', () => {
    const out = runGameText(repro('secrecy-order-gate-twin1.json'), 'A');
    if (!out.ok) throw new Error(out.error);
    const skills = out.output.state.order!.skills;
    expect(skills.map((s) => s.skill)).toEqual(['discover', 'bs-attack']);
    expect(JSON.stringify(skills)).not.toMatch(/b-reyes|b-wraith|gate/);
  });

  it('TPL-2 a template of B\u2019s over B\u2019s own marker: A reads the marker id among the troopers it affects', () => {
    const out = runGameText(repro('secrecy-template-affected-twin1.json'), 'A');
    if (!out.ok) throw new Error(out.error);
    const affected = out.output.state.order!.skills[1]!.affected!;
    expect(affected.some((n) => /^B-m\d+$/.test(n))).toBe(true);
    expect(affected).not.toContain('b-reyes');
    expect(affected).not.toContain('b-wraith');
  });
});

/** Two games played side by side with the same commands; what A sees of each step, as text. */
class Twins {
  states: [GameState, GameState];
  readonly ctx: EngineContext;
  /** whether a secret has ended (a B marker's trooper shown): from then on the twins may rightly differ */
  ended = false;

  constructor(start: { states: [GameState, GameState]; ctx: EngineContext }) {
    this.ctx = start.ctx;
    this.states = [...start.states];
  }

  /** Applies one command to both; returns what A sees of it in each twin. */
  step(cmd: Command | ((s: GameState) => Command)): [string, string] {
    const seen = this.states.map((state, i) => {
      const c = typeof cmd === 'function' ? cmd(state) : cmd;
      const r = apply(state, c, this.ctx);
      if (!r.ok) return JSON.stringify({ refused: r.rejection.code, rule: r.rejection.rule, message: c.do === 'rolls' || ('player' in c && c.player === 'A') ? r.rejection.message : null });
      if (r.events.some((e) => this.endsSecret(state, e))) this.ended = true;
      this.states[i] = r.state;
      return JSON.stringify({ events: viewEvents(r.events, state, r.state, 'A', c).map(({ index: _i, ...e }) => e), view: viewFor(r.state, 'A') });
    });
    return seen as [string, string];
  }

  /** A marker of B's is Discovered, revealed, hit, or saves: its trooper is no longer a secret. */
  private endsSecret(before: GameState, e: GameEvent): boolean {
    const marker = (id: string | undefined | null) => !!id && before.troopers[id]?.player === 'B' && before.troopers[id]?.status === 'marker';
    if (e.type === 'discovered' || e.type === 'revealed') return e.player === 'B';
    if (e.type === 'save' || e.type === 'wounds') return marker(e.trooper);
    if (e.type === 'hits') return marker(e.target);
    return false;
  }
}

/** Both twins replayed once, without their last `drop` commands: every game of a property starts there (states never change). */
function twinStart(pair: string, drop: number): { states: [GameState, GameState]; ctx: EngineContext } {
  const files = ([1, 2] as const).map((n) => {
    const f = parseGameFileText(repro(`secrecy-${pair}-twin${n}.json`));
    return { ...f, commands: f.commands.slice(0, f.commands.length - drop) };
  }) as [GameFile, GameFile];
  const ctx = contextFor(files[0]);
  return { states: files.map((f) => replay(f, ctx).state) as [GameState, GameState], ctx };
}

const coord = fc.integer({ min: -30, max: 30 }).map((n) => n / 10);

/**
 * Random games from both twins' start: each step's command applied to both, A's output compared as
 * text until a secret ends; enough steps compared that the property says something.
 */
function playAlike<I>(start: ReturnType<typeof twinStart>, intent: fc.Arbitrary<I>, command: (it: I) => (s: GameState) => Command): void {
  let compared = 0;
  fc.assert(
    fc.property(fc.array(intent, { minLength: 1, maxLength: 12 }), (intents) => {
      const twins = new Twins(start);
      for (const it of intents) {
        const [one, two] = twins.step(command(it));
        if (twins.ended) break;
        expect(one).toBe(two);
        compared++;
      }
    }),
    { numRuns: 60 },
  );
  expect(compared).toBeGreaterThan(200);
}

describe('twin games in the Active Turn: A\u2019s results never depend on which trooper a B marker is', () => {
  // A's turn in the mid-game with two TO Camouflage markers of B's (the Cautious Movement twins).
  const A_TROOPERS = ['a-osei', 'a-lune', 'a-rook', 'a-wren', 'a-tolle', 'a-ansel', 'a-brask'];
  type AIntent =
    | { kind: 'order'; who: number; skill: 'move' | 'cautious-move' | 'discover' | 'idle' | 'attack'; dx: number; dy: number; target: number }
    | { kind: 'second'; skill: 'attack' | 'discover' | 'none' | 'move'; target: number; dx: number; dy: number }
    | { kind: 'aros' }
    | { kind: 'lof'; who: number; target: number };
  const aIntent: fc.Arbitrary<AIntent> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('order' as const), who: fc.nat(20), skill: fc.constantFrom('move' as const, 'cautious-move' as const, 'cautious-move' as const, 'discover' as const, 'idle' as const, 'attack' as const), dx: coord, dy: coord, target: fc.nat(9) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('second' as const), skill: fc.constantFrom('attack' as const, 'discover' as const, 'none' as const, 'move' as const), target: fc.nat(9), dx: coord, dy: coord }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('aros' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('lof' as const), who: fc.nat(20), target: fc.nat(9) }) },
  );
  const TARGETS = ['B-m1', 'B-m2', 'B-m1', 'B-m2', 'b-hana', 'b-reyes', 'b-kai', 'b-lio', 'b-soren', 'b-jett'];

  const aCommand = (it: AIntent) => (s: GameState): Command => {
    const who = s.order?.trooper ?? A_TROOPERS[('who' in it ? it.who : 0) % A_TROOPERS.length]!;
    const t = s.troopers[who]!;
    const to = (dx: number, dy: number): PlanePoint[] => [{ x: (t.x ?? 24) + dx, y: (t.y ?? 24) + dy }];
    const weapon = s.setup.players.A.troopers.find((p) => p.id === who)!.weapons[0]!.id;
    const target = TARGETS['target' in it ? it.target % TARGETS.length : 0]!;
    const skill = (k: string, dx: number, dy: number) =>
      k === 'attack' ? { skill: 'bs-attack', weapon, targets: [{ target, burst: 1 }] } : k === 'discover' ? { skill: 'discover', target: target.startsWith('B-m') ? target : 'B-m1' } : k === 'idle' ? { skill: 'idle' } : { skill: k, path: to(dx, dy) };
    switch (it.kind) {
      case 'order':
        return { do: 'order', player: 'A', trooper: who, ...skill(it.skill, it.dx, it.dy) } as Command;
      case 'second':
        return (it.skill === 'none' ? { do: 'second', player: 'A', skill: 'none' } : { do: 'second', player: 'A', ...skill(it.skill, it.dx, it.dy) }) as Command;
      case 'aros':
        return { do: 'aros', player: 'B', declarations: [] };
      case 'lof':
        return { do: 'lof', player: 'A', from: who, to: target };
    }
  };

  it('TOC-2 TOC-4 MOV-4 ARO-1 A orders, Discovers, attacks markers and is refused Cautious Moves alike in both twins', () => {
    playAlike(twinStart('cautious-refusal', 1), aIntent, aCommand);
  }, 120_000);

  // B's turn on the template twins: B's troopers that are not behind a marker move and lay templates,
  // often over its own markers; A answers with no AROs; dice are given as each game asks.
  const B_TROOPERS = ['b-colossus', 'b-mule', 'b-strider', 'b-ishii', 'b-pathfinder'];
  type BIntent =
    | { kind: 'order' | 'second'; who: number; skill: 'move' | 'template' | 'attack' | 'idle'; dx: number; dy: number; ax: number; ay: number }
    | { kind: 'coord'; who: number; marker: 'B-m1' | 'B-m2'; skill: 'move' | 'idle'; dx: number; dy: number; mx: number; my: number }
    | { kind: 'aros' }
    | { kind: 'dice'; d: number };
  const bIntent: fc.Arbitrary<BIntent> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('order' as const, 'second' as const), who: fc.nat(20), skill: fc.constantFrom('move' as const, 'template' as const, 'template' as const, 'attack' as const, 'idle' as const), dx: coord, dy: coord, ax: fc.integer({ min: 0, max: 48 }), ay: fc.integer({ min: 0, max: 48 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('aros' as const) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('dice' as const), d: fc.integer({ min: 1, max: 20 }) }) },
    // COORD-11: a Coordinated Order with one of B's markers in it, the marker named by its marker id.
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('coord' as const), who: fc.nat(20), marker: fc.constantFrom('B-m1' as const, 'B-m2' as const), skill: fc.constantFrom('move' as const, 'move' as const, 'idle' as const), dx: coord, dy: coord, mx: coord, my: coord }) },
  );
  const bCommand = (it: BIntent) => (s: GameState): Command => {
    if (it.kind === 'aros') return { do: 'aros', player: 'A', declarations: [] };
    if (it.kind === 'dice') {
      // Each game owes its dice by its own troopers' ids; the same numbers in both.
      const needs = s.order?.needs ?? {};
      const rolls = Object.fromEntries(Object.entries(needs).map(([id, n]) => [id, Array.from({ length: n }, (_, k) => ((it.d + k * 7) % 20) + 1)]));
      return { do: s.order?.stage === 'saves' ? 'saves' : 'rolls', rolls };
    }
    if (it.kind === 'coord') {
      const lead = B_TROOPERS[it.who % B_TROOPERS.length]!;
      const at = s.troopers[lead]!;
      const m = Object.values(s.troopers).find((x) => x.markerId === it.marker && x.player === 'B');
      const step = (x: number | null | undefined, y: number | null | undefined, dx: number, dy: number) => [{ x: (x ?? 24) + dx, y: (y ?? 24) + dy }];
      const mine = it.skill === 'idle' ? { skill: 'idle' } : { skill: 'move', path: step(at.x, at.y, it.dx, it.dy) };
      const theirs = it.skill === 'idle' ? { skill: 'idle' } : { skill: 'move', path: step(m?.x, m?.y, it.mx, it.my) };
      return { do: 'order', player: 'B', trooper: lead, ...mine, with: [it.marker], each: { [it.marker]: theirs } } as Command;
    }
    const who = s.order?.trooper ?? B_TROOPERS[it.who % B_TROOPERS.length]!;
    const t = s.troopers[who]!;
    const profile = s.setup.players.B.troopers.find((p) => p.id === who)!;
    const template = profile.weapons.find((w) => w.kind === 'direct');
    const gun = profile.weapons.find((w) => !w.kind) ?? profile.weapons[0]!;
    const fields =
      it.skill === 'template' && template
        ? { skill: 'bs-attack', weapon: template.id, aim: { x: it.ax, y: it.ay } }
        : it.skill === 'attack'
          ? { skill: 'bs-attack', weapon: gun.id, targets: [{ target: 'a-osei', burst: 1 }] }
          : it.skill === 'idle'
            ? { skill: 'idle' }
            : { skill: 'move', path: [{ x: (t.x ?? 24) + it.dx, y: (t.y ?? 24) + it.dy }] };
    if (it.kind === 'second' && s.order?.with) {
      // COORD-4: the marker's second skill is the Spearhead's; one that needs nothing of the marker's profile
      // (a weapon) keeps the twins alike, as B naming the trooper behind a marker would not.
      const m = Object.values(s.troopers).find((x) => x.markerId === s.order!.with![0] || x === s.troopers[s.order!.with![0]!]);
      const moving = it.skill === 'move';
      const mine = moving ? { skill: 'move', path: [{ x: (t.x ?? 24) + it.dx, y: (t.y ?? 24) + it.dy }] } : { skill: 'idle' };
      const theirs = moving ? { skill: 'move', path: [{ x: (m?.x ?? 24) + it.dy, y: (m?.y ?? 24) + it.dx }] } : { skill: 'idle' };
      return { do: 'second', player: 'B', ...mine, each: { [s.order.with[0]!]: theirs } } as Command;
    }
    return (it.kind === 'order' ? { do: 'order', player: 'B', trooper: who, ...fields } : { do: 'second', player: 'B', ...fields }) as Command;
  };

  it('TPL-1 TPL-2 COORD-11 B\u2019s templates over its own markers, its Coordinated Orders with a marker in them, and all B does with troopers A knows, read alike to A in both twins', () => {
    playAlike(twinStart('template-affected', 3), bIntent, bCommand);
  }, 120_000);
});
