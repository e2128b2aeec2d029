import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from './gamefile';
import type { PlayerSetup, TrooperProfile } from './model/types';
import { joinSetup, mayBeUnseen, openArmy, openSetup, privateCount } from './openList';
import { baseFile, TestGame } from './testing/fixtures';
import { knownProfiles, viewFor } from './view';

const ids = (l: { troopers: { id: string }[] }) => l.troopers.map((t) => t.id);

/** A list changed only in what PRIV-2 makes private: its costs, its Lieutenant, its troopers that may be fielded unseen. */
function twin(list: PlayerSetup, n: number): PlayerSetup {
  const out = structuredClone(list);
  const lt = list.troopers.find((t) => t.skills.includes('lieutenant'))!;
  for (const t of out.troopers) {
    t.points = 7 * n + t.w;
    t.skills = t.skills.filter((s) => s !== 'lieutenant');
  }
  const kinds: TrooperProfile['skills'][] = [['hidden-deployment'], ['to-camouflage'], ['combat-jump']];
  for (let i = 0; i < n; i++) {
    const hider: TrooperProfile = { ...structuredClone(out.troopers[0]!), id: `hider-${n}-${i}`, name: `Hider ${i}`, skills: [...kinds[i % 3]!], wip: lt.wip };
    out.troopers.splice((i * 2) % (out.troopers.length + 1), 0, hider);
  }
  // Another order: the list's order is private too.
  if (n % 3 === 0) out.troopers.reverse();
  // The Lieutenant: one of the private troopers (of the same WIP, INI-6) in odd twins, where it was in even ones.
  const next = n % 2 ? out.troopers.find((t) => t.id.startsWith('hider'))! : out.troopers.find((t) => t.id === lt.id)!;
  next.skills.unshift('lieutenant');
  return out;
}

describe('an army list as Open and Private Information', () => {
  const file = baseFile();

  it('PRIV-1 the open part lists the troopers only ever fielded as models, whole but for cost and Lieutenant, and the Lieutenant WIP', () => {
    const red = openArmy(file.players.A);
    // r-drop (Combat Jump) is left out; the Lieutenant is listed, as a trooper like the others, all in
    // the order of their Combat Group and name (Red Captain, Red Forward, Red Gunner, ...), not the list's.
    expect(ids(red)).toEqual(['r-lt', 'r-fd', 'r-gun', 'r-inf', 'r-bike']);
    expect(red.lieutenantWip).toBe(14);
    expect(red.name).toBe('Red');
    const text = JSON.stringify(red);
    expect(text).not.toContain('"lieutenant"');
    expect(text).not.toContain('points');
    expect(red.troopers[0]).toMatchObject({ name: 'Red Captain', wip: 14, s: 2, arm: 2, skills: [] });
    expect(red.troopers[2]!.weapons).toEqual(file.players.A.troopers[1]!.weapons);
  });

  it('PRIV-2 a trooper able to deploy hidden, as a marker or in the air is private, even that it exists', () => {
    const blue = openArmy(file.players.B);
    expect(ids(blue)).toEqual(['u-lt', 'u-mech']);
    expect(JSON.stringify(blue)).not.toMatch(/Blue Scout|u-scout/);
    expect(privateCount(file.players.B)).toBe(1);
    expect(mayBeUnseen({ skills: ['combat-jump-explosion'] })).toBe(true);
    expect(mayBeUnseen({ skills: ['infiltration', 'forward-deployment-8'] })).toBe(false);
  });

  it('PRIV-3 the open part never changes with the private part (twin lists)', () => {
    const one = JSON.stringify(openArmy(file.players.A));
    for (let n = 1; n <= 6; n++) {
      const other = twin(file.players.A, n);
      expect(JSON.stringify(other)).not.toBe(JSON.stringify(file.players.A));
      expect(JSON.stringify(openArmy(other))).toBe(one);
    }
    // The whole open setup too: B's secrets never show in what A may see, and the other way round.
    const base = JSON.stringify(openSetup(file));
    const changed = { ...file, players: { A: twin(file.players.A, 3), B: twin(file.players.B, 2) } };
    expect(JSON.stringify(openSetup(changed))).toBe(base);
  });

  it('PRIV-6 a whole setup comes back from the open one and the sealed lists; a list that does not fit is refused', () => {
    const open = openSetup(file);
    const back = joinSetup(JSON.parse(JSON.stringify(open)), { A: file.players.A, B: file.players.B });
    expect(back).toEqual({ setup: (({ commands: _c, ...s }) => s)(file) });
    expect(joinSetup(open, { A: twin(file.players.A, 1), B: file.players.B })).toEqual({ setup: expect.anything() });
    const forged = structuredClone(open);
    forged.players.B.troopers[1]!.arm = 9;
    expect(joinSetup(forged, { A: file.players.A, B: file.players.B })).toEqual({
      error: "Player B's army list in the clear is not the open part of their sealed list: the file was changed.",
    });
    const lost = structuredClone(file.players.A);
    lost.troopers = lost.troopers.filter((t) => t.id !== 'r-gun');
    expect(joinSetup(open, { A: lost, B: file.players.B })).toMatchObject({ error: expect.stringMatching(/^Player A's/) });
  });

  it('PRIV-4 a private trooper is shown by the game once the rules reveal it, never by the list', () => {
    // Round 1, A's turn: A's Shade Operative hidden (HD), A's Veil Sniper the marker A-m1.
    const file = parseGameFile(JSON.parse(readFileSync(new URL('../../e2e/fixtures/saves-game.json', import.meta.url), 'utf8')));
    const g = new TestGame(file, file.commands);
    const list = JSON.stringify(openArmy(file.players.A));
    expect(list).not.toMatch(/a-shade|a-veil/);
    const seen = () => Object.keys(knownProfiles(g.state, 'B')).filter((id) => id.startsWith('a-'));
    expect(seen()).toEqual(['a-lt']);
    g.ok({ do: 'reveal', player: 'A', trooper: 'a-shade', declares: 'other', facing: 0 });
    expect(seen()).toEqual(['a-lt', 'a-shade']);
    expect(knownProfiles(g.state, 'B')['a-shade']!.name).toBe('Shade Operative');
    // The list, and so a save's clear part, stays as it was: the reveal is the game's, not the list's.
    expect(JSON.stringify(openArmy(g.state.setup.players.A))).toBe(list);
  });

  it('PRIV-2 a seen trooper of the other side shows no cost: twin games differing only in costs give the other player the same view', () => {
    const file = parseGameFile(JSON.parse(readFileSync(new URL('../../e2e/fixtures/saves-game.json', import.meta.url), 'utf8')));
    const dearer = structuredClone(file);
    for (const t of dearer.players.A.troopers) t.points = t.points * 3 + 11;
    const one = new TestGame(file, file.commands);
    const two = new TestGame(dearer, dearer.commands);
    const seenByB = (g: TestGame) => JSON.stringify({ known: knownProfiles(g.state, 'B'), view: viewFor(g.state, 'B') });
    expect(knownProfiles(one.state, 'B')['a-lt']).toBeDefined();
    expect(seenByB(two)).toBe(seenByB(one));
    // Its own player still reads every cost.
    expect(knownProfiles(two.state, 'A')['a-lt']!.points).toBe(dearer.players.A.troopers.find((t) => t.id === 'a-lt')!.points);
    expect(knownProfiles(two.state, 'A')['a-lt']!.points).not.toBe(knownProfiles(one.state, 'A')['a-lt']!.points);
  });
});
