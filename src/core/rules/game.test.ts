import { describe, expect, it } from 'vitest';
import { apply } from '../engine';
import { parseGameFile } from '../gamefile';
import type { Command, GameEvent, GameFile, Terrain } from '../model/types';
import { TestGame } from '../testing/fixtures';
import { viewEvents, viewFor } from '../view';
import { discoverRangeMod } from './skills/discover/skill';

type Place = [id: string, x: number, y: number, extra?: Partial<Extract<Command, { do: 'deploy' }>>];

function file(terrain: Terrain[] = []): GameFile {
  const t = (id: string, s: number, skills: string[], more: Record<string, number> = {}) => ({ id, name: id.replace('-', ' '), s, wip: 13, ph: 11, arm: 1, skills, ...more });
  return parseGameFile({
    format: 'infinity-table/1',
    rules: 'N4',
    table: { width: 48, depth: 48 },
    zones: { deployment: { south: { x: 0, y: 0, w: 48, d: 12 }, north: { x: 0, y: 36, w: 48, d: 12 } } },
    terrain: [
      { id: 'hab', kind: 'building', x: 34, y: 24, w: 6, d: 4, h: 3, roof: true }, // x 31..37, y 22..26
      { id: 'shell', kind: 'building', x: 12, y: 24, w: 5, d: 5, h: 3, roof: false }, // x 9.5..14.5, y 21.5..26.5
      { id: 'tower', kind: 'block', x: 24, y: 18, w: 4, d: 2, h: 6 }, // x 22..26, y 17..19
      ...terrain,
    ],
    objectives: [{ id: 'console', x: 24, y: 30, r: 0.5 }],
    players: {
      A: {
        name: 'Red',
        troopers: [
          t('r-lt', 2, ['lieutenant']),
          t('r-gun', 2, []),
          t('r-drop', 2, ['combat-jump'], { ph: 12 }),
          t('r-boom', 2, ['combat-jump-explosion', 'combat-jump', 'to-camouflage']),
          t('r-hack', 2, ['controlled-jump']),
          t('r-scout', 2, ['hidden-deployment', 'to-camouflage']),
        ],
      },
      B: {
        name: 'Blue',
        troopers: [
          t('u-lt', 2, ['lieutenant']),
          t('u-mech', 6, [], { arm: 6 }),
          t('u-hack', 2, ['controlled-jump']),
          t('u-scout', 2, ['to-camouflage', 'hidden-deployment'], { arm: 0 }),
          t('u-ghost', 2, ['hidden-deployment']),
        ],
      },
    },
    dice: { manual: true },
    commands: [],
  });
}

const dep = (player: 'A' | 'B', [id, x, y, extra]: Place): Command => ({
  do: 'deploy',
  player,
  trooper: id,
  at: { x, y },
  facing: player === 'A' ? 0 : 180,
  as: 'model',
  ...extra,
});

/**
 * A game in round 1, A's turn. The last trooper of each list is the one kept back; A's jumpers wait
 * off the table.
 */
function game(a: Place[], b: Place[], terrain: Terrain[] = []): TestGame {
  const g = new TestGame(file(terrain), [
    { do: 'initiative', rolls: { A: 12, B: 9 } },
    { do: 'keep', player: 'A', choice: 'initiative' },
    { do: 'turnOrder', player: 'A', first: 'A' },
    { do: 'deploymentChoice', player: 'B', first: 'A', keeperZone: 'north' },
  ]);
  for (const p of a.slice(0, -1)) g.ok(dep('A', p));
  g.ok({ do: 'endStep', player: 'A', keep: a.at(-1)![0] });
  for (const p of b.slice(0, -1)) g.ok(dep('B', p));
  g.ok({ do: 'endStep', player: 'B', keep: b.at(-1)![0] });
  g.ok(dep('A', a.at(-1)!));
  g.ok({ do: 'endStep', player: 'A' });
  g.ok(dep('B', b.at(-1)!));
  g.ok({ do: 'endStep', player: 'B' });
  expect(g.state).toMatchObject({ phase: 'game', round: 1, active: 'A' });
  return g;
}

const A_LINE: Place[] = [['r-lt', 24, 5], ['r-hack', 12, 10], ['r-scout', 30, 10, { as: 'hidden' }], ['r-gun', 18, 8]];
const B_LINE: Place[] = [['u-lt', 20, 44], ['u-mech', 36, 42], ['u-hack', 12, 40], ['u-scout', 30, 38, { as: 'marker' }], ['u-ghost', 24, 40, { as: 'hidden' }]];
const standard = () => game(A_LINE, B_LINE);

