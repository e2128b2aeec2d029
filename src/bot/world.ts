/**
 * A world the bot can play on: a full `GameState` built from a seat (what one player may know) with
 * **stand-ins** for what it cannot see, after the two-machine game's knowing state (core/commit): an
 * enemy marker is carried by one of the enemy troopers this player has not seen, drawn at random among
 * those that could be there (TO Camouflage first); the enemy's other unseen troopers are hidden (with a
 * spot drawn from where they could be, when the caller gives one) or airborne; the enemy Lieutenant is
 * a stand-in until it is known. The dice are left to the hand (`manual`): a dry run stops before its
 * rolls, and `plannedOdds` counts them exactly. The Order in progress is played again on the world from
 * what the view shows of it, so the engine's own windows, eligibility and odds answer the bot.
 *
 * Nothing here reads anything but the seat: two games alike in all a player may know give the same
 * worlds for the same seed.
 */
import { apply, dict } from '../core/api';
import type { StateView } from '../core/api';
import type { Command, GameState, PlanePoint, PlayerId, Setup, TrooperProfile, TrooperState } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import type { EngineContext } from '../core/api';
import type { Rng } from './rng';
import type { Seat } from './seat';

/** Where a hidden enemy trooper could stand, for a world (null: somewhere unknown, it reacts to nothing). */
export type HiddenSpots = (id: string, rng: Rng) => { x: number; y: number; z: number; facing: number } | null;

export interface World {
  state: GameState;
  /** the enemy troopers standing in for markers, by marker id */
  carriers: Record<string, string>;
  /** the enemy troopers put in hidden at a drawn spot: guesses, weighed less than what is seen */
  guessed: string[];
}

const STAGES = ['aro1', 'second', 'aro2', 'rolls', 'saves'] as const;

/** The world's trooper named as the player names it: its id, or an enemy marker id. */
export function idOf(state: GameState, name: string): string | null {
  if (Object.hasOwn(state.troopers, name)) return name;
  for (const [id, t] of Object.entries(state.troopers)) if (t.markerId === name && t.status === 'marker') return id;
  return null;
}

/** The enemy troopers the seat has not seen: in no view record and behind no marker it knows of. */
export function unseenEnemies(seat: Seat): TrooperProfile[] {
  const enemy = otherPlayer(seat.player);
  return seat.setup.players[enemy].troopers.filter((p) => !Object.hasOwn(seat.view.troopers, p.id));
}

function trooperFrom(v: StateView['troopers'][string]): TrooperState {
  const t: TrooperState = { player: v.player, status: v.status, x: v.x, y: v.y, z: v.z, facing: v.facing, prone: v.prone, fixed: v.fixed, wounds: v.wounds, group: v.group };
  if (v.cover !== undefined) t.cover = v.cover;
  // CC-2, MOV-21: Engaged and on a wall, as the view shows them (an Engaged trooper's skills are few, CC-3).
  if (v.engaged) t.engaged = true;
  if (v.onWall) t.onWall = true;
  return t;
}

/** The markers each player has been given so far, as the marker ids seen tell. */
function markerCounts(seat: Seat): Record<PlayerId, number> {
  const out = { A: 0, B: 0 };
  const see = (m: string) => {
    const r = /^([AB])-m(\d+)$/.exec(m);
    if (r) out[r[1] as PlayerId] = Math.max(out[r[1] as PlayerId], Number(r[2]));
  };
  for (const m of Object.keys(seat.view.markers)) see(m);
  for (const e of seat.log) {
    if (e.type === 'placed' || e.type === 'revealed' || e.type === 'discovered' || e.type === 'camouflaged') see((e as { marker?: string; trooper: string }).marker ?? e.trooper);
  }
  return out;
}

/** TOC-6: the markers each of the seat's troopers failed to Discover this turn. */
function discoverLocks(seat: Seat): Record<string, string[]> {
  const locks = dict<string[]>();
  let start = 0;
  seat.log.forEach((e, i) => {
    if (e.type === 'turn') start = i;
  });
  for (const e of seat.log.slice(start)) if (e.type === 'discoverFailed' && e.player !== seat.player) locks[e.by] = [...(locks[e.by] ?? []), e.marker];
  return locks;
}

/** Each side's Lieutenant shown by spending the Lieutenant Special Order (GRP-4). */
function lieutenantsKnown(seat: Seat): Record<PlayerId, boolean> {
  const out = { A: false, B: false };
  for (const e of seat.log) if (e.type === 'declared' && e.from === 'lieutenant') out[e.player] = true;
  return out;
}

/**
 * The world for a seat: its own troopers as they are, the enemy's it sees as they are, and stand-ins
 * for the rest, drawn with `rng`.
 */
