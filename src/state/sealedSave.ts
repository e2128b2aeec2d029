/**
 * A Hotseat game with PINs, as storage and saved files keep it (`infinity-table-sealed/2`): the setup
 * with each army's open part only (PRIV-6, docs/rules/private-info.md) and the public log in the clear
 * (every private choice only as a seal's root, core/commit), and each seat's whole army list and its
 * openings encrypted under its PIN. Opening it takes every seat's PIN; the whole setup is put back from
 * the boxes only where each list makes the open part shown in the clear, and the openings are then
 * judged by the core's audit (each against its seal, and the whole replayed by the engine), so a file
 * changed by hand is refused with what is wrong and the game on the table stays as it was. Each box
 * also holds the head of the public log's hash chain (core/commit/chain.ts, from the clear setup) as
 * it was when sealed, so a public entry changed by hand, even to another legal command, is found too.
 * A file of version 1 (the whole setup in the clear) still opens.
 */
import { chain, genesis } from '../core/commit/chain';
import { webCryptoHash } from '../core/commit/hash';
import type { Step } from '../core/commit/layout';
import { audit, openingsOf, sealLog, type PublicEntry, type SealKeeps } from '../core/commit/redact';
import { GameFileError, parseGameFile } from '../core/gamefile';
import type { GameFile, PlayerId, PlayerSetup, Setup } from '../core/model/types';
import { joinSetup, openSetup, type OpenSetup } from '../core/openList';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { decrypt, encrypt, type Box, type PinRecord, type SeatLock } from './pinCrypto';
import { lockedSeats, SEALED_FORMAT, type SealedGame, type SealedGameV2 } from './sealedShape';

export { isSealedGame, lockedSeats, SEALED_FORMAT, SEALED_FORMAT_V1, type SealedGame } from './sealedShape';

const SEATS: PlayerId[] = ['A', 'B'];

/** PRIV-6: a box is padded to this many bytes, so its size does not tell how long the list in it is. */
const BOX_PAD = 65_536;

/** What a seat's box holds: its seals' openings, the head of the public log's chain when it was sealed, and (version 2) its whole army list. */
interface BoxText {
  head: string;
  keeps: SealKeeps;
  army?: PlayerSetup;
}

/** The head of the public log's chain, from the setup in the clear (whole in version 1, open in version 2). */
async function headOf(setup: Setup | OpenSetup, log: readonly PublicEntry[]): Promise<string> {
  // The genesis hashes the setup's canonical text, whichever part of it the file holds in the clear.
  const start = await genesis(webCryptoHash, setup as Setup);
  return (await chain(webCryptoHash, start, log)).at(-1)?.hash ?? start;
}

/** Seals a game's history and both lists under the seats' PINs; an error when a seat has no PIN yet (every list has a private part). */
export async function sealGame(setup: Setup, history: readonly Step[], locks: Partial<Record<PlayerId, SeatLock>>): Promise<SealedGameV2 | { error: string }> {
  const { log, keeps } = await sealLog(webCryptoHash, history, true);
  // PRIV-6: the clear setup holds each army's open part; each whole list goes into its seat's box.
  const clear = openSetup(setup);
  const head = await headOf(clear, log);
  const pins: Record<PlayerId, PinRecord | null> = { A: null, B: null };
  const boxes: Record<PlayerId, Box | null> = { A: null, B: null };
  for (const seat of SEATS) {
    const lock = locks[seat];
    const mine = keeps[seat];
    // PRIV-2: every list has a private part (its costs, its Lieutenant), so every seat needs its PIN.
    if (!lock) return { error: `Player ${seat} has secrets but no PIN yet.` };
    pins[seat] = lock.record;
    const text: BoxText = { head, keeps: mine, army: setup.players[seat] };
    boxes[seat] = await encrypt(lock.key, JSON.stringify(text), BOX_PAD);
  }
  return { format: SEALED_FORMAT, setup: clear, log, pins, boxes };
}

/**
 * Opens a sealed game with every locked seat's lock: the game file, or what is wrong (a box the PIN
 * does not open, an opening that does not match its seal, a choice the engine refuses).
 */
export async function unsealGame(g: SealedGame, locks: Partial<Record<PlayerId, SeatLock>>): Promise<{ file: GameFile } | { error: string }> {
  const openings = [];
  const armies: Partial<Record<PlayerId, PlayerSetup>> = {};
  const heads: Partial<Record<PlayerId, string>> = {};
  const head = await headOf(g.setup, g.log);
  const seats = lockedSeats(g);
  if (g.format === SEALED_FORMAT && seats.length !== SEATS.length) return { error: 'A seat of this game has no sealed list: the file was changed.' };
  for (const seat of seats) {
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
    heads[seat] = inside.head;
    if (inside.army) armies[seat] = inside.army;
  }
  // PRIV-6: version 2 holds the open parts in the clear and the whole lists in the boxes; version 1 the whole setup.
  let whole: unknown = g.setup;
  if (g.format === SEALED_FORMAT) {
    if (!armies.A || !armies.B) return { error: 'A seat of this game has no sealed list: the file was changed.' };
    let joined: ReturnType<typeof joinSetup>;
    try {
      joined = joinSetup(g.setup, { A: armies.A, B: armies.B });
    } catch {
      return { error: 'The army lists of this game are not readable: the file was changed.' };
    }
    if ('error' in joined) return joined;
    whole = joined.setup;
  }
  for (const seat of seats) if (heads[seat] !== head) return { error: `The game's public log was changed after Player ${seat}'s choices were sealed.` };
  let setup: Setup;
  try {
    const { commands: _none, ...parsed } = parseGameFile({ ...(whole as object), commands: [] });
    setup = parsed;
  } catch (e) {
    if (e instanceof GameFileError) return { error: `setup.${e.message}` };
    throw e;
  }
  const r = await audit(webCryptoHash, setup, g.log, openings, { scenery: createSceneryIndex(setup) });
  return r.ok ? { file: r.file } : { error: r.message };
}
