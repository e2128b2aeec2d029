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
  return copyRecord(from, cloneData) as T;
}

/**
 * A copy of a record of flat records (every field a plain value, as a trooper's state is): each copied
 * whole by spread, which V8 does in one step where field by field it makes the object over again at
 * each; a state's troopers are copied so at every command. A record without a prototype comes back
 * without one.
 */
export function cloneFlatRecords<T extends object>(d: Readonly<Record<string, T>>): Record<string, T> {
  return copyRecord(d, (t) => ({ ...t }));
}

/**
 * A copy of a record's own keys, the values shared (the next state's troopers: each trooper's state is
 * copied only when a rule changes it). One with no prototype, or holding a `__proto__` key of its own,
 * comes back without a prototype, as `copyRecord` makes it.
 */
export function copyRecordOf<T>(d: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = { ...d };
  if (Object.getPrototypeOf(d) === null || Object.hasOwn(d, '__proto__')) Object.setPrototypeOf(out, null);
  return out;
}

/**
 * A copy of a record, each value copied by `copy`; one with no prototype, or holding a `__proto__` key
 * of its own, comes back without a prototype, every key an ordinary field. Spread first (its own keys,
 * `__proto__` too, as fields) and cut from its prototype before any field changes: V8 keeps it in fast
 * form, where one filled key by key and then cut goes to a slow hash table, three times slower to go
 * through with for-in (the engine does, over the troopers, in its hottest loops).
 */
function copyRecord<T>(d: Readonly<Record<string, T>>, copy: (v: T) => T): Record<string, T> {
  const out: Record<string, T> = { ...d };
  if (Object.getPrototypeOf(d) === null || Object.hasOwn(d, '__proto__')) Object.setPrototypeOf(out, null);
  for (const k in out) out[k] = copy(out[k]!);
  return out;
}
