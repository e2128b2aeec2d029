import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../core/gamefile';
import type { GameFile } from '../core/model/types';
import { createGameStore } from './gameStore';
import { createMatchStore } from './matchStore';
import { AUTOSAVE_KEY, checkGameFile, createSaves, undoPlayer, type StorageLike } from './saves';
import { fakeStorage } from './testStorage';

/** A deployed small game, Round 1, Player A's turn: A has a hidden Shade Operative and the Veil Sniper as marker A-m1; dice by hand. */
const GAME: GameFile = parseGameFile(JSON.parse(readFileSync(new URL('../../e2e/fixtures/saves-game.json', import.meta.url), 'utf8')));

function page(storage: StorageLike) {
  const game = createGameStore(GAME);
  const match = createMatchStore(game);
  const saves = createSaves(game, match, storage);
  const canUndo = () => undoPlayer(game.getState(), match.getState(), saves.store.getState());
  return { game, match, saves, canUndo };
}

/** Starts the fixture in Hotseat with Player A seated. */
function hotseat(storage = fakeStorage()) {
  const p = page(storage);
  p.match.getState().start(GAME, 'hotseat');
  expect(p.match.getState().handOverTo).toBe('A');
  p.match.getState().confirm();
  return { ...p, storage };
}

describe('undo', () => {
  it('HD-10 the player who revealed may undo it (in Solo: in Hotseat the reveal opens the other\'s ARO window); undo replays every command but the last through the engine', () => {
    const { game, match, saves, canUndo } = page(fakeStorage());
    match.getState().start(GAME, 'solo');
    const n = game.getState().history.length;
    expect(game.getState().dispatch({ do: 'reveal', player: 'A', trooper: 'a-shade', declares: 'other' }).ok).toBe(true);
    expect(game.getState().state.troopers['a-shade']!.status).toBe('model');
    expect(canUndo()).toBe('A');
    expect(saves.undo()).toBe(true);
    expect(game.getState().history).toHaveLength(n);
    expect(game.getState().state.troopers['a-shade']!.status).toBe('hidden');
    expect(game.getState().state.applied).toBe(n);
  });

  it('never after a hand-over screen was shown since the command', () => {
    const { game, match, canUndo } = hotseat();
    // The game begins with a step ending: play passed, and a hand-over was shown since.
    expect(canUndo()).toBeNull();
    expect(game.getState().dispatch({ do: 'regroup', player: 'A', trooper: 'a-lt', group: 2 }).ok).toBe(true);
    expect(canUndo()).toBe('A');
    // The screen is handed over (and back) without a command: A may no longer take it back.
    match.setState({ handOverTo: 'B' });
    expect(canUndo()).toBeNull();
    match.getState().confirm();
    match.setState({ handOverTo: 'A' });
    match.getState().confirm();
    expect(canUndo()).toBeNull();
  });

  it('TOC-5 not after a roll, not after the turn passed, and not for the other player', () => {
    const { game, match, canUndo } = hotseat();
    expect(game.getState().dispatch({ do: 'endTurn', player: 'A' }).ok).toBe(true);
    expect(match.getState().handOverTo).toBe('B');
    expect(canUndo()).toBeNull();
    match.getState().confirm();
    expect(canUndo()).toBeNull();
    const r = game.getState().dispatch({ do: 'discover', player: 'B', trooper: 'b-seeker', target: 'A-m1', roll: 20 });
    expect(r.ok, JSON.stringify(!r.ok && r.rejection)).toBe(true);
    expect(canUndo()).toBeNull();
  });

  it('in solo, whoever gave the command may undo it', () => {
    const { game, match, canUndo } = page(fakeStorage());
    match.getState().start(GAME, 'solo');
    game.getState().dispatch({ do: 'reveal', player: 'A', trooper: 'a-shade', declares: 'cautious-move' });
    expect(canUndo()).toBe('A');
  });
});

