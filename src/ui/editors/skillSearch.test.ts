import { describe, expect, it } from 'vitest';
import { SKILLS } from '../../core/model/types';
import { searchSkills, SKILL_INFO } from './skillSearch';

const found = (q: string) => searchSkills(q).map((m) => m.skill);

describe('finding a skill by typing (issue 43)', () => {
  it('lists every skill the engine knows, each with what the table does with it', () => {
    expect(found('')).toEqual([...SKILLS]);
    for (const s of SKILLS) expect(SKILL_INFO[s].does.length).toBeGreaterThan(10);
  });

  it('finds a skill by the start of its name, a short name players use, or a word of it; the best first', () => {
    expect(found('lie')[0]).toBe('lieutenant');
    expect(found('LT')[0]).toBe('lieutenant');
    expect(found('camo')[0]).toBe('to-camouflage');
    expect(found('inf')[0]).toBe('infiltration');
    expect(found('fd')).toEqual(['forward-deployment-4', 'forward-deployment-8']);
    expect(found('jump')).toEqual(expect.arrayContaining(['combat-jump', 'combat-jump-explosion', 'controlled-jump']));
    expect(found('combat jump')[0]).toBe('combat-jump');
    expect(found('hidden')[0]).toBe('hidden-deployment');
    expect(found('irregular')).toEqual(['tactical-awareness']);
    expect(found('mimetism')).toEqual([]);
  });
});
