import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor } from './shortcuts';
import { TestTable } from './testing/TestTable';

describe('keyboard shortcuts', () => {
  it('no key does two things, and every tool, zone layer and camera view has one', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of ['m', 'l', 'c', 's', 'g', 'q', 'e', 'escape', '1', '2', '3', '4', '5', 't', 'z', 'r', '?', 'h']) expect(shortcutFor(k), k).toBeDefined();
    expect(shortcutFor('M')).toBe(shortcutFor('m'));
    expect(shortcutFor('x')).toBeUndefined();
  });

  it('Escape closes the help first, then leaves the tool, then clears the selection', () => {
    const t = TestTable.demo();
    t.select('a-varro');
    t.key('m');
    t.key('?');
    expect(t.help).toBe(true);
    t.key('Escape');
    expect(t.help).toBe(false);
    expect(t.path).toBe('ruler.idle');
    t.key('Escape');
    expect(t.path).toBe('select');
    expect(t.selected).toBe('a-varro');
    t.key('Escape');
    expect(t.selected).toBeNull();
    t.key('h');
    expect(t.help).toBe(true);
    t.key('t');
    t.key('z');
    t.key('r');
    expect(t.cameraRequests).toEqual(['top', 'zone', 'reset']);
    // Q and E only mean something with a template in hand.
    expect(t.key('q')).toBe(false);
  });
});
