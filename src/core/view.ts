/**
 * What each player may know (GAME-FILE.md: Views). Private data is filtered here, in the core, never
 * by hiding things on screen: the hotseat table and `sim --view` both show only what this returns.
 */
import { dict } from './dict';
import type { Command, DeclaredAro, ScoreState, GameEvent, GameState, OrderSource, OrderStage, PlanePoint, PlayerId, Rejection, RejectionCode, TrooperProfile, TrooperState, TrooperStatus } from './model/types';
import { commandPlayer, otherPlayer } from './model/types';
import { seenProfile } from './openList';
import { profileOf } from './rules/context';
import { opponentKnows } from './rules/refs';
import { windowOf } from './rules/orders/stages';
import { QUERY_COMMANDS } from './rules/registry';
import { scoreAsSeen } from './rules/missions/view';
import { skillAsSeen, type SkillView } from './viewSkill';
import { againstAsSeen, declaredPath, idMapAsSeen, pathsAsSeen, withAsSeen } from './viewCoord';

export type { SkillView } from './viewSkill';

/** A trooper as a player sees it: the state's record without the engine's bookkeeping. */
export type TrooperView = Pick<TrooperState, 'player' | 'status' | 'x' | 'y' | 'z' | 'facing' | 'prone' | 'onWall' | 'engaged' | 'fixed' | 'cover' | 'wounds' | 'group'>;

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
  /** the mission's score (MIS-11): only in a game with a mission */
  score?: ScoreState;
  /** COORD-1, COORD-11: each player's Command Tokens left, Open Information (once the game counts them) */
  commandTokens?: Record<PlayerId, number>;
}

export type Viewer = PlayerId | null;

/** The Order in progress as a player sees it (GAME-TURN.md: State, `order`). */
export interface OrderView {
  player: PlayerId;
  trooper: string;
  from: OrderSource;
  stage: OrderStage;
  skills: SkillView[];
  aros: Record<string, DeclaredAro>;
  needs: Record<string, number>;
  /** the ARO window open now (stages `aro1`, `aro2`), or null */
  window: OpenWindow | null;
  /** MOV-20: in stage `dodge-moves`, the dodgers still owing their move, in the order they move */
  dodgeMoves?: string[];
  /** MOV-20: the player whose dodger moves next */
  dodgePlayer?: PlayerId;
  /** COORD-2: a Coordinated Order's other participants, in listed order (`trooper`: the Spearhead) */
  with?: string[];
}

/** How `viewer` names a trooper now: its id, an enemy marker's marker id, or null for what it may not know. */
export function nameNow(state: GameState, id: string, viewer: Viewer): string | null {
  const t = state.troopers[id];
  if (!t || viewer === null || t.player === viewer) return id;
  if (t.status === 'marker' && t.markerId) return t.markerId;
  return opponentKnows(t.status) ? id : null;
}

/** An ARO as a player sees it: the fields of its declaration, listed; its trooper named as the viewer may. */
function aroAsSeen(a: DeclaredAro, trooper: string, name: (id: string) => string | null): DeclaredAro {
  const out: Record<string, unknown> = { trooper, skill: a.skill, window: a.window };
  if ('target' in a) out.target = a.target;
  if ('weapon' in a) out.weapon = a.weapon;
  if ('facing' in a && a.facing !== undefined) out.facing = a.facing;
  if ('declares' in a) out.declares = a.declares;
  if (a.at) out.at = { x: a.at.x, y: a.at.y };
  if (a.revealFacing !== undefined) out.revealFacing = a.revealFacing;
  if (a.against !== undefined && name(a.against) !== null) out.against = name(a.against)!; // COORD-11
  return out as DeclaredAro;
}

/** Ids named as `name` gives them, without those it cannot name, in string order (no roster order shows). */
function listed(ids: readonly string[], name: (id: string) => string | null): string[] {
  return ids.map(name).filter((n): n is string => n !== null).sort();
}

