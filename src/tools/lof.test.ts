import { describe, expect, it } from 'vitest';
import { TO_DEPLOYMENT, baseFile, dep } from '../core/testing/fixtures';
import { verdictOf } from './lof';
import { TestTable } from './testing/TestTable';
import { lineOfFireBetween } from '../core/api';

/** The core's answer on the full game state, by trooper ids. */
function core(t: TestTable, shooter: string, target: string) {
  return lineOfFireBetween({ draft: t.state, ctx: t.ctx }, shooter, target);
}

describe('the Line of Fire tool', () => {
  it('TOOL-2 marks every enemy of the picked demo trooper as the core\'s lineOfFireBetween says: the one in the open seen, those behind buildings not', () => {
    const t = TestTable.demo();
    t.key('l');
    expect(t.path).toBe('lof.idle');
    // The Veil Sniper's TO marker (A-m1) sees Netrunner Kai; nobody else of B's.
    t.click('A-m1');
    expect(t.path).toBe('lof.picked');
    expect(t.selected).toBe('A-m1');
    const lof = t.snapshot.lof!;
    expect(lof.shooter).toBe('A-m1');
    expect(lof.facing).toBeNull(); // a marker sees all round (TOC-8)
    const onTable = Object.entries(t.state.troopers).filter(([, s]) => s.player === 'B' && (s.status === 'model' || s.status === 'marker'));
    expect(lof.marks.map((m) => m.key).sort()).toEqual(onTable.map(([id]) => id).sort());
    for (const m of lof.marks) {
      const answer = core(t, 'a-veil', m.key);
      expect(m.verdict, m.key).toBe(verdictOf(answer));
      expect(m.answer.fraction, m.key).toBe(answer.fraction);
      expect(m.answer.hiddenBy, m.key).toEqual(answer.hiddenBy);
    }
    expect(lof.marks.find((m) => m.key === 'b-kai')?.verdict).toBe('seen');
    expect(lof.marks.filter((m) => m.verdict !== 'unseen')).toHaveLength(1);
    // Colossus TAG stands behind the Nexus building.
    const colossus = lof.marks.find((m) => m.key === 'b-colossus')!;
    expect(colossus.verdict).toBe('unseen');
    expect(colossus.answer.hiddenBy).toContain('nexus');

    // Clicking another trooper looks from it instead: Captain Varro, facing north.
    t.click('a-varro');
    expect(t.snapshot.lof?.shooter).toBe('a-varro');
    expect(t.snapshot.lof?.facing).toBe(0);
    for (const m of t.snapshot.lof!.marks) expect(m.verdict, m.key).toBe(verdictOf(core(t, 'a-varro', m.key)));
    // The empty table: nothing picked.
    t.click({ x: 46.5, y: 1.5 });
    expect(t.path).toBe('lof.idle');
    expect(t.snapshot.lof).toBeNull();
  });

  it('TOOL-2 by touch: a tap on a marked enemy shows its detail (as a hover does), a second tap looks from it; a finger\'s drag inspects nothing', () => {
    const t = TestTable.demo();
    const finger = { pointerType: 'touch' as const };
    t.key('l');
    t.click('b-kai', finger);
    expect(t.snapshot.lof?.shooter).toBe('b-kai');
    expect(t.snapshot.inspected).toBeNull();
    // A tap on the marker Kai sees: its detail, and Kai still looks.
    t.click('A-m1', finger);
    expect(t.snapshot.lof?.shooter).toBe('b-kai');
    expect(t.snapshot.inspected).toBe('A-m1');
    expect(t.selected).toBe('b-kai');
    // A tap on another enemy moves the detail to it.
    t.click('a-varro', finger);
    expect(t.snapshot).toMatchObject({ inspected: 'a-varro', lof: { shooter: 'b-kai' } });
    // A finger's drag turns the camera: the detail stays.
    t.drag('b-kai', { x: 24, y: 24 }, finger);
    expect(t.snapshot.inspected).toBe('a-varro');
    // The panel's list shows one too; a name not marked shows none.
    t.tools.inspect('A-m1');
    expect(t.snapshot.inspected).toBe('A-m1');
    t.tools.inspect('b-colossus');
    expect(t.snapshot.inspected).toBeNull();
    t.tools.inspect('a-varro');
    // A second tap on the enemy inspected looks from it.
    t.click('a-varro', finger);
    expect(t.snapshot.lof?.shooter).toBe('a-varro');
    expect(t.selected).toBe('a-varro');
    // With a mouse a click on an enemy looks from it at once (its hover shows the detail).
    t.click('b-kai');
    expect(t.snapshot.lof?.shooter).toBe('b-kai');
    expect(t.path).toBe('lof.picked');
  });

  it('TOOL-2 marks seen, seen in Partial Cover, and not seen', () => {
    const file = baseFile();
    file.terrain = [
      { id: 'low-wall', kind: 'block', x: 20, y: 37, w: 6, d: 0.5, h: 1, rotation: 0 },
      { id: 'tower', kind: 'block', x: 40, y: 40, w: 5, d: 5, h: 6, rotation: 0 },
    ];
    const t = TestTable.fromFile({
      ...file,
      commands: [
        ...TO_DEPLOYMENT,
        dep('A', 'r-lt', 20, 10),
        dep('A', 'r-gun', 30, 10),
        dep('A', 'r-bike', 40, 8),
        dep('A', 'r-inf', 4, 10),
        { do: 'endStep', player: 'A', keep: 'r-fd' },
        dep('B', 'u-lt', 20, 37.8), // touching the low wall, which hides its legs
        dep('B', 'u-mech', 28, 40), // in the open
        dep('B', 'u-scout', 44, 46, { as: 'marker' }), // behind the tower, from the Captain
      ],
    });
    t.key('l');
    t.click('r-lt');
    const verdicts = Object.fromEntries(t.snapshot.lof!.marks.map((m) => [m.key, m.verdict]));
    expect(verdicts).toEqual({ 'u-lt': 'cover', 'u-mech': 'seen', 'B-m1': 'unseen' });
    // Each as the core says.
    expect(core(t, 'r-lt', 'u-lt')).toMatchObject({ visible: true, cover: true });
    expect(core(t, 'r-lt', 'u-mech')).toMatchObject({ visible: true, cover: false });
    expect(core(t, 'r-lt', 'u-scout')).toMatchObject({ visible: false });
  });

  it('TOOL-2 works Line of Fire out once per pick, not per pointer move; hovering an enemy shows its witness and seen patches', () => {
    const t = TestTable.demo();
    t.key('l');
    t.click('A-m1');
    expect(t.tools.lof.computations).toBe(1);
    for (let i = 0; i < 30; i++) t.move({ x: 10 + i, y: 30 });
    expect(t.snapshot.inspected).toBeNull();
    t.move('b-kai');
    expect(t.snapshot.inspected).toBe('b-kai');
    const kai = t.snapshot.lof!.marks.find((m) => m.key === 'b-kai')!;
    expect(kai.answer.witness).not.toBeNull();
    expect(kai.answer.seenPatches.length).toBeGreaterThan(0);
    t.move('b-colossus');
    expect(t.snapshot.inspected).toBe('b-colossus');
    t.move({ x: 1, y: 47 });
    expect(t.snapshot.inspected).toBeNull();
    // Selecting the same trooper again from the roster asks nothing new.
    t.select(null);
    t.select('A-m1');
    expect(t.tools.lof.computations).toBe(2);
    t.select('A-m1');
    expect(t.tools.lof.computations).toBe(2);
    expect(t.tools.lof.computations).toBeLessThan(5);
  });

  it('TOOL-2 starts from the selected trooper; a drag (the camera orbiting) picks nothing', () => {
    const t = TestTable.demo();
    t.select('b-kai');
    t.key('l');
    expect(t.snapshot.lof?.shooter).toBe('b-kai');
    expect(t.snapshot.lof?.facing).toBe(190);
    t.drag('a-varro', { x: 20, y: 20 });
    expect(t.snapshot.lof?.shooter).toBe('b-kai');
    t.key('Escape');
    expect(t.path).toBe('select');
    expect(t.snapshot.lof).toBeNull();
  });

  it('TOOL-2 HD-2 in a player\'s view: the enemy marker is named by its marker id, a hidden enemy is never marked', () => {
    const asB = TestTable.demo('B');
    asB.key('l');
    asB.click('b-kai');
    const lof = asB.snapshot.lof!;
    expect(lof.marks.find((m) => m.key === 'A-m1')?.verdict).toBe('seen');
    expect(JSON.stringify(lof)).not.toMatch(/a-veil|Veil/);
    const asA = TestTable.demo('A');
    asA.key('l');
    asA.click('a-varro');
    expect(asA.snapshot.lof!.marks.map((m) => m.key)).not.toContain('b-wraith');
    // A's own markers: the owner picks one by its marker id too.
    asA.click('A-m1');
    expect(asA.snapshot.lof?.shooter).toBe('A-m1');
    expect(asA.snapshot.lof!.marks.find((m) => m.key === 'b-kai')?.verdict).toBe('seen');
  });
});