export function worldOf(seat: Seat, ctx: EngineContext, rng: Rng, hiddenSpots?: HiddenSpots): World {
  const me = seat.player;
  const enemy = otherPlayer(me);
  const view = seat.view;
  const troopers = dict<TrooperState>();
  for (const [id, v] of Object.entries(view.troopers)) troopers[id] = trooperFrom(v);
  for (const [mid, m] of Object.entries(view.markers)) if (m.player === me && m.trooper && troopers[m.trooper]) troopers[m.trooper]!.markerId = mid;

  // The enemy's roster: the profiles seen, and the shared (blind) ones for the rest.
  const enemyRoster = seat.setup.players[enemy].troopers.map((p) => seat.profiles[p.id] ?? p);
  const unseen = rng.shuffled(unseenEnemies(seat));
  const carriers = dict<string>();
  const guessed: string[] = [];
  const used = new Set<string>();
  const enemyMarkers = Object.entries(view.markers).filter(([, m]) => m.player === enemy);
  for (const [mid, m] of enemyMarkers) {
    const pick = unseen.find((p) => !used.has(p.id) && p.skills.includes('to-camouflage')) ?? unseen.find((p) => !used.has(p.id) && p.s === m.s) ?? unseen.find((p) => !used.has(p.id));
    if (!pick) continue;
    used.add(pick.id);
    carriers[mid] = pick.id;
    troopers[pick.id] = { player: enemy, status: 'marker', x: m.x, y: m.y, z: m.z, facing: 0, prone: false, fixed: true, wounds: pick.w, group: m.group, markerId: mid };
  }
  const inGame = view.phase === 'game' || view.phase === 'end';
  for (const p of unseen) {
    if (used.has(p.id)) continue;
    const base = { player: enemy, x: null, y: null, z: null, facing: null, prone: false, fixed: false, wounds: p.w, group: p.group };
    if (!inGame) troopers[p.id] = { ...base, status: 'undeployed' };
    else if (p.skills.includes('combat-jump') && !p.skills.includes('hidden-deployment')) troopers[p.id] = { ...base, status: 'off-table' };
    else {
      const spot = p.skills.includes('hidden-deployment') && hiddenSpots ? hiddenSpots(p.id, rng) : null;
      troopers[p.id] = spot ? { ...base, status: 'hidden', x: spot.x, y: spot.y, z: spot.z, facing: spot.facing, fixed: true } : { ...base, status: 'hidden' };
      if (spot) guessed.push(p.id);
    }
  }

  // The enemy Lieutenant: the one known, or a stand-in (the first of the roster) until it shows itself.
  // A marker's silhouette is public (TOC-9): its stand-in takes it, so contacts and sight are judged as for the marker.
  const markerS = new Map(Object.entries(carriers).map(([mid, id]) => [id, view.markers[mid]!.s]));
  let roster = enemyRoster.map((p) => (markerS.has(p.id) && markerS.get(p.id) !== p.s ? { ...p, s: markerS.get(p.id) as TrooperProfile['s'] } : p));
  if (!roster.some((p) => p.skills.includes('lieutenant')) && roster.length > 0) roster = roster.map((p, i) => (i === 0 ? { ...p, skills: [...p.skills, 'lieutenant' as const] } : p));
  const mine = seat.setup.players[me].troopers.map((p) => seat.profiles[p.id] ?? p);
  const setup: Setup = { ...seat.setup, players: { ...seat.setup.players, [me]: { ...seat.setup.players[me], troopers: mine }, [enemy]: { ...seat.setup.players[enemy], troopers: roster } } as Setup['players'] };

  const reserve = Object.entries(troopers).find(([, t]) => t.player === me && t.status === 'reserve')?.[0];
  const falling = Object.entries(troopers).find(([, t]) => t.player === me && t.status === 'awaiting-fallback');
  const fallbackOf = (id: string): GameState['pendingFallback'] => {
    const p = mine.find((q) => q.id === id);
    const jump = view.phase === 'game';
    return { player: me, trooper: id, reason: jump ? 'combat-jump' : 'infiltration', ...(jump && p?.skills.includes('combat-jump-explosion') ? { explosion: true } : {}) };
  };
  const pool = view.pool ? { groups: { ...view.pool.groups }, irregular: { ...view.pool.irregular }, lieutenant: view.pool.lieutenant ?? 0 } : null;
  const state: GameState = {
    setup,
    applied: seat.log.length,
    phase: view.phase,
    step: view.step,
    round: view.round,
    active: view.active,
    initiative: structuredClone(view.initiative),
    keptBack: { ...view.keptBack },
    troopers,
    markerCount: markerCounts(seat),
    dice: { mode: 'manual' },
    pendingFallback: falling ? fallbackOf(falling[0]) : null,
    reserveOf: reserve ? { [me]: reserve } : {},
    discoverLocks: discoverLocks(seat),
    orderJumper: null,
    pool,
    // GRP-3: the bot regroups never; an Order given already keeps a dry run from trying it.
    ordersGiven: 1,
    lieutenantKnown: lieutenantsKnown(seat),
    order: null,
    // The mission's score as the view shows it (Open Information, and this side's own classified objective).
    ...(view.score ? { score: structuredClone(view.score) } : {}),
  };
  const world: World = { state, carriers, guessed };
  if (view.order) {
    const again = withOrder(world, seat, ctx);
    if (again) world.state = again;
  }
  return world;
}

