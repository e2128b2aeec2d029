import type { StorageLike } from './saves';

/** A browser storage in memory, for tests: what was written stays readable in `data`. */
export function fakeStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}