const jump = (trooper: string, x: number, y: number, extra: Partial<Extract<Command, { do: 'combatJump' }>> = {}): Command => ({
  do: 'combatJump',
  player: 'A',
  trooper,
  at: { x, y },
  facing: 0,
  roll: 5,
  ...extra,
});

const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** The events GAME-FILE.md fixed for the older commands: the Order's own events (GAME-TURN.md) left out. */
const old = (events: GameEvent[]) => events.filter((e) => e.type !== 'declared' && e.type !== 'aroWindow');

/** Finishes the Order in progress the quickest way: no AROs, no second skill. */
function finishOrder(g: TestGame): void {
  while (g.state.order) {
    const o = g.state.order;
    if (o.stage === 'aro1' || o.stage === 'aro2') g.ok({ do: 'aros', player: o.player === 'A' ? 'B' : 'A', declarations: [] });
    else if (o.stage === 'second') g.ok({ do: 'second', player: o.player, skill: 'none' });
    else throw new Error(`the Order waits for dice (${o.stage})`);
  }
}

const endTurn = (g: TestGame, player: 'A' | 'B') => {
  finishOrder(g);
  return g.ok({ do: 'endTurn', player });
};

describe('Combat Jump', () => {
  it('CJ-1 airborne troopers wait off the table as Private Information, and jump only in their Active Turn', () => {
    const g = standard();
    expect(g.trooper('r-drop').status).toBe('off-table');
    const seenByB = viewFor(g.state, 'B');
    expect(seenByB.troopers['r-drop']).toBeUndefined();
    expect(seenByB.keptBack).toEqual({ A: 1, B: 1 });
    endTurn(g, 'A');
    expect(g.refused(jump('r-drop', 24, 24))).toMatchObject({ code: 'not-active-player', rule: 'CJ-1' });
    const early = new TestGame(file());
    expect(early.refused(jump('r-drop', 24, 24))).toMatchObject({ code: 'out-of-turn', rule: 'CJ-1' });
    expect(standard().refused(jump('r-lt', 24, 24))).toMatchObject({ code: 'wrong-status' });
    expect(standard().refused(jump('u-hack', 24, 24))).toMatchObject({ code: 'not-your-trooper' });
  });

  it('CJ-2 off the table a trooper adds no Order; it enters with its own Order', () => {
    const g = standard();
    expect(viewFor(g.state, null).orders).toEqual({ A: 3, B: 4 });
    g.ok(jump('r-drop', 24, 24));
    expect(viewFor(g.state, null).orders.A).toBe(4);
  });

  it('CJ-3 never Prone, nor touching an enemy, an objective or the side of scenery', () => {
    const g = standard();
    expect(g.refused(jump('r-drop', 24, 24, { prone: true }))).toMatchObject({ code: 'prone-landing', rule: 'CJ-3' });
    // u-lt at (20, 44): a base 0.05" away touches it.
    expect(g.refused(jump('r-drop', 21.05, 44))).toMatchObject({ code: 'contact-enemy', rule: 'CJ-3' });
    expect(g.refused(jump('r-drop', 25.04, 30))).toMatchObject({ code: 'contact-objective', rule: 'CJ-3' });
    // The tower's south face is at y 17: a base centred 0.54" away touches it.
    const side = g.refused(jump('r-drop', 24, 16.46));
    expect(side).toMatchObject({ code: 'scenery-contact', rule: 'CJ-3' });
    expect(side.message).toContain('tower');
    g.ok(jump('r-drop', 24, 16.4));
  });

  it('CJ-4 any surface at least as large as the base will do, rooftops included; not a wall top, not off the table', () => {
    const g = standard();
    expect(g.refused(jump('r-drop', 0.4, 30))).toMatchObject({ code: 'off-board', rule: 'CJ-4' });
    // The shell's wall tops are 0.25" wide: no room for a 1" base.
    expect(g.refused(jump('r-drop', 12, 26.38, { at: { x: 12, y: 26.38, z: 3 } }))).toMatchObject({ rule: 'CJ-5' });
    expect(g.refused(jump('r-drop', 24, 30.5, { at: { x: 20, y: 30, z: 2 } }))).toMatchObject({ code: 'no-room', rule: 'CJ-4' });
    const events = g.ok(jump('r-drop', 34, 24, { at: { x: 34, y: 24, z: 3 } }));
    expect(ofType(events, 'placed')[0]).toMatchObject({ x: 34, y: 24, z: 3 });
  });

  it('CJ-4 a jumper gets no Partial Cover during the Order in which it jumped', () => {
    // A low wall at A's table edge: a fallback there touches it.
    const wall: Terrain = { id: 'edge-wall', kind: 'block', x: 42, y: 1.3, w: 6, d: 0.5, h: 1, rotation: 0 };
    const g = game(A_LINE, B_LINE, [wall]);
    g.ok(jump('r-drop', 24, 33, { roll: 18 }));
    g.ok({ do: 'fallback', player: 'A', trooper: 'r-drop', at: { x: 42, y: 0.5 }, facing: 180 });
    // Within the same Order: seen over the wall, but no cover.
    const shot = () => g.ok({ do: 'lof', from: 'u-mech', to: 'r-drop' })[0];
    expect(shot()).toMatchObject({ type: 'lof', visible: true, cover: false });
    endTurn(g, 'A');
    expect(shot()).toMatchObject({ type: 'lof', visible: true, cover: true });
  });

  it('CJ-5 never inside a building, nor over the open top of a ruin', () => {
    const g = standard();
    expect(g.refused(jump('r-drop', 34, 24))).toMatchObject({ code: 'enclosed-scenery', rule: 'CJ-5' });
    expect(g.refused(jump('r-drop', 12, 24))).toMatchObject({ code: 'enclosed-scenery', rule: 'CJ-5' });
    expect(g.refused(jump('r-drop', 12, 24, { at: { x: 12, y: 24, z: 3 } }))).toMatchObject({ code: 'enclosed-scenery', rule: 'CJ-5' });
  });

  it('CJ-6 the trooper is placed, then rolls PH: passed, it stays where it was placed', () => {
    const g = standard();
    const events = g.ok(jump('r-drop', 24, 33, { roll: 12 }));
    expect(old(events).map((e) => e.type)).toEqual(['roll', 'placed', 'aro']);
    expect(events[0]).toMatchObject({ player: 'A', trooper: 'r-drop', roll: 12, target: 12, result: 'critical' });
    expect(g.trooper('r-drop')).toMatchObject({ status: 'model', x: 24, y: 33, z: 0 });
    const manual = standard();
    const { roll: _r, ...noRoll } = jump('r-drop', 24, 33) as Extract<Command, { do: 'combatJump' }>;
    expect(manual.refused(noRoll)).toMatchObject({ code: 'missing-roll' });
  });

  it('CJ-7 a failed roll lands the trooper as a model in its own zone touching the table edge; nothing else first', () => {
    const g = standard();
    const events = g.ok(jump('r-boom', 24, 33, { roll: 15, as: 'marker' }));
    expect(events.map((e) => e.type)).toEqual(['roll', 'awaitingFallback']);
    expect(g.refused({ do: 'endTurn', player: 'A' })).toMatchObject({ code: 'awaiting-fallback', rule: 'CJ-7' });
    expect(g.refused(jump('r-drop', 30, 30))).toMatchObject({ code: 'awaiting-fallback', rule: 'CJ-7' });
    expect(g.refused({ do: 'fallback', player: 'A', trooper: 'r-boom', at: { x: 40, y: 3 }, facing: 0 })).toMatchObject({
      code: 'not-at-table-edge',
      rule: 'CJ-7',
    });
    expect(g.refused({ do: 'fallback', player: 'A', trooper: 'r-boom', at: { x: 40, y: 45.5 }, facing: 0 })).toMatchObject({
      code: 'not-at-table-edge',
      rule: 'CJ-7',
    });
    const placed = g.ok({ do: 'fallback', player: 'A', trooper: 'r-boom', at: { x: 40, y: 0.5 }, facing: 0 });
    // The marker option is lost: it comes in as a model.
    expect(placed[0]).toMatchObject({ type: 'placed', as: 'model', x: 40, y: 0.5 });
    expect(old(placed).at(-1)).toMatchObject({ type: 'aro' });
    // GAME-TURN.md: the jump's Order goes on at the fallback: window 1 opens there.
    expect(placed.at(-1)).toMatchObject({ type: 'aroWindow', window: 1 });
    expect(g.trooper('r-boom').status).toBe('model');
    endTurn(g, 'A');
  });

  it('CJ-8 the enemies with Line of Fire to the jumper where it ended up are listed for their AROs', () => {
    const g = standard();
    // Behind the tower (x 22..26, y 17..19, 6" tall) seen from the north: u-lt, u-hack, the marker and u-mech look.
    const events = g.ok(jump('r-drop', 40, 30, { facing: 0 }));
    const aro = ofType(events, 'aro')[0]!;
    expect(aro.trooper).toBe('r-drop');
    expect(aro.by).toEqual([...aro.by].sort());
    expect(aro.by).toContain('u-mech');
    expect(aro.by).toContain('u-scout');
    // Hidden troopers are not on the table: they never react.
    expect(aro.by).not.toContain('u-ghost');
    // A sees the marker only by its marker id.
    const before = g.state;
    const h = standard();
    const r = apply(h.state, jump('r-drop', 40, 30), h.ctx);
    if (!r.ok) throw new Error(r.rejection.message);
    const forA = ofType(viewEvents(r.events, h.state, r.state, 'A'), 'aro')[0]!;
    expect(forA.by).toContain('B-m1');
    expect(forA.by).not.toContain('u-scout');
    expect(before.phase).toBe('game');
    // Behind the tower, out of sight of everyone in the north.
    const hidden = standard().ok(jump('r-drop', 24, 16.4));
    expect(ofType(hidden, 'aro')[0]!.by).toEqual([]);
  });

  it('CJ-10 Combat Jump (Explosion): a Circular Template on the jumper, Damage 12 against ARM, once', () => {
    const g = standard();
    expect(g.refused(jump('r-drop', 36, 39.9, { explosion: true }))).toMatchObject({ code: 'no-skill', rule: 'CJ-10' });
    // u-mech (S6, radius 0.8") at (36, 42): a jumper 2.1" away has it 0.2" inside the 1.5" template.
    const events = g.ok(jump('r-boom', 36, 39.9, { explosion: true, saves: { 'u-mech': 6 } }));
    expect(old(events).map((e) => e.type)).toEqual(['roll', 'placed', 'template', 'save', 'wounds', 'aro']);
    expect(ofType(events, 'template')[0]).toMatchObject({ shape: 'circular', x: 36, y: 39.9, z: 0, hits: ['u-mech'] });
    // 12 - ARM 6: a 6 is a wound; one Wound: removed.
    expect(ofType(events, 'save')[0]).toMatchObject({ trooper: 'u-mech', roll: 6, target: 6, result: 'wound' });
    // DMG-3 (GAME-TURN.md, Changed): at 0 Wounds Unconscious, a Prone model still on the table.
    expect(g.trooper('u-mech')).toMatchObject({ status: 'unconscious', x: 36, prone: true, wounds: 0 });
    expect(ofType(events, 'wounds')[0]).toMatchObject({ trooper: 'u-mech', wounds: 0, status: 'unconscious' });
    expect(ofType(events, 'save')[0]).toMatchObject({ by: 'r-boom' });
    expect(g.trooper('r-boom').status).toBe('model');
    // One jump per trooper: no second explosion.
    finishOrder(g);
    expect(g.refused(jump('r-boom', 30, 30, { explosion: true }))).toMatchObject({ code: 'wrong-status' });
  });

  it('CJ-10 the template spares the jumper and hidden troopers, and a save above 12 - ARM is saved', () => {
    const g = standard();
    // u-ghost is hidden at (24, 40): not on the table; u-lt at (20, 44) out of reach.
    const events = g.ok(jump('r-boom', 24, 41.2, { explosion: true, saves: {} }));
    expect(ofType(events, 'template')[0]!.hits).toEqual([]);
    const h = standard();
    const saved = h.ok(jump('r-boom', 36, 39.9, { explosion: true, saves: { 'u-mech': 7 } }));
    expect(ofType(saved, 'save')[0]).toMatchObject({ result: 'saved' });
    expect(h.trooper('u-mech').status).toBe('model');
  });

  it('CJ-10 a failed exploding jump explodes where its fallback puts it, with the saves given there', () => {
    const g = game([['r-lt', 24, 5], ['r-hack', 12, 10], ['r-scout', 30, 10, { as: 'hidden' }], ['r-gun', 26, 2.2]], B_LINE);
    endTurn(g, 'A');
    endTurn(g, 'B');
    g.ok(jump('r-boom', 30, 30, { roll: 20, explosion: true }));
    const events = g.ok({ do: 'fallback', player: 'A', trooper: 'r-boom', at: { x: 25, y: 0.5 }, facing: 0, saves: { 'r-gun': 3 } });
    // Its own r-gun, 1.97" away, stands in the blast.
    expect(old(events).map((e) => e.type)).toEqual(['placed', 'template', 'save', 'wounds', 'aro']);
    expect(ofType(events, 'template')[0]!.hits).toEqual(['r-gun']);
    expect(g.trooper('r-gun').status).toBe('unconscious');
  });

  it('CJ-11 Controlled Jump: -3 from an enemy hacker, +3 from an allied one; the hacker needs the skill', () => {
    const enemy = standard().ok(jump('r-drop', 24, 33, { roll: 10, controlledJump: 'u-hack' }));
    expect(enemy[0]).toMatchObject({ type: 'roll', target: 9, result: 'failure' });
    const ally = standard().ok(jump('r-drop', 24, 33, { roll: 14, controlledJump: 'r-hack' }));
    expect(ally[0]).toMatchObject({ type: 'roll', target: 15, result: 'success' });
    expect(standard().refused(jump('r-drop', 24, 33, { controlledJump: 'u-lt' }))).toMatchObject({ code: 'no-skill', rule: 'CJ-11' });
    // B's hidden hacker is not known to A at all: the same answer as an id that does not exist.
    expect(standard().refused(jump('r-drop', 24, 33, { controlledJump: 'u-ghost' }))).toMatchObject({ code: 'unknown-trooper', rule: null });
  });

  it('TOC-14 a template hits a camouflage marker only when it also hits a trooper that is not camouflaged', () => {
    // The marker u-scout at (30, 38); a jumper 1.8" south of it has it inside the template, alone.
    const alone = standard().ok(jump('r-boom', 30, 36.2, { explosion: true }));
    expect(ofType(alone, 'template')[0]!.hits).toEqual([]);
    const both = game(A_LINE, [['u-lt', 27, 37.5], ['u-mech', 36, 42], ['u-hack', 12, 40], ['u-scout', 30, 38, { as: 'marker' }], ['u-ghost', 24, 40, { as: 'hidden' }]]);
    const events = both.ok(jump('r-boom', 28.6, 36.8, { explosion: true, saves: { 'u-lt': 20, 'B-m1': 20 } }));
    expect(ofType(events, 'template')[0]!.hits).toEqual(['u-lt', 'u-scout']);
  });

  it('TOC-11 a template hit that forces a saving roll turns the marker into its model, keeping its facing', () => {
    const g = game(A_LINE, [['u-lt', 27, 37.5], ['u-mech', 36, 42], ['u-hack', 12, 40], ['u-scout', 30, 38, { as: 'marker', facing: 90 }], ['u-ghost', 24, 40, { as: 'hidden' }]]);
    const before = g.state;
    const events = g.ok(jump('r-boom', 28.6, 36.8, { explosion: true, saves: { 'u-lt': 20, 'B-m1': 20 } }));
    expect(ofType(events, 'revealed')[0]).toMatchObject({ trooper: 'u-scout', as: 'model', x: 30, y: 38, facing: 90 });
    expect(g.trooper('u-scout')).toMatchObject({ status: 'model', facing: 90 });
    const forA = viewEvents(events, before, g.state, 'A');
    // When the template fell, u-scout was still the marker B-m1: the events before its reveal name the marker.
    expect(ofType(forA, 'template')[0]!.hits).toEqual(['B-m1', 'u-lt']);
    expect(ofType(forA, 'save').map((e) => e.trooper)).toEqual(['u-lt', 'B-m1']);
    expect(ofType(forA, 'revealed')[0]).toMatchObject({ trooper: 'u-scout', as: 'model' });
    expect(viewFor(g.state, 'A').troopers['u-scout']).toMatchObject({ status: 'model' });
  });
});