function orderAsSeen(state: GameState, viewer: Viewer): OrderView | null {
  const o = state.order;
  if (!o) return null;
  const name = (id: string) => nameNow(state, id, viewer);
  const aros = dict<DeclaredAro>();
  for (const id of Object.keys(o.aros).map((k) => [name(k), k] as const).filter(([n]) => n !== null).sort(([a], [b]) => compareText(a!, b!))) {
    aros[id[0]!] = aroAsSeen(o.aros[id[1]]!, id[0]!, name);
  }
  const needs = dict<number>();
  for (const [n, id] of Object.keys(o.needs).map((k) => [name(k), k] as const).filter(([n]) => n !== null).sort(([a], [b]) => compareText(a!, b!))) {
    needs[n!] = o.needs[id]!;
  }
  const skills = o.skills.map((k) => skillAsSeen(k, name));
  const seen: OrderView = { player: o.player, trooper: name(o.trooper) ?? o.trooper, ...withAsSeen(o, name), from: o.from, stage: o.stage, skills, aros, needs, window: windowAsSeen(state, viewer) };
  if (o.dodgeMoves) seen.dodgeMoves = o.dodgeMoves.map(name).filter((n): n is string => n !== null);
  if (o.dodgePlayer) seen.dodgePlayer = o.dodgePlayer;
  return seen;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Marker ids in the order they were given: by player, then by number (A-m2 before A-m10). Where a
 * marker is listed tells nothing of the trooper behind it.
 */
export function compareMarkerIds(a: string, b: string): number {
  const ma = /^([AB])-m(\d+)$/.exec(a);
  const mb = /^([AB])-m(\d+)$/.exec(b);
  if (ma && mb) return ma[1] !== mb[1] ? compareText(ma[1]!, mb[1]!) : Number(ma[2]) - Number(mb[2]);
  return compareText(a, b);
}

/**
 * ARO-1, ARO-5: the ARO window open now as a player may know it: whose it is, who may react (named as
 * the viewer names them, those it may not know of left out), and the points it looks at.
 */
export interface OpenWindow {
  window: 1 | 2;
  /** the reactive player */
  player: PlayerId;
  /** the active trooper, as the viewer names it */
  trooper: string;
  /** the troopers that may react, as the viewer names them (those it may not know of left out) */
  eligible: string[];
  /** the points the window looks at: the declared Move's path from where it set out, or where the trooper stands (ARO-5) */
  path: PlanePoint[];
  /** the skill declared just before the window */
  skill: string;
  /** COORD-6: in a Coordinated Order, the participants each reactor may react against */
  against?: Record<string, string[]>;
  /** COORD-6, ARO-5: in a Coordinated Order, each participant's points as `path` gives the Spearhead's */
  paths?: Record<string, PlanePoint[]>;
}

export function windowAsSeen(state: GameState, viewer: Viewer): OpenWindow | null {
  const o = state.order;
  const w = windowOf(o);
  if (!o || w === null) return null;
  const name = (id: string) => nameNow(state, id, viewer);
  const eligible = (o.eligible[w - 1] ?? []).map(name).filter((n): n is string => n !== null).sort();
  const declared = o.skills[w - 1] ?? o.skills.at(-1);
  const t = state.troopers[o.trooper]!;
  // MOV-4: Cautious Movement gives AROs only where it ends.
  const path = declaredPath(o, w, { x: t.x!, y: t.y! });
  return { window: w, player: otherPlayer(o.player), trooper: name(o.trooper) ?? o.trooper, eligible, path, skill: declared?.skill ?? 'none', ...againstAsSeen(o, w, name), ...pathsAsSeen(state, o, w, name) };
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
  const entries = Object.entries(state.troopers);
  // The viewer's own troopers in roster order; the opponent's it may know of by id, and markers by
  // marker id: no order in a view follows the opponent's roster or the troopers behind its markers.
  const mine = viewer === null ? entries : entries.filter(([, t]) => t.player === viewer);
  const theirs = viewer === null ? [] : entries.filter(([, t]) => t.player !== viewer && opponentKnows(t.status)).sort(([a], [b]) => compareText(a, b));
  for (const [id, t] of [...mine, ...theirs]) {
    const v: TrooperView = { player: t.player, status: t.status, x: t.x, y: t.y, z: t.z, facing: t.facing, prone: t.prone, fixed: t.fixed, wounds: t.wounds, group: t.group };
    if (t.onWall) v.onWall = true; // MOV-14: shown as the position is
    if (t.engaged) v.engaged = true; // CC-2, CC-14: Open Information
    if (t.player === viewer || viewer === null) {
      if (t.cover !== undefined) v.cover = t.cover;
    }
    troopers[id] = v;
  }
  const onTable = entries.filter(([, t]) => t.status === 'marker' && t.markerId && t.x !== null && t.y !== null && t.z !== null);
  onTable.sort(([, a], [, b]) => compareMarkerIds(a.markerId!, b.markerId!));
  for (const [id, t] of onTable) {
    // TOC-2: a camouflaged trooper is shown as its marker; only its owner learns which trooper it is.
    const own = viewer === null || t.player === viewer;
    markers[t.markerId!] = { player: t.player, s: profileOf(state, id).s, x: t.x!, y: t.y!, z: t.z!, group: t.group, ...(own ? { trooper: id } : {}) };
  }
  return {
    ...publicState(state),
    orders: ordersOf(state),
    pool: state.pool && state.active ? poolAsSeen(state.pool, state, state.active, viewer) : null,
    order: orderAsSeen(state, viewer),
    troopers,
    markers,
    ...(state.score ? { score: scoreAsSeen(state.score, viewer) } : {}),
    ...(state.commandTokens ? { commandTokens: { A: state.commandTokens.A, B: state.commandTokens.B } } : {}),
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
  // The opponent's known troopers by id: the order of the pool's record follows its roster.
  for (const [id, n] of Object.entries(pool.irregular).sort(([a], [b]) => compareText(a, b))) {
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
    if (viewer === null || t.player === viewer) out[id] = asLieutenant(state, id, profileOf(state, id), true);
    else if (opponentKnows(t.status)) {
      // GRP-4: which trooper is the Lieutenant stays private until it spends the Lieutenant Special Order;
      // PRIV-2: its cost until it is removed or the game ends; only the open fields are listed.
      const p = asLieutenant(state, id, profileOf(state, id), state.lieutenantKnown[t.player]);
      out[id] = seenProfile(p, t.status === 'removed' || state.phase === 'end');
    }
  }
  return out;
}

/**
 * A profile with the Lieutenant's mark where the viewer may see it: on the side's Lieutenant as it is
 * now (MIS-17: a new one named in a Loss of Lieutenant takes it from the first), when `shown`.
 */
function asLieutenant(state: GameState, id: string, p: TrooperProfile, shown: boolean): TrooperProfile {
  const named = state.score?.lieutenants?.[state.troopers[id]!.player];
  const is = named ? named === id : p.skills.includes('lieutenant');
  const mark = is && shown;
  if (mark === p.skills.includes('lieutenant')) return p;
  return { ...p, skills: mark ? ['lieutenant', ...p.skills] : p.skills.filter((sk) => sk !== 'lieutenant') };
}

/** Events that end a secret by themselves: the opponent learns what they say. */
const ENDS_SECRET = new Set(['placed', 'revealed', 'discovered']);
const KNOWN_STATUS = new Set<TrooperStatus>(['model', 'marker', 'unconscious', 'removed']);

/**
 * What each field of an event is, for a player's view: a plain value (`v`), a trooper (`id`: named as
 * the viewer may name it), or a list of troopers (`ids`: named so, without the unknown, in string
 * order; `seq`: in the order the rules give). A view lists exactly these fields of each event (GAME-FILE.md, GAME-TURN.md); a field the
 * engine adds to an event reaches no player's view until it is named here.
 */
type FieldKind = 'v' | 'id' | 'ids' | 'seq' | 'idmap';
const V = 'v' as const;
const EVENT_FIELDS: { readonly [T in GameEvent['type']]: Readonly<Record<string, FieldKind>> } = {
  roll: { player: V, trooper: 'id', roll: V, target: V, result: V, skill: V, dice: V, against: 'id' },
  initiative: { winner: V },
  choice: { player: V, choice: V, first: V, keeperZone: V },
  placed: { player: V, trooper: 'id', as: V, x: V, y: V, z: V, facing: V, prone: V },
  awaitingFallback: { player: V, trooper: 'id' },
  keptBack: { player: V, count: V },
  step: { step: V, active: V },
  turn: { round: V, active: V },
  orders: { player: V, groups: V, irregular: V, lieutenant: V, markersIrregular: V },
  regrouped: { player: V, trooper: 'id', group: V },
  declared: {
    player: V,
    trooper: 'id',
    skill: V,
    from: V,
    window: V,
    at: V,
    path: V,
    facing: V,
    target: V,
    weapon: V,
    targets: V,
    aim: V,
    fireFrom: V,
    declares: V,
    revealFacing: V,
    // MOV-11 to MOV-17 (docs/rules/movement.md)
    prone: V,
    to: V,
    over: V,
    entire: V,
    against: 'id', // COORD-6
  },
  aroWindow: { player: V, window: V, eligible: 'ids', against: 'idmap' },
  // COORD-1, COORD-5, COORD-11 (coordinated.md): participants in listed order, markers by marker id
  coordinated: { player: V, spearhead: 'id', with: 'seq' }, commandToken: { player: V, left: V }, idleInstead: { player: V, trooper: 'id', skill: V },
  moved: { player: V, trooper: 'id', path: V, x: V, y: V, z: V, facing: V, skill: V, prone: V, onWall: V },
  dodgeMoves: { troopers: 'seq' },
  engaged: { trooper: 'id', with: 'ids' }, disengaged: { trooper: 'id' }, coupDeGrace: { trooper: 'id', target: 'id' }, strayHit: { trooper: 'id', target: 'id' }, // CC-14: Open Information
  gameEnd: { round: V },
  zoneCount: { zone: V, moment: V, round: V, points: V, dominatedBy: V },
  scored: { player: V, rule: V, moment: V, round: V, points: V, total: V },
  gameResult: { winner: V, points: V, victoryPoints: V, decidedBy: V },
  activated: { player: V, trooper: 'id', objective: V },
  retreat: { player: V }, lossOfLieutenant: { player: V }, lieutenantNamed: { player: V }, // MIS-17: who is named stays private
  classifiedChosen: { player: V }, classifiedRevealed: { player: V, objective: V }, // MIS-12: the choice stays private until achieved
  revealed: { player: V, trooper: 'id', as: V, x: V, y: V, z: V, facing: V },
  discovered: { player: V, marker: V, trooper: 'id', by: 'id' },
  camouflaged: { player: V, trooper: 'id', marker: V },
  camouflageFailed: { player: V, trooper: 'id', by: 'ids' },
  discoverFailed: { player: V, marker: V, by: 'id' },
  template: { shape: V, x: V, y: V, z: V, facing: V, hits: 'ids' },
  save: { player: V, trooper: 'id', roll: V, target: V, result: V, by: 'id' },
  hits: { by: 'id', target: 'id', hits: V, criticals: V },
  wounds: { player: V, trooper: 'id', wounds: V, status: V },
  aro: { player: V, trooper: 'id', by: 'ids' },
  distance: { inches: V },
  lof: { visible: V, cover: V, seen: V },
  odds: { success: V, critical: V, a: V, b: V, none: V, outcomes: V, woundsA: V, woundsB: V },
};

/** The fields a view may list for events of this type (for tests and the other machine's checks). */
export function eventFields(type: GameEvent['type']): readonly string[] {
  return Object.keys(EVENT_FIELDS[type]);
}

/**
 * The events of one command as `viewer` may see them, given the states before and after it. An event
 * naming an opponent's trooper shows only if that trooper was a model, a marker (named by its marker
 * id) or removed at the time, or if the event itself ends the secret (placed as a model or marker,
 * revealed, discovered). The opponent's initiative rolls always show, without the trooper (INI-6).
 * Each event shown is built anew from the fields EVENT_FIELDS lists for its type.
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
  const out: GameEvent[] = [];
  for (const [i, e] of events.entries()) {
    at = i;
    const fields = e as unknown as Record<string, unknown>;
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
    const initiativeRoll = e.type === 'roll' && before.phase === 'initiative' && e.player === opponent;
    // The event's own trooper: an opponent's is named as the viewer may name it, or the event is not shown.
    let trooper: string | null | undefined;
    if (typeof fields.trooper === 'string' && !initiativeRoll) {
      trooper = fields.trooper;
      if (after.troopers[trooper]?.player === opponent) {
        if (ENDS_SECRET.has(e.type)) {
          const as = (e as { as?: string }).as;
          if (as === 'hidden') continue;
          // A trooper that appears as a marker is known only by the marker.
          if (as === 'marker') trooper = after.troopers[trooper]?.markerId ?? trooper;
        } else {
          trooper = nameFor(trooper);
          if (trooper === null) continue;
        }
      }
    }
    // ATK-1: a hit names attacker and target as the viewer knows them; a hit on what it may not know is not shown.
    if (e.type === 'hits' && nameFor(e.target) === null) continue;
    const shown: Record<string, unknown> = { index: e.index, type: e.type };
    for (const [field, kind] of Object.entries(EVENT_FIELDS[e.type])) {
      if (!(field in fields) || fields[field] === undefined) continue;
      const value = fields[field];
      if (field === 'trooper' && kind === 'id') {
        // INI-6: the opponent's initiative roll shows without its trooper.
        if (trooper !== undefined) shown.trooper = trooper;
        continue;
      }
      if (kind === 'v') shown[field] = value;
      else if (kind === 'ids') shown[field] = Array.isArray(value) ? listed(value as string[], nameFor) : value;
      // `seq`: troopers in an order the rules give (MOV-20: who moves first), without the unknown.
      else if (kind === 'seq') shown[field] = Array.isArray(value) ? (value as string[]).map(nameFor).filter((n) => n !== null) : value;
      else if (kind === 'idmap') shown[field] = idMapAsSeen(value as Record<string, string[]>, nameFor);
      else if (typeof value === 'string') {
        const n = nameFor(value);
        // `against` names the other side of a roll, or null when the viewer may not know of it.
        if (n !== null || field === 'against') shown[field] = n;
      } else shown[field] = value;
    }
    out.push(shown as GameEvent);
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
