import { describe, expect, it } from 'vitest';
import { TestTable } from './testing/TestTable';
import { fixture } from './testTable';
import type { Command } from '../core/model/types';
import { turnOne, turnTable } from '../core/testing/turnTable';
import { parseGameFile } from '../core/api';

/**
 * A deployed game at the start of Round 1, Player A's turn, dice by hand (e2e/fixtures/turn-game.json):
 * Scout Dax (a-irr, MOV 4-4) stands at (4, 12); Torch Vane (a-fast) at (14, 12) carries a Light Flamethrower.
 */
function turn() {
  return TestTable.fromFile(fixture('e2e/fixtures/turn-game.json'));
}

describe('the Order tool', () => {
  it('ORD-5 MOV-1 TOOL-7 a Move drawn with the pointer: order.idle, order.drawing, order.idle; its length against MOV and the engine\'s verdict as it is drawn', () => {
    const t = turn();
    const path = t.trace(t.order);
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'move' });
    // Drawing a path holds the pointer.
    expect(t.path).toBe('order.drawing');
    t.move({ x: 4, y: 16 });
    expect(t.order.snapshot).toMatchObject({ hover: { x: 4, y: 16 }, length: 4, mov: 4, verdict: { ok: true } });
    expect(t.order.snapshot.reading).not.toBeNull();
    // A click is a waypoint; a drag (away from the facing arrow at the path's end, MOV-19) turns the camera and adds none.
    t.click({ x: 4, y: 14 });
    expect(t.order.snapshot.waypoints).toEqual([{ x: 4, y: 14 }]);
    t.drag({ x: 10, y: 14 }, { x: 12, y: 14 });
    expect(t.order.snapshot.facing).toBeNull();
    expect(t.order.snapshot.waypoints).toEqual([{ x: 4, y: 14 }]);
    // Too far: the engine refuses the path, and the panel says why before anything is declared.
    t.move({ x: 4, y: 17 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: false, rule: 'MOV-1' });
    t.click({ x: 4, y: 17 });
    // Backspace takes the last waypoint back; Enter declares.
    expect(t.key('Backspace')).toBe(true);
    expect(t.order.snapshot.waypoints).toEqual([{ x: 4, y: 14 }]);
    t.click({ x: 4, y: 16 });
    expect(t.key('Enter')).toBe(true);
    expect(path).toEqual(['order.idle', 'order.drawing', 'order.idle']);
    expect(t.path).toBe('select');
    expect(t.game.getState().history.at(-1)!.command).toEqual({ do: 'order', player: 'A', trooper: 'a-irr', skill: 'move', path: [{ x: 4, y: 14 }, { x: 4, y: 16 }] });
    expect(t.state.order).toMatchObject({ trooper: 'a-irr', stage: 'aro1' });
  });

  it('MOV-19 the end facing: an arrow at the path\'s end (at the trooper before any waypoint) turned by Q/E, the wheel or a drag from it; with no waypoint the Move turns in place', () => {
    const t = turn();
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'move' });
    const start = t.state.troopers['a-irr']!;
    expect(t.order.snapshot).toMatchObject({ end: { x: 4, y: 12 }, endFacing: start.facing, facing: null });
    expect(t.key('q')).toBe(true);
    expect(t.order.snapshot.facing).toBe((start.facing! + 15) % 360);
    expect(t.wheel(-2)).toBe(true);
    expect(t.order.snapshot.facing).toBe((start.facing! + 345) % 360);
    // A drag from the arrow (round the base, not on it: a drag from the base draws the path) turns it to face the pointer (east: 270), and adds no waypoint.
    t.drag({ x: 4, y: 13 }, { x: 7, y: 12 });
    expect(t.order.snapshot).toMatchObject({ facing: 270, waypoints: [] });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    // After a waypoint the arrow stands there.
    t.click({ x: 4, y: 14 });
    expect(t.order.snapshot).toMatchObject({ end: { x: 4, y: 14 }, endFacing: 270 });
    t.key('Backspace');
    t.order.send({ type: 'prone', prone: true });
    expect(t.key('Enter')).toBe(true);
    expect(t.game.getState().history.at(-1)!.command).toEqual({ do: 'order', player: 'A', trooper: 'a-irr', skill: 'move', path: [], facing: 270, prone: true });
    expect(t.state.troopers['a-irr']!.prone).toBe(true);
  });

  it('MOV-1 a path drawn by a drag from the trooper: waypoints at its corners (the trail simplified); the drag is the tool\'s, not the camera\'s; a drag from the last waypoint draws on', () => {
    const t = turn();
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'move' });
    t.down({ x: 4, y: 12 });
    expect(t.order.usesDrag()).toBe(true);
    for (let k = 1; k <= 8; k++) t.move({ x: 4, y: 12 + k * 0.25 });
    for (let k = 1; k <= 6; k++) t.move({ x: 4 + k * 0.25, y: 14 });
    // While drawing, the trail so far is the path, the pointer its next point.
    expect(t.order.snapshot).toMatchObject({ waypoints: [{ x: 4, y: 14 }], hover: { x: 5.5, y: 14 } });
    t.up({ x: 5.5, y: 14 });
    expect(t.order.snapshot).toMatchObject({ waypoints: [{ x: 4, y: 14 }, { x: 5.5, y: 14 }], hover: null, length: 3.5, verdict: { ok: true } });
    expect(t.order.usesDrag()).toBe(false);
    t.drag({ x: 5.5, y: 14 }, { x: 5.5, y: 14.5 });
    expect(t.order.snapshot.waypoints).toEqual([{ x: 4, y: 14 }, { x: 5.5, y: 14 }, { x: 5.5, y: 14.5 }]);
    expect(t.key('Backspace')).toBe(true);
    expect(t.order.snapshot.waypoints).toHaveLength(2);
  });

  it('MOV-1 a finger draws the path too (a tablet): a drag from the trooper is the tool\'s, one from elsewhere turns the camera', () => {
    const t = turn();
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'move' });
    t.drag({ x: 10, y: 14 }, { x: 12, y: 14 }, { pointerType: 'touch' });
    expect(t.order.snapshot.waypoints).toEqual([]);
    t.drag({ x: 4, y: 12 }, { x: 4, y: 15 }, { pointerType: 'touch' });
    expect(t.order.snapshot).toMatchObject({ waypoints: [{ x: 4, y: 15 }], length: 3, verdict: { ok: true } });
  });

  it('MOV-25 a waypoint clicked with the base a hair into the 2" post goes to the nearest point the engine takes, and the verdict says it snapped', () => {
    const file = turnTable();
    const t = new TestTable({ ...file, commands: turnOne({ 'a-fast': [13.5, 5] }) });
    t.order.send({ type: 'start', trooper: 'a-fast', skill: 'move' });
    // post-w spans y 9..10; a Silhouette 2 base (radius 0.49") at y 8.55 overlaps it by about 0.04".
    t.move({ x: 13.5, y: 8.55 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: false });
    t.click({ x: 13.5, y: 8.55 });
    const s = t.order.snapshot;
    expect(s.snapped).toBeGreaterThan(0.03);
    expect(s.snapped).toBeLessThan(0.06);
    expect(s.waypoints[0]!.y).toBeLessThan(8.51);
    expect(s.verdict).toMatchObject({ ok: true });
    expect(s.verdict!.message).toMatch(/snapped 0\.0\d\d"/);
    expect(t.key('Enter')).toBe(true);
    expect(t.state.order).not.toBeNull();
  });

  it('MOV-25 a path dragged to the post and away: its corner a hair into the post snaps, the rest stays as drawn', () => {
    const file = turnTable();
    const t = new TestTable({ ...file, commands: turnOne({ 'a-fast': [13.5, 5] }) });
    t.order.send({ type: 'start', trooper: 'a-fast', skill: 'move' });
    t.down({ x: 13.5, y: 5 });
    for (let k = 1; k <= 14; k++) t.move({ x: 13.5, y: 5 + (k * 3.55) / 14 });
    for (let k = 1; k <= 8; k++) t.move({ x: 13.5 - k * 0.25, y: 8.55 - k * 0.07 });
    t.up({ x: 11.5, y: 7.99 });
    const s = t.order.snapshot;
    expect(s.waypoints).toHaveLength(2);
    expect(s.waypoints[0]!.x).toBeCloseTo(13.5, 1);
    expect(s.waypoints[0]!.y).toBeLessThan(8.51);
    expect(s.waypoints[1]).toEqual({ x: 11.5, y: 8 });
    expect(s.snapped).toBeNull();
    expect(s.verdict).toMatchObject({ ok: true });
  });

  it('MOV-20 a Dodge move drawn with the path tool by the dodger\'s player: up to 2", its end facing by the arrow, no reactor read along it (it draws no ARO)', () => {
    const file = turnTable();
    const t = new TestTable({
      ...file,
      commands: [
        ...turnOne({ 'a-run': [26.5, 15.5] }),
        { do: 'order', player: 'A', trooper: 'a-run', skill: 'move', path: [{ x: 29, y: 18.2 }] },
        { do: 'aros', player: 'B', declarations: [{ trooper: 'b-inf', skill: 'dodge' }] },
        { do: 'second', player: 'A', skill: 'none' },
        { do: 'rolls', rolls: { 'b-inf': [5] } },
      ] as Command[],
    });
    expect(t.state.order).toMatchObject({ stage: 'dodge-moves', dodgePlayer: 'B' });
    t.order.send({ type: 'start', trooper: 'b-inf', skill: 'dodge-move' });
    expect(t.order.snapshot).toMatchObject({ mov: 2, end: { x: 30, y: 20 } });
    t.move({ x: 30, y: 22.5 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: false, rule: 'MOV-20', code: 'too-far' });
    t.click({ x: 31, y: 21.5 });
    // It draws no ARO: nobody is listed or coloured as able to react along it.
    expect(t.order.snapshot.reading).toBeNull();
    t.key('e');
    expect(t.key('Enter')).toBe(true);
    expect(t.game.getState().history.at(-1)!.command).toEqual({ do: 'dodgeMove', player: 'B', trooper: 'b-inf', path: [{ x: 31, y: 21.5 }], facing: 345 });
    expect(t.state.order).toBeNull();
    expect(t.state.troopers['b-inf']).toMatchObject({ x: 31, y: 21.5, facing: 345 });
  });

  it('CC-17 CC-1 a Move drawn to end in contact says whom it engages; one short of contact says nothing of it', () => {
    const t = TestTable.fromFile(fixture('e2e/fixtures/closecombat-game.json'));
    t.order.send({ type: 'start', trooper: 'a-run', skill: 'move' });
    t.move({ x: 30, y: 18 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    expect(t.order.snapshot.verdict!.message).not.toContain('engages');
    t.move({ x: 30, y: 19 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    expect(t.order.snapshot.verdict!.message).toContain('It ends in contact: engages Infiltrator Kae.');
  });

  it('MOV-13 MOV-24 a Climb picked on the table: the pointer on the post\'s top gives the landing with its height, the engine\'s verdict shows, a click declares it', () => {
    const file = turnTable();
    const t = new TestTable({ ...file, commands: turnOne({ 'a-irr': [13.5, 10.5], 'a-fast': [20, 5] }) });
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'climb' });
    t.move({ x: 13.7, y: 9.5, z: 2 });
    expect(t.order.snapshot).toMatchObject({ hoverZ: 2, verdict: { ok: false, code: 'no-landing', rule: 'MOV-13' } });
    t.move({ x: 13.5, y: 9.5, z: 2 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    expect(t.order.snapshot.end).toMatchObject({ x: 13.5, y: 9.5, z: 2 });
    // Its cost as the engine measures it: from the silhouette's top (1.6") to the landing base's edge, 2" up.
    expect(t.order.snapshot.mov).toBe(4);
    expect(t.order.snapshot.length).toBeCloseTo(Math.hypot(1 - 2 * 0.4921, 0.4), 2);
    // TOOL-7 reads the climb where the engine places it: up the post's face.
    expect(t.order.snapshot.reading!.points.some((p) => p.z > 0.5 && p.z < 1.5)).toBe(true);
    t.click({ x: 13.5, y: 9.5, z: 2 });
    expect(t.game.getState().history.at(-1)!.command).toEqual({ do: 'order', player: 'A', trooper: 'a-irr', skill: 'climb', to: { x: 13.5, y: 9.5, z: 2 } });
  });

  it('MOV-13 MOV-24 on a touch screen a first tap aims the Climb (cost and verdict shown, nothing declared), a second tap on the same spot declares it', () => {
    const file = turnTable();
    const t = new TestTable({ ...file, commands: turnOne({ 'a-irr': [13.5, 10.5], 'a-fast': [20, 5] }) });
    const before = t.game.getState().history.length;
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'climb' });
    t.click({ x: 13.5, y: 9.5, z: 2 }, { pointerType: 'touch' });
    expect(t.game.getState().history.length).toBe(before);
    expect(t.order.snapshot).toMatchObject({ phase: 'drawing', end: { x: 13.5, y: 9.5, z: 2 }, verdict: { ok: true } });
    expect(t.order.snapshot.verdict!.message).toContain('tap again');
    t.click({ x: 13.5, y: 9.5, z: 2 }, { pointerType: 'touch' });
    expect(t.game.getState().history.at(-1)!.command).toEqual({ do: 'order', player: 'A', trooper: 'a-irr', skill: 'climb', to: { x: 13.5, y: 9.5, z: 2 } });
  });

  it('MOV-9 MOV-24 a path up a ladder: where walking is too high and the ladder is taken, the segment goes by the ladder, its height counted in the length', () => {
    const file = turnTable();
    const tower = { id: 'tower', kind: 'block', x: 30, y: 8, w: 3, d: 3, h: 3, ladders: [{ side: 's', at: 0 }] };
    const t = new TestTable({ ...parseGameFile({ ...file, terrain: [...file.terrain, tower] }), commands: turnOne({ 'a-fast': [30, 5] }) });
    t.order.send({ type: 'start', trooper: 'a-fast', skill: 'move' });
    t.move({ x: 30, y: 7, z: 3 });
    expect(t.order.snapshot).toMatchObject({ hoverVia: 'ladder', length: 5, verdict: { ok: true } });
    t.click({ x: 30, y: 7, z: 3 });
    expect(t.order.snapshot.waypoints).toEqual([{ x: 30, y: 7, via: 'ladder' }]);
    expect(t.key('Enter')).toBe(true);
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ skill: 'move', path: [{ x: 30, y: 7, via: 'ladder' }] });
  });

  it('MOV-14 a Climb onto the face: a height given instead of a surface, straight up from where the trooper stands', () => {
    const file = turnTable();
    const tower = { id: 'tower', kind: 'block', x: 30, y: 8, w: 3, d: 3, h: 6 };
    const t = new TestTable({ ...parseGameFile({ ...file, terrain: [...file.terrain, tower] }), commands: turnOne({ 'a-run': [30, 5.99] }) });
    t.order.send({ type: 'start', trooper: 'a-run', skill: 'climb' });
    t.order.send({ type: 'climbTo', z: 2.4 });
    expect(t.order.snapshot).toMatchObject({ verdict: { ok: true }, end: { x: 30, y: 5.99, z: 2.4 } });
    expect(t.key('Enter')).toBe(true);
    expect(t.game.getState().history.at(-1)!.command).toEqual({ do: 'order', player: 'A', trooper: 'a-run', skill: 'climb', to: { x: 30, y: 5.99, z: 2.4 } });
  });

  it('MOV-12 the Jump form asks the engine for a Super-Jump as an Entire Order: refused (no-skill) for a trooper without Super-Jump', () => {
    const t = new TestTable({ ...turnTable(), commands: turnOne() });
    t.order.send({ type: 'start', trooper: 'a-top', skill: 'jump' });
    t.order.send({ type: 'entire', entire: true });
    t.move({ x: 44, y: 10, z: 0 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: false, code: 'no-skill', rule: 'MOV-12' });
    t.order.send({ type: 'entire', entire: false });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
  });

  it('ORD-5 a direct template aimed with the pointer: order.idle, order.aiming, order.idle; a click lays it', () => {
    const t = turn();
    const path = t.trace(t.order);
    t.order.send({ type: 'aim', trooper: 'a-fast', weapon: 'light-flamethrower' });
    expect(t.path).toBe('order.aiming');
    expect(t.order.snapshot.template).not.toBeNull();
    t.move({ x: 14, y: 20 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true, message: 'Click to lay the template here.' });
    t.click({ x: 14, y: 20 });
    expect(path).toEqual(['order.idle', 'order.aiming', 'order.idle']);
    expect(t.game.getState().history.at(-1)!.command).toEqual({ do: 'order', player: 'A', trooper: 'a-fast', skill: 'bs-attack', weapon: 'light-flamethrower', aim: { x: 14, y: 20 } });
  });

  it('Escape drops the path; the pointer leaving the table drops the hover point', () => {
    const t = turn();
    const path = t.trace(t.order);
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'cautious-move' });
    t.move({ x: 4, y: 14 });
    expect(t.order.snapshot.hover).toEqual({ x: 4, y: 14 });
    t.leave();
    expect(t.order.snapshot.hover).toBeNull();
    t.key('Escape');
    expect(path).toEqual(['order.idle', 'order.drawing', 'order.idle']);
    expect(t.game.getState().history).toHaveLength(20);
  });

  it('the tool engaged last holds the pointer: the ruler picked while a path is drawn measures, and the path gets it back when the ruler is put down', () => {
    const t = turn();
    t.order.send({ type: 'start', trooper: 'a-irr', skill: 'move' });
    t.key('m');
    expect(t.path).toBe('ruler.idle');
    t.drag('a-irr', 'a-fast');
    expect(t.tools.ruler.reading?.to).toEqual({ piece: 'a-fast' });
    expect(t.order.snapshot.waypoints).toEqual([]);
    t.key('m');
    expect(t.path).toBe('order.drawing');
    t.click({ x: 4, y: 14 });
    expect(t.order.snapshot.waypoints).toEqual([{ x: 4, y: 14 }]);
  });
});

