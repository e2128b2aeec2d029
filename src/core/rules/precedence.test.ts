/**
 * The rejection table's order (GAME-FILE.md: "When several apply, the first in this table is reported"),
 * row by row. For each command: a command that is accepted, and faults that each break it in one way
 * (one code). Every fault alone gives its code; every pair of faults that can be made together gives the
 * code that comes first in the table. Faults that change the same part of the command cannot be made
 * together that way: where such a pair can still both apply, a case builds it by hand.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../engine';
import type { Command, RejectionCode } from '../model/types';
import { TestGame } from '../testing/fixtures';
import { B_MAIN, CHOICES, TO_A_LAST, TO_B_MAIN, TO_GAME, dep, twoSides as file } from '../testing/twoSides';
import { rank } from './checks';

interface Scenario {
  prefix: Command[];
  cmd: Command;
}

interface Fault {
  code: RejectionCode;
  /** what it changes: faults that change the same thing are not made together */
  touches: 'prefix' | 'player' | 'trooper' | 'at' | 'other' | 'hacker' | 'target';
  why: string;
  make(s: Scenario): Scenario;
}

function outcome(s: Scenario) {
  const g = new TestGame(file(), s.prefix);
  const r = apply(g.state, s.cmd, g.ctx);
  return r.ok ? 'accepted' : r.rejection.code;
}

/** The faults one by one, then every pair that changes different things. */
function precedence(command: string, base: Scenario, faults: Fault[]): void {
  describe(`precedence of ${command}'s refusals`, () => {
    it(`${command}: the base command is accepted`, () => {
      expect(outcome(base)).toBe('accepted');
    });
    for (const f of faults) {
      it(`${command}: ${f.why} alone gives ${f.code}`, () => {
        expect(outcome(f.make(base))).toBe(f.code);
      });
    }
    for (let i = 0; i < faults.length; i++) {
      for (let j = i + 1; j < faults.length; j++) {
        const a = faults[i]!;
        const b = faults[j]!;
        if (a.touches === b.touches || a.code === b.code) continue;
        const [first, second] = rank(a.code) <= rank(b.code) ? [a, b] : [b, a];
        it(`${command}: ${first.code} before ${second.code} (${first.why}; ${second.why})`, () => {
          expect(outcome(a.make(b.make(base)))).toBe(first.code);
          expect(outcome(b.make(a.make(base)))).toBe(first.code);
        });
      }
    }
  });
}

/** Hand-made pairs: the scenario where both apply gives `first`; without the first fault it gives `second`. */
function pair(command: string, both: Scenario, first: RejectionCode, onlySecond: Scenario, second: RejectionCode, why: string) {
  it(`${command}: ${first} before ${second} (${why})`, () => {
    expect(rank(first)).toBeLessThan(rank(second));
    expect(outcome(both)).toBe(first);
    expect(outcome(onlySecond)).toBe(second);
  });
}

const withCmd = <C extends Command>(s: Scenario, change: Partial<C>): Scenario => ({ ...s, cmd: { ...s.cmd, ...change } as Command });
const at = (x: number, y: number) => (s: Scenario) => withCmd(s, { at: { x, y } } as never);

