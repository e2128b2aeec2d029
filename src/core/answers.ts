/**
 * The rule answers the interface shows, worked out here and nowhere else (DEVELOPERS: "the interface
 * computes no rule"): the odds of the rolls an Order plans (TOOL-8: exactly the figures an `odds` query
 * gives for the same roll), the Orders the other side would get next turn (ORD-1 to ORD-4), a Discover's
 * Success Value and odds (TOC-5), the ARO window open now, and each die of a roll marked as it counted.
 * Every trooper is named as the viewer may name it (an enemy marker by its marker id).
 */
import { apply } from './engine';
import type { Command, CommandOf, GameState, SkillFields, OrderState, PlayerId, RollResult, TrooperProfile } from './model/types';
import { otherPlayer } from './model/types';
import type { EngineContext } from './ports';
import { dieMarks, judgeDice, type DieMark } from './rules/attacks/burst';
import { Tx } from './rules/context';
import { faceToFaceOdds, normalOdds } from './rules/dice';
import { orderCount } from './rules/orders/count';
import { lostPool, situationOf } from './rules/missions/situations';
import { combatJumpValue } from './rules/combatJump/combatJump';
import { attackDamage } from './rules/orders/resolution/damage';
import { plan } from './rules/orders/resolution/plan';
import { oddsOf } from './rules/queries/queries';
import { discoverRangeMod, discoverValue } from './rules/skills/discover/skill';
import type { RollKind, Spec } from './rules/skills/skill';
import { cylinderGap } from './geometry/shapes';
import { lieutenantOf } from './rules/initiative/lieutenant';
import { silhouetteOf } from './rules/placement';
import { resolveRef } from './rules/refs';
import { knownProfiles, nameNow, viewFor, windowAsSeen, type OpenWindow, type Viewer } from './view';

/** The chances of one roll an Order plans, as the viewer may know them. */
export interface RollOdds {
  /** who rolls, and at whom, as the viewer names them */
  roller: string;
  target: string | null;
  kind: RollKind;
  /** the Success Value and the dice (the Burst) */
  sv: number;
  dice: number;
  /** the roll it faces (ATK-2), or null for a Normal roll */
  against: { roller: string; sv: number; dice: number } | null;
  /** this side scores at least one hit (or succeeds), and at least one critical */
  hit: number;
  critical: number;
  /** the other side scores, in a Face to Face roll */
  theirs: number | null;
  /** the Wounds the target loses to this roll: wounds[k] the chance of k (null: the roll does no damage) */
  wounds: number[] | null;
  /** the `odds` query that gives these very figures (TOOL-8) */
  query: CommandOf<'odds'>;
}

/** The largest Burst the exact count takes (TOOL-8). */
const MAX_BURST = 5;

/**
 * The roll a planned roll faces: the answer to an attack, the attack an ARO answers (ATK-2, ATK-5), as
 * the judging pairs them (COORD-6: a reactor's attack faces only the participant it named, whose own
 * attack or Dodge it meets; a Dodge faces every attack).
 */
function facing(specs: readonly Spec[], s: Spec): Spec | null {
  const rolled = (x: Spec) => x !== s;
  const attack = (x: Spec) => x.kind === 'attack' || x.kind === 'impact';
  if (attack(s)) return specs.find((x) => rolled(x) && x.roller === s.target && (x.kind === 'dodge' || (x.kind === 'aro-attack' && x.against === s.roller))) ?? null;
  if (s.kind === 'aro-attack') {
    return specs.find((x) => attack(x) && x.target === s.roller && x.roller === s.target) ?? specs.find((x) => x.roller === s.target && x.kind === 'dodge' && !x.aro) ?? null;
  }
  if (s.kind === 'dodge') {
    if (!s.aro) return specs.find((x) => x.kind === 'aro-attack' && x.target === s.roller) ?? null;
    return specs.find((x) => attack(x) && x.target === s.roller) ?? null;
  }
  return null;
}

