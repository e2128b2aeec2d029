/** Timing for the bench: several runs of the same work, their median and their best, in milliseconds. */
import { performance } from 'node:perf_hooks';

/**
 * `median` and `best`: wall-clock; `cpu`: the median of the CPU time this process spent (user and
 * system), which other programs on the machine disturb far less: for work in this thread it is what
 * the wall clock shows on a quiet machine.
 */
export interface Timing {
  median: number;
  best: number;
  cpu: number;
  runs: number;
}

/**
 * Runs the work until `ms` have gone by (at least twice) before it is timed: the engine compiles hot
 * code on other threads for a while after it first runs, and the CPU time counts those threads too.
 * Both sides of a ratio are warmed the same way.
 */
export function warm(fn: () => void, ms: number): void {
  const t0 = performance.now();
  for (let i = 0; i < 2 || performance.now() - t0 < ms; i++) fn();
}

/**
 * For long work (the replay: a third of a second a run): runs it until the engine has stopped
 * compiling, as the CPU time shows. The compiler works on other threads and the process's CPU time
 * counts them, so a run while it still works costs more CPU than wall time (on a quiet machine 50 to
 * 150 ms more a replay for the first half-dozen runs, which is what the figure measured when it was
 * warmed by two runs only). At least `min` runs, then until a run's CPU time is within a tenth of its
 * wall time (the garbage collector's helper threads keep a few per cent), at most `max` runs; on a
 * busy machine the wall time is the longer one from the start and `min` decides. Returns the runs made.
 */
export function warmUntilSettled(fn: () => void, min: number, max: number): number {
  for (let i = 1; ; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (i >= max || (i >= min && (c.user + c.system) / 1000 <= wall * 1.1)) return i;
  }
}

export function time(fn: () => void, runs: number): Timing {
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { ...summary(samples), cpu: summary(cpu).median };
}

/** Work in other threads: wall-clock only (`cpu` is left at the median: the process's CPU time counts every thread). */
export async function timeAsync(fn: () => Promise<void>, runs: number): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  const s = summary(samples);
  return { ...s, cpu: s.median };
}

function summary(samples: number[]): { median: number; best: number; runs: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, best: s[0]!, runs: s.length };
}

/** A duration for reading: ms below a second, else seconds. */
export function ms(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : n >= 100 ? `${n.toFixed(0)} ms` : `${n.toFixed(1)} ms`;
}

export function ratio(base: number, fast: number): string {
  return `${(base / fast).toFixed(1)}x`;
}

/** One line of the closing summary: what, the figure, its goal, and whether it holds. */
export interface Figure {
  what: string;
  figure: string;
  baseline: string;
  goal: string;
  met: boolean;
}