// ---------------------------------------------------------------- deploy, A's last step
const deployLast: Scenario = { prefix: TO_A_LAST, cmd: dep('A', 'a-inf', 22, 10, { roll: 5 }) };
precedence('deploy (last step)', deployLast, [
  { code: 'unknown-trooper', touches: 'trooper', why: 'no such trooper', make: (s) => withCmd(s, { trooper: 'nobody' }) },
  { code: 'out-of-turn', touches: 'prefix', why: "in B's step", make: (s) => ({ ...s, prefix: [...TO_B_MAIN, ...B_MAIN] }) },
  { code: 'not-your-trooper', touches: 'trooper', why: "B's model", make: (s) => withCmd(s, { trooper: 'b-lt' }) },
  { code: 'wrong-status', touches: 'trooper', why: 'an airborne trooper', make: (s) => withCmd(s, { trooper: 'a-drop' }) },
  { code: 'no-skill', touches: 'other', why: 'hidden without the skill', make: (s) => withCmd(s, { as: 'hidden' }) },
  {
    code: 'position-fixed',
    touches: 'prefix',
    why: 'fixed by its Infiltration roll',
    make: (s) => ({ ...s, prefix: [...TO_A_LAST, dep('A', 'a-inf', 10, 30, { roll: 3 })] }),
  },
  { code: 'missing-roll', touches: 'at', why: "in B's half with no roll", make: (s) => withCmd(at(22, 30)(s), { roll: undefined }) },
  { code: 'off-board', touches: 'at', why: 'over the table edge', make: at(22, 0.3) },
  { code: 'outside-deployment-zone', touches: 'at', why: "in B's Deployment Zone", make: at(24, 40) },
  { code: 'no-room', touches: 'at', why: 'on the crate', make: at(40, 6) },
  { code: 'contact-objective', touches: 'at', why: 'touching an objective', make: at(8, 9) },
  { code: 'contact-enemy', touches: 'at', why: 'touching b-inf', make: at(27.1, 23.46) },
  { code: 'marker-contact', touches: 'at', why: 'touching its own marker', make: at(1.6, 6) },
]);

describe('precedence of deploy, by hand', () => {
  const noRoll = (x: number, y: number): Scenario => withCmd(at(x, y)(deployLast), { roll: undefined });
  pair('deploy', withCmd(deployLast, { trooper: 'b-lt' }), 'not-your-trooper', withCmd(deployLast, { trooper: 'a-gun' }), 'wrong-status', "B's model is not A's kept-back trooper either");
  pair('deploy', noRoll(0.3, 30), 'missing-roll', at(0.3, 30)(deployLast), 'off-board', "in B's half, over the west edge");
  pair('deploy', noRoll(24, 25), 'missing-roll', at(24, 25)(deployLast), 'no-room', "in B's half, in the tower");
  pair('deploy', noRoll(27.1, 25.54), 'missing-roll', at(27.1, 25.54)(deployLast), 'contact-enemy', "in B's half, touching b-inf");
  pair('deploy', noRoll(41, 29), 'missing-roll', at(41, 29)(deployLast), 'contact-objective', "in B's half, touching an objective");
  pair('deploy', at(22, 47.8)(deployLast), 'off-board', at(22, 46)(deployLast), 'outside-deployment-zone', "over the north edge, in B's zone");
  pair('deploy', at(0.3, 20)(deployLast), 'off-board', at(1, 20)(deployLast), 'no-room', 'over the west edge and into the edge block');
  pair('deploy', at(0.3, 7)(deployLast), 'off-board', at(1, 6.95)(deployLast), 'marker-contact', 'over the west edge, touching A-m1');
  pair('deploy', at(10, 45)(deployLast), 'outside-deployment-zone', at(40, 6)(deployLast), 'no-room', "in B's zone, into the block there");
  pair('deploy', at(20, 43)(deployLast), 'outside-deployment-zone', at(27.1, 23.46)(deployLast), 'contact-enemy', "in B's zone, touching b-lt");
  pair('deploy', at(27.1, 25)(deployLast), 'no-room', at(27.1, 23.46)(deployLast), 'contact-enemy', 'overlapping b-inf');
  pair('deploy', at(1.1, 6)(deployLast), 'no-room', at(1.6, 6)(deployLast), 'marker-contact', 'overlapping its own marker');
});

