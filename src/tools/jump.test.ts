import { describe, expect, it } from 'vitest';
import { airborne, cellAt, jumpOdds } from './jump';
import { TestTable } from './testing/TestTable';
import { fixture } from './testTable';

/** The jump fixture on the headless table: Player A's turn, Red Dropper in the air. */
function game() {
  const t = TestTable.fromFile(fixture('e2e/fixtures/jump-setup.json'));
  return { t, tool: t.jump, get state() { return t.state; } };
}

describe('the Combat Jump tool', () => {
  it('TOOL-4 lists the airborne trooper and gives the PH odds, Controlled Jump included', () => {
    const g = game();
    expect(airborne(g.state, 'A')).toEqual(['r-drop']);
    expect(airborne(g.state, 'B')).toEqual([]);
    // CJ-11: an enemy hacker's Controlled Jump takes 3 off the PH roll, an allied one's adds 3.
    expect(jumpOdds(g.state, 'r-drop', null)).toMatchObject({ target: 12, success: 0.6 });
    expect(jumpOdds(g.state, 'r-drop', 'u-mech')).toMatchObject({ target: 9, success: 0.45 });
    expect(jumpOdds(g.state, 'r-drop', 'r-gun')).toMatchObject({ target: 15, success: 0.75 });
  });

  it('TOOL-4 CJ-5 answers a hover: the roof is legal, the roofless ruin is not', () => {
    const { tool } = game();
    tool.take('r-drop');
    tool.hover({ x: 34, y: 16, z: 3 });
    expect(tool.snapshot.hover).toMatchObject({ legal: true, z: 3 });
    tool.hover({ x: 12, y: 34, z: 0 });
    expect(tool.snapshot.hover).toMatchObject({ legal: false, rule: 'CJ-5' });
    tool.click({ x: 12, y: 34, z: 0 });
    expect(tool.snapshot.pinned).toBeNull();
    expect(tool.snapshot.error).toContain('CJ-5');
  });

  it('CJ-6 CJ-8 jumps onto the roof through the engine and lists the AROs', () => {
    const g = game();
    g.tool.take('r-drop');
    g.tool.click({ x: 34, y: 16, z: 3 });
    g.tool.jump(9);
    expect(g.tool.snapshot.phase).toBe('done');
    expect(g.tool.snapshot.trooper).toBe('r-drop');
    expect(g.state.troopers['r-drop']).toMatchObject({ status: 'model', z: 3 });
    expect(g.tool.snapshot.result!.events.some((e) => e.type === 'aro')).toBe(true);
  });

  it('CJ-7 a failed roll takes up the fallback, judged by the engine', () => {
    const g = game();
    g.tool.take('r-drop');
    g.tool.click({ x: 34, y: 16, z: 3 });
    g.tool.jump(18);
    expect(g.tool.snapshot.phase).toBe('fallback');
    // Far from the zone: refused, with the engine's reason.
    g.tool.hover({ x: 30, y: 20, z: 0 });
    expect(g.tool.snapshot.fallbackVerdict).toMatchObject({ ok: false, rule: 'CJ-7' });
    // In the zone: the ghost snaps onto the table edge, legal.
    g.tool.hover({ x: 30, y: 8, z: 0 });
    expect(g.tool.snapshot.fallbackAt).toMatchObject({ x: 30, y: 0.5 });
    expect(g.tool.snapshot.fallbackVerdict).toMatchObject({ ok: true });
    g.tool.click({ x: 30, y: 5, z: 0 });
    expect(g.tool.snapshot.phase).toBe('done');
    expect(g.tool.snapshot.trooper).toBe('r-drop');
    expect(g.state.troopers['r-drop']).toMatchObject({ status: 'model', x: 30, y: 0.5 });
  });

  it('TOOL-4 reads a map cell under a point', () => {
    const map = { step: 0.5, x0: 0, y0: 0, cols: 2, rows: 2, exposure: Int16Array.from([0, -1, 2, 1]), height: Float32Array.from([0, 0, 3, 3]) };
    expect(cellAt(map, 0.7, 0.2)).toEqual({ exposure: -1, height: 0 });
    expect(cellAt(map, 0.2, 0.7)).toEqual({ exposure: 2, height: 3 });
    expect(cellAt(map, 5, 5)).toBeNull();
  });
});