describe('Hidden Deployment', () => {
  it('HD-2 a hidden trooper is not on the table: no measuring to it, no Line of Fire blocked, no contact', () => {
    const g = standard();
    expect(g.refused({ do: 'measure', from: 'u-lt', to: 'u-ghost' })).toMatchObject({ code: 'wrong-status' });
    expect(g.refused({ do: 'lof', from: 'r-lt', to: 'u-ghost' })).toMatchObject({ code: 'wrong-status' });
    // A jumper may land right on the hidden trooper's spot: nothing tells A it is there.
    g.ok(jump('r-drop', 24, 40));
  });

  it('HD-2 the opponent deploys ignoring hidden troopers, so a refusal never gives them away', () => {
    const g = new TestGame(file(), [
      { do: 'initiative', rolls: { A: 12, B: 9 } },
      { do: 'keep', player: 'A', choice: 'deployment' },
      { do: 'deploymentChoice', player: 'A', first: 'A', keeperZone: 'south' },
      { do: 'turnOrder', player: 'B', first: 'A' },
    ]);
    g.ok(dep('A', ['r-scout', 20, 11.5, { as: 'hidden' }]));
    g.ok(dep('A', ['r-lt', 24, 5]));
    g.ok(dep('A', ['r-hack', 12, 10]));
    g.ok({ do: 'endStep', player: 'A', keep: 'r-gun' });
    expect(g.state.troopers['r-scout']!.status).toBe('hidden');
    expect(viewFor(g.state, 'B').orders.A).toBe(2);
  });

  it('HD-3 a hidden trooper adds no Order to the pool', () => {
    const g = standard();
    expect(viewFor(g.state, null).orders).toEqual({ A: 3, B: 4 });
    g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' });
    expect(viewFor(g.state, null).orders.A).toBe(4);
  });

  it('HD-10 it appears when it declares a skill: in its Active Turn as an Order, in the other turn as an ARO', () => {
    const g = standard();
    expect(g.refused({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'delay-aro' })).toMatchObject({ code: 'not-active-player', rule: 'HD-10' });
    // GAME-TURN.md: in the opponent's turn only while an ARO window is open to it.
    expect(g.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'short-move-no-roll' })).toMatchObject({ code: 'out-of-turn', rule: 'HD-10' });
    g.ok({ do: 'order', player: 'A', trooper: 'r-gun', skill: 'idle' });
    expect(g.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'cautious-move' })).toMatchObject({ code: 'not-active-player', rule: 'HD-10' });
    const aro = g.ok({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'short-move-no-roll', facing: 90 });
    expect(aro[0]).toEqual({ index: expect.any(Number), type: 'revealed', player: 'B', trooper: 'u-ghost', as: 'model', x: 24, y: 40, z: 0, facing: 90 });
    expect(aro[1]).toMatchObject({ type: 'declared', player: 'B', trooper: 'u-ghost', skill: 'appear', window: 1 });
    expect(g.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'other' })).toMatchObject({ code: 'wrong-status' });
    // In its own turn, the reveal is the trooper's own Order: an Idle, and window 1.
    const own = standard().ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' });
    expect(own.map((e) => e.type)).toEqual(['revealed', 'declared', 'aroWindow']);
    expect(own[1]).toMatchObject({ skill: 'idle', from: 'own' });
    expect(new TestGame(file()).refused({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' })).toMatchObject({
      code: 'out-of-turn',
      rule: 'HD-10',
    });
  });

  it('HD-11 a trooper able to be a marker appears as its marker when what it declares keeps it hidden', () => {
    const cautious = standard().ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'cautious-move' });
    expect(cautious[0]).toMatchObject({ type: 'revealed', as: 'marker' });
    const attack = standard().ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other' });
    expect(attack[0]).toMatchObject({ type: 'revealed', as: 'model' });
    // As an ARO: delaying it against a marker keeps the marker.
    const g = standard();
    endTurn(g, 'A');
    g.ok({ do: 'order', player: 'B', trooper: 'u-scout', skill: 'idle' });
    expect(g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'delay-aro' })[0]).toMatchObject({ as: 'marker' });
    g.ok({ do: 'aros', player: 'A', declarations: [] });
    // Without a marker state to keep, the model appears whatever it declares.
    g.ok({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'cautious-move' });
    expect(g.trooper('u-ghost').status).toBe('model');
  });

  it('TOC-1 leaving Hidden Deployment with a skill that does not reveal it puts the TO Camouflage marker on the table', () => {
    const g = standard();
    const before = g.state;
    const events = g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'short-move-no-roll' });
    expect(g.trooper('r-scout')).toMatchObject({ status: 'marker', markerId: 'A-m1' });
    const forB = viewEvents(events, before, g.state, 'B');
    expect(forB[0]).toMatchObject({ type: 'revealed', trooper: 'A-m1', as: 'marker' });
    expect(JSON.stringify({ forB, view: viewFor(g.state, 'B') })).not.toContain('r-scout');
  });

  it('HD-13 when its model is placed the opponent gets its Public Information', () => {
    const g = standard();
    expect(viewFor(g.state, 'B').troopers['r-scout']).toBeUndefined();
    g.ok({ do: 'reveal', player: 'A', trooper: 'r-scout', declares: 'other', facing: 45 });
    expect(viewFor(g.state, 'B').troopers['r-scout']).toMatchObject({ status: 'model', x: 30, y: 10, facing: 45 });
  });

  it('HD-17 a taken spot places it at the closest free spot, never in silhouette contact', () => {
    const g = standard();
    // A jumper lands right on u-ghost's recorded spot (24, 40), facing it from the south.
    g.ok(jump('r-drop', 24, 40));
    endTurn(g, 'A');
    const events = g.ok({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'other' });
    const r = ofType(events, 'revealed')[0]!;
    // The first ring clear of contact, walked from u-ghost's recorded facing (180: south) counter-clockwise.
    const gap = Math.hypot(r.x - 24, r.y - 40) - 1;
    expect(gap).toBeGreaterThan(0.05);
    expect(gap).toBeLessThanOrEqual(0.05 + 1 / 20 + 1e-9);
    expect(Math.hypot(r.x - 24, r.y - 40)).toBeCloseTo(1.1, 9);
    expect(r.y).toBeCloseTo(40 - 1.1, 9);
  });

  it('HD-17 no room within 6" is refused, and the trooper stays hidden', () => {
    // A hidden trooper recorded on a 1.2" block top, its only surface at that height, then another lands on it.
    const pad: Terrain = { id: 'pad', kind: 'block', x: 30, y: 30, w: 1.2, d: 1.2, h: 2, rotation: 0 };
    const g = game(A_LINE, [['u-lt', 20, 44], ['u-mech', 36, 42], ['u-hack', 12, 40], ['u-scout', 30, 38, { as: 'marker' }], ['u-ghost', 24, 40, { as: 'hidden' }]], [pad]);
    endTurn(g, 'A');
    endTurn(g, 'B');
    g.ok(jump('r-drop', 30, 30, { at: { x: 30, y: 30, z: 2 } }));
    expect(g.trooper('r-drop').z).toBe(2);
    const h = standard();
    h.state.troopers['u-ghost'] = { ...h.trooper('u-ghost'), x: 30, y: 30, z: 2 };
    const crowded = new TestGame(file([pad]));
    crowded.state = { ...h.state, troopers: { ...h.state.troopers, 'r-drop': { ...g.trooper('r-drop') } } };
    endTurn(crowded, 'A');
    expect(crowded.refused({ do: 'reveal', player: 'B', trooper: 'u-ghost', declares: 'other' })).toMatchObject({ code: 'no-room', rule: 'HD-17' });
    expect(crowded.trooper('u-ghost').status).toBe('hidden');
  });
});

