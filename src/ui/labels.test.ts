import { describe, expect, it } from 'vitest';
import { replay } from '../core/engine';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { demoGame } from '../state/demo';
import { knownProfiles } from '../core/view';
import { eventLine, facingLabel, logLines, SKILL_LABELS, STATUS_LABELS } from './labels';

describe('labels', () => {
  it('writes every event of the demo as a sentence, with names for troopers and players', () => {
    const file = demoGame();
    const { events } = replay(file, { scenery: createSceneryIndex(file) });
    const lines = events.map((e) => eventLine(e, file));
    expect(lines).toContain('Ember Directorate wins the Initiative roll');
    expect(lines).toContain('Marksman Reyes deployed, Prone');
    expect(lines).toContain('Veil Sniper deployed as a marker');
    expect(lines).toContain('Wraith Operative deployed in Hidden Deployment');
    expect(lines.at(-2)).toBe("Round 1: Tidewater Concord's turn");
    expect(lines.at(-1)).toMatch(/^Tidewater Concord's Orders: Combat Group 1: \d+/);
    for (const l of lines) expect(l).not.toMatch(/undefined/);
  });

  it('names a marker by its id where the viewer does not know the trooper', () => {
    const file = demoGame();
    expect(eventLine({ index: 0, type: 'discoverFailed', player: 'B', marker: 'A-m1', by: 'b-kai' }, file)).toBe('Netrunner Kai fails to discover marker A-m1');
  });

  it('has words for every skill and status, and reads facings as compass points', () => {
    expect(Object.keys(SKILL_LABELS)).toHaveLength(11);
    expect(Object.keys(STATUS_LABELS)).toHaveLength(9);
    expect(facingLabel(0)).toBe('0° (north)');
    expect(facingLabel(90)).toBe('90° (west)');
    expect(facingLabel(200)).toBe('200° (south)');
  });
});

describe('the log', () => {
  it('tells what each roll was for, and names only troopers the viewer knows (INI-6: the opponent\'s Lieutenant unnamed)', () => {
    const file = demoGame();
    const { events, state } = replay({ ...file, commands: file.commands.slice(0, 1) }, { scenery: createSceneryIndex(file) }, 'B');
    const lines = logLines(events, file, knownProfiles(state, 'B'));
    expect(lines).toEqual([
      "Initiative roll (WIP): Ember Directorate's Lieutenant rolls 12 against 14, success",
      'Initiative roll (WIP): Commander Ishii rolls 9 against 14, success',
      'Ember Directorate wins the Initiative roll',
    ]);
  });

  it('writes every event of the demo as a sentence for each viewer, with no id where a name is known', () => {
    const file = demoGame();
    for (const viewer of ['A', 'B'] as const) {
      const { events, state } = replay(file, { scenery: createSceneryIndex(file) }, viewer);
      const lines = logLines(events, file, knownProfiles(state, viewer));
      for (const l of lines) expect(l).not.toMatch(/undefined|\b[ab]-[a-z]+\b/);
      expect(lines).toContain(viewer === 'A' ? 'Ember Directorate ends its main step and keeps 1 trooper back' : 'Marker A-m1 deployed as a marker');
    }
  });
});