describe('the Order tool: a Coordinated Move (COORD-13)', () => {
  it('COORD-13 each participant\'s path drawn in turn, the Spearhead first, judged by the engine with those before it; the last one declares one Coordinated Order', () => {
    const t = turn();
    t.order.send({ type: 'coord', members: ['a-lt', 'a-run', 'a-fast', 'a-top'] });
    expect(t.order.snapshot).toMatchObject({ phase: 'drawing', trooper: 'a-lt', skill: 'move', coord: { members: ['a-lt', 'a-run', 'a-fast', 'a-top'], done: {} } });
    t.click({ x: 24, y: 6 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    // Enter goes on to the next participant while one is left to draw.
    expect(t.key('Enter')).toBe(true);
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-run', waypoints: [], coord: { done: { 'a-lt': { skill: 'move', path: [{ x: 24, y: 6 }] } } } });
    t.click({ x: 28, y: 16 });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot.trooper).toBe('a-fast');
    // Backspace before any waypoint goes back to the participant before, its path as drawn; Enter on again.
    expect(t.key('Backspace')).toBe(true);
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-run', waypoints: [{ x: 28, y: 16 }] });
    expect(Object.keys(t.order.snapshot.coord!.done)).toEqual(['a-lt']);
    expect(t.key('Enter')).toBe(true);
    expect(t.order.snapshot.trooper).toBe('a-fast');
    t.click({ x: 14, y: 14 });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot.trooper).toBe('a-top');
    // Too far is refused before anything is declared, and the tool stays on that participant.
    t.click({ x: 44, y: 30 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: false });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot).toMatchObject({ phase: 'drawing', trooper: 'a-top', verdict: { ok: false } });
    t.order.send({ type: 'back' });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot.phase).toBe('idle');
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'move', path: [{ x: 24, y: 6 }], with: ['a-run', 'a-fast', 'a-top'], each: { 'a-run': { skill: 'move', path: [{ x: 28, y: 16 }] }, 'a-fast': { skill: 'move', path: [{ x: 14, y: 14 }] }, 'a-top': { skill: 'move', path: [] } } });
  });

  it('COORD-4 the second skill a Move: each participant\'s path drawn in turn from where its first Move left it; the last one declares `second` with each', () => {
    const t = turn();
    t.order.send({ type: 'coord', members: ['a-lt', 'a-run'] });
    t.click({ x: 24, y: 6 });
    t.order.send({ type: 'declare' });
    t.click({ x: 28, y: 16 });
    t.order.send({ type: 'declare' });
    expect(t.dispatch({ do: 'aros', player: 'B', declarations: [] }).ok).toBe(true);
    expect(t.game.getState().state.order).toMatchObject({ stage: 'second', trooper: 'a-lt', with: ['a-run'] });
    t.order.send({ type: 'coord', members: ['a-lt', 'a-run'] });
    // 2" from where the first Move ended, not 4" from where it stood.
    t.move({ x: 24, y: 8 });
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-lt', length: 2, verdict: { ok: true } });
    t.click({ x: 24, y: 8 });
    t.order.send({ type: 'declare' });
    t.move({ x: 28, y: 18 });
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-run', length: 2, verdict: { ok: true } });
    t.click({ x: 28, y: 18 });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot.phase).toBe('idle');
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ do: 'second', player: 'A', skill: 'move', path: [{ x: 24, y: 8 }], each: { 'a-run': { skill: 'move', path: [{ x: 28, y: 18 }] } } });
  });

  it('COORD-4 a Coordinated Cautious Move (an Entire Order): each participant\'s path drawn in turn, declared as one order with each', () => {
    // Out of every enemy's sight and Zone of Control (MOV-4): Captain Arkos at (24, 4), Torch Vane at (13.5, 5).
    const t = new TestTable({ ...turnTable(), commands: turnOne({ 'a-fast': [13.5, 5] }) });
    t.order.send({ type: 'coord', members: ['a-lt', 'a-fast'], skill: 'cautious-move' });
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-lt', skill: 'cautious-move', coord: { skill: 'cautious-move' } });
    t.click({ x: 24, y: 6 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot).toMatchObject({ trooper: 'a-fast', skill: 'cautious-move', coord: { done: { 'a-lt': { skill: 'cautious-move', path: [{ x: 24, y: 6 }] } } } });
    t.click({ x: 13.5, y: 7 });
    expect(t.order.snapshot.verdict).toMatchObject({ ok: true });
    t.order.send({ type: 'declare' });
    expect(t.order.snapshot.phase).toBe('idle');
    expect(t.game.getState().history.at(-1)!.command).toMatchObject({ do: 'order', player: 'A', trooper: 'a-lt', skill: 'cautious-move', path: [{ x: 24, y: 6 }], with: ['a-fast'], each: { 'a-fast': { skill: 'cautious-move', path: [{ x: 13.5, y: 7 }] } } });
  });
});
