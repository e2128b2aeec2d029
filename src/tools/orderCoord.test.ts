import { describe, expect, it } from 'vitest';
import { TestTable } from './testing/TestTable';
import { weaponPreset } from '../core/apiFiles';
import { turnOne, turnTable, type Positions } from '../core/testing/turnTable';
import { coordTemplates, standingStill } from '../ui/coordTemplates';
import { coordinatedCommand } from '../core/api';

/**
 * A Coordinated Order's second skill drawn on the table per participant (COORD-4, COORD-13), on the turn
 * table (src/core/testing/turnTable.ts): A's turn, dice by hand. Runner Pell (a-run) carries a Light
 * Flamethrower here as Torch Vane (a-fast) does; it and Captain Arkos (a-lt) have Super-Jump, so that
 * a Jump is a Short Movement Skill for them (MOV-12) and may be an Order's second skill (ORD-6).
 */
function table(over: Positions = {}) {
  const f = turnTable();
  for (const t of f.players.A.troopers) {
    if (t.id === 'a-run') t.weapons = [...t.weapons, weaponPreset('light-flamethrower')];
    if (t.id === 'a-run' || t.id === 'a-lt') t.skills = [...t.skills, 'super-jump'];
  }
  return new TestTable({ ...f, commands: turnOne(over) });
}

/** A Coordinated Move of `members` (the Spearhead first) in which each stays where it is, and B's empty window 1. */
function stayThenSecond(t: TestTable, members: string[]) {
  t.order.send({ type: 'coord', members });
  for (let k = 0; k < members.length; k++) t.order.send({ type: 'declare' });
  expect(t.dispatch({ do: 'aros', player: 'B', declarations: [] }).ok).toBe(true);
  expect(t.game.getState().state.order).toMatchObject({ stage: 'second', trooper: members[0], with: members.slice(1) });
}

describe('the Order tool: a Coordinated Order\u2019s second skill per participant (COORD-4)', () => {
  it('COORD-4 a second Jump: each participant\u2019s landing picked in turn from where its first skill left it; the last declares `second` with each its own `to`', () => {
    const t = table();
    t.order.send({ type: 'coord', members: ['a-lt', 'a-run'] });
    t.click({ x: 24, y: 6 });
    t.order.send({ type: 'declare' });
    t.click({ x: 28, y: 16 });
    t.order.send({ type: 'declare' });
    expect(t.dispatch({ do: 'aros', player: 'B', declarations: [] }).ok).toBe(true);
    t.order.send({ type: 'coord', members: ['a-lt', 'a-run'], skill: 'jump' });
    expect(t.order.snapshot).toMatchObject({ phase: 'drawing', trooper: 'a-lt', skill: 'jump', coord: { skill: 'jump', done: {} } });
    // The landing is judged from where the first Move ended (24, 6), Runner Pell standing where its Move ended.
    t.move({ x: 24, y: 8 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    t.click({ x: 24, y: 8 });
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-run', skill: 'jump', coord: { done: { 'a-lt': { skill: 'jump', to: { x: 24, y: 8, z: 0 } } } } });
    // Backspace goes back to the Spearhead's landing; picked again, on to Runner Pell.
    expect(t.key('Backspace')).toBe(true);
    expect(t.order.snapshot.trooper).toBe('a-lt');
    t.move({ x: 24, y: 8 }).click({ x: 24, y: 8 });
    t.move({ x: 28, y: 18 });
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-run', verdict: { ok: true } });
    t.click({ x: 28, y: 18 });
    expect(t.order.snapshot.phase).toBe('idle');
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ do: 'second', player: 'A', skill: 'jump', to: { x: 24, y: 8, z: 0 }, each: { 'a-run': { skill: 'jump', to: { x: 28, y: 18, z: 0 } } } });
    const s = t.game.getState().state;
    expect(s.order?.skills.at(-1)?.each?.['a-run']?.points.at(-1)).toMatchObject({ x: 28, y: 18 });
  });

  it('COORD-3 COORD-4 a second BS Attack with a direct template: each participant aims its own in turn (a template names no target, TPL-1); the last aim declares `second` with each its own `aim`', () => {
    const t = table({ 'a-run': [11, 13] });
    stayThenSecond(t, ['a-fast', 'a-run']);
    const weapons = coordTemplates(t.game.getState().state, 'A', ['a-fast', 'a-run'], 'light-flamethrower');
    expect(weapons).toEqual({ 'a-fast': 'light-flamethrower', 'a-run': 'light-flamethrower' });
    t.order.send({ type: 'coord', members: ['a-fast', 'a-run'], skill: 'bs-attack', weapons });
    expect(t.order.snapshot).toMatchObject({ phase: 'aiming', trooper: 'a-fast', skill: 'bs-attack', weapon: 'light-flamethrower', template: 'small-teardrop' });
    t.move({ x: 14, y: 18 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    t.click({ x: 14, y: 18 });
    expect(t.order.snapshot).toMatchObject({ phase: 'aiming', trooper: 'a-run', weapon: 'light-flamethrower', coord: { done: { 'a-fast': { skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 14, y: 18 } } } } });
    t.move({ x: 12, y: 19 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    t.click({ x: 12, y: 19 });
    expect(t.order.snapshot.phase).toBe('idle');
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ do: 'second', skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 14, y: 18 }, each: { 'a-run': { skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 12, y: 19 } } } });
  });

  it('COORD-4 a participant with no direct template is given the Spearhead\u2019s weapon: the engine refuses it, and the tool stays on it with the reason', () => {
    const t = table({ 'a-lt': [11, 13] });
    stayThenSecond(t, ['a-fast', 'a-lt']);
    const weapons = coordTemplates(t.game.getState().state, 'A', ['a-fast', 'a-lt'], 'light-flamethrower');
    expect(weapons['a-lt']).toBe('light-flamethrower');
    t.order.send({ type: 'coord', members: ['a-fast', 'a-lt'], skill: 'bs-attack', weapons });
    t.move({ x: 14, y: 18 });
    // The stand-in aim of Captain Arkos (straight ahead) is judged with the Spearhead's: refused already.
    expect(t.order.snapshot.verdict).toMatchObject({ ok: false, code: 'unknown-weapon' });
    t.click({ x: 14, y: 18 });
    expect(t.order.snapshot).toMatchObject({ phase: 'aiming', trooper: 'a-fast', verdict: { ok: false } });
    expect(t.game.getState().state.order).toMatchObject({ stage: 'second' });
  });
});

