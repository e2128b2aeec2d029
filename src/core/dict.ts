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
  // Whole from its entries, then cut from its prototype: fast fields (see cloneData).
  return Object.setPrototypeOf(Object.fromEntries(entries), null) as Dict<T>;
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
  // for-in on plain data: its own keys in Object.keys's order (Object.prototype has no enumerable
  // ones), without the array of keys.
  if (plain) {
    const out: Record<string, unknown> = {};
    for (const k in from) out[k] = cloneData(from[k]);
    return out as T;
  }
  // A record with no prototype, made whole from its entries (each an own field, `__proto__` too) and
  // only then cut from its prototype: V8 keeps such an object's fields in fast form, where one filled
  // field by field after losing its prototype goes to a slow hash table, three times slower to go
  // through with for-in (the engine does, over the troopers, in its hottest loops).
  const entries: [string, unknown][] = [];
  for (const k in from) entries.push([k, cloneData(from[k])]);
  return dictFrom(entries) as T;
}

/**
 * A copy of a record of flat records (every field a plain value, as a trooper's state is): each copied
 * whole by spread, which V8 does in one step where field by field it makes the object over again at
 * each; a state's troopers are copied so at every command. A record without a prototype comes back
 * without one.
 */
export function cloneFlatRecords<T extends object>(d: Readonly<Record<string, T>>): Record<string, T> {
  // The record by spread (its own keys, `__proto__` too, as ordinary fields), cut from its prototype
  // where the original has none before any field changes: V8 keeps it in fast form (filled key by
  // key and then cut, it goes to a slow hash table). Then each record in its place.
  const out: Record<string, T> = { ...d };
  if (Object.getPrototypeOf(d) === null) Object.setPrototypeOf(out, null);
  for (const k in out) out[k] = { ...out[k]! };
  return out;
}
