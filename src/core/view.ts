/**
 * What each player may know (GAME-FILE.md: Views). Private data is filtered here, in the core, never
 * by hiding things on screen: the hotseat table and `sim --view` both show only what this returns.
 */
import { dict } from './dict';
import type { Command, DeclaredAro, GameEvent, GameState, OrderSource, OrderStage, PlayerId, Rejection, RejectionCode, SkillFields, TrooperProfile, TrooperState, TrooperStatus } from './model/types';
import { commandPlayer, otherPlayer } from './model/types';
import { profileOf } from './rules/context';
import { opponentKnows } from './rules/refs';
import { QUERY_COMMANDS } from './rules/registry';

/** A trooper as a player sees it: the state's record without the engine's bookkeeping. */
export type TrooperView = Pick<TrooperState, 'player' | 'status' | 'x' | 'y' | 'z' | 'facing' | 'prone' | 'fixed' | 'cover' | 'wounds' | 'group'>;

export interface MarkerView {
  player: PlayerId;
  s: number;
  x: number;
  y: number;
  z: number;
  /** its Combat Group: Open Information (TOC-15, GRP-2) */
  group: number;
  trooper?: string;
}

/**
 * The active player's Orders as a player sees them. The opponent's view leaves out the Lieutenant
 * Special Order (GRP-4: no hint of who the Lieutenant is, or that it is hidden or airborne) and sums the
 * Irregular Orders of markers in `markersIrregular` (nothing tells which trooper a marker is).
 */
export interface PoolView {
  groups: Record<string, number>;
  irregular: Record<string, number>;
  lieutenant?: number;
  markersIrregular?: number;
}

/** What both players know of where the game stands (Open Information). */
export type PublicState = Pick<GameState, 'phase' | 'step' | 'round' | 'active' | 'initiative' | 'keptBack'>;

export function publicState(state: GameState): PublicState {
  return {
    phase: state.phase,
    step: state.step,
    round: state.round,
    active: state.active,
    initiative: structuredClone(state.initiative),
    keptBack: { ...state.keptBack },
  };
}

export interface StateView extends PublicState {
  orders: Record<PlayerId, number>;
  /** the active player's Orders left this turn, as the viewer sees them; null before and after the game */
  pool: PoolView | null;
  /** the Order being played, its troopers named as the viewer may name them */
  order: OrderView | null;
  troopers: Record<string, TrooperView>;
  markers: Record<string, MarkerView>;
}

export type Viewer = PlayerId | null;

/** The Order in progress as a player sees it (GAME-TURN.md: State, `order`). */
export interface OrderView {
  player: PlayerId;
  trooper: string;
  from: OrderSource;
  stage: OrderStage;
  skills: (SkillFields & { at?: unknown })[];
  aros: Record<string, DeclaredAro>;
  needs: Record<string, number>;
}

/** How `viewer` names a trooper now: its id, an enemy marker's marker id, or null for what it may not know. */
export function nameNow(state: GameState, id: string, viewer: Viewer): string | null {
  const t = state.troopers[id];
  if (!t || viewer === null || t.player === viewer) return id;
  if (t.status === 'marker' && t.markerId) return t.markerId;
  return opponentKnows(t.status) ? id : null;
}

function orderAsSeen(state: GameState, viewer: Viewer): OrderView | null {
  const o = state.order;
  if (!o) return null;
  const aros = dict<DeclaredAro>();
  for (const [id, a] of Object.entries(o.aros)) {
    const n = nameNow(state, id, viewer);
    if (n !== null) aros[n] = { ...a, trooper: n };
  }
  const needs = dict<number>();
  for (const [id, k] of Object.entries(o.needs)) {
    const n = nameNow(state, id, viewer);
    if (n !== null) needs[n] = k;
  }
  const skills = o.skills.map(({ points: _p, facing: _f, ...fields }) => fields as SkillFields);
  return { player: o.player, trooper: nameNow(state, o.trooper, viewer) ?? o.trooper, from: o.from, stage: o.stage, skills, aros, needs };
}

/** The Orders each player would get now: one per model or marker of theirs on the table. */
export function ordersOf(state: GameState): Record<PlayerId, number> {
  const orders = { A: 0, B: 0 };
  for (const t of Object.values(state.troopers)) if (t.status === 'model' || t.status === 'marker') orders[t.player] += 1;
  return orders;
}