describe('the Order tool: a Coordinated Order\u2019s shared first skill besides Move (COORD-4)', () => {
  it('COORD-4 a Coordinated Climb: the picker\u2019s dry run with each standing still is taken at the step\u2019s face; each landing picked in turn; one `order` with each its own `to`', () => {
    const t = table({ 'a-lt': [41.45, 5], 'a-run': [41.45, 7] });
    const s = t.game.getState().state;
    const dry = coordinatedCommand(s, 'A', 'a-lt', { 'a-lt': standingStill(s, 'climb', 'a-lt'), 'a-run': standingStill(s, 'climb', 'a-run') });
    expect(t.game.getState().preview(dry).ok).toBe(true);
    // Away from the face the dry run says why before anything is drawn.
    const far = table();
    const f = far.game.getState().state;
    expect(far.game.getState().preview(coordinatedCommand(f, 'A', 'a-lt', { 'a-lt': standingStill(f, 'climb', 'a-lt'), 'a-run': standingStill(f, 'climb', 'a-run') }))).toMatchObject({ ok: false, rejection: { code: 'not-at-wall' } });
    t.order.send({ type: 'coord', members: ['a-lt', 'a-run'], skill: 'climb' });
    expect(t.order.snapshot).toMatchObject({ phase: 'drawing', trooper: 'a-lt', skill: 'climb' });
    t.order.send({ type: 'climbTo', z: 0.5 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-run', skill: 'climb', coord: { done: { 'a-lt': { skill: 'climb', to: { x: 41.45, y: 5, z: 0.5 } } } } });
    t.order.send({ type: 'climbTo', z: 0.5 });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot.phase).toBe('idle');
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ do: 'order', trooper: 'a-lt', skill: 'climb', with: ['a-run'], each: { 'a-run': { skill: 'climb', to: { x: 41.45, y: 7, z: 0.5 } } } });
  });

  it('COORD-3 COORD-4 a Coordinated BS Attack with direct templates as the first skill: each aims its own; one `order` with each its own `aim`', () => {
    const t = table({ 'a-run': [11, 13] });
    t.order.send({ type: 'coord', members: ['a-fast', 'a-run'], skill: 'bs-attack', weapons: coordTemplates(t.game.getState().state, 'A', ['a-fast', 'a-run'], 'light-flamethrower') });
    t.move({ x: 14, y: 18 }).click({ x: 14, y: 18 });
    expect(t.order.snapshot).toMatchObject({ phase: 'aiming', trooper: 'a-run' });
    t.move({ x: 12, y: 19 }).click({ x: 12, y: 19 });
    expect(t.order.snapshot.phase).toBe('idle');
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ do: 'order', trooper: 'a-fast', skill: 'bs-attack', aim: { x: 14, y: 18 }, with: ['a-run'], each: { 'a-run': { aim: { x: 12, y: 19 } } } });
  });

  it('COORD-4 a Coordinated Dodge or Idle: the picker declares one command with the skill for each participant', () => {
    const t = table();
    const s = t.game.getState().state;
    const cmd = coordinatedCommand(s, 'A', 'a-lt', { 'a-lt': standingStill(s, 'dodge', 'a-lt'), 'a-run': standingStill(s, 'dodge', 'a-run') });
    expect(cmd).toMatchObject({ do: 'order', trooper: 'a-lt', skill: 'dodge', with: ['a-run'], each: { 'a-run': { skill: 'dodge' } } });
    expect(t.dispatch(cmd).ok).toBe(true);
  });
});

describe('the picker: a Coordinated Discover (COORD-4)', () => {
  it('COORD-4 a Coordinated Discover names one marker for all: the picker\u2019s command gives each participant the same target, which the engine takes; another target for one is refused', () => {
    // East of the wall's end, Captain Arkos and Runner Pell see B's camouflage marker (b-camo) at (44, 34).
    const t = table({ 'a-lt': [42, 15], 'a-run': [45, 15] });
    const s = t.game.getState().state;
    const marker = s.troopers['b-camo']!.markerId!;
    expect(marker).toMatch(/^B-m\d+$/);
    expect(standingStill(s, 'discover', 'a-lt')).toEqual({ skill: 'idle' });
    const other = { do: 'order', player: 'A', trooper: 'a-lt', skill: 'discover', target: marker, with: ['a-run'], each: { 'a-run': { skill: 'discover', target: 'b-watch' } } } as const;
    expect(t.game.getState().preview(other as never)).toMatchObject({ ok: false });
    const cmd = coordinatedCommand(s, 'A', 'a-lt', { 'a-lt': { skill: 'discover', target: marker }, 'a-run': { skill: 'discover', target: marker } });
    const r = t.dispatch(cmd);
    expect(r.ok ? null : r.rejection).toBeNull();
    expect(t.game.getState().state.order!.skills[0]).toMatchObject({ skill: 'discover', each: { 'a-run': { skill: 'discover' } } });
  });
});