/** The odds of every roll an Order plans (`order`: the Order in progress on `state`). */
function oddsOfOrder(state: GameState, ctx: EngineContext, order: OrderState, viewer: Viewer): RollOdds[] {
  const tx = new Tx(state, state, ctx);
  const { specs } = plan(tx, order);
  const name = (id: string) => nameNow(state, id, viewer) ?? id;
  const out: RollOdds[] = [];
  for (const s of specs) {
    const other = facing(specs, s);
    if (s.count > MAX_BURST || (other && other.count > MAX_BURST)) continue;
    // The Wounds it takes: the Attack Damage against the target's ARM or BTS, -3 in Partial Cover (DMG-1).
    const hurt = s.weapon && s.target ? attackDamage(tx.profile(s.target), s.weapon, s.cover ?? false) : null;
    const query: CommandOf<'odds'> = {
      do: 'odds',
      a: s.sv,
      ...(s.count > 1 ? { burstA: s.count } : {}),
      ...(other ? { b: other.sv, ...(other.count > 1 ? { burstB: other.count } : {}) } : {}),
      ...(hurt !== null && s.weapon ? { damageA: { attackDamage: hurt, ammo: s.weapon.ammo } } : {}),
    };
    const figures = oddsOf(query) as { outcomes: { side: 'A' | 'B'; hits: number; criticals: number; p: number }[]; woundsA?: number[] };
    const mine = figures.outcomes.filter((o) => o.side === 'A');
    out.push({
      roller: name(s.roller),
      target: s.target ? name(s.target) : null,
      kind: s.kind,
      sv: s.sv,
      dice: s.count,
      against: other ? { roller: name(other.roller), sv: other.sv, dice: other.count } : null,
      hit: mine.reduce((n, o) => n + o.p, 0),
      critical: mine.filter((o) => o.criticals > 0).reduce((n, o) => n + o.p, 0),
      theirs: other ? figures.outcomes.filter((o) => o.side === 'B').reduce((n, o) => n + o.p, 0) : null,
      wounds: figures.woundsA ?? null,
      query,
    });
  }
  return out;
}

/**
 * The odds of the rolls the Order would make if `command` were given now (a declaration of `order`,
 * `second` or `aros`), or of the Order in progress when no command is given: the same plan the
 * resolution uses, with the dice held back. Empty when the command is refused or makes no roll.
 */
export function plannedOdds(state: GameState, ctx: EngineContext, viewer: Viewer, command?: Command): RollOdds[] {
  if (!command) return state.order ? oddsOfOrder(state, ctx, state.order, viewer) : [];
  // With the dice held back, the Order stops before its rolls with every roll planned.
  const held = apply({ ...state, dice: { mode: 'manual' } }, command, ctx);
  if (!held.ok || !held.state.order) return [];
  return oddsOfOrder(held.state, ctx, held.state.order, viewer);
}

/**
 * The one way to build the command that declares a skill of `trooper` (its id, or its player's marker
 * id): `second` when the Order in progress is that trooper's and the player's, else `order` (ORD-5).
 */
export function orderCommand(state: GameState, player: PlayerId, trooper: string, skill: SkillFields): Command {
  const o = state.order;
  const inOrder = o !== null && o.player === player && resolveRef(state, trooper, player) === o.trooper;
  if (inOrder) return { do: 'second', player, ...skill };
  return { do: 'order', player, trooper, ...skill, ...(onLieutenantOrder(state, player, trooper) ? { from: 'lieutenant' as const } : {}) };
}

/**
 * ORD-3: the Lieutenant's own Order is the Lieutenant Special Order once its Combat Group has no Regular
 * Order left (and it holds no Irregular one): the only Order it may still spend this turn, so the
 * command names it (the engine's default source is the pool).
 */
