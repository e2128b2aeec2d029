/**
 * The cost of one guess at a Hotseat PIN, for someone who holds a copy of the storage or a saved file:
 * a wrong PIN tried against a seat's record through the page's own code (`unlockPin`: the key
 * derived, then the record's check box tried with it). The shipped seal (Argon2id, PIN_KDF) against
 * the seal of before (PBKDF2-SHA-256, 200,000 rounds: e2e/fixtures/sealed-pbkdf2.json), each the
 * median of several guesses.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { choosePin, unlockPin } from '../src/state/pinCrypto';
import type { PinRecord } from '../src/state/pins';
import type { SealedGame } from '../src/state/sealedShape';

/** Milliseconds: the median and the range of the wall clock, and the median of this process's CPU time. */
export interface GuessTiming {
  median: number;
  best: number;
  worst: number;
  cpu: number;
  runs: number;
}

/** `runs` wrong guesses at a record, after one untimed (it loads and compiles the code). */
async function guesses(record: PinRecord, runs: number): Promise<GuessTiming> {
  const wall: number[] = [];
  const cpu: number[] = [];
  if ((await unlockPin(record, '000000')) !== null) throw new Error('a wrong PIN opened the record');
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const opened = await unlockPin(record, String(100_000 + i));
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (opened !== null) throw new Error('a wrong PIN opened the record');
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { median: median(wall), best: Math.min(...wall), worst: Math.max(...wall), cpu: median(cpu), runs };
}

export interface PinFigures {
  record: PinRecord;
  argon2: GuessTiming;
}

/** The shipped seal: a record made as the page makes it, then `runs` wrong guesses. */
export async function argon2Guesses(runs: number): Promise<PinFigures> {
  const { record } = await choosePin('246813');
  return { record, argon2: await guesses(record, runs) };
}

/** The seal of before: Player A's record in the PBKDF2 fixture. */
export async function pbkdf2Guesses(root: string, runs: number): Promise<GuessTiming> {
  const old = JSON.parse(readFileSync(resolve(root, 'e2e/fixtures/sealed-pbkdf2.json'), 'utf8')) as SealedGame;
  return guesses(old.pins.A!, runs);
}