/** The state as `viewer` may know it (null: the full state). */
export function viewFor(state: GameState, viewer: Viewer): StateView {
  const troopers = dict<TrooperView>();
  const markers = dict<MarkerView>();
  for (const [id, t] of Object.entries(state.troopers)) {
    const own = viewer === null || t.player === viewer;
    if (t.status === 'marker' && t.markerId && t.x !== null && t.y !== null && t.z !== null) {
      // TOC-2: a camouflaged trooper is shown as its marker; only its owner learns which trooper it is.
      markers[t.markerId] = { player: t.player, s: profileOf(state, id).s, x: t.x, y: t.y, z: t.z, group: t.group, ...(own ? { trooper: id } : {}) };
    }
    if (!own && !opponentKnows(t.status)) continue;
    const v: TrooperView = { player: t.player, status: t.status, x: t.x, y: t.y, z: t.z, facing: t.facing, prone: t.prone, fixed: t.fixed, wounds: t.wounds, group: t.group };
    if (own && t.cover !== undefined) v.cover = t.cover;
    troopers[id] = v;
  }
  return {
    ...publicState(state),
    orders: ordersOf(state),
    pool: state.pool && state.active ? poolAsSeen(state.pool, state, state.active, viewer) : null,
    order: orderAsSeen(state, viewer),
    troopers,
    markers,
  };
}

/** A pool of `owner`'s as `viewer` may see it (GRP-4, and markers' Irregular Orders summed). */
export function poolAsSeen(pool: { groups: Record<string, number>; irregular: Record<string, number>; lieutenant?: number }, state: GameState, owner: PlayerId, viewer: Viewer): PoolView {
  const groups = dict<number>();
  for (const [g, n] of Object.entries(pool.groups)) groups[g] = n;
  if (viewer === null || viewer === owner) {
    const irregular = dict<number>();
    for (const [id, n] of Object.entries(pool.irregular)) irregular[id] = n;
    return { groups, irregular, lieutenant: pool.lieutenant ?? 0 };
  }
  const irregular = dict<number>();
  let markersIrregular = 0;
  for (const [id, n] of Object.entries(pool.irregular)) {
    const t = state.troopers[id];
    if (t && opponentKnows(t.status)) irregular[id] = n;
    else markersIrregular += n;
  }
  return { groups, irregular, markersIrregular };
}

/**
 * The profiles a player may read: all of their own troopers, and the opponent's troopers they can see
 * as models (or removed). A marker has no profile for the opponent: nothing tells who it is.
 */
export function knownProfiles(state: GameState, viewer: Viewer): Record<string, TrooperProfile> {
  const out = dict<TrooperProfile>();
  for (const [id, t] of Object.entries(state.troopers)) {
    if (viewer === null || t.player === viewer) out[id] = profileOf(state, id);
    else if (opponentKnows(t.status)) {
      const p = profileOf(state, id);
      // GRP-4: which trooper is the Lieutenant stays private until it spends the Lieutenant Special Order.
      out[id] = state.lieutenantKnown[t.player] ? p : { ...p, skills: p.skills.filter((sk) => sk !== 'lieutenant') };
    }
  }
  return out;
}

/** Events that end a secret by themselves: the opponent learns what they say. */
const ENDS_SECRET = new Set(['placed', 'revealed', 'discovered']);
const KNOWN_STATUS = new Set<TrooperStatus>(['model', 'marker', 'unconscious', 'removed']);

/**
 * The events of one command as `viewer` may see them, given the states before and after it. An event
 * naming an opponent's trooper shows only if that trooper was a model, a marker (named by its marker
 * id) or removed at the time, or if the event itself ends the secret (placed as a model or marker,
 * revealed, discovered). The opponent's initiative rolls always show, without the trooper (INI-6).
 */