function onLieutenantOrder(state: GameState, player: PlayerId, trooper: string): boolean {
  const pool = state.pool;
  const id = resolveRef(state, trooper, player);
  const t = id === null ? undefined : state.troopers[id];
  if (!pool || state.active !== player || !t || t.status === 'hidden' || pool.lieutenant < 1) return false;
  if (lieutenantOf(state, player) !== id) return false;
  return (pool.groups[String(t.group)] ?? 0) < 1 && (pool.irregular[id!] ?? 0) < 1;
}

/**
 * COORD-13: the command that declares one skill for every participant of a Coordinated Order, the
 * Spearhead first (its fields at the top, each other's in `each`): `order` with `with` for a new Order,
 * `second` in the Coordinated Order in progress. The engine judges it as any other command.
 */
export function coordinatedCommand(state: GameState, player: PlayerId, spearhead: string, fields: Record<string, SkillFields>): Command {
  const o = state.order;
  const others = Object.keys(fields).filter((id) => id !== spearhead);
  const each = Object.fromEntries(others.map((id) => [id, fields[id]!]));
  const inOrder = o !== null && o.player === player && o.with !== undefined && resolveRef(state, spearhead, player) === o.trooper;
  return inOrder ? ({ do: 'second', player, ...fields[spearhead]!, each } as Command) : ({ do: 'order', player, trooper: spearhead, ...fields[spearhead]!, with: others, each } as Command);
}

/** CJ-6, CJ-11: the PH roll of a Combat Jump, as the `combatJump` command would roll it, with the hacker named (null: none). */
export function combatJumpOdds(state: GameState, jumper: string, hacker: string | null): { target: number; success: number; critical: number } {
  const target = combatJumpValue(state, jumper, hacker);
  return { target, ...normalOdds(target) };
}

/** The Orders a side would get if its turn began now, as a viewer may tell (ORD-1 to ORD-4). */
export interface NextPool {
  player: PlayerId;
  /** each Combat Group's Orders; `markers`: how many of them come from markers, Regular or Irregular as the viewer cannot tell */
  groups: { group: number; orders: number; markers: number }[];
  /** the troopers (as the viewer names them) giving an Irregular Order each; one named twice gives two (ORD-4) */
  irregular: string[];
  /** the Lieutenant Special Order, shown only to its own side (GRP-4) */
  lieutenant: number | null;
  /**
   * MIS-16, MIS-18: the situation that turn would begin in, foreseen for its own side only (whether the
   * other's Lieutenant is down, or its army under a quarter of its points, is Private: GRP-4, costs).
   */
  situation: 'loss-of-lieutenant' | 'retreat' | null;
}

/** The pool of the side that is not active, as `viewer` may count it; null outside the game. */
export function nextTurnPool(state: GameState, viewer: Viewer): NextPool | null {
  if (state.phase !== 'game' || !state.active) return null;
  const side = otherPlayer(state.active);
  if (viewer === null || viewer === side) {
    // Its own side: the Order Count itself, with the situations its Tactical Phase would find (MIS-16, MIS-18).
    const pool = orderCount(state, side);
    const now = situationOf(state, side);
    if (now?.lost) lostPool(state, side, pool);
    const situation = now?.retreat ? 'retreat' : now?.lost ? 'loss-of-lieutenant' : null;
    const irregular: string[] = [];
    for (const [id, n] of Object.entries(pool.irregular)) for (let i = 0; i < n; i++) irregular.push(id);
    const groups = Object.entries(pool.groups).map(([g, n]) => ({ group: Number(g), orders: n, markers: 0 }));
    return { player: side, groups: groups.filter((g) => g.orders > 0).sort((a, b) => a.group - b.group), irregular, lieutenant: pool.lieutenant, situation };
  }
  // The opponent's: its models as the viewer knows them, and each marker one Order of its group.
  const view = viewFor(state, viewer);
  const known = knownProfiles(state, viewer);
  const groups = new Map<number, { orders: number; markers: number }>();
  const add = (g: number, marker: boolean) => {
    const e = groups.get(g) ?? { orders: 0, markers: 0 };
    e.orders += 1;
    if (marker) e.markers += 1;
    groups.set(g, e);
  };
  const irregular: string[] = [];
  for (const [id, t] of Object.entries(view.troopers)) {
    if (t.player !== side || t.status !== 'model') continue;
    const p = known[id];
    if (!p) continue;
    if (p.orders === 'irregular') irregular.push(id);
    else add(t.group, false);
    if (p.skills.includes('tactical-awareness')) irregular.push(id);
  }
  for (const m of Object.values(view.markers)) if (m.player === side) add(m.group, true);
  return { player: side, groups: [...groups.entries()].sort(([a], [b]) => a - b).map(([group, e]) => ({ group, ...e })), irregular, lieutenant: null, situation: null };
}