// ---------------------------------------------------------------- deploy, A's main step, a fallback owed
describe('precedence of deploy in a main step', () => {
  const owes: Command[] = [...CHOICES, dep('A', 'a-inf', 10, 30, { roll: 20 })];
  const base: Scenario = { prefix: CHOICES, cmd: dep('A', 'a-gun', 20, 5) };
  it('deploy: the base command is accepted', () => expect(outcome(base)).toBe('accepted'));
  pair('deploy', { prefix: owes, cmd: dep('A', 'a-gun', 20, 5, { as: 'hidden' }) }, 'awaiting-fallback', withCmd(base, { as: 'hidden' }), 'no-skill', 'a fallback owed, hidden without the skill');
  pair('deploy', { prefix: owes, cmd: dep('A', 'a-inf', 20, 5) }, 'wrong-status', { prefix: owes, cmd: dep('A', 'a-gun', 20, 5) }, 'awaiting-fallback', 'the trooper that owes the fallback');
  pair('deploy', { prefix: owes, cmd: dep('A', 'a-gun', 40, 6) }, 'awaiting-fallback', at(40, 6)(base), 'no-room', 'a fallback owed, on the crate');
  pair('deploy', { prefix: owes, cmd: dep('B', 'b-lt', 20, 44) }, 'out-of-turn', { prefix: owes, cmd: dep('A', 'a-gun', 20, 5) }, 'awaiting-fallback', "B in A's step while A owes a fallback");
});

// ---------------------------------------------------------------- endStep
describe('precedence of endStep', () => {
  const base: Scenario = { prefix: [...TO_B_MAIN, ...B_MAIN], cmd: { do: 'endStep', player: 'B', keep: 'b-gun' } };
  const keep = (k: string): Scenario => withCmd(base, { keep: k });
  it('endStep: the base command is accepted', () => expect(outcome(base)).toBe('accepted'));
  pair('endStep', { prefix: [...TO_B_MAIN, ...B_MAIN], cmd: { do: 'endStep', player: 'A', keep: 'nobody' } }, 'unknown-trooper', { prefix: [...TO_B_MAIN, ...B_MAIN], cmd: { do: 'endStep', player: 'A' } }, 'out-of-turn', "an unknown id, in B's step");
  pair('endStep', keep('a-lt'), 'not-your-trooper', keep('b-lt'), 'wrong-status', "keeping A's placed trooper");
  // b-inf fails its Infiltration roll in A's half: B owes a fallback, with b-hack and b-gun still to place.
  const bInf: Command[] = [...TO_B_MAIN, ...B_MAIN.slice(0, 3), dep('B', 'b-inf', 10, 18, { roll: 20 })];
  pair('endStep', { prefix: bInf, cmd: { do: 'endStep', player: 'B', keep: 'nobody' } }, 'unknown-trooper', { prefix: bInf, cmd: { do: 'endStep', player: 'B' } }, 'awaiting-fallback', 'an unknown id while a fallback is owed');
  pair('endStep', { prefix: bInf, cmd: { do: 'endStep', player: 'B', keep: 'b-lt' } }, 'wrong-status', { prefix: bInf, cmd: { do: 'endStep', player: 'B', keep: 'b-gun' } }, 'awaiting-fallback', 'keeping a placed trooper while a fallback is owed');
  pair('endStep', { prefix: bInf, cmd: { do: 'endStep', player: 'B' } }, 'awaiting-fallback', { prefix: [...TO_B_MAIN, ...B_MAIN.slice(0, 3)], cmd: { do: 'endStep', player: 'B' } }, 'reserve-count', 'a fallback owed, two troopers left to place');
  pair('endStep', { prefix: [...TO_B_MAIN], cmd: { do: 'endStep', player: 'A' } }, 'out-of-turn', { prefix: [...TO_B_MAIN], cmd: { do: 'endStep', player: 'B' } }, 'reserve-count', "A in B's step, B with every trooper still to place");
});

// ---------------------------------------------------------------- endTurn
describe('precedence of endTurn', () => {
  const jumpFails: Command = { do: 'combatJump', player: 'A', trooper: 'a-drop', at: { x: 24, y: 33 }, facing: 0, roll: 20 };
  pair('endTurn', { prefix: [...TO_GAME, jumpFails], cmd: { do: 'endTurn', player: 'B' } }, 'out-of-turn', { prefix: [...TO_GAME, jumpFails], cmd: { do: 'endTurn', player: 'A' } }, 'awaiting-fallback', 'B ends A\'s turn while A owes a fallback');
});

