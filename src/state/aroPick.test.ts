import { describe, expect, it } from 'vitest';
import { aroPick } from './aroPick';

describe('the ARO window shared by its panel and the table', () => {
  it('ARO-5 a point chosen on the table stays chosen while the engine still allows it, and a new window forgets it', () => {
    const s = aroPick.getState;
    s().open('w1');
    s().setAllowed('b-lt', [{ x: 1, y: 2 }, { x: 3, y: 4 }]);
    s().pick('b-lt');
    expect(s().picking).toBe('b-lt');
    s().choose('b-lt', { x: 1, y: 2 });
    expect(s().picking).toBeNull();
    expect(s().chosen['b-lt']).toEqual({ x: 1, y: 2 });
    s().setAllowed('b-lt', [{ x: 1, y: 2 }]);
    expect(s().chosen['b-lt']).toEqual({ x: 1, y: 2 });
    s().setAllowed('b-lt', [{ x: 3, y: 4 }]);
    expect(s().chosen['b-lt']).toBeUndefined();
    s().choose('b-lt', { x: 3, y: 4 });
    s().open('w1');
    expect(s().chosen['b-lt']).toEqual({ x: 3, y: 4 });
    s().open('w2');
    expect(s().chosen).toEqual({});
    expect(s().allowed).toEqual({});
  });
});
