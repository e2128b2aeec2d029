/**
 * The bot's Active Turn: which trooper to activate and with what Order. Candidate Orders are drawn from
 * the ground each trooper can walk and the sight maps (shoot from here and move to cover, move to a spot
 * that sees a target and shoot, move and move to a better spot, Discover a marker and shoot it, Sensor,
 * a Combat Jump where the landing is good), ranked by a cheap guess, and the best of them, as many as
 * the budget allows, are played out on the world by the engine itself (the first skill, the enemy's
 * foreseen AROs, each second skill tried, the AROs again) and judged by the exact odds of every roll
 * they plan, and where they leave the trooper. The turn ends when no Order is worth giving.
 */
import type { EngineContext } from '../core/api';
import type { Command, GameState, PlanePoint, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { cut, lengthOf, type Reach } from './ground';
import { after, facingTo, profile } from './moment';
import { outlook, spotValue, type Outlook, type Weights } from './outlook';
import { gap, bodyOf, shotWorth } from './sight';
import { closePlans, closeSeconds } from './close';
import { jumpPlans } from './jumps';
import { paced } from './pace';
import { catchUp, secretWorth } from './army';
import { missionPlans, missionSeconds, missionValue, skillRollsValue } from './mission';
import type { Plan, Search } from './plan';

export type { Plan, Search } from './plan';
import { nameOf, placeOf, reachOf } from './tactics';
import { afterForeseen, oddsOf, rollsValue, worth } from './value';

/** Whether a trooper of the bot's has an Order it may spend now. */
export function hasOrder(state: GameState, id: string): boolean {
  const t = state.troopers[id]!;
  const pool = state.pool;
  if (!pool) return false;
  if (t.status === 'hidden') return t.x !== null;
  if (t.status !== 'model' && t.status !== 'marker') return false;
  const p = profile(state, id);
  if ((pool.irregular[id] ?? 0) > 0) return true;
  return (p.orders === 'regular' && (pool.groups[String(t.group)] ?? 0) > 0) || lieutenantOrderFor(state, id);
}

/** The bot's own Lieutenant: the one named in a Loss of Lieutenant (MIS-17), else the one its list marks. */
function ownLieutenant(state: GameState, me: PlayerId): string | null {
  const named = state.score?.lieutenants?.[me];
  if (named) return named;
  return Object.keys(state.troopers).find((id) => state.troopers[id]!.player === me && profile(state, id).skills.includes('lieutenant')) ?? null;
}

/**
 * Whether the trooper gives its Order now from the Lieutenant Special Order (ORD-3): it is the Lieutenant,
 * the Order is left, and nothing else would pay (the default `from` spends the group's first).
 */
export function lieutenantOrderFor(state: GameState, id: string): boolean {
  const t = state.troopers[id]!;
  const pool = state.pool;
  if (!pool || (pool.lieutenant ?? 0) < 1 || (t.status !== 'model' && t.status !== 'marker')) return false;
  if ((pool.irregular[id] ?? 0) > 0 || (profile(state, id).orders === 'regular' && (pool.groups[String(t.group)] ?? 0) > 0)) return false;
  return ownLieutenant(state, t.player) === id;
}

/** Cells of a reach within a length, every `every` cells across and along. */
function cellsWithin(reach: Reach, len: number, every: number): number[] {
  const g = reach.ground;
  return reach.within(len).filter((c) => (c % g.cols) % every === 0 && Math.floor(c / g.cols) % every === 0);
}

function pointOf(reach: Reach, cell: number): { x: number; y: number; z: number } {
  return { x: reach.ground.x(cell), y: reach.ground.y(cell), z: reach.ground.z };
}

/** The best weapon for a target at a distance, by the harm it could do. */
function bestWeapon(state: GameState, shooter: string, target: string, d: number) {
  const p = profile(state, shooter);
  const arm = profile(state, target).arm;
  let best: { id: string; burst: number; worth: number; direct: boolean } | null = null;
  for (const w of p.weapons) {
    const v = shotWorth(w, d, p.bs, arm);
    if (v > 0 && (!best || v > best.worth)) best = { id: w.id, burst: w.burst, worth: v, direct: w.template !== undefined && w.kind === 'direct' };
  }
  return best;
}

/** A BS Attack on one target with the whole Burst (a direct template aimed at it). */
export function attackSkill(state: GameState, shooter: string, target: string, me: PlayerId, d: number): Record<string, unknown> | null {
  const w = bestWeapon(state, shooter, target, d);
  if (!w) return null;
  const t = state.troopers[target]!;
  return w.direct ? { skill: 'bs-attack', weapon: w.id, aim: { x: t.x!, y: t.y! } } : { skill: 'bs-attack', weapon: w.id, targets: [{ target: nameOf(state, target, me), burst: w.burst }] };
}

/** The candidate Orders of one trooper. */
function plansOf(state: GameState, ctx: EngineContext, me: PlayerId, id: string, w: Weights, out: Plan[]): void {
  const p = profile(state, id);
  const t = state.troopers[id]!;
  const here = placeOf(state, id);
  const name = nameOf(state, id, me);
  const order = (skill: Record<string, unknown>) => ({ do: 'order', player: me, trooper: name, ...skill }) as Command;
  const second = (skill: Record<string, unknown>) => ({ do: 'second', player: me, ...skill }) as Command;
  const none = second({ skill: 'none' });
  const hidden = t.status === 'hidden';
  // A hidden trooper is not on the table (HD-2): nothing can harm it where it stands.
  const seen = outlook(state, ctx, id, here);
  const base = hidden ? { ...seen, risk: 0, aroRisk: 0 } : seen;
  const baseValue = spotValue(base, w);
  // Showing a hidden trooper (or a marker) costs its secret: an Order must pay more than that.
  const reveal = hidden ? secretWorth(state, me, id) : t.status === 'marker' ? 0.1 * worth(state, id) : 0;
  if (t.status === 'model' && t.prone) return;
  const reach = reachOf(state, ctx, id, p.mov[0] + p.mov[1]);
  const views = new Map<number, Outlook>();
  const look = (c: number) => {
    let o = views.get(c);
    if (!o) views.set(c, (o = outlook(state, ctx, id, pointOf(reach, c))));
    return o;
  };
  const route = (c: number, len: number): [PlanePoint[], PlanePoint[]] => cut(here, reach.route(c), len - 0.03);
  const near = cellsWithin(reach, p.mov[0] - 0.1, 3);
  // The spot within a first Move where it would be safest, for going to cover after shooting.
  let cover = -1;
  let coverV = -Infinity;
  for (const c of near) {
    const v = -look(c).risk + 0.05 * look(c).threat;
    if (v > coverV) {
      coverV = v;
      cover = c;
    }
  }
  const coverSkill = () => {
    if (cover < 0) return null;
    const [path] = route(cover, p.mov[0]);
    return path.length > 0 ? { skill: 'move', path, facing: base.sees[0] ? facingTo(path.at(-1)!, spotOf(state, base.sees[0].id)) : t.facing ?? 0 } : null;
  };
  // 1. Shoot from here, then stay or go to cover.
  for (const s of base.sees) {
    const skill = attackSkill(state, id, s.id, me, s.distance);
    if (!skill) continue;
    const c = coverSkill();
    out.push({ actor: id, first: order(skill), seconds: c ? [second(c), none] : [none], est: s.harm - base.aroRisk * 0.5 - reveal, kind: 'shoot' });
  }
  // 2. Move to a spot that sees a target, and shoot.
  const moveShots: Plan[] = [];
  for (const c of near) {
    const o = look(c);
    for (const s of o.sees) {
      const skill = attackSkill(state, id, s.id, me, s.distance);
      if (!skill) continue;
      const [path] = route(c, p.mov[0]);
      if (path.length === 0) continue;
      const end = path.at(-1)!;
      moveShots.push({ actor: id, first: order({ skill: 'move', path, facing: facingTo(end, spotOf(state, s.id)) }), seconds: [second(skill)], est: s.harm - o.aroRisk * 0.7 - reveal - (o.risk - base.risk) * 0.2, kind: 'move-shoot' });
    }
  }
  moveShots.sort((a, b) => b.est - a.est);
  const targeted = new Set<string>();
  for (const m of moveShots) {
    const key = JSON.stringify((m.seconds[0] as { targets?: unknown; aim?: unknown }).targets ?? (m.seconds[0] as { aim?: unknown }).aim);
    if (targeted.has(key) && targeted.size >= 2) continue;
    targeted.add(key);
    out.push(m);
    if (targeted.size >= 4) break;
  }
  // 2b. Step out, shoot from the spot stepped to, and step back where it stood (fireFrom: a point of the Move).
  const peekLen = (p.mov[0] - 0.15) / 2;
  const peeks: Plan[] = [];
  for (const c of cellsWithin(reach, peekLen, 2)) {
    const o = look(c);
    if (o.sees.length === 0 || base.sees.length > 0) continue;
    const way = reach.route(c);
    if (way.length === 0 || lengthOf(here, way) > peekLen) continue;
    const path = [...way, ...way.slice(0, -1).reverse(), { x: here.x, y: here.y }];
    const at = way.at(-1)!;
    for (const s of o.sees) {
      const skill = attackSkill(state, id, s.id, me, s.distance);
      if (!skill || 'aim' in skill) continue;
      peeks.push({ actor: id, first: order({ skill: 'move', path, facing: facingTo(at, spotOf(state, s.id)) }), seconds: [second({ ...skill, fireFrom: at })], est: s.harm - o.aroRisk * 0.7 - reveal + 1, kind: 'peek' });
    }
  }
  peeks.sort((a, b) => b.est - a.est);
  out.push(...peeks.slice(0, 2));
  // 3. Move twice to a better spot (or once, when the spot is near).
  const far = cellsWithin(reach, p.mov[0] + p.mov[1] - 0.2, 3);
  // A trooper far behind the army counts the ground it closes on it once more (army.ts).
  const ranked = far.map((c) => ({ c, v: spotValue(look(c), w) + catchUp(state, me, id, here, pointOf(reach, c), w, base.sees.length > 0) - reveal })).sort((a, b) => b.v - a.v);
  for (const { c, v } of ranked.slice(0, 2)) {
    if (v <= baseValue + 0.3) break;
    const [first, rest] = route(c, p.mov[0]);
    if (first.length === 0) continue;
    const mid = first.at(-1)!;
    const [then] = cut(mid, rest, p.mov[1] - 0.03);
    const endAt = then.at(-1) ?? mid;
    const face = base.sees[0] ? facingTo(endAt, spotOf(state, base.sees[0].id)) : facingTo(endAt, nearestEnemy(state, me, endAt) ?? { x: endAt.x, y: endAt.y + 1 });
    const seconds = then.length > 0 ? [second({ skill: 'move', path: then, facing: face }), none] : [none];
    out.push({ actor: id, first: order({ skill: 'move', path: first, facing: face }), seconds, est: v - baseValue - look(c).aroRisk * 0.5, kind: 'reposition' });
  }
  // 4. Discover a marker it sees, and shoot it if found.
  for (const [mid, m] of Object.entries(state.troopers)) {
    if (m.player === me || m.status !== 'marker' || !m.markerId) continue;
    const d = gap(bodyOf(state, id, here), bodyOf(state, mid));
    if (d > 24) continue;
    const attack = attackSkill(state, id, mid, me, d);
    const chance = Math.max(0.05, Math.min(0.95, (p.wip - 6 + (d <= 8 ? 0 : d <= 16 ? -3 : -6)) / 20));
    out.push({ actor: id, first: order({ skill: 'discover', target: m.markerId }), seconds: attack ? [second(attack), none] : [none], est: chance * 0.3 * worth(state, mid) - base.aroRisk * 0.5, kind: 'discover' });
  }
  // 5. Sensor, against markers near.
  if (p.skills.includes('sensor')) {
    const markers = Object.values(state.troopers).filter((m) => m.player !== me && m.status === 'marker' && Math.hypot(m.x! - here.x, m.y! - here.y) < 10).length;
    if (markers > 0) out.push({ actor: id, first: order({ skill: 'sensor' }), seconds: [none], est: markers * 3 - base.aroRisk * 0.5, kind: 'sensor' });
  }
}

/** Where a trooper stands, on the plane. */
function spotOf(state: GameState, id: string): PlanePoint {
  const t = state.troopers[id]!;
  return { x: t.x!, y: t.y! };
}

function nearestEnemy(state: GameState, me: PlayerId, from: PlanePoint): PlanePoint | null {
  let best: PlanePoint | null = null;
  let bd = Infinity;
  for (const t of Object.values(state.troopers)) {
    if (t.player === me || (t.status !== 'model' && t.status !== 'marker')) continue;
    const d = Math.hypot(t.x! - from.x, t.y! - from.y);
    if (d < bd) {
      bd = d;
      best = { x: t.x!, y: t.y! };
    }
  }
  return best;
}

export interface Judged {
  value: number;
  second: Command | null;
}

/** An Order played out with each second skill it tries: the best, by expected casualties and where it ends. */
export function judge(state: GameState, ctx: EngineContext, me: PlayerId, plan: Plan, search: Search, guessed: readonly string[]): Judged | null {
  const enemy = otherPlayer(me);
  const s1 = after(state, plan.first, ctx);
  if (!s1) return null;
  const actor = state.troopers[plan.actor]!;
  const onTable = actor.x !== null;
  const start = placeOf(state, plan.actor);
  const startO = onTable ? outlook(state, ctx, plan.actor, start) : null;
  // A hidden trooper is not on the table (HD-2): nothing can harm it where it stands; showing itself costs its secret.
  const hidden = actor.status === 'hidden';
  const base = startO ? spotValue(hidden ? { ...startO, risk: 0, aroRisk: 0 } : startO, search.weights) : 0;
  const secret = secretWorth(state, me, plan.actor);
  // The mission (a game with one): the zones and objectives as the Order would leave them, against now.
  const missionBase = missionValue(state, me);
  let s2: GameState | null = s1;
  if (s1.order?.stage === 'aro1') s2 = afterForeseen(s1, ctx, enemy);
  if (!s2) return null;
  const score = (s: GameState) => {
    const odds = oddsOf(s, ctx, me);
    const id = plan.actor;
    const end = placeOf(s, id);
    const o = outlook(s, ctx, id, end);
    const marker = s.troopers[id]?.status === 'marker' && !s.order?.skills.some((k) => k.skill === 'bs-attack');
    const stand = spotValue(marker ? { ...o, risk: o.risk * 0.3 } : o, search.weights);
    const mission = missionValue(s, me, new Map([[id, end]])) - missionBase + skillRollsValue(s, me, odds);
    const shown = hidden && s.troopers[id]?.status !== 'hidden' ? secret : 0;
    const lag = startO ? catchUp(state, me, id, start, end, search.weights, startO.sees.length > 0) : 0;
    return rollsValue(s, odds, me, 0.5, guessed) + stand - base + mission + lag - shown + (plan.bonus ?? 0);
  };
  if (!s2.order || s2.order.stage !== 'second') return { value: score(s2), second: null };
  let best: Judged | null = null;
  for (const second of plan.seconds.slice(0, search.seconds)) {
    let s3 = after(s2, second, ctx);
    if (!s3) continue;
    if (s3.order?.stage === 'aro2') s3 = afterForeseen(s3, ctx, enemy);
    if (!s3) continue;
    const v = score(s3);
    if (!best || v > best.value) best = { value: v, second };
  }
  return best;
}

/** The candidate Orders of the bot's troopers, best guesses first, a few per trooper at least. */
export function candidates(state: GameState, ctx: EngineContext, me: PlayerId, search: Search): Plan[] {
  const all: Plan[] = [];
  for (const [id] of Object.entries(state.troopers)) {
    if (state.troopers[id]!.player !== me || !hasOrder(state, id)) continue;
    // CC-3: an Engaged trooper may only fight (or Dodge out): its other candidates would all be refused.
    if (!state.troopers[id]!.engaged) {
      plansOf(state, ctx, me, id, search.weights, all);
      missionPlans(state, ctx, me, id, search.weights, all);
    }
    closePlans(state, ctx, me, id, all);
  }
  all.push(...jumpPlans(state, ctx, me, search.weights));
  // ORD-3: the Lieutenant's Order from the Lieutenant Special Order, once its group's are spent.
  for (const p of all) {
    if (!lieutenantOrderFor(state, p.actor)) continue;
    if (p.first.do === 'order') p.first = { ...p.first, from: 'lieutenant' } as Command;
    if (p.give?.do === 'order') p.give = { ...p.give, from: 'lieutenant' } as Command;
  }
  all.sort((a, b) => b.est - a.est || (a.actor < b.actor ? -1 : a.actor > b.actor ? 1 : 0));
  // Every trooper's best guess first, then the rest by their guesses.
  const firsts: Plan[] = [];
  const seen = new Set<string>();
  for (const p of all) {
    if (seen.has(p.actor)) continue;
    seen.add(p.actor);
    firsts.push(p);
  }
  const rest = all.filter((p) => !firsts.includes(p));
  return [...firsts.slice(0, Math.ceil(search.plans / 2)), ...rest, ...firsts.slice(Math.ceil(search.plans / 2))];
}

/** The Order to give now, or the turn's end. */
export function chooseOrder(state: GameState, ctx: EngineContext, me: PlayerId, level: Search, guessed: readonly string[]): Command {
  const search = { ...level, weights: paced(state, me, level.weights) };
  const plans = candidates(state, ctx, me, search);
  let best: { plan: Plan; value: number } | null = null;
  let tried = 0;
  for (const plan of plans) {
    if (tried >= search.plans) break;
    const j = judge(state, ctx, me, plan, search, guessed);
    tried++;
    search.trace?.(`  ${plan.kind} ${plan.actor} est ${plan.est.toFixed(1)} value ${j ? j.value.toFixed(1) : 'refused'} ${JSON.stringify(plan.first).slice(0, 140)} / ${j?.second ? JSON.stringify(j.second).slice(0, 100) : '-'}`);
    if (j && (!best || j.value > best.value)) best = { plan, value: j.value };
  }
  search.trace?.(`order: ${plans.length} candidates, ${tried} played out; best ${best ? `${best.plan.kind} ${best.plan.actor} ${best.value.toFixed(1)}` : 'none'}`);
  if (!best || best.value < search.least) return { do: 'endTurn', player: me };
  return best.plan.give ?? best.plan.first;
}

/** The second skill of the bot's Order in progress, judged again now that the first window's AROs are known. */
export function chooseSecond(state: GameState, ctx: EngineContext, me: PlayerId, level: Search, guessed: readonly string[]): Command {
  const search = { ...level, weights: paced(state, me, level.weights) };
  const o = state.order!;
  const id = o.trooper;
  const p = profile(state, id);
  const here = placeOf(state, id);
  const second = (skill: Record<string, unknown>) => ({ do: 'second', player: me, ...skill }) as Command;
  const options: Command[] = [second({ skill: 'none' })];
  const moved = o.skills.some((k) => k.skill === 'move');
  const o0 = outlook(state, ctx, id, here);
  for (const s of o0.sees) {
    const skill = attackSkill(state, id, s.id, me, s.distance);
    if (skill) options.push(second(skill));
  }
  // Those shooting at it in ARO: shoot back at them, or Dodge.
  for (const [rid, a] of Object.entries(o.aros)) {
    if (a.skill !== 'bs-attack') continue;
    const skill = attackSkill(state, id, rid, me, gap(bodyOf(state, id, here), bodyOf(state, rid)));
    if (skill) options.push(second(skill));
    options.push(second({ skill: 'dodge' }));
  }
  if (!o.skills.some((k) => k.skill === 'bs-attack' || k.skill === 'discover') || moved) {
    // Move on: to the safest spot, or the best, within the Move left.
    const len = moved ? p.mov[1] : p.mov[0];
    const reach = reachOf(state, ctx, id, len);
    const cells = cellsWithin(reach, len - 0.1, 3);
    const ranked = cells.map((c) => ({ c, o: outlook(state, ctx, id, pointOf(reach, c)) }));
    const safest = [...ranked].sort((a, b) => a.o.risk - b.o.risk)[0];
    const bestSpot = [...ranked].sort((a, b) => spotValue(b.o, search.weights) - spotValue(a.o, search.weights))[0];
    for (const pick of [safest, bestSpot]) {
      if (!pick) continue;
      const [path] = cut(here, reach.route(pick.c), len - 0.03);
      if (path.length === 0) continue;
      const end = path.at(-1)!;
      const foe = o0.sees[0] ? state.troopers[o0.sees[0].id]! : nearestEnemy(state, me, end);
      options.push(second({ skill: 'move', path, facing: foe ? facingTo(end, { x: foe.x!, y: foe.y! }) : (state.troopers[id]!.facing ?? 0) }));
    }
  }
  // The mission's skills where the first skill left it (Activate, Doctor, Engineer), and a CC Attack on an
  // enemy in contact (CC-5): first, so the budget keeps them.
  options.splice(1, 0, ...missionSeconds(state, me).filter((c) => after(state, c, ctx) !== null), ...closeSeconds(state, me, id));
  const plan: Plan = { actor: id, first: { do: 'second', player: me, skill: 'none' }, seconds: [], est: 0, kind: 'second' };
  const missionBase = missionValue(state, me);
  let best: { cmd: Command; value: number } | null = null;
  const base = spotValue(outlook(state, ctx, id, placeOf(state, id)), search.weights);
  for (const cmd of options.slice(0, Math.max(search.seconds * 3, 6))) {
    let s = after(state, cmd, ctx);
    if (!s) continue;
    if (s.order?.stage === 'aro2') s = afterForeseen(s, ctx, otherPlayer(me));
    if (!s) continue;
    const end = placeOf(s, id);
    const odds = oddsOf(s, ctx, me);
    const mission = missionValue(s, me, new Map([[id, end]])) - missionBase + skillRollsValue(s, me, odds);
    const v = rollsValue(s, odds, me, 0.5, guessed) + spotValue(outlook(s, ctx, id, end), search.weights) - base + mission;
    if (!best || v > best.value) best = { cmd, value: v };
  }
  void plan;
  return best?.cmd ?? second({ skill: 'none' });
}
