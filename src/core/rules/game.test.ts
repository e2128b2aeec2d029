import { describe, expect, it } from 'vitest';
import { apply } from '../engine';
import type { Command, Terrain } from '../model/types';
import { TestGame } from '../testing/fixtures';
import { viewEvents, viewFor } from '../view';
import { A_LINE, B_LINE, endTurn, file, finishOrder, game, jump, ofType, old, standard } from '../testing/rulesGame';

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