export function viewEvents(events: GameEvent[], before: GameState, after: GameState, viewer: Viewer, command?: Command): GameEvent[] {
  if (viewer === null) return events;
  // A query asked by one player is that player's own: the other sees nothing of it.
  if (command && QUERY_COMMANDS.has(command.do) && commandPlayer(command) !== null && commandPlayer(command) !== viewer) return [];
  const opponent = otherPlayer(viewer);
  // A marker that this command turns into its model (Discovered, revealed) is still a marker in the
  // events before the one that shows it: they name it by its marker id.
  const shownAt = new Map<string, number>();
  events.forEach((e, i) => {
    if ((e.type === 'discovered' || (e.type === 'revealed' && e.as === 'model')) && !shownAt.has(e.trooper)) shownAt.set(e.trooper, i);
  });
  let at = 0;
  /** How the viewer may name a trooper, or null when it may not know of it at all. */
  const nameFor = (id: string): string | null => {
    const b = before.troopers[id];
    const a = after.troopers[id];
    if (!a || a.player !== opponent) return id;
    if (b && b.status === 'marker' && b.markerId && at < (shownAt.get(id) ?? -1)) return b.markerId;
    // While it is a marker, its marker id: nothing tells which trooper the marker is.
    if (a.status === 'marker' && a.markerId) return a.markerId;
    if (opponentKnows(a.status)) return id;
    if (b && b.status === 'marker' && b.markerId) return b.markerId;
    if (b && KNOWN_STATUS.has(b.status)) return id;
    return null;
  };
  const names = (ids: string[]): string[] => ids.map(nameFor).filter((n): n is string => n !== null).sort();
  const out: GameEvent[] = [];
  for (const [i, e] of events.entries()) {
    at = i;
    if (e.type === 'orders' && e.player === opponent) {
      // ORD-1 and GRP-4: the opponent's Order Count, without the Lieutenant Special Order.
      const seen = poolAsSeen(e, after, opponent, viewer);
      out.push({ index: e.index, type: 'orders', player: e.player, groups: seen.groups, irregular: seen.irregular, markersIrregular: seen.markersIrregular ?? 0 });
      continue;
    }
    if (e.type === 'regrouped' && e.player === opponent && nameFor(e.trooper!) === null) {
      // HD-6, CJ-9: a hidden or airborne trooper changing group tells that it exists there, and nothing more.
      out.push({ index: e.index, type: 'regrouped', player: e.player, group: e.group });
      continue;
    }
    if (e.type === 'roll' && before.phase === 'initiative' && e.player === opponent) {
      const { trooper: _hidden, ...rest } = e;
      out.push(rest as GameEvent);
      continue;
    }
    const copy = { ...e } as Record<string, unknown>;
    if (typeof copy.trooper === 'string' && after.troopers[copy.trooper]?.player === opponent) {
      if (ENDS_SECRET.has(e.type)) {
        const as = (e as { as?: string }).as;
        if (as === 'hidden') continue;
        // A trooper that appears as a marker is known only by the marker.
        if (as === 'marker') copy.trooper = after.troopers[copy.trooper]?.markerId ?? copy.trooper;
      } else {
        const name = nameFor(copy.trooper);
        if (name === null) continue;
        copy.trooper = name;
      }
    }
    if (typeof copy.by === 'string') copy.by = nameFor(copy.by) ?? copy.by;
    if (typeof copy.against === 'string') copy.against = nameFor(copy.against);
    if (e.type === 'hits') {
      // ATK-1: a hit names attacker and target as the viewer knows them; a hit on what it may not know is not shown.
      const target = nameFor(e.target);
      if (target === null) continue;
      copy.target = target;
    }
    if (Array.isArray(copy.by)) copy.by = names(copy.by as string[]);
    if (Array.isArray(copy.hits)) copy.hits = names(copy.hits as string[]);
    // ARO-1: a window's eligible troopers, without those the viewer may not know of.
    if (Array.isArray(copy.eligible)) copy.eligible = names(copy.eligible as string[]);
    out.push(copy as GameEvent);
  }
  return out;
}

/**
 * How a view numbers its events (GAME-TURN.md, "Changed"): `index` counts only the commands the viewer
 * may know of. A command none of whose events the viewer sees takes no number, so the numbering tells
 * nothing of the other side's private commands. The full view (no viewer) keeps the command's index.
 */
export class ViewNumbering {
  private count = 0;

  constructor(private readonly viewer: Viewer) {}

  /** The events of one command as the viewer sees them, renumbered. */
  number(_index: number, seen: GameEvent[]): GameEvent[] {
    if (this.viewer === null || seen.length === 0) return seen;
    const n = this.count++;
    return seen.map((e) => ({ ...e, index: n }));
  }

  /** The number the next command would take in this view (command `index` in the full one). */
  next(index: number): number {
    return this.viewer === null ? index : this.count;
  }
}

/** The events of a whole history as `viewer` may see them, numbered for that view. */
export function viewLog(entries: readonly { command: Command; events: GameEvent[]; before: GameState; after: GameState }[], viewer: Viewer): GameEvent[] {
  const numbering = new ViewNumbering(viewer);
  return entries.flatMap((h, i) => numbering.number(i, viewEvents(h.events, h.before, h.after, viewer, h.command)));
}

/** A refusal as `viewer` may see it: the opponent's refusals say nothing about why. */
export function viewRejection<R extends Rejection & { index: number; player: PlayerId | null }>(
  r: R,
  viewer: Viewer,
): { index: number; rule: string | null; code: RejectionCode | null; message: string } {
  if (viewer !== null && r.player !== null && r.player !== viewer) {
    return { index: r.index, rule: null, code: null, message: `Player ${r.player}'s command was refused` };
  }
  return { index: r.index, rule: r.rule, code: r.code, message: r.message };
}
