import { describe, expect, it } from 'vitest';
import { dieProblem, dieValue } from './DieEntry';

describe('a die typed in', () => {
  it('says why 0, 21 or 7.5 is no d20, and takes 1 to 20', () => {
    expect(dieProblem('0')).toBe('A d20 shows a whole number from 1 to 20: 0 is too low.');
    expect(dieProblem('21')).toBe('A d20 shows a whole number from 1 to 20: 21 is too high.');
    expect(dieProblem('7.5')).toBe('A d20 shows a whole number from 1 to 20: 7.5 is not a whole number.');
    expect(dieProblem('')).toBeNull();
    for (const n of [1, 7, 20]) {
      expect(dieProblem(String(n))).toBeNull();
      expect(dieValue(String(n))).toBe(n);
    }
    expect(dieValue('')).toBeNull();
    expect(dieValue('0')).toBeNull();
  });
});
