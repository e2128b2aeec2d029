/**
 * COORD-4 for the skills besides Move (docs/rules/coordinated.md §2, §7): a Coordinated Order's shared
 * first skill may be any skill its participants may each declare (a Jump, a Climb, a Dodge, Idle, a BS
 * Attack), each participant with its own fields (its landing, its template's aim, its weapon); only a
 * skill that names a target names the same one for all. On the turn table (testing/turnTable.ts), A's
 * turn: a-run carries a Light Flamethrower here as a-fast does; the step's west face is at x = 42.
 */
import { describe, expect, it } from 'vitest';
import { weaponPreset } from '../../data/weapons';
import type { Command } from '../../model/types';
import { TestGame } from '../../testing/fixtures';
import { turnOne, turnTable, type Positions } from '../../testing/turnTable';

const game = (over: Positions, superJump = false) => {
  const f = turnTable();
  for (const t of f.players.A.troopers) {
    if (t.id === 'a-run') t.weapons = [...t.weapons, weaponPreset('light-flamethrower')];
    if (superJump && (t.id === 'a-run' || t.id === 'a-lt')) t.skills = [...t.skills, 'super-jump'];
  }
  return new TestGame(f, turnOne(over));
};
const order = (lead: string, skill: Record<string, unknown>, each: Record<string, Record<string, unknown>>): Command => ({ do: 'order', player: 'A', trooper: lead, ...skill, with: Object.keys(each), each }) as Command;
const aroNone: Command = { do: 'aros', player: 'B', declarations: [] };

describe('Coordinated Orders: shared skills besides Move (COORD-4)', () => {
  it('COORD-4 a Coordinated Jump (an Entire Order without Super-Jump): each participant lands where its own `to` says', () => {
    const g = game({});
    g.ok(order('a-lt', { skill: 'jump', to: { x: 24, y: 7, z: 0 } }, { 'a-run': { skill: 'jump', to: { x: 28, y: 17, z: 0 } } }));
    expect(g.state.order).toMatchObject({ trooper: 'a-lt', with: ['a-run'], stage: 'aro1' });
    const k = g.state.order!.skills[0]!;
    expect(k.points.at(-1)).toMatchObject({ x: 24, y: 7 });
    expect(k.each!['a-run']!.points.at(-1)).toMatchObject({ x: 28, y: 17 });
    // An Entire Order: no second skill for anyone (ORD-6).
    g.ok(aroNone);
    expect(g.state.order?.stage).not.toBe('second');
  });

  it('COORD-4 a Coordinated Climb up the step\u2019s face, each from its own spot; a participant away from any face refuses the whole command (COORD-5 at declaration), the state unchanged', () => {
    const g = game({ 'a-lt': [41.45, 5], 'a-run': [41.45, 7] });
    const up = order('a-lt', { skill: 'climb', to: { x: 41.45, y: 5, z: 0.5 } }, { 'a-run': { skill: 'climb', to: { x: 41.45, y: 7, z: 0.5 } } });
    expect(game({ 'a-lt': [41.45, 5] }).refused(order('a-lt', { skill: 'climb', to: { x: 41.45, y: 5, z: 0.5 } }, { 'a-run': { skill: 'climb', to: { x: 28, y: 14, z: 0.5 } } }))).toMatchObject({ code: 'not-at-wall' });
    g.ok(up);
    expect(g.state.order!.skills[0]!.each!['a-run']!.points.at(-1)).toMatchObject({ x: 41.45, y: 7, z: 0.5 });
  });

  it('COORD-4 ORD-6 a Climb is an Entire Order: never a Coordinated Order\u2019s second skill; with Super-Jump a Jump may be, each to its own landing', () => {
    const g = game({}, true);
    g.ok(order('a-lt', { skill: 'move', path: [{ x: 24, y: 6 }] }, { 'a-run': { skill: 'move', path: [{ x: 28, y: 16 }] } }));
    g.ok(aroNone);
    expect(g.refused({ do: 'second', player: 'A', skill: 'climb', to: { x: 24, y: 6, z: 0 }, each: { 'a-run': { skill: 'climb', to: { x: 28, y: 16, z: 0 } } } } as Command)).toMatchObject({ code: 'skill-not-allowed', rule: 'ORD-6' });
    g.ok({ do: 'second', player: 'A', skill: 'jump', to: { x: 24, y: 8, z: 0 }, each: { 'a-run': { skill: 'jump', to: { x: 28, y: 18, z: 0 } } } } as Command);
    expect(g.state.order!.skills[1]!.each!['a-run']!.points.at(-1)).toMatchObject({ x: 28, y: 18 });
  });

  it('COORD-3 COORD-4 TPL-1 direct templates aimed per participant (a template names no target); a template beside a weapon that names one is refused (different-targets)', () => {
    const g = game({ 'a-run': [11, 13] });
    const tpl = (aim: { x: number; y: number }) => ({ skill: 'bs-attack', weapon: 'light-flamethrower', aim });
    expect(g.refused(order('a-fast', tpl({ x: 14, y: 18 }), { 'a-run': { skill: 'bs-attack', weapon: 'combi-rifle', targets: [{ target: 'b-inf', burst: 1 }] } }))).toMatchObject({ code: 'different-targets', rule: 'COORD-4' });
    g.ok(order('a-fast', tpl({ x: 14, y: 18 }), { 'a-run': tpl({ x: 12, y: 19 }) }));
    const k = g.state.order!.skills[0]!;
    expect(k).toMatchObject({ skill: 'bs-attack', aim: { x: 14, y: 18 } });
    expect(k.each!['a-run']).toMatchObject({ skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 12, y: 19 } });
  });

  it('COORD-4 a Coordinated Dodge or Idle: the same skill, no fields of its own, given to every participant', () => {
    for (const skill of ['dodge', 'idle']) {
      const g = game({});
      g.ok(order('a-lt', { skill }, { 'a-run': { skill } }));
      expect(g.state.order!.skills[0]).toMatchObject({ skill, each: { 'a-run': { skill } } });
    }
  });

  it('COORD-4 the picker\u2019s dry run: each participant standing still (a Jump or Climb to its own spot) is taken where the skill may be declared there', () => {
    const g = game({ 'a-lt': [41.45, 5], 'a-run': [41.45, 7] });
    g.ok(order('a-lt', { skill: 'climb', to: { x: 41.45, y: 5, z: 0 } }, { 'a-run': { skill: 'climb', to: { x: 41.45, y: 7, z: 0 } } }));
    const h = game({});
    h.ok(order('a-lt', { skill: 'jump', to: { x: 24, y: 4, z: 0 } }, { 'a-run': { skill: 'jump', to: { x: 28, y: 14, z: 0 } } }));
  });
});
