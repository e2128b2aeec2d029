import { describe, expect, it } from 'vitest';
import { woundsInWords } from './MissionPanel';

describe('the mission summary', () => {
  it('MIS-20 says each trooper\u2019s Wounds in plain words, and whether an Unconscious one stands as the mission says', () => {
    expect(woundsInWords('model', 2, 2, false)).toBe('2 of 2 Wounds left');
    expect(woundsInWords('model', 1, 1, false)).toBe('1 of 1 Wound left');
    expect(woundsInWords('model', 1, 3, false)).toBe('1 of 3 Wounds left');
    expect(woundsInWords('unconscious', 0, 1, false)).toBe('Unconscious: not standing');
    expect(woundsInWords('unconscious', 0, 1, true)).toBe('Unconscious (counts as standing)');
    expect(woundsInWords('removed', -1, 1, false)).toBe('Dead');
  });
});
