import { describe, expect, it } from 'vitest';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { fixture } from '../tools/testTable';
import { initiativeOdds, lastInitiative, lieutenantWips } from './initiative';
import { replay } from '../core/api';

const file = fixture('e2e/fixtures/small-setup.json', { dice: { manual: true } });

describe('the initiative panel', () => {
  it('INI-6 shows both Lieutenants\' WIP, and nothing else of the rosters', () => {
    expect(lieutenantWips(file)).toEqual({ A: 14, B: 13 });
  });

  it('INI-1 INI-2 gives this roll\'s chances and the chance of winning in the end', () => {
    const { once, final } = initiativeOdds({ A: 14, B: 14 });
    expect(once.a).toBeCloseTo(once.b, 12);
    expect(once.a + once.b + once.none).toBeCloseTo(1, 12);
    expect(final).toEqual({ A: 0.5, B: 0.5 });
    const uneven = initiativeOdds({ A: 14, B: 13 });
    expect(uneven.final.A).toBeCloseTo(uneven.once.a / (uneven.once.a + uneven.once.b), 12);
    expect(uneven.final.A + uneven.final.B).toBeCloseTo(1, 12);
  });

  it('INI-2 reads the attempts of the last initiative command from the events a player sees', () => {
    const game = { ...file, commands: [{ do: 'initiative' as const, rolls: [{ A: 5, B: 5 }] }, { do: 'initiative' as const, rolls: [{ A: 3, B: 3 }, { A: 12, B: 9 }] }] };
    const { events } = replay(game, { scenery: createSceneryIndex(game) }, 'B');
    const last = lastInitiative(events);
    expect(last).toEqual({
      index: 1,
      winner: 'A',
      attempts: [
        { A: { roll: 3, target: 14, result: 'success' }, B: { roll: 3, target: 13, result: 'success' } },
        { A: { roll: 12, target: 14, result: 'success' }, B: { roll: 9, target: 13, result: 'success' } },
      ],
    });
    // The opponent's rolls come without the Lieutenant's name (INI-6).
    expect(events.filter((e) => e.type === 'roll' && e.player === 'A').every((e) => !('trooper' in e))).toBe(true);
  });
});
