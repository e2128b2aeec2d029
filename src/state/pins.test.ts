import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../core/gamefile';
import type { GameFile } from '../core/model/types';
import { argon2ParamsOk, choosePin, decrypt, encrypt, PBKDF2_ITERATIONS, PIN_KDF, PIN_KDF_FLOOR, PIN_KDF_MAX, unlockPin } from './pinCrypto';
import { createPinStore, type PinRecord } from './pins';
import { PIN_MAX, PIN_MIN, pinProblem } from './pinRules';
import { unsealGame } from './sealedSave';
import type { SealedGame } from './sealedShape';

/**
 * Argon2id at its least (8 KiB, one pass), so that these tests derive in a moment: what is checked
 * here is the sealing, not its cost. The cost of a guess at the shipped parameters is the bench's
 * (`npm run bench`), never a unit test's.
 */
const FAST = { memoryKiB: 8, iterations: 1, parallelism: 1 };

const fixture = (name: string) => readFileSync(new URL(`../../e2e/fixtures/${name}`, import.meta.url), 'utf8');
/** e2e/fixtures/saves-game.json sealed by the page before Argon2id: PBKDF2-SHA-256, Player A's PIN 2468, Player B's 1357. */
const OLD: SealedGame = JSON.parse(fixture('sealed-pbkdf2.json'));
const GAME: GameFile = parseGameFile(JSON.parse(fixture('saves-game.json')));

describe('Hotseat PINs: the rules of a new PIN', () => {
  it('NET-2 at least 6 characters (6 digits will do), at most 64; a passphrase may hold spaces between its words', () => {
    expect(PIN_MIN).toBe(6);
    expect(PIN_MAX).toBe(64);
    expect(pinProblem('12345')).toBe('A PIN has at least 6 characters.');
    expect(pinProblem('2468')).toBe('A PIN has at least 6 characters.');
    expect(pinProblem('246813')).toBeNull();
    expect(pinProblem('x'.repeat(64))).toBeNull();
    expect(pinProblem('x'.repeat(65))).toBe('A PIN has at most 64 characters.');
    expect(pinProblem('correct horse battery staple')).toBeNull();
    expect(pinProblem(' 246813')).toBe('A PIN does not begin or end with a space.');
    expect(pinProblem('246813 ')).toBe('A PIN does not begin or end with a space.');
    expect(pinProblem('2468\t13')).toBe('A PIN may hold plain spaces, but no tabs or line breaks.');
    expect(pinProblem('2468\n13')).toBe('A PIN may hold plain spaces, but no tabs or line breaks.');
    // Characters, not UTF-16 units: five emoji are five characters.
    expect(pinProblem('🎲🎲🎲🎲🎲')).toBe('A PIN has at least 6 characters.');
    expect(pinProblem('🎲🎲🎲🎲🎲🎲')).toBeNull();
  });

  it('NET-2 the store refuses a short PIN before deriving anything, and a seat keeps its first PIN', async () => {
    const pins = createPinStore(FAST);
    pins.getState().reset(true);
    expect(await pins.getState().choose('A', '2468')).toBe('A PIN has at least 6 characters.');
    expect(pins.getState().locks.A).toBeUndefined();
    expect(await pins.getState().choose('A', '246813')).toBeNull();
    expect(await pins.getState().choose('A', '135791')).toBe('Player A has a PIN already.');
    expect(await pins.getState().check('A', '246813')).toBe(true);
    expect(await pins.getState().check('A', '246814')).toBe(false);
    expect(await pins.getState().check('B', '246813')).toBe(false);
  });
});

describe('Hotseat PINs: Argon2id seals', () => {
  it('NET-2 the shipped parameters are memory-hard and at least the floor (64 MiB, 3 passes), within what a record may ask', () => {
    expect(PIN_KDF.memoryKiB).toBeGreaterThanOrEqual(PIN_KDF_FLOOR.memoryKiB);
    expect(PIN_KDF.iterations).toBeGreaterThanOrEqual(PIN_KDF_FLOOR.iterations);
    expect(PIN_KDF_FLOOR).toEqual({ memoryKiB: 65_536, iterations: 3 });
    expect(PIN_KDF.parallelism).toBeGreaterThanOrEqual(1);
    expect(argon2ParamsOk(PIN_KDF)).toBe(true);
    expect(PIN_KDF.memoryKiB).toBeLessThanOrEqual(PIN_KDF_MAX.memoryKiB);
  });

  it("NET-2 the page's store seals with the shipped parameters (one derivation at full cost)", async () => {
    const pins = createPinStore();
    expect(await pins.getState().choose('A', '246813')).toBeNull();
    expect(pins.getState().locks.A!.record).toMatchObject({ kdf: 'argon2id', ...PIN_KDF });
  });

  it('NET-2 round trip: the record keeps the salt and the cost, never the PIN; the right PIN opens it, a wrong one does not', async () => {
    const lock = await choosePin('246813', FAST);
    const { record } = lock;
    expect(record).toMatchObject({ kdf: 'argon2id', memoryKiB: 8, iterations: 1, parallelism: 1 });
    expect(Uint8Array.from(atob(record.salt), (c) => c.charCodeAt(0)).length).toBe(16);
    expect(JSON.stringify(record)).not.toContain('246813');
    // A record goes through JSON in storage and files.
    const stored = JSON.parse(JSON.stringify(record)) as PinRecord;
    const opened = await unlockPin(stored, '246813');
    expect(opened).not.toBeNull();
    const box = await encrypt(lock.key, 'the trooper behind A-m1');
    expect(await decrypt(opened!.key, box)).toBe('the trooper behind A-m1');
    for (const wrong of ['246814', '24681', '2468130', ' 246813', '']) expect(await unlockPin(stored, wrong), wrong).toBeNull();
    // Two seals of the same PIN share nothing: another salt, another key.
    const again = await choosePin('246813', FAST);
    expect(again.record.salt).not.toBe(record.salt);
    expect(await decrypt(again.key, box)).toBeNull();
  });

  it('NET-2 a passphrase opens however its accents were typed (NFC), and its spaces count', async () => {
    const lock = await choosePin('caf\u00e9 cr\u00e8me br\u00fbl\u00e9e', FAST);
    expect(await unlockPin(lock.record, 'cafe\u0301 cre\u0300me bru\u0302le\u0301e')).not.toBeNull();
    expect(await unlockPin(lock.record, 'caf\u00e9cr\u00e8me br\u00fbl\u00e9e')).toBeNull();
  });

  it('NET-2 a record whose cost was changed does not open with the right PIN', async () => {
    const { record } = await choosePin('246813', FAST);
    for (const changed of [{ iterations: 2 }, { memoryKiB: 16 }, { parallelism: 2, memoryKiB: 16 }]) expect(await unlockPin({ ...record, ...changed } as PinRecord, '246813')).toBeNull();
  });
});