/** The facing the log shows for the active trooper's latest declaration of a skill (a Move's end facing). */
function declaredFacing(seat: Seat, trooper: string, skill: string): number | undefined {
  for (let i = seat.log.length - 1; i >= 0; i--) {
    const e = seat.log[i]!;
    if (e.type === 'declared' && e.trooper === trooper && e.skill === skill) return 'facing' in e && typeof e.facing === 'number' ? e.facing : undefined;
    if (e.type === 'turn') break;
  }
  return undefined;
}

/** A skill of the Order as the view shows it, as the fields a command declares. */
function fieldsOf(s: NonNullable<StateView['order']>['skills'][number], facing: number | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { skill: s.skill };
  for (const k of ['path', 'target', 'weapon', 'targets', 'aim', 'fireFrom'] as const) if (s[k] !== undefined) out[k] = structuredClone(s[k]);
  if (facing !== undefined && (s.skill === 'move' || s.skill === 'cautious-move' || s.skill === 'dodge')) out.facing = facing;
  return out;
}

/**
 * The Order in progress played again on the world: its first skill (a Combat Jump as an Idle where the
 * jumper landed), the first window's AROs, its second skill. Null when the engine will not take it.
 */
function withOrder(world: World, seat: Seat, ctx: EngineContext): GameState | null {
  const o = seat.view.order!;
  let s = world.state;
  const actor = idOf(s, o.trooper);
  if (!actor) return null;
  const t = s.troopers[actor]!;
  const player = o.player;
  const reactive = otherPlayer(player);
  // Whatever Order it spent: the world gives it one more of its group's and its own.
  const pool = s.pool ?? { groups: {}, irregular: {}, lieutenant: 0 };
  const g = String(t.group);
  s = { ...s, pool: { groups: { ...pool.groups, [g]: (pool.groups[g] ?? 0) + 1 }, irregular: { ...pool.irregular, [actor]: (pool.irregular[actor] ?? 0) + 1 }, lieutenant: Math.max(1, pool.lieutenant) } };
  const first = o.skills[0];
  if (!first) return null;
  const jump = first.skill === 'combat-jump';
  const step = (state: GameState, cmd: Command): GameState | null => {
    const r = apply(state, cmd, ctx);
    return r.ok ? r.state : null;
  };
  const firstCmd = { do: 'order', player, trooper: o.trooper, ...(jump ? { skill: 'idle' } : fieldsOf(first, declaredFacing(seat, o.trooper, first.skill))) } as Command;
  let next = step(s, firstCmd);
  if (!next && t.player !== seat.player) {
    // A stand-in may be slower than the trooper it stands for: give it room to have made that Move.
    const setup = structuredClone(s.setup);
    for (const p of setup.players[t.player].troopers) if (p.id === actor) p.mov = [20, 20];
    next = step({ ...s, setup }, firstCmd);
  }
  if (!next) return null;
  if (jump) next = { ...next, orderJumper: actor };
  const at = STAGES.indexOf(o.stage as (typeof STAGES)[number]);
  if (at >= 1) {
    const declarations = Object.values(o.aros)
      .filter((a) => a.window === 1 && a.skill !== 'appear')
      .map((a) => {
        const d: Record<string, unknown> = { trooper: a.trooper, skill: a.skill };
        for (const k of ['weapon', 'target', 'facing', 'at', 'revealFacing'] as const) if (k in a && (a as Record<string, unknown>)[k] !== undefined) d[k] = (a as Record<string, unknown>)[k];
        return d;
      });
    next = step(next, { do: 'aros', player: reactive, declarations } as Command) ?? step(next, { do: 'aros', player: reactive, declarations: declarations.map(({ at: _at, ...d }) => d) } as Command) ?? step(next, { do: 'aros', player: reactive, declarations: [] });
    if (!next) return null;
  }
  if (at >= 2) {
    const second = o.skills[1];
    next = step(next, (second ? { do: 'second', player, ...fieldsOf(second, declaredFacing(seat, o.trooper, second.skill)) } : { do: 'second', player, skill: 'none' }) as Command);
    if (!next) return null;
  }
  return next.order?.stage === o.stage ? next : null;
}

/** The point a Move's path ends at (the trooper's own spot for an empty path). */
export function pathEnd(from: PlanePoint, path: readonly PlanePoint[]): PlanePoint {
  return path.at(-1) ?? from;
}