// ---------------------------------------------------------------- combatJump, A's first turn
const jumpBase: Scenario = { prefix: TO_GAME, cmd: { do: 'combatJump', player: 'A', trooper: 'a-drop', at: { x: 16, y: 33 }, facing: 0, roll: 5 } };
precedence('combatJump', jumpBase, [
  { code: 'unknown-trooper', touches: 'trooper', why: 'no such jumper', make: (s) => withCmd(s, { trooper: 'nobody' }) },
  { code: 'unknown-trooper', touches: 'hacker', why: "B's hidden trooper named as the hacker", make: (s) => withCmd(s, { controlledJump: 'b-hide' }) },
  { code: 'out-of-turn', touches: 'prefix', why: 'before the game', make: (s) => ({ ...s, prefix: TO_A_LAST }) },
  { code: 'not-active-player', touches: 'prefix', why: "in B's turn", make: (s) => ({ ...s, prefix: [...TO_GAME, { do: 'endTurn', player: 'A' }] }) },
  { code: 'not-your-trooper', touches: 'trooper', why: "B's model", make: (s) => withCmd(s, { trooper: 'b-lt' }) },
  { code: 'wrong-status', touches: 'trooper', why: 'a trooper on the table', make: (s) => withCmd(s, { trooper: 'a-gun' }) },
  { code: 'wrong-status', touches: 'hacker', why: 'a hacker off the table', make: (s) => withCmd(s, { controlledJump: 'a-boom' }) },
  { code: 'no-skill', touches: 'other', why: 'an explosion without the skill', make: (s) => withCmd(s, { explosion: true }) },
  { code: 'no-skill', touches: 'hacker', why: 'a hacker without Controlled Jump', make: (s) => withCmd(s, { controlledJump: 'a-gun' }) },
  { code: 'missing-roll', touches: 'player', why: 'no PH roll', make: (s) => withCmd(s, { roll: undefined }) },
  { code: 'prone-landing', touches: 'other', why: 'landing Prone', make: (s) => withCmd(s, { prone: true }) },
  { code: 'off-board', touches: 'at', why: 'over the edge', make: at(16, 47.8) },
  { code: 'enclosed-scenery', touches: 'at', why: 'inside the building', make: (s) => withCmd(s, { at: { x: 34, y: 31, z: 0 } }) },
  { code: 'no-room', touches: 'at', why: 'into the tower', make: at(24, 24) },
  { code: 'scenery-contact', touches: 'at', why: "touching the tower's side", make: at(24, 21.46) },
  { code: 'contact-objective', touches: 'at', why: 'touching an objective', make: at(41, 29) },
  { code: 'contact-enemy', touches: 'at', why: 'touching b-inf', make: at(27.1, 25.54) },
  { code: 'marker-contact', touches: 'at', why: 'touching its own marker', make: at(1.6, 6) },
]);

describe('precedence of combatJump, by hand', () => {
  const jumpAt = (x: number, y: number, extra: Record<string, unknown> = {}): Scenario => withCmd(jumpBase, { at: { x, y }, ...extra } as never);
  pair('combatJump', jumpAt(16, 47.8, { prone: true }), 'prone-landing', jumpAt(16, 47.8), 'off-board', 'Prone and over the edge');
  pair('combatJump', jumpAt(0.3, 20), 'off-board', jumpAt(1, 20), 'no-room', 'over the edge and into the edge block');
  pair('combatJump', jumpAt(31.3, 31), 'enclosed-scenery', jumpAt(30.7, 31), 'no-room', "partly over the building's interior, and its wall");
  pair('combatJump', jumpAt(27.1, 25), 'no-room', jumpAt(27.1, 25.54), 'contact-enemy', 'overlapping b-inf');
  pair('combatJump', jumpAt(26.53, 25.33), 'scenery-contact', jumpAt(27.1, 25.54), 'contact-enemy', "touching the tower's side and b-inf");
});