describe('autosave', () => {
  it('HD-1 TOC-2 writes the game file after every command and restores it exactly, in Hotseat behind the hand-over', () => {
    const storage = fakeStorage();
    const a = hotseat(storage);
    a.game.getState().dispatch({ do: 'reveal', player: 'A', trooper: 'a-shade', declares: 'other', facing: 90 });
    const saved = JSON.parse(storage.data.get(AUTOSAVE_KEY)!);
    expect(saved).toMatchObject({ version: 1, mode: 'hotseat', seat: 'A' });
    expect(saved.file.commands).toHaveLength(a.game.getState().history.length);

    // A fresh page: the demo, until the autosave is restored.
    const b = page(storage);
    expect(b.saves.restore()).toBe(true);
    // The reveal was A's Order: its ARO window waits for B.
    expect(b.match.getState()).toMatchObject({ mode: 'hotseat', seat: null, handOverTo: 'B' });
    expect(b.game.getState().history.map((h) => h.command)).toEqual(a.game.getState().history.map((h) => h.command));
    expect(b.game.getState().state).toEqual(a.game.getState().state);
    // Nothing done before the reload may be undone after it: the hand-over was shown.
    b.match.getState().confirm();
    expect(b.canUndo()).toBeNull();
  });

  it('a broken autosave is dropped, and the demo is never saved', () => {
    const storage = fakeStorage();
    storage.setItem(AUTOSAVE_KEY, JSON.stringify({ version: 1, mode: 'solo', seat: null, file: { ...GAME, table: { width: -1, depth: 2 } } }));
    const p = page(storage);
    expect(p.saves.restore()).toBe(false);
    expect(storage.data.has(AUTOSAVE_KEY)).toBe(false);
    expect(p.match.getState().mode).toBe('demo');
    p.match.getState().start(GAME, 'solo');
    expect(storage.data.has(AUTOSAVE_KEY)).toBe(true);
    p.match.getState().start(GAME, 'demo');
    expect(storage.data.has(AUTOSAVE_KEY)).toBe(false);
  });

  it('a game against the table comes back as one: the table\'s side and level are kept, the person seated, nothing handed over', () => {
    const storage = fakeStorage();
    const a = page(storage);
    a.match.getState().startAgainstBot(GAME, 'A');
    a.match.setState({ botLevel: 'hard' });
    a.game.getState().dispatch({ do: 'reveal', player: 'A', trooper: 'a-shade', declares: 'other', facing: 90 });
    expect(JSON.parse(storage.data.get(AUTOSAVE_KEY)!)).toMatchObject({ version: 1, table: { side: 'B', level: 'hard' } });

    const b = page(fakeStorage());
    const levels: string[] = [];
    const saves = createSaves(b.game, b.match, storage, undefined, (level) => levels.push(level));
    expect(saves.restore()).toBe(true);
    expect(b.match.getState()).toMatchObject({ mode: 'hotseat', seat: 'A', handOverTo: null, bot: 'B', botLevel: 'hard' });
    expect(levels).toEqual(['hard']);
    expect(b.game.getState().state).toEqual(a.game.getState().state);
    // A Hotseat game keeps no table.
    const h = hotseat(fakeStorage());
    h.game.getState().dispatch({ do: 'reveal', player: 'A', trooper: 'a-shade', declares: 'other', facing: 90 });
    expect(JSON.parse(h.storage.data.get(AUTOSAVE_KEY)!).table).toBeUndefined();
  });
});

describe('reading a game file', () => {
  it('DEP-3 a command the engine refuses is named with its path and the rule that refused it', () => {
    const bad = structuredClone(GAME);
    const cmd = bad.commands[4]!;
    if (cmd.do !== 'deploy') throw new Error('the fixture changed');
    cmd.at = { ...cmd.at, y: 20 };
    const r = checkGameFile(bad);
    expect('error' in r && r.error).toMatch(/^commands\[4\]: refused by DEP-3: \S/);
  });
});