describe('TO Camouflage', () => {
  it('TOC-2 a TO Camouflage trooper is shown by its marker, not its model', () => {
    const g = standard();
    const forA = viewFor(g.state, 'A');
    expect(forA.markers['B-m1']).toEqual({ player: 'B', s: 2, x: 30, y: 38, z: 0, group: 1 });
    expect(forA.troopers['u-scout']).toBeUndefined();
  });

  it('TOC-3 no base may be placed in contact with a TO Camouflage marker of its own side', () => {
    const g = new TestGame(file(), [
      { do: 'initiative', rolls: { A: 12, B: 9 } },
      { do: 'keep', player: 'A', choice: 'deployment' },
      { do: 'deploymentChoice', player: 'A', first: 'B', keeperZone: 'south' },
      { do: 'turnOrder', player: 'B', first: 'A' },
    ]);
    g.ok(dep('B', ['u-scout', 30, 40, { as: 'marker' }]));
    const r = g.refused(dep('B', ['u-lt', 31.05, 40]));
    expect(r).toMatchObject({ code: 'marker-contact', rule: 'TOC-3' });
    g.ok(dep('B', ['u-lt', 31.06, 40]));
  });

  it('TOC-5 Discover: WIP with the range MOD and -6, needing Line of Fire; success replaces the marker by the model', () => {
    const g = standard();
    // r-lt (24, 5) to the marker at (30, 38): about 32.5" between silhouettes, the -3 band.
    const events = g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 4, facing: 200 });
    expect(events[0]).toMatchObject({ type: 'roll', player: 'A', trooper: 'r-lt', roll: 4, target: 13 - 3 - 6, result: 'critical' });
    expect(events[1]).toEqual({ index: expect.any(Number), type: 'discovered', player: 'B', marker: 'B-m1', trooper: 'u-scout', by: 'r-lt' });
    expect(g.trooper('u-scout')).toMatchObject({ status: 'model', facing: 200 });
    // GAME-TURN.md: the Discover was the first skill of r-lt's Order, rolled at once: window 1 is open.
    expect(events.slice(2).map((e) => e.type)).toEqual(['declared', 'aroWindow']);
    finishOrder(g);
    expect(g.refused({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'u-scout', roll: 1 })).toMatchObject({ code: 'wrong-status' });
  });

  it('TOC-5 Discover needs Line of Fire to the marker', () => {
    // A 3" wall from x 28 to 32, 0.25" in front of the marker at (30, 38), hides it from r-lt at (24, 5).
    const g = game(A_LINE, B_LINE, [{ id: 'screen', kind: 'block', x: 30, y: 37, w: 4, d: 0.5, h: 3, rotation: 0 }]);
    expect(g.refused({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 1 })).toMatchObject({ code: 'not-visible', rule: 'TOC-5' });
  });

  it('TOC-5 the range MODs: +3 to 8", 0 to 32", -3 to 48", -6 beyond', () => {
    expect([0, 8, 8.01, 32, 32.01, 48, 48.01, 90].map(discoverRangeMod)).toEqual([3, 3, 0, 0, -3, -3, -6, -6]);
  });

  it('TOC-6 a failed Discover locks that trooper out of that marker until the next turn', () => {
    const g = standard();
    const failed = g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 19 });
    expect(failed[1]).toEqual({ index: expect.any(Number), type: 'discoverFailed', player: 'B', marker: 'B-m1', by: 'r-lt' });
    finishOrder(g);
    expect(g.refused({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 1 })).toMatchObject({ code: 'discover-locked', rule: 'TOC-6' });
    // Another trooper may try.
    g.ok({ do: 'discover', player: 'A', trooper: 'r-gun', target: 'B-m1', roll: 19 });
    endTurn(g, 'A');
    endTurn(g, 'B');
    g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 19 });
  });

  it('TOC-9 the marker keeps the silhouette of the trooper it hides', () => {
    const g = standard();
    // The marker is S2: 25 mm across and 40 mm tall, measured like the model.
    expect(viewFor(g.state, 'A').markers['B-m1']!.s).toBe(2);
    const d = g.ok({ do: 'measure', from: 'B-m1', to: { x: 30, y: 38, z: 1.6 + 2 } })[0] as { inches: number };
    expect(d.inches).toBeCloseTo(2, 9);
  });

  it('TOC-12 on Discovery the opponent learns the model, facing as its owner chooses', () => {
    const g = standard();
    const before = g.state;
    const events = g.ok({ do: 'discover', player: 'A', trooper: 'r-lt', target: 'B-m1', roll: 2, facing: 135 });
    const forA = viewEvents(events, before, g.state, 'A');
    expect(ofType(forA, 'discovered')[0]).toMatchObject({ trooper: 'u-scout', marker: 'B-m1' });
    expect(viewFor(g.state, 'A').troopers['u-scout']).toMatchObject({ status: 'model', x: 30, y: 38, facing: 135 });
    expect(viewFor(g.state, 'A').markers).toEqual({});
  });
});

