import { describe, expect, it } from 'vitest';
import { TO_DEPLOYMENT, TestGame, baseFile, dep } from '../testing/fixtures';


/** A game whose B troopers stand around a low wall in B's zone, A's Captain facing them from the south. */
function wallGame() {
  const file = baseFile();
  file.terrain = [{ id: 'low-wall', kind: 'block', x: 20, y: 37, w: 6, d: 0.5, h: 1, rotation: 0 }]; // y 36.75 to 37.25
  const g = new TestGame(file, TO_DEPLOYMENT);
  g.ok(dep('A', 'r-lt', 20, 10));
  g.ok(dep('A', 'r-gun', 30, 10));
  g.ok(dep('A', 'r-bike', 40, 8));
  g.ok(dep('A', 'r-inf', 4, 10));
  g.ok({ do: 'endStep', player: 'A', keep: 'r-fd' });
  return g;
}

describe('lof', () => {
  it('TOOL-2 a target touching the low wall that hides part of it has Partial Cover', () => {
    const g = wallGame();
    g.ok(dep('B', 'u-lt', 20, 37.8)); // base edge 0.05" from the wall
    const [e] = g.ok({ do: 'lof', from: 'r-lt', to: 'u-lt' });
    expect(e).toMatchObject({ type: 'lof', visible: true, cover: true });
  });

  it('TOOL-2 no Partial Cover when the target stands clear of the wall, or the wall hides nothing of it', () => {
    const g = wallGame();
    g.ok(dep('B', 'u-lt', 20, 39.3)); // 2" behind the wall: partly hidden, but not touching it
    g.ok(dep('B', 'u-mech', 27.5, 38)); // beside the wall's end, nothing between
    expect(g.ok({ do: 'lof', from: 'r-lt', to: 'u-lt' })[0]).toMatchObject({ visible: true, cover: false });
    expect(g.ok({ do: 'lof', from: 'r-gun', to: 'u-mech' })[0]).toMatchObject({ visible: true, cover: false });
  });

  it('TOC-8 a TO Camouflage marker sees all round; markers do not block Line of Fire', () => {
    const g = wallGame();
    g.ok(dep('B', 'u-scout', 40, 40, { as: 'marker', facing: 0 })); // facing north, away from A
    g.ok(dep('B', 'u-lt', 40, 44)); // standing behind the marker
    expect(g.ok({ do: 'lof', from: 'u-scout', to: 'r-bike' })[0]).toMatchObject({ visible: true });
    expect(g.ok({ do: 'lof', from: 'u-scout', to: 'B-m1' }).length).toBe(1);
    // The marker between r-bike and u-lt blocks nothing.
    expect(g.ok({ do: 'lof', from: 'r-bike', to: 'u-lt' })[0]).toMatchObject({ visible: true });
    // A model facing away does not see behind it.
    expect(g.ok({ do: 'lof', from: 'u-lt', to: 'r-bike' })[0]).toMatchObject({ visible: true });
    g.ok(dep('B', 'u-lt', 40, 44, { facing: 0 }));
    expect(g.ok({ do: 'lof', from: 'u-lt', to: 'r-bike' })[0]).toMatchObject({ visible: false });
  });

  it('TOOL-2 lof names troopers on the table only', () => {
    const g = wallGame();
    expect(g.refused({ do: 'lof', from: 'r-lt', to: 'u-lt' })).toMatchObject({ code: 'wrong-status' });
    expect(g.refused({ do: 'lof', from: 'r-lt', to: { x: 1, y: 2 } })).toMatchObject({ code: 'bad-command' });
  });
});

describe('odds', () => {
  it('INI-1 odds of a Face to Face roll are counted exactly over all 400 outcomes', () => {
    const g = new TestGame();
    // WIP 14 against WIP 13, as in the initiative roll.
    const [e] = g.ok({ do: 'odds', a: 14, b: 13 });
    expect(e).toMatchObject({ type: 'odds' });
    const { a, b, none } = e as unknown as { a: number; b: number; none: number };
    expect(a + b + none).toBeCloseTo(1, 12);
    // A wins: A's 1..13 beating B's lower success or B's fail, plus A's critical 14 against anything but B's critical.
    let count = 0;
    for (let x = 1; x <= 20; x++) for (let y = 1; y <= 20; y++) {
      const aOk = x <= 14;
      const bOk = y <= 13;
      const aCrit = x === 14;
      const bCrit = y === 13;
      if (aOk && (!bOk || (aCrit && !bCrit) || (!aCrit && !bCrit && x > y))) count++;
    }
    expect(a).toBe(count / 400);
    expect(g.ok({ do: 'odds', a: 13 })[0]).toMatchObject({ success: 13 / 20, critical: 1 / 20 });
  });
});

describe('odds with Burst, templates and damage (TOOL-8)', () => {
  it('TOOL-8 the odds command: old fields for one die each, outcomes and Wounds with Bursts, a bad Burst refused', async () => {
    const { TestGame } = await import('../testing/fixtures');
    const g = new TestGame();
    const [plain] = g.ok({ do: 'odds', a: 12, b: 10 });
    expect(plain).toMatchObject({ type: 'odds' });
    expect(plain).toHaveProperty('a');
    expect(plain).toHaveProperty('outcomes');
    const [burst] = g.ok({ do: 'odds', a: 13, b: 11, burstA: 3, damageA: { attackDamage: 12, ammo: 'N' }, damageB: { attackDamage: 10, ammo: 'DA' } });
    expect(burst).not.toHaveProperty('a');
    const e = burst as unknown as { outcomes: { side: string; p: number }[]; none: number; woundsA: number[]; woundsB: number[] };
    const total = e.outcomes.reduce((s, o) => s + o.p, 0) + e.none;
    expect(total).toBeCloseTo(1, 9);
    expect(e.woundsA.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    expect(e.woundsB.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    // Three hits at most, a critical adding a save: up to 6 saves, so up to 6 Wounds from A.
    expect(e.woundsA.length).toBeLessThanOrEqual(7);
    const [tmpl] = g.ok({ do: 'odds', a: 0, b: 12, templateA: true });
    // A template against a Dodge at 12: it hits when the Dodge fails, 8 faces of 20.
    expect((tmpl as unknown as { outcomes: { p: number }[] }).outcomes[0]!.p).toBeCloseTo(8 / 20, 12);
    expect(g.refused({ do: 'odds', a: 12, burstA: 6 })).toMatchObject({ code: 'bad-burst', rule: 'TOOL-8' });
  });
});