/** A Discover roll's Success Value and odds (TOC-5): WIP, the range MOD and -6, from where the trooper stands. */
export interface DiscoverOdds {
  wip: number;
  /** the distance between the silhouettes, inches */
  range: number;
  rangeMod: number;
  camouflageMod: number;
  sv: number;
  success: number;
  critical: number;
}

export function discoverOdds(state: GameState, discoverer: string, marker: string, viewer: Viewer): DiscoverOdds | null {
  const id = Object.hasOwn(state.troopers, marker) ? marker : Object.entries(state.troopers).find(([, t]) => t.markerId === marker && t.status === 'marker')?.[0];
  const me = silhouetteOf(state, discoverer);
  if (!id || !me || (viewer !== null && state.troopers[discoverer]?.player !== viewer)) return null;
  const it = silhouetteOf(state, id);
  if (!it) return null;
  const range = Math.max(0, cylinderGap(me, it));
  const p: TrooperProfile | undefined = knownProfiles(state, viewer)[discoverer];
  if (!p) return null;
  const rangeMod = discoverRangeMod(range);
  const sv = discoverValue(state, discoverer, me, it);
  return { wip: p.wip, range, rangeMod, camouflageMod: -6, sv, ...normalOdds(sv) };
}

/** The ARO window open now, as `viewer` may know it (the Order's view carries the same: `order.window`). */
export function openWindow(state: GameState, viewer: Viewer): OpenWindow | null {
  return windowAsSeen(state, viewer);
}

/** Each die of a roll, marked against the other side's best die (or alone, for a Normal roll), as the resolution counts them (ATK-2, TOOL-6). */
export function markDice(roll: { dice?: number[]; roll: number; target: number }, other: { dice?: number[]; roll: number; target: number } | null): DieMark[] {
  return dieMarks(judgeDice(roll.dice ?? [roll.roll], roll.target), other ? judgeDice(other.dice ?? [other.roll], other.target) : null);
}

/** The result of one die against a Success Value (FACTS: criticals), for a die typed in by hand. */
export function dieResult(die: number, sv: number): RollResult {
  return judgeDice([die], sv).outcomes[0]!.result;
}

/**
 * INI-6: each Lieutenant's WIP is Open Information. Only the number leaves this function: which
 * trooper is the Lieutenant is not.
 */
export function lieutenantWips(setup: Pick<GameState['setup'], 'players'>): Record<PlayerId, number> {
  const wip = (p: PlayerId) => setup.players[p].troopers.find((t) => t.skills.includes('lieutenant'))?.wip ?? 0;
  return { A: wip('A'), B: wip('B') };
}

/** INI-1, INI-2: one initiative roll's chances (A wins, B wins, roll again), and each side's chance of winning in the end. */
export function initiativeOdds(wips: Record<PlayerId, number>) {
  const once = faceToFaceOdds(wips.A, wips.B);
  const decided = once.a + once.b;
  return { once, final: { A: decided > 0 ? once.a / decided : 0.5, B: decided > 0 ? once.b / decided : 0.5 } };
}

export type { DieMark, OpenWindow, RollKind };
export { lieutenantOf };