// ---------------------------------------------------------------- reveal
describe('precedence of reveal', () => {
  const base: Scenario = { prefix: TO_GAME, cmd: { do: 'reveal', player: 'A', trooper: 'a-hide', declares: 'other' } };
  it('reveal: the base command is accepted', () => expect(outcome(base)).toBe('accepted'));
  pair('reveal', withCmd(base, { trooper: 'nobody', declares: 'delay-aro' }), 'unknown-trooper', withCmd(base, { declares: 'delay-aro' }), 'not-active-player', 'an unknown id and an ARO in its own turn');
  pair('reveal', { prefix: TO_A_LAST, cmd: { do: 'reveal', player: 'A', trooper: 'a-hide', declares: 'delay-aro' } }, 'out-of-turn', withCmd(base, { declares: 'delay-aro' }), 'not-active-player', 'before the game, an ARO');
  pair('reveal', withCmd(base, { trooper: 'b-lt', declares: 'delay-aro' }), 'not-active-player', withCmd(base, { trooper: 'b-lt' }), 'not-your-trooper', "B's trooper, and an ARO in A's own turn");
  pair('reveal', withCmd(base, { trooper: 'a-gun', declares: 'delay-aro' }), 'not-active-player', withCmd(base, { trooper: 'a-gun' }), 'wrong-status', 'a trooper not hidden, and an ARO in its own turn');
  pair('reveal', withCmd(base, { trooper: 'b-lt' }), 'not-your-trooper', withCmd(base, { trooper: 'a-gun' }), 'wrong-status', "B's model, which is not hidden either");
  const owes: Command[] = [...TO_GAME, { do: 'combatJump', player: 'A', trooper: 'a-drop', at: { x: 16, y: 33 }, facing: 0, roll: 20 }];
  pair('reveal', { prefix: owes, cmd: { do: 'reveal', player: 'A', trooper: 'a-gun', declares: 'other' } }, 'wrong-status', { prefix: owes, cmd: base.cmd }, 'awaiting-fallback', 'a trooper not hidden while a fallback is owed');
  pair('reveal', { prefix: owes, cmd: { do: 'reveal', player: 'A', trooper: 'a-hide', declares: 'delay-aro' } }, 'not-active-player', { prefix: owes, cmd: base.cmd }, 'awaiting-fallback', 'an ARO in its own turn while a fallback is owed');
});

// ---------------------------------------------------------------- discover
describe('precedence of discover', () => {
  // a-gun walks nowhere: b-camo (B-m1) at (30, 40) is seen from a-lt at (24, 5), 35" away.
  const base: Scenario = { prefix: TO_GAME, cmd: { do: 'discover', player: 'A', trooper: 'a-lt', target: 'B-m1', roll: 15 } };
  // The failed Discover opens a-lt's Order (GAME-TURN.md); B reacts with nothing and A adds no second skill.
  const failed: Command[] = [
    ...TO_GAME,
    { do: 'discover', player: 'A', trooper: 'a-lt', target: 'B-m1', roll: 19 },
    { do: 'aros', player: 'B', declarations: [] },
    { do: 'second', player: 'A', skill: 'none' },
  ];
  const owes: Command[] = [...TO_GAME, { do: 'combatJump', player: 'A', trooper: 'a-drop', at: { x: 16, y: 33 }, facing: 0, roll: 20 }];
  const d = (extra: Partial<Extract<Command, { do: 'discover' }>>): Command => ({ ...(base.cmd as Extract<Command, { do: 'discover' }>), ...extra });
  it('discover: the base command is accepted', () => expect(outcome(base)).toBe('accepted'));
  pair('discover', { prefix: TO_A_LAST, cmd: d({ target: 'b-camo' }) }, 'unknown-trooper', { prefix: TO_A_LAST, cmd: base.cmd }, 'out-of-turn', 'the trooper id behind a marker, before the game');
  pair('discover', { prefix: TO_A_LAST, cmd: d({ trooper: 'b-lt' }) }, 'out-of-turn', { prefix: TO_GAME, cmd: d({ trooper: 'b-lt' }) }, 'not-your-trooper', "B's trooper before the game");
  pair('discover', { ...base, cmd: d({ trooper: 'b-lt' }) }, 'not-your-trooper', { ...base, cmd: d({ trooper: 'A-m1' }) }, 'wrong-status', "B's trooper, which targets its own side's marker");
  pair('discover', { ...base, cmd: d({ trooper: 'A-m1' }) }, 'wrong-status', { prefix: owes, cmd: base.cmd }, 'awaiting-fallback', 'a marker cannot Discover');
  pair('discover', { prefix: owes, cmd: d({ target: 'b-lt' }) }, 'wrong-status', { prefix: owes, cmd: base.cmd }, 'awaiting-fallback', 'a target that is no marker, a fallback owed');
  pair('discover', { prefix: [...failed, owes.at(-1)!], cmd: base.cmd }, 'awaiting-fallback', { prefix: failed, cmd: base.cmd }, 'discover-locked', 'locked out, a fallback owed');
  pair('discover', { prefix: failed, cmd: d({ roll: undefined }) }, 'discover-locked', { prefix: TO_GAME, cmd: d({ roll: undefined }) }, 'missing-roll', 'locked out, with no roll');
  pair('discover', { prefix: TO_GAME, cmd: d({ trooper: 'a-hack', roll: undefined }) }, 'not-visible', { prefix: TO_GAME, cmd: d({ roll: undefined }) }, 'missing-roll', 'no Line of Fire, no roll');
});