describe('Hotseat PINs: the seals made before (PBKDF2-SHA-256)', () => {
  it('NET-2 a game sealed with PBKDF2 and 4-digit PINs still opens, whole, with its PINs; a wrong PIN does not open it', async () => {
    expect(OLD.pins.A).toMatchObject({ kdf: 'PBKDF2-SHA-256', iterations: PBKDF2_ITERATIONS });
    const A = await unlockPin(OLD.pins.A!, '2468');
    const B = await unlockPin(OLD.pins.B!, '1357');
    expect(A).not.toBeNull();
    expect(B).not.toBeNull();
    expect(await unlockPin(OLD.pins.A!, '1357')).toBeNull();
    expect(await unlockPin(OLD.pins.B!, '13570')).toBeNull();
    const opened = await unsealGame(OLD, { A: A!, B: B! });
    expect(opened).toMatchObject({ file: { commands: GAME.commands } });
  });
});

describe('Hotseat PINs: records that are not ones', () => {
  it('NET-2 a malformed or absurd record is refused (null): the absurd ones at once, never derived', async () => {
    const { record } = await choosePin('246813', FAST);
    const old = OLD.pins.A!;
    const salt = (bytes: number) => btoa(String.fromCharCode(...new Uint8Array(bytes).fill(7)));
    const bad: unknown[] = [
      null,
      undefined,
      'argon2id',
      {},
      { ...record, kdf: 'scrypt' },
      { ...record, kdf: 'ARGON2ID' },
      // Memory: over the most a record may ask (2 GiB, 1 TiB), under Argon2's least, not a whole number, not a number.
      { ...record, memoryKiB: 2 * 1024 * 1024 },
      { ...record, memoryKiB: 2 ** 30 },
      { ...record, memoryKiB: PIN_KDF_MAX.memoryKiB + 1 },
      { ...record, memoryKiB: 4 },
      { ...record, memoryKiB: 8.5 },
      { ...record, memoryKiB: '131072' },
      { ...record, memoryKiB: Infinity },
      { ...record, memoryKiB: undefined },
      // Passes and lanes: absurd, none, negative, not whole.
      { ...record, iterations: 1e9 },
      { ...record, iterations: PIN_KDF_MAX.iterations + 1 },
      { ...record, iterations: 0 },
      { ...record, iterations: -3 },
      { ...record, iterations: 1.5 },
      { ...record, parallelism: 0 },
      { ...record, parallelism: 1000, memoryKiB: 8000 },
      { ...record, parallelism: NaN },
      // The salt: missing, not base64, too short for Argon2, absurdly long.
      { ...record, salt: undefined },
      { ...record, salt: '!!not base64!!' },
      { ...record, salt: salt(4) },
      { ...record, salt: salt(1000) },
      // The check box: missing, or not text.
      { ...record, check: undefined },
      { ...record, check: { iv: 12, data: record.check.data } },
      { ...record, check: { iv: record.check.iv, data: 'AAAA' } },
      // The PBKDF2 records of old: absurd rounds, none.
      { ...old, iterations: 1e12 },
      { ...old, iterations: 0 },
      { ...old, iterations: '200000' },
    ];
    for (const r of bad) expect(await unlockPin(r as PinRecord, '246813'), JSON.stringify(r) ?? String(r)).toBeNull();
    // The untouched record still opens: what was refused was the changes.
    expect(await unlockPin(record, '246813')).not.toBeNull();
  });

  it('NET-2 a new seal is never made with parameters out of bounds', async () => {
    await expect(choosePin('246813', { memoryKiB: PIN_KDF_MAX.memoryKiB * 2, iterations: 1, parallelism: 1 })).rejects.toThrow(/out of range/);
    await expect(choosePin('246813', { memoryKiB: 8, iterations: 0, parallelism: 1 })).rejects.toThrow(/out of range/);
    await expect(choosePin('2468', FAST)).rejects.toThrow('A PIN has at least 6 characters.');
  });
});
