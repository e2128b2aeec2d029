import { describe, expect, it } from 'vitest';
import { revealText } from './SecretsPanel';

describe('the Reveal notice', () => {
  const event = (x: number, y: number, as: 'model' | 'marker' = 'model') => ({ index: 0, type: 'revealed' as const, player: 'A' as const, trooper: 'a-shade', as, x, y, z: 0, facing: 0 });

  it('HD-10 a trooper that appears on its recorded spot says so', () => {
    expect(revealText('Shade Operative', { x: 30, y: 8 }, event(30, 8))).toBe('Shade Operative appears at x 30", y 8", on its recorded spot.');
  });

  it('HD-17 a trooper moved off an occupied spot says where and how far', () => {
    expect(revealText('Shade Operative', { x: 30, y: 8 }, event(30, 9.25, 'marker'))).toBe(
      'Shade Operative appears as a marker at x 30", y 9.3", 1.3" from its recorded spot: something stood there (HD-17, the closest free spot).',
    );
  });
});
