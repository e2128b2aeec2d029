/**
 * The pieces the game file's schema is built from (GAME-FILE.md, GAME-TURN.md "Changed"), shared by
 * the file's schema and every command's module: numbers within 10,000 of zero, ids of 1 to 64 plain
 * characters, one-line names, dice, points, and records keyed by ids that keep every key.
 */
import { z } from 'zod';
import { dict, type Dict } from './dict';

/** Every number in a file: finite and within 10,000 of zero. */
export const NUMBER_LIMIT = 10000;
export const num = z.number().min(-NUMBER_LIMIT).max(NUMBER_LIMIT);
export const die = z.number().int().min(1).max(20);
export const playerId = z.enum(['A', 'B']);

export const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** Ids of troopers, weapons, terrain, zones and objectives: 1 to 64 ASCII letters, digits, `-`, `_`, `.`. */
export const id = z.string().regex(ID_PATTERN, { error: 'expected an id: 1 to 64 letters, digits, "-", "_" or "."' });
/** A trooper or marker named in a command: an id of the same form. */
export const ref = id;
/** Names: 1 to 80 characters on one line. */
export const name = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[^\r\n\u2028\u2029]*$/, { error: 'expected a name on one line' });

export const point = z.object({ x: num, y: num, z: num.optional() });
export const target = z.union([ref, point]);

/**
 * A record keyed by ids, each key checked with `key` and each value with `value`. Unlike `z.record`,
 * it keeps a key such as `__proto__` and gives a record with no prototype.
 */
export function idRecord<T>(key: z.ZodType<string>, value: z.ZodType<T>) {
  return z
    .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: 'expected an object' })
    .transform((input, ctx): Dict<T> => {
      const out = dict<T>();
      for (const k of Object.keys(input)) {
        const kr = key.safeParse(k);
        if (!kr.success) {
          ctx.issues.push({ ...kr.error.issues[0]!, path: [k], input: k } as never);
          return z.NEVER;
        }
        const vr = value.safeParse(input[k]);
        if (!vr.success) {
          for (const issue of vr.error.issues) ctx.issues.push({ ...issue, path: [k, ...issue.path] } as never);
          return z.NEVER;
        }
        out[k] = vr.data;
      }
      return out;
    });
}

/** The dice of a saving-roll record: trooper or marker ids to d20s. */
export const saves = idRecord(ref, die);

/** A point of the table that a path or an aim names (its height comes from the surface). */
export const plane = z.object({ x: num, y: num });
/**
 * A Move's path: the points after its start, in order (GAME-TURN.md, Skills). A point may give its
 * height `z` (MOV-8: it must be the stance there) and how the segment ending there is travelled (`via`,
 * default `walk`; movement.md §3).
 */
export const pathPoint = z.object({ x: num, y: num, z: num.optional(), via: z.enum(['walk', 'ladder', 'climb']).optional() });
export const path = z.array(pathPoint).max(400);
