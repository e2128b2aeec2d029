import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../core/gamefile';
import type { GameFile } from '../core/model/types';
import { createGameStore } from './gameStore';
import { createMatchStore } from './matchStore';
import { choosePin, decrypt, encrypt, unlockPin, type SeatLock } from './pinCrypto';
import { createPinStore } from './pins';
import { pinProblem } from './pinRules';
import { AUTOSAVE_KEY, createSaves, type Autosave, type StorageLike } from './saves';
import { fakeStorage } from './testStorage';
import { isSealedGame, lockedSeats, sealGame, unsealGame } from './sealedSave';

/** Argon2id at its least, so that these tests derive in a moment (pins.test.ts checks the shipped cost; the bench measures it). */
const FAST = { memoryKiB: 8, iterations: 1, parallelism: 1 };

/** Round 1 of a small game: A's a-shade deployed hidden (kept back first), A's a-veil as marker A-m1, B's b-seeker kept back. */
const GAME: GameFile = parseGameFile(JSON.parse(readFileSync(new URL('../../e2e/fixtures/saves-game.json', import.meta.url), 'utf8')));
const HIDDEN = GAME.commands.find((c) => c.do === 'deploy' && c.as === 'hidden')!;

function page(storage: StorageLike) {
  const game = createGameStore(GAME);
  const match = createMatchStore(game);
  const pins = createPinStore(FAST);
  const saves = createSaves(game, match, storage, pins);
  return { game, match, pins, saves };
}

/** What in a saved text would give a secret away: the hidden spot, the trooper behind the marker, the one kept back (until it stood as a model). */
function secretsIn(text: string): string[] {
  const save = JSON.parse(text) as Autosave;
  const clear = save.version === 2 ? JSON.stringify(save.sealed.log) : JSON.stringify(save.file.commands);
  return ['"a-shade"', '"a-veil"', '"hidden"', '"x":30,"y":8'].filter((s) => clear.includes(s)).concat(text.includes(JSON.stringify(HIDDEN)) ? ['the hidden deploy'] : []);
}