describe('what testing from outside found', () => {
  it('CJ-10 Combat Jump (Explosion) implies Combat Jump: a trooper with only the former waits in the air and jumps', async () => {
    const { TO_GAME, twoSides } = await import('../testing/twoSides');
    const g = new TestGame(twoSides(), TO_GAME);
    expect(g.file.players.A.troopers.find((t) => t.id === 'a-boom')!.skills).toEqual(['combat-jump-explosion']);
    expect(g.trooper('a-boom').status).toBe('off-table');
    const events = g.ok({ do: 'combatJump', player: 'A', trooper: 'a-boom', at: { x: 16, y: 33 }, facing: 0, roll: 5, explosion: true });
    expect(old(events).map((e) => e.type)).toEqual(['roll', 'placed', 'template', 'aro']);
  });

  it('CJ-10 a saved seeded game with an exploding jump replays to the same state: seeded saves are not written into the command', async () => {
    const { TO_GAME, twoSides } = await import('../testing/twoSides');
    const { replay } = await import('../engine');
    const { contextFor } = await import('../testing/fixtures');
    const setup = { ...twoSides(), dice: { seed: 7 } as const };
    const g = new TestGame(setup, TO_GAME);
    const recorded: Command[] = [...TO_GAME];
    const play = (c: Command) => {
      const r = apply(g.state, c, g.ctx);
      if (!r.ok) throw new Error(r.rejection.message);
      g.state = r.state;
      recorded.push(r.command);
      return r;
    };
    // Landing 0.4" from b-inf: the blast reaches it.
    const jump = play({ do: 'combatJump', player: 'A', trooper: 'a-boom', at: { x: 28.5, y: 24.5 }, facing: 0, explosion: true });
    if (jump.events.some((e) => e.type === 'awaitingFallback')) play({ do: 'fallback', player: 'A', trooper: 'a-boom', at: { x: 34, y: 0.5 }, facing: 0 });
    expect(recorded.at(-1)).not.toHaveProperty('saves');
    const again = replay({ ...setup, commands: recorded }, contextFor(setup));
    expect(again.rejected).toBeNull();
    expect(ofType(again.events, 'save').length).toBeGreaterThan(0);
    expect(again.state).toEqual(g.state);
  });
});
