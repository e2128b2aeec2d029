import { describe, expect, it } from 'vitest';
import type { Command } from '../model/types';
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
