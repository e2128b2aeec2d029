/** Timing for the bench: several runs of the same work, their median and their best, in milliseconds. */
import { performance } from 'node:perf_hooks';

export interface Timing {
  median: number;
  best: number;
  runs: number;
}

export function time(fn: () => void, runs: number): Timing {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return summary(samples);
}

export async function timeAsync(fn: () => Promise<void>, runs: number): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summary(samples);
}

function summary(samples: number[]): Timing {
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
