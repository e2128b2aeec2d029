import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { includes } from './expected';
import { runGameText } from './run';

const example = (name: string) => readFileSync(join(__dirname, '..', '..', 'examples', name), 'utf8');

describe('the close combat example', () => {
  it('CC-1 CC-2 CC-6 CC-7 CC-8 CC-9 replays examples/close-combat.json (an engage answered by a CC Attack ARO, a Dodge out of the engagement, a fight to Unconscious, a Coup de Grâce) to its expected output', () => {
    const run = runGameText(example('close-combat.json'));
    if (!run.ok) throw new Error(run.error);
    expect(includes(JSON.parse(example('close-combat.expected.json')), run.output)).toEqual([]);
    // CC-14: B sees the same engagements.
    const seenByB = runGameText(example('close-combat.json'), 'B');
    if (!seenByB.ok) throw new Error(seenByB.error);
    expect(seenByB.output.events.filter((e) => e.type === 'engaged' || e.type === 'disengaged' || e.type === 'coupDeGrace')).toHaveLength(5);
  });
});