describe('the Combat Jump tool on the table', () => {
  it('TOOL-4 CJ-7 goes jump.idle, aiming, fallback, done, idle through the pointer; the wheel and Q/E turn it once a spot is pinned', () => {
    const { t, tool } = game();
    const path = t.trace(tool);
    tool.take('r-drop');
    expect(t.path).toBe('jump.aiming');
    // The pointer's moves answer for the spot under it; leaving the table drops the answer.
    t.move({ x: 34, y: 16, z: 3 });
    expect(tool.snapshot.hover).toMatchObject({ legal: true, z: 3 });
    t.leave();
    expect(tool.snapshot.hover).toBeNull();
    // Nothing pinned yet: the wheel is the camera's.
    expect(t.wheel(1)).toBe(false);
    // A drag is no click: it turns the camera and pins nothing.
    t.drag({ x: 30, y: 16, z: 3 }, { x: 34, y: 16, z: 3 });
    expect(tool.snapshot.pinned).toBeNull();
    t.click({ x: 34, y: 16, z: 3 });
    expect(tool.snapshot.pinned).toMatchObject({ x: 34, y: 16, z: 3 });
    const facing = tool.snapshot.facing;
    expect(t.wheel(1)).toBe(true);
    expect(t.key('q')).toBe(true);
    expect(tool.snapshot.facing).toBe((facing + 30) % 360);
    tool.jump(18);
    expect(t.path).toBe('jump.fallback');
    t.move({ x: 30, y: 5 });
    expect(tool.snapshot.fallbackVerdict).toMatchObject({ ok: true });
    // Escape does not put an owed fallback down.
    t.key('Escape');
    expect(t.path).toBe('jump.fallback');
    t.click({ x: 30, y: 5 });
    expect(t.state.troopers['r-drop']).toMatchObject({ status: 'model', y: 0.5 });
    // Done, the tool rests: the pointer is no longer its own.
    expect(t.path).toBe('select');
    tool.close();
    expect(path).toEqual(['jump.idle', 'jump.aiming', 'jump.fallback', 'jump.done', 'jump.idle']);
  });

  it('TOOL-4 CJ-7 by touch: a tap pins the landing spot (a finger\'s drag answers nothing), the turn buttons turn it, and the fallback waits for a second tap or Place here', () => {
    const { t, tool } = game();
    const path = t.trace(tool);
    const finger = { pointerType: 'touch' as const };
    tool.take('r-drop');
    // A finger's drag turns the camera: no answer follows it, nothing is pinned.
    t.down({ x: 30, y: 16, z: 3 }, finger);
    t.move({ x: 34, y: 16, z: 3 }, finger);
    t.up({ x: 34, y: 16, z: 3 }, finger);
    expect(tool.snapshot).toMatchObject({ hover: null, pinned: null });
    // A tap answers for that spot and pins it.
    t.click({ x: 34, y: 16, z: 3 }, finger);
    expect(tool.snapshot.pinned).toMatchObject({ x: 34, y: 16, z: 3, legal: true });
    const facing = tool.snapshot.facing;
    tool.turn(-15);
    expect(tool.snapshot.facing).toBe((facing + 345) % 360);
    tool.jump(18);
    expect(t.path).toBe('jump.fallback');
    // The first tap puts the ghost down on the table edge with the engine's verdict; nothing is placed.
    t.click({ x: 30, y: 5 }, finger);
    expect(tool.snapshot).toMatchObject({ phase: 'fallback', touch: true, fallbackAt: { x: 30, y: 0.5 } });
    expect(tool.snapshot.fallbackVerdict).toMatchObject({ ok: true, message: 'At your table edge: tap it again or press Place here.' });
    expect(t.state.troopers['r-drop']!.status).toBe('awaiting-fallback');
    // Far from the zone: a red ghost with the engine's reason.
    t.click({ x: 30, y: 20 }, finger);
    expect(tool.snapshot.fallbackVerdict).toMatchObject({ ok: false, rule: 'CJ-7' });
    // Another tap in the zone, then a second tap on that ghost places it there.
    t.click({ x: 20, y: 4 }, finger);
    expect(tool.snapshot.fallbackAt).toMatchObject({ x: 20, y: 0.5 });
    t.click({ x: 20.3, y: 1 }, finger);
    expect(t.state.troopers['r-drop']).toMatchObject({ status: 'model', x: 20, y: 0.5 });
    expect(path).toEqual(['jump.idle', 'jump.aiming', 'jump.fallback', 'jump.done']);
  });

  it('TOOL-4 the fallback\'s Place here places it where a tap put its ghost', () => {
    const { t, tool } = game();
    tool.take('r-drop');
    tool.click({ x: 34, y: 16, z: 3 });
    tool.jump(18);
    tool.placeFallback(); // no ghost yet: nothing happens
    expect(t.path).toBe('jump.fallback');
    t.click({ x: 30, y: 5 }, { pointerType: 'touch' });
    tool.placeFallback();
    expect(t.state.troopers['r-drop']).toMatchObject({ status: 'model', x: 30, y: 0.5 });
  });

  it('TOOL-4 Escape puts an aimed jump down', () => {
    const { t, tool } = game();
    const path = t.trace(tool);
    tool.take('r-drop');
    expect(t.key('Escape')).toBe(true);
    expect(path).toEqual(['jump.idle', 'jump.aiming', 'jump.idle']);
    expect(t.path).toBe('select');
  });
});
