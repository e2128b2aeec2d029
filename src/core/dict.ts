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
 * A deep copy of plain data (objects, arrays, primitives). A record with no prototype (a `dict`)
 * comes back without one, so an id such as `__proto__` stays an ordinary key; any other object comes
 * back as a plain object (V8 keeps a prototype-less object's fields in a slow hash table, and the
 * engine reads a state's troopers and points in its hottest loops). One that holds a `__proto__` key
 * of its own comes back without a prototype too.
 */
export function cloneData<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = cloneData(v[i]);
    return out as T;
  }
  const from = v as Record<string, unknown>;
  const plain = Object.getPrototypeOf(v) !== null && !Object.hasOwn(v, '__proto__');
  const out = (plain ? {} : Object.create(null)) as Record<string, unknown>;
  // for-in on plain data: its own keys in Object.keys's order (Object.prototype has no enumerable
  // ones), without the array of keys.
  for (const k in from) out[k] = cloneData(from[k]);
  return out as T;
}
