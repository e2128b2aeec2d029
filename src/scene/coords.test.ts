import { describe, expect, it } from 'vitest';
import { Euler, Vector3 } from 'three';
import { facingToThreeRotationY, rotationToThreeY, setFromTable, tableToThree, threeToTable } from './coords';

/** Direction a model faces in three.js world space (its local -z, rotated). */
function forwardFor(facingDeg: number): Vector3 {
  return new Vector3(0, 0, -1).applyEuler(new Euler(0, facingToThreeRotationY(facingDeg), 0));
}

function expectVec(actual: Vector3, expected: [number, number, number]): void {
  expect(actual.x).toBeCloseTo(expected[0], 9);
  expect(actual.y).toBeCloseTo(expected[1], 9);
  expect(actual.z).toBeCloseTo(expected[2], 9);
}

describe('tableToThree', () => {
  it('maps the south-west corner to the origin', () => {
    expect(tableToThree(0, 0, 0)).toEqual([0, 0, 0]);
  });

  it('maps the other corners of a 48" table', () => {
    expect(tableToThree(48, 0, 0)).toEqual([48, 0, 0]); // south-east
    expect(tableToThree(0, 48, 0)).toEqual([0, 0, -48]); // north-west
    expect(tableToThree(48, 48, 0)).toEqual([48, 0, -48]); // north-east
  });

  it('maps table height (z) to three y (up)', () => {
    expect(tableToThree(10, 20, 3)).toEqual([10, 3, -20]);
  });

  it('is inverted by threeToTable', () => {
    const [x, y, z] = tableToThree(12.5, 30.25, 1.5);
    expect(threeToTable(x, y, z)).toEqual([12.5, 30.25, 1.5]);
  });
});

describe('facingToThreeRotationY', () => {
  it('facing 0 (north) points to three -z', () => {
    expectVec(forwardFor(0), [0, 0, -1]);
  });

  it('facing 90 (west) points to three -x', () => {
    expectVec(forwardFor(90), [-1, 0, 0]);
  });

  it('facing 180 (south) points to three +z and 270 (east) to +x', () => {
    expectVec(forwardFor(180), [0, 0, 1]);
    expectVec(forwardFor(270), [1, 0, 0]);
  });

  it('normalises angles outside 0..360', () => {
    expect(facingToThreeRotationY(-90)).toBeCloseTo(facingToThreeRotationY(270), 12);
    expect(facingToThreeRotationY(450)).toBeCloseTo(facingToThreeRotationY(90), 12);
  });

  it('agrees with the table mapping: facing 0 points along table +y', () => {
    const north = tableToThree(0, 1, 0);
    expectVec(forwardFor(0), north);
    const west = tableToThree(-1, 0, 0);
    expectVec(forwardFor(90), west);
  });
});

describe('terrain rotation and vectors', () => {
  it('turns terrain the same way as a facing: counter-clockwise seen from above', () => {
    // A box's local +x (east at rotation 0) turned 90 degrees points north (three -z).
    const east = new Vector3(1, 0, 0).applyEuler(new Euler(0, rotationToThreeY(90), 0));
    expectVec(east, [0, 0, -1]);
  });

  it('writes table coordinates into an existing vector', () => {
    const v = new Vector3(9, 9, 9);
    expect(setFromTable(v, 3, 4, 5)).toBe(v);
    expectVec(v, [3, 5, -4]);
  });
});
