/**
 * A Hotseat game with PINs, as storage and saved files keep it (`infinity-table-sealed/1`): the setup
 * and the public log in the clear (every private choice only as a seal's root, core/commit), and each
 * seat's openings encrypted under its PIN. Opening it takes every seat's PIN; the openings are then
 * judged by the core's audit (each against its seal, and the whole replayed by the engine), so a file
 * changed by hand is refused with what is wrong and the game on the table stays as it was. Each box
 * also holds the head of the public log's hash chain (core/commit/chain.ts) as it was when sealed, so
 * a public entry changed by hand, even to another legal command, is found too.
 */
import { chain, genesis } from '../core/commit/chain';
import { webCryptoHash } from '../core/commit/hash';
import type { Step } from '../core/commit/layout';
import { audit, openingsOf, sealLog, type PublicEntry, type SealKeeps } from '../core/commit/redact';
import { GameFileError, parseGameFile } from '../core/gamefile';
import type { GameFile, PlayerId, Setup } from '../core/model/types';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { decrypt, encrypt, type Box, type PinRecord, type SeatLock } from './pinCrypto';
import { lockedSeats, SEALED_FORMAT, type SealedGame } from './sealedShape';

export { isSealedGame, lockedSeats, SEALED_FORMAT, type SealedGame } from './sealedShape';

const SEATS: PlayerId[] = ['A', 'B'];

/** What a seat's box holds: its seals' openings, and the head of the public log's chain when it was sealed. */
interface BoxText {
  head: string;
  keeps: SealKeeps;
}

async function headOf(setup: Setup, log: readonly PublicEntry[]): Promise<string> {
  const start = await genesis(webCryptoHash, setup);
  return (await chain(webCryptoHash, start, log)).at(-1)?.hash ?? start;
}

/** Seals a game's history under the seats' PINs; an error when a seat with secrets has no PIN. */
export async function sealGame(setup: Setup, history: readonly Step[], locks: Partial<Record<PlayerId, SeatLock>>): Promise<SealedGame | { error: string }> {
  const { log, keeps } = await sealLog(webCryptoHash, history, true);
  const head = await headOf(setup, log);
  const pins: Record<PlayerId, PinRecord | null> = { A: null, B: null };
  const boxes: Record<PlayerId, Box | null> = { A: null, B: null };
  for (const seat of SEATS) {
    const lock = locks[seat];
    const mine = keeps[seat];
    const secrets = Object.values(mine).some((k) => k.open.length > 0);
    if (!lock) {
      if (secrets) return { error: `Player ${seat} has secrets but no PIN yet.` };
      // A seat without a PIN has nothing to open: its seals hold no choice at all.
      continue;
    }
    pins[seat] = lock.record;
    const text: BoxText = { head, keeps: mine };
    boxes[seat] = await encrypt(lock.key, JSON.stringify(text));
  }
  return { format: SEALED_FORMAT, setup: structuredClone(setup), log, pins, boxes };
}

/**
 * Opens a sealed game with every locked seat's lock: the game file, or what is wrong (a box the PIN
 * does not open, an opening that does not match its seal, a choice the engine refuses).
 */
export async function unsealGame(g: SealedGame, locks: Partial<Record<PlayerId, SeatLock>>): Promise<{ file: GameFile } | { error: string }> {
  let setup: Setup;
  try {
    const { commands: _none, ...parsed } = parseGameFile({ ...g.setup, commands: [] });
    setup = parsed;
  } catch (e) {
    if (e instanceof GameFileError) return { error: `setup.${e.message}` };
    throw e;
  }
  const openings = [];
  const head = await headOf(g.setup, g.log);
  for (const seat of lockedSeats(g)) {
    const lock = locks[seat];
    if (!lock) return { error: `Player ${seat}'s PIN is needed to open this game.` };
    const box = g.boxes[seat];
    const text = box ? await decrypt(lock.key, box) : null;
    if (text === null) return { error: `Player ${seat}'s sealed choices do not open with that PIN: the file was changed, or the PIN is another's.` };
    let inside: BoxText;
    try {
      inside = JSON.parse(text) as BoxText;
      openings.push(...openingsOf(inside.keeps));
    } catch {
      return { error: `Player ${seat}'s sealed choices are not readable.` };
    }
    if (inside.head !== head) return { error: `The game's public log was changed after Player ${seat}'s choices were sealed.` };
  }
  const r = await audit(webCryptoHash, setup, g.log, openings, { scenery: createSceneryIndex(setup) });
  return r.ok ? { file: r.file } : { error: r.message };
}