// ---------------------------------------------------------------- fallback
describe('precedence of fallback', () => {
  const owes: Command[] = [...TO_GAME, { do: 'combatJump', player: 'A', trooper: 'a-drop', at: { x: 16, y: 33 }, facing: 0, roll: 20 }];
  const fb = (x: number, y: number, extra: Record<string, unknown> = {}): Scenario => ({ prefix: owes, cmd: { do: 'fallback', player: 'A', trooper: 'a-drop', at: { x, y }, facing: 0, ...extra } as Command });
  it('fallback: the base command is accepted', () => expect(outcome(fb(20, 0.5))).toBe('accepted'));
  pair('fallback', fb(20, 0.5, { trooper: 'a-drop', player: 'B' }), 'unknown-trooper', fb(20, 0.5, { trooper: 'b-lt', player: 'B' }), 'out-of-turn', "A's jumper is not known to B");
  pair('fallback', fb(20, 0.5, { trooper: 'b-lt', player: 'B' }), 'out-of-turn', fb(20, 0.5, { trooper: 'b-lt' }), 'not-your-trooper', "B's fallback in A's turn");
  pair('fallback', fb(20, 0.5, { trooper: 'b-lt' }), 'not-your-trooper', fb(20, 0.5, { trooper: 'a-gun' }), 'wrong-status', "B's model, which owes nothing either");
  pair('fallback', fb(30, 5, { trooper: 'a-gun' }), 'wrong-status', fb(30, 5), 'not-at-table-edge', 'a trooper that owes nothing, away from the edge');
  pair('fallback', fb(-0.2, 6), 'off-board', fb(0.6, 9), 'not-at-table-edge', 'over the west edge, outside the zone... (off-board first)');
  pair('fallback', fb(30, 2.4), 'not-at-table-edge', fb(30, 0.5), 'no-room', 'into the post, away from the edge');
  pair('fallback', fb(0.5, 6.8), 'no-room', fb(0.5, 7), 'marker-contact', 'overlapping its own marker at the edge');
});

// ---------------------------------------------------------------- queries and the initiative
describe('precedence of queries and the initiative', () => {
  pair('measure', { prefix: TO_GAME, cmd: { do: 'measure', from: 'b-hide', to: 'nobody', player: 'A' } }, 'unknown-trooper', { prefix: TO_GAME, cmd: { do: 'measure', from: 'a-hide', to: 'a-lt', player: 'A' } }, 'wrong-status', 'a secret and a missing id');
  pair('lof', { prefix: TO_GAME, cmd: { do: 'lof', from: 'a-hide', to: 'nobody' } }, 'unknown-trooper', { prefix: TO_GAME, cmd: { do: 'lof', from: 'a-hide', to: 'a-lt' } }, 'wrong-status', 'a hidden shooter and a missing target');
  pair('initiative', { prefix: CHOICES, cmd: { do: 'initiative' } }, 'out-of-turn', { prefix: [], cmd: { do: 'initiative' } }, 'missing-roll', 'already won, no rolls given');
});
