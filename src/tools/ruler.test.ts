import { describe, expect, it } from 'vitest';
import type { TargetRef } from '../core/model/types';
import type { RulerReading } from './ruler';
import { TestTable } from './testing/TestTable';
import { apply } from '../core/api';

/** The core's own answer, asked on the full game state (not the viewer's). */
function coreMeasure(t: TestTable, from: TargetRef, to: TargetRef): number {
  const r = apply(t.state, { do: 'measure', from, to }, t.ctx);
  if (!r.ok) throw new Error(r.rejection.message);
  const e = r.events[0]!;
  if (e.type !== 'distance') throw new Error('no distance');
  return e.inches;
}

function reading(t: TestTable): RulerReading {
  const r = t.tools.ruler.reading;
  if (!r) throw new Error('no reading');
  return r;
}

describe('the ruler', () => {
  it('TOOL-1 dragging from one demo trooper to another reads the core\'s measure, with its level and upright parts', () => {
    const t = TestTable.demo();
    t.key('m');
    expect(t.path).toBe('ruler.idle');
    // Rifleman Osei stands on the bunker's roof, 3" up; Bulwark Heavy on the mat 9" west of it.
    t.down('a-osei');
    expect(t.path).toBe('ruler.pointing');
    t.move({ x: 35, y: 6 });
    expect(t.path).toBe('ruler.dragging');
    t.move('a-bulwark');
    const live = reading(t);
    expect(live.to).toEqual({ piece: 'a-bulwark' });
    t.up('a-bulwark');
    expect(t.path).toBe('ruler.idle');

    const r = reading(t);
    expect(r).toBe(t.snapshot.ruler);
    expect(r.from).toEqual({ piece: 'a-osei' });
    expect(r.inches).toBe(coreMeasure(t, 'a-osei', 'a-bulwark'));
    // Edge to edge: 9" between centres less both radii; from the roof's 3" down to the Heavy's 1.8" top.
    expect(r.horizontal).toBeCloseTo(9 - 0.5 - 0.8, 9);
    expect(r.vertical).toBeCloseTo(3 - 1.8, 9);
    expect(Math.hypot(r.horizontal, r.vertical)).toBeCloseTo(r.inches, 9);
    // The line is drawn between the closest points: the roof-top rim of Osei, the top rim of the Heavy.
    expect(r.a).toEqual({ x: 38.5, y: 6, z: 3 });
    expect(r.b.x).toBeCloseTo(30.8, 9);
    expect(r.b.z).toBeCloseTo(1.8, 9);
  });

  it('TOOL-1 every pair of demo troopers reads exactly what measure says', () => {
    const t = TestTable.demo();
    t.key('m');
    const keys = ['a-varro', 'a-ironclad', 'b-reyes', 'b-colossus', 'A-m1', 'b-strider'];
    const ids: Record<string, string> = { 'A-m1': 'a-veil' };
    for (const a of keys) {
      for (const b of keys) {
        if (a === b) continue;
        t.drag(a, b);
        const r = reading(t);
        expect(r.inches, `${a} to ${b}`).toBe(coreMeasure(t, ids[a] ?? a, ids[b] ?? b));
        expect(Math.hypot(r.horizontal, r.vertical), `${a} to ${b}`).toBeCloseTo(r.inches, 9);
      }
    }
  });

  it('TOOL-1 a press within a quarter inch of a base edge snaps to that trooper; further out it is a point', () => {
    const t = TestTable.demo();
    t.key('m');
    // Captain Varro: base centre (28, 3), radius 0.5.
    t.drag({ x: 28.7, y: 3 }, { x: 28, y: 10 });
    expect(reading(t).from).toEqual({ piece: 'a-varro' });
    expect(reading(t).inches).toBeCloseTo(10 - 3 - 0.5, 9);
    t.drag({ x: 28.8, y: 3 }, { x: 28.8, y: 10 });
    expect(reading(t).from).toEqual({ point: { x: 28.8, y: 3, z: 0 } });
    expect(reading(t).inches).toBeCloseTo(7, 9);
    expect(reading(t).vertical).toBe(0);
  });

  it('TOOL-1 a click starts a ruler that follows the pointer until the next click', () => {
    const t = TestTable.demo();
    t.key('m');
    t.click('a-varro');
    expect(t.path).toBe('ruler.following');
    t.move({ x: 28, y: 8 });
    expect(reading(t).inches).toBeCloseTo(4.5, 9);
    expect(t.snapshot.ruler).toBeNull(); // still moving: the live reading only
    t.move('a-bulwark');
    t.down('a-bulwark');
    expect(t.path).toBe('ruler.idle');
    expect(reading(t).inches).toBe(coreMeasure(t, 'a-varro', 'a-bulwark'));
    t.up('a-bulwark');
    expect(t.snapshot.ruler?.to).toEqual({ piece: 'a-bulwark' });
  });

  it('TOOL-1 HD-2 a hidden trooper is not on the table: the ruler measures to its spot as a point, and the opponent cannot even snap to it', () => {
    // Wraith Operative is B's hidden trooper at (44, 37.5).
    const asA = TestTable.demo('A');
    asA.key('m');
    asA.drag('a-outrider', { x: 44, y: 37.5 });
    expect(reading(asA).to).toEqual({ point: { x: 44, y: 37.5, z: 0 } });
    const asB = TestTable.demo('B');
    asB.key('m');
    asB.drag('b-colossus', 'b-wraith');
    expect(reading(asB).to).toEqual({ point: { x: 44, y: 37.5, z: 0 } });
    // An enemy marker is measured by its marker id, to the silhouette the marker keeps (TOC-9).
    asB.drag('b-ishii', 'A-m1');
    expect(reading(asB).to).toEqual({ piece: 'A-m1' });
    expect(reading(asB).inches).toBe(coreMeasure(asB, 'b-ishii', 'a-veil'));
  });

  it('TOOL-1 Escape leaves the ruler, and its reading goes with it', () => {
    const t = TestTable.demo();
    t.key('m');
    t.drag('a-varro', 'a-bulwark');
    expect(t.snapshot.ruler).not.toBeNull();
    expect(t.key('Escape')).toBe(true);
    expect(t.path).toBe('select');
    expect(t.snapshot.ruler).toBeNull();
    expect(t.tools.live.ruler).toBeNull();
  });

  it('TOOL-1 by touch: a finger\'s drag measures, and so do two taps; the drag is the ruler\'s, not the camera\'s; Done puts it down', () => {
    const t = TestTable.demo();
    const finger = { pointerType: 'touch' as const };
    t.tools.activate('ruler');
    expect(t.tools.usesDrag()).toBe(true);
    const trace = t.trace(t.tools.ruler);
    t.drag('a-osei', 'a-bulwark', finger);
    expect(reading(t).inches).toBe(coreMeasure(t, 'a-osei', 'a-bulwark'));
    // Two taps: the first starts the ruler, the second ends it.
    t.click('a-varro', finger);
    expect(t.path).toBe('ruler.following');
    t.click('b-kai', finger);
    expect(t.path).toBe('ruler.idle');
    expect(reading(t)).toMatchObject({ from: { piece: 'a-varro' }, to: { piece: 'b-kai' }, inches: coreMeasure(t, 'a-varro', 'b-kai') });
    expect(t.snapshot.ruler).toBe(reading(t));
    expect(trace).toEqual(['ruler.idle', 'ruler.pointing', 'ruler.dragging', 'ruler.idle', 'ruler.pointing', 'ruler.following', 'ruler.idle']);
    // Done (the table's button, as Escape): back to selecting, the reading gone.
    t.tools.leave();
    expect(t.path).toBe('select');
    expect(t.snapshot.ruler).toBeNull();
  });
});
