import { describe, expect, it } from 'vitest';
import { D20_FACES, D20_NORMALS, D20_OPPOSITE, relabel, shownOnTop, standardLabels, upFace } from './d20';
import { poseAt, throwDice, TRAY } from './diceTray';

describe('the d20', () => {
  it('has 20 faces, each with a parallel opposite, numbered 1 to 20 with opposite faces adding up to 21', () => {
    expect(D20_FACES).toHaveLength(20);
    const labels = standardLabels();
    expect([...labels].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    D20_OPPOSITE.forEach((j, i) => {
      expect(labels[i]! + labels[j]!).toBe(21);
      const [a, b] = [D20_NORMALS[i]!, D20_NORMALS[j]!];
      expect(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]).toBeCloseTo(-1, 9);
    });
  });

  it('TOOL-6 relabel puts any number on any face and keeps it a real d20', () => {
    for (let face = 0; face < 20; face++) {
      for (let value = 1; value <= 20; value++) {
        const labels = relabel(standardLabels(), face, value);
        expect(labels[face]).toBe(value);
        expect(new Set(labels).size).toBe(20);
        D20_OPPOSITE.forEach((j, i) => expect(labels[i]! + labels[j]!).toBe(21));
      }
    }
  });

  it('finds the face on top of a die that is not turned', () => {
    const { face, alignment } = upFace([0, 0, 0, 1]);
    const n = D20_NORMALS[face]!;
    expect(n[1]).toBeCloseTo(alignment, 12);
    expect(Math.max(...D20_NORMALS.map((m) => m[1]))).toBe(n[1]);
  });
});

describe('the dice tray (cannon-es)', () => {
  it('TOOL-6 two dice thrown come to rest, inside the tray, showing the numbers the core rolled', () => {
    for (const [a, b] of [
      [1, 20],
      [14, 14],
      [7, 13],
    ] as const) {
      const r = throwDice([a, b], a * 31 + b);
      expect(r.frameCount).toBeGreaterThan(20);
      expect(r.frameCount * r.dt).toBeLessThan(6.01);
      for (let die = 0; die < 2; die++) {
        const end = poseAt(r, r.frameCount - 1, die);
        expect(shownOnTop(r.labels[die]!, end.quaternion)).toBe([a, b][die]);
        expect(upFace(end.quaternion).alignment).toBeGreaterThan(0.98);
        expect(Math.abs(end.position[0])).toBeLessThan(TRAY.halfWidth);
        expect(Math.abs(end.position[2])).toBeLessThan(TRAY.halfDepth);
        expect(end.position[1]).toBeGreaterThan(0.5);
        expect(end.position[1]).toBeLessThan(1.2);
      }
    }
  });

  it('TOOL-6 every number from 1 to 20 can be thrown, and the same seed throws the same way', () => {
    for (let v = 1; v <= 20; v++) {
      const r = throwDice([v], 100 + v);
      expect(shownOnTop(r.labels[0]!, poseAt(r, r.frameCount - 1, 0).quaternion)).toBe(v);
    }
    const x = throwDice([5, 9], 42);
    const y = throwDice([5, 9], 42);
    expect(y.frameCount).toBe(x.frameCount);
    expect(Array.from(y.frames.slice(-14))).toEqual(Array.from(x.frames.slice(-14)));
  });

  it('refuses a number no d20 shows', () => {
    expect(() => throwDice([0])).toThrow();
    expect(() => throwDice([21])).toThrow();
  });
});
