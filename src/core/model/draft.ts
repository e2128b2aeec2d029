/**
 * The draft a command works on: the next state, made from the one given to `apply`, which never
 * changes. What a command rarely changes is shared with the state given until a rule changes it:
 * the setup always, each trooper's state until `Tx.trooper` is asked for it (copy on write), each
 * declared skill's points and path. The rest is copied.
 */
import { cloneData } from '../dict';
import type { DeclaredSkill, GameState, OrderState, TrooperState } from './types';

/**
 * The fields of a state shared with the draft until a rule changes them: the troopers' record and each
 * trooper's state (`Tx.trooper`), the fields changed only in the game's first steps or now and then
 * (`Tx.own`: the Orders' pool once an Order is spent, the Command Tokens...), and those only ever
 * replaced whole (the dice's state, a fallback owed).
 */
export const SHARED = new Set<string>(['setup', 'troopers', 'initiative', 'keptBack', 'reserveOf', 'markerCount', 'lieutenantKnown', 'discoverLocks', 'pool', 'commandTokens', 'dice', 'pendingFallback']);

/** The fields `Tx.own` gives to change: copied whole the first time, shared until then. */
export type OwnField = 'initiative' | 'keptBack' | 'reserveOf' | 'markerCount' | 'lieutenantKnown' | 'discoverLocks' | 'pool' | 'commandTokens';

/**
 * The next state, its fields in the same order as the state's: those in SHARED are the state's own
 * until a rule changes them; the Order in progress is copied with its skills' points and paths shared;
 * the rest (the mission's score) copied.
 */
export function draftOf(state: GameState): GameState {
  const draft = { ...state };
  const fields = draft as unknown as Record<string, unknown>;
  for (const k in fields) {
    if (SHARED.has(k)) continue;
    if (k === 'order') {
      if (state.order !== null) draft.order = copyOrder(state.order);
    } else fields[k] = cloneData(fields[k]);
  }
  return draft;
}

/**
 * A trooper's state, copied (a flat record: plain values only). The usual one, with none of the
 * optional fields, by an object literal: V8 makes it with every field in the object itself, where a
 * spread of a spread keeps most of them in a separate array and copies them slowly (twice the time).
 */
export function copyTrooper(t: TrooperState): TrooperState {
  if (t.onWall !== undefined || t.engaged !== undefined || t.cover !== undefined || t.markerId !== undefined) return { ...t };
  return { player: t.player, status: t.status, x: t.x, y: t.y, z: t.z, facing: t.facing, prone: t.prone, fixed: t.fixed, wounds: t.wounds, group: t.group };
}

/**
 * The Order in progress, copied as `cloneData` copies it, but each declared skill's `points` and
 * `path` shared: no rule changes them once the skill is declared (a skill declared anew gets new
 * ones), and they are most of an Order's objects (some 45 a command in the bench's long game).
 */
function copyOrder(order: OrderState): OrderState {
  const out = cloneData({ ...order, skills: [] as DeclaredSkill[] });
  out.skills = order.skills.map(copySkill);
  return out;
}

function copySkill(s: DeclaredSkill): DeclaredSkill {
  if (Object.getPrototypeOf(s) === null || Object.hasOwn(s, '__proto__')) return cloneData(s);
  const from = s as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in from) out[k] = k === 'points' || k === 'path' ? from[k] : cloneData(from[k]);
  return out as unknown as DeclaredSkill;
}
