/**
 * Records keyed by a game file's ids (troopers, zones, saves...). A file may name a trooper
 * `constructor` or `__proto__`: a plain object would answer such a key from its prototype, or turn an
 * assignment into a change of prototype. So every such record has no prototype, and a state is cloned
 * with `cloneData`, which keeps it that way (structuredClone would give the prototype back).
 */
export type Dict<T> = Record<string, T>;

/** An empty record with no prototype. */
export function dict<T>(): Dict<T> {
  return Object.create(null) as Dict<T>;
}

/** A record with no prototype, from key-value pairs. */
export function dictFrom<T>(entries: Iterable<readonly [string, T]>): Dict<T> {
  const out = dict<T>();
  for (const [k, v] of entries) out[k] = v;
  return out;
}

/** The record's own value for a key, never one from a prototype. */
export function own<T>(d: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(d, key) ? d[key] : undefined;
}

/**
 * A deep copy of plain data (objects, arrays, primitives). Objects come back without a prototype, so
 * an id such as `__proto__` stays an ordinary key.
 */
export function cloneData<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneData) as T;
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(v)) out[k] = cloneData((v as Record<string, unknown>)[k]);
  return out as T;
}