describe('Hotseat PINs', () => {
  it('NET-2 a PIN has 6 to 64 characters (pins.test.ts has every rule); a wrong PIN does not open its seat', async () => {
    expect(pinProblem('2468')).toBe('A PIN has at least 6 characters.');
    expect(pinProblem('246813')).toBeNull();
    const lock = await choosePin('246813', FAST);
    expect(await unlockPin(lock.record, '246813')).not.toBeNull();
    expect(await unlockPin(lock.record, '246814')).toBeNull();
    expect(JSON.stringify(lock.record)).not.toContain('246813');
    const box = await encrypt(lock.key, 'secret');
    expect(await decrypt(lock.key, box)).toBe('secret');
    expect(await decrypt((await choosePin('135791', FAST)).key, box)).toBeNull();
    // The box is padded: a short and a longer text make boxes of the same size.
    expect((await encrypt(lock.key, 'x'.repeat(3000))).data.length).toBe(box.data.length);
  });

  it('NET-2 without PINs the Hotseat autosave holds the secrets in the clear (as before); with PINs it holds none, only seals', async () => {
    const plain = fakeStorage();
    const open = page(plain);
    open.match.getState().start(GAME, 'hotseat');
    expect(secretsIn(plain.data.get(AUTOSAVE_KEY)!)).toEqual(['"a-shade"', '"a-veil"', '"hidden"', '"x":30,"y":8', 'the hidden deploy']);
    const storage = fakeStorage();
    const p = page(storage);
    p.pins.getState().reset(true);
    expect(await p.pins.getState().choose('A', '246813')).toBeNull();
    expect(await p.pins.getState().choose('B', '135791')).toBeNull();
    p.match.getState().start(GAME, 'hotseat');
    await p.saves.flush();
    const text = storage.data.get(AUTOSAVE_KEY)!;
    const save = JSON.parse(text) as Autosave;
    expect(save.version).toBe(2);
    expect(secretsIn(text)).toEqual([]);
    expect(text).not.toContain('246813');
  });

  it('NET-2 the sealed autosave comes back locked, and opens only with both PINs to the very same game', async () => {
    const storage = fakeStorage();
    const p = page(storage);
    p.pins.getState().reset(true);
    await p.pins.getState().choose('A', '246813');
    await p.pins.getState().choose('B', '135791');
    p.match.getState().start(GAME, 'hotseat');
    p.match.getState().confirm();
    expect(p.game.getState().dispatch({ do: 'regroup', player: 'A', trooper: 'a-shade', group: 2 }).ok).toBe(true);
    await p.saves.flush();
    expect(secretsIn(storage.data.get(AUTOSAVE_KEY)!)).toEqual([]);
    const commands = p.game.getState().history.map((h) => h.command);

    // A reload: the page finds the sealed game and waits for the PINs.
    const q = page(storage);
    expect(q.saves.restore()).toBe(true);
    const locked = q.saves.store.getState().locked!;
    expect(lockedSeats(locked.sealed)).toEqual(['A', 'B']);
    // "Not now" puts it aside, still stored; asking again brings the PIN screen back, the same game.
    q.saves.cancelLocked();
    expect(q.saves.store.getState().locked).toMatchObject({ asking: false, from: 'autosave' });
    q.saves.askLocked();
    expect(q.saves.store.getState().locked).toMatchObject({ asking: true, from: 'autosave' });
    expect(q.saves.store.getState().locked!.sealed).toBe(locked.sealed);
    const a = (await unlockPin(locked.sealed.pins.A!, '246813'))!;
    const wrongB = await unlockPin(locked.sealed.pins.B!, '246813');
    expect(wrongB).toBeNull();
    // With A's lock twice (B's box does not open), the game stays locked and the table as it was.
    expect(await q.saves.unlock({ A: a, B: a })).toBe("Player B's sealed choices do not open with that PIN: the file was changed, or the PIN is another's.");
    expect(await q.saves.unlock({ A: a })).toBe("Player B's PIN is needed to open this game.");
    expect(q.match.getState().mode).toBe('demo');
    expect(q.saves.store.getState().locked).not.toBeNull();
    const b = (await unlockPin(locked.sealed.pins.B!, '135791'))!;
    expect(await q.saves.unlock({ A: a, B: b })).toBeNull();
    expect(q.game.getState().history.map((h) => h.command)).toEqual(commands);
    expect(q.match.getState().handOverTo).toBe('A');
    expect(q.pins.getState().enabled).toBe(true);
  });

  it('NET-2 a sealed file changed by hand is refused with what is wrong: a box, a seal, a forged opening, a public entry', async () => {
    const game = createGameStore(GAME);
    const A = await choosePin('246813', FAST);
    const B = await choosePin('135791', FAST);
    const sealed = await sealGame(game.getState().setup, game.getState().history, { A, B });
    if ('error' in sealed) throw new Error(sealed.error);
    expect(isSealedGame(sealed)).toBe(true);
    expect((await unsealGame(sealed, { A, B })) as { file: GameFile }).toMatchObject({ file: { commands: GAME.commands } });
    const box = structuredClone(sealed);
    box.boxes.A!.data = box.boxes.A!.data.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await unsealGame(box, { A, B })).toEqual({ error: "Player A's sealed choices do not open with that PIN: the file was changed, or the PIN is another's." });
    const root = structuredClone(sealed);
    const seal = root.log.find((e) => e.kind === 'seal' && e.player === 'A')! as { root: string };
    seal.root = seal.root.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await unsealGame(root, { A, B })).toEqual({ error: "The game's public log was changed after Player A's choices were sealed." });
    // Player A, who knows their own PIN, moves their hidden trooper inside their box: its opening no longer matches the seal.
    const forged = structuredClone(sealed);
    const inside = JSON.parse((await decrypt(A.key, forged.boxes.A!))!) as { keeps: Record<string, { open: { opening: { choice: { command: { as?: string; at: { x: number } } } } }[] }> };
    const hidden = Object.values(inside.keeps).flatMap((k) => k.open).find((o) => o.opening.choice.command.as === 'hidden')!;
    hidden.opening.choice.command.at.x = 31;
    forged.boxes.A = await encrypt(A.key, JSON.stringify(inside));
    expect(await unsealGame(forged, { A, B })).toMatchObject({ error: expect.stringMatching(/^Player A's opening of the seal at log entry \d+ does not match its commitment: the choice or the salt was changed\.$/) });
    const entry = structuredClone(sealed);
    const placed = entry.log.find((e) => e.kind === 'command' && e.command.do === 'deploy')! as { command: { at: { x: number } } };
    placed.command.at.x = 5;
    // b-lt one inch further east is still a legal game: the chain's head in each box finds the change.
    expect(await unsealGame(entry, { A, B })).toEqual({ error: "The game's public log was changed after Player A's choices were sealed." });
  });
});

describe('Hotseat PINs: the army lists as Open and Private Information', () => {
  /** A's list with what PRIV-2 makes private changed: costs, who is the Lieutenant (same WIP), the hidden and marker troopers' profiles. */
  function twinGame(): GameFile {
    const twin = structuredClone(GAME);
    const a = twin.players.A;
    for (const t of a.troopers) t.points = 40 + t.w;
    const [lt, veil, shade] = ['a-lt', 'a-veil', 'a-shade'].map((id) => a.troopers.find((t) => t.id === id)!);
    Object.assign(shade!, { name: 'Ghost Walker', arm: 4, w: 2 });
    veil!.weapons = [];
    veil!.wip = lt!.wip;
    lt!.skills = lt!.skills.filter((s) => s !== 'lieutenant');
    veil!.skills = ['lieutenant', ...veil!.skills];
    return twin;
  }

  async function sealedOf(file: GameFile, A: SeatLock, B: SeatLock) {
    const game = createGameStore(file);
    const sealed = await sealGame(game.getState().setup, game.getState().history, { A, B });
    if ('error' in sealed) throw new Error(sealed.error);
    return sealed;
  }

  it('PRIV-6 a sealed game holds in the clear each army\'s open part only: no hidden or marker trooper, no Lieutenant, no cost', async () => {
    const A = await choosePin('246813', FAST);
    const B = await choosePin('135791', FAST);
    const sealed = await sealedOf(GAME, A, B);
    expect(sealed.format).toBe('infinity-table-sealed/2');
    const clear = JSON.stringify({ ...sealed, boxes: null });
    for (const secret of ['Shade Operative', 'a-shade', 'Veil Sniper', 'a-veil', '"lieutenant"', '"points"']) expect(clear).not.toContain(secret);
    expect(sealed.setup.players.A.troopers.map((t) => t.name)).toEqual(['Captain Varro']);
    expect(sealed.setup.players.A.lieutenantWip).toBe(GAME.players.A.troopers[0]!.wip);
    // The whole game comes back with both PINs, the whole lists with it.
    expect(await unsealGame(sealed, { A, B })).toMatchObject({ file: { players: GAME.players, commands: GAME.commands } });
  });

  it('PRIV-3 PRIV-6 twin games, alike but in A\'s private list: the same clear part, boxes of the same size', async () => {
    const A = await choosePin('246813', FAST);
    const B = await choosePin('135791', FAST);
    const one = await sealedOf(GAME, A, B);
    const two = await sealedOf(twinGame(), A, B);
    expect(JSON.stringify(two.setup)).toBe(JSON.stringify(one.setup));
    const blind = (log: typeof one.log) => JSON.stringify(log.map((e) => (e.kind === 'seal' ? { ...e, root: '' } : e)));
    expect(blind(two.log)).toBe(blind(one.log));
    expect(two.boxes.A!.data.length).toBe(one.boxes.A!.data.length);
    expect(await unsealGame(two, { A, B })).toMatchObject({ file: { players: { A: { troopers: expect.arrayContaining([expect.objectContaining({ name: 'Ghost Walker' })]) } } } });
  });

  it('PRIV-6 an open part changed by hand, a seat without its list, or a seat with no PIN is refused', async () => {
    const A = await choosePin('246813', FAST);
    const B = await choosePin('135791', FAST);
    const sealed = await sealedOf(GAME, A, B);
    const shown = structuredClone(sealed);
    shown.setup.players.B.troopers[0]!.arm += 3;
    expect(await unsealGame(shown, { A, B })).toEqual({ error: "Player B's army list in the clear is not the open part of their sealed list: the file was changed." });
    const lost = structuredClone(sealed);
    lost.pins.B = null;
    expect(await unsealGame(lost, { A, B })).toEqual({ error: 'A seat of this game has no sealed list: the file was changed.' });
    // A forged box (its owner knows the PIN) naming a list whose open part is another: refused too.
    const forged = structuredClone(sealed);
    const inside = JSON.parse((await decrypt(A.key, forged.boxes.A!))!) as { army: GameFile['players']['A'] };
    inside.army.troopers.find((t) => t.id === 'a-lt')!.arm = 9;
    forged.boxes.A = await encrypt(A.key, JSON.stringify(inside));
    expect(await unsealGame(forged, { A, B })).toEqual({ error: "Player A's army list in the clear is not the open part of their sealed list: the file was changed." });
    const game = createGameStore(GAME);
    expect(await sealGame(game.getState().setup, [], { A })).toEqual({ error: 'Player B has secrets but no PIN yet.' });
  });
});
