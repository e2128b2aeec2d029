/**
 * The `random` baseline: a random legal command. Candidates of every kind the moment takes are drawn at
 * random (a trooper, a skill, a direction, a target, a spot) and the first the engine takes on the
 * seat's world is given; the turn ends when nothing drawn is taken.
 */
import { facingTowards, type EngineContext } from '../core/api';
import type { Command, GameState, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { decisionRng, plainAnswer, type Agent } from './agent';
import { actors, dryRun, legal, momentOf, profile, radiusOf, round2 } from './moment';
import type { Rng } from './rng';
import type { Seat } from './seat';
import { worldOf } from './world';
import { deployArea, edgeSpot, spotIn, surfaces } from './zones';

const TRIES = 40;

export function randomAgent(seed = 1): Agent {
  return { name: 'random', decide: (seat, ctx) => randomCommand(seat, ctx, decisionRng(seat, seed)) };
}

export function randomCommand(seat: Seat, ctx: EngineContext, rng: Rng): Command {
  const me = seat.player;
  const moment = momentOf(seat);
  const plain = plainAnswer(seat);
  if (plain) return plain;
  switch (moment) {
    case 'initiative':
      return { do: 'initiative' };
    case 'keep':
      return { do: 'keep', player: me, choice: rng.pick(['deployment', 'initiative'] as const) };
    case 'deploymentChoice':
      return { do: 'deploymentChoice', player: me, first: rng.pick(['A', 'B'] as const), keeperZone: rng.pick(Object.keys(seat.setup.zones.deployment)) };
    case 'turnOrder':
      return { do: 'turnOrder', player: me, first: rng.pick(['A', 'B'] as const) };
    default:
      break;
  }
  const world = worldOf(seat, ctx, rng.fork('world')).state;
  if (moment === 'deploy') return randomDeploy(world, me, ctx, rng);
  if (moment === 'fallback') return randomFallback(world, me, ctx, rng);
  if (moment === 'aros') return randomAros(seat, world, ctx, rng);
  const cands: Command[] = [];
  for (let i = 0; i < TRIES; i++) cands.push(moment === 'second' ? { do: 'second', player: me, ...randomSkill(world, me, rng, true) } as Command : randomOrder(world, me, rng));
  for (const c of cands) if (legal(world, c, ctx)) return c;
  return moment === 'second' ? { do: 'second', player: me, skill: 'none' } : { do: 'endTurn', player: me };
}

/** A deployment: a random undeployed trooper at a random spot, or the step's end. */
function randomDeploy(world: GameState, me: PlayerId, ctx: EngineContext, rng: Rng): Command {
  const mine = Object.entries(world.troopers).filter(([, t]) => t.player === me);
  if (world.step === 'last') {
    const kept = mine.find(([, t]) => t.status === 'reserve')?.[0];
    if (kept) {
      const c = placeAt(world, me, kept, ctx, rng);
      if (c) return c;
    }
    return { do: 'endStep', player: me };
  }
  const undeployed = mine.filter(([, t]) => t.status === 'undeployed').map(([id]) => id);
  const walkers = undeployed.filter((id) => !profile(world, id).skills.includes('combat-jump'));
  if (walkers.length <= 1) return { do: 'endStep', player: me, ...(walkers[0] ? { keep: walkers[0] } : undeployed[0] ? { keep: undeployed[0] } : {}) };
  for (const id of rng.shuffled(walkers)) {
    const c = placeAt(world, me, id, ctx, rng);
    if (c) return c;
  }
  return { do: 'endStep', player: me, keep: walkers[0]! };
}

function placeAt(world: GameState, me: PlayerId, id: string, ctx: EngineContext, rng: Rng): Command | null {
  const p = profile(world, id);
  const r = radiusOf(world, id);
  const kinds: ('model' | 'marker' | 'hidden')[] = ['model'];
  if (p.skills.includes('to-camouflage')) kinds.push('marker');
  if (p.skills.includes('hidden-deployment')) kinds.push('hidden');
  for (let i = 0; i < TRIES; i++) {
    const at = spotIn(rng, deployArea(world, me, p), r);
    const z = rng.pick(surfaces(ctx, at.x, at.y));
    const c: Command = { do: 'deploy', player: me, trooper: id, at: { ...at, z }, facing: rng.int(360), as: rng.pick(kinds) };
    if (legal(world, c, ctx)) return c;
  }
  return null;
}

function randomFallback(world: GameState, me: PlayerId, ctx: EngineContext, rng: Rng): Command {
  const id = world.pendingFallback?.trooper ?? Object.entries(world.troopers).find(([, t]) => t.player === me && t.status === 'awaiting-fallback')![0];
  const r = radiusOf(world, id);
  let last: Command | null = null;
  for (let i = 0; i < TRIES * 3; i++) {
    const c: Command = { do: 'fallback', player: me, trooper: id, at: edgeSpot(rng, world, me, r), facing: rng.int(360) };
    if (legal(world, c, ctx)) return c;
    last = c;
  }
  return last!;
}

/** A random Order: an actor and a first skill, a Combat Jump, or (now and then) the turn's end. */
function randomOrder(world: GameState, me: PlayerId, rng: Rng): Command {
  const airborne = Object.entries(world.troopers).filter(([, t]) => t.player === me && t.status === 'off-table').map(([id]) => id);
  const hidden = Object.entries(world.troopers).filter(([, t]) => t.player === me && t.status === 'hidden').map(([id]) => id);
  const roll = rng.next();
  if (roll < 0.04) return { do: 'endTurn', player: me };
  if (airborne.length > 0 && roll < 0.15) {
    const id = rng.pick(airborne);
    const { width, depth } = world.setup.table;
    return { do: 'combatJump', player: me, trooper: id, at: { x: round2(1 + rng.next() * (width - 2)), y: round2(1 + rng.next() * (depth - 2)) }, facing: rng.int(360) };
  }
  const pool = [...actors(world, me), ...hidden];
  if (pool.length === 0) return { do: 'endTurn', player: me };
  const id = rng.pick(pool);
  return { do: 'order', player: me, trooper: world.troopers[id]!.markerId && world.troopers[id]!.status === 'marker' ? id : id, ...randomSkill(world, me, rng, false, id) } as Command;
}

/** A random skill for the active trooper (`id`, or the Order's own). */
function randomSkill(world: GameState, me: PlayerId, rng: Rng, second: boolean, id = world.order?.trooper ?? ''): Record<string, unknown> {
  const t = world.troopers[id];
  if (!t) return { skill: 'idle' };
  const p = profile(world, id);
  const enemies = Object.entries(world.troopers).filter(([, e]) => e.player === otherPlayer(me) && (e.status === 'model' || e.status === 'marker'));
  const markers = enemies.filter(([, e]) => e.status === 'marker').map(([, e]) => e.markerId!);
  const models = enemies.filter(([, e]) => e.status === 'model');
  const here = world.order?.skills.at(-1)?.points.at(-1) ?? { x: t.x!, y: t.y! };
  const kinds = ['move', 'move', 'move', 'bs-attack', 'bs-attack', 'idle', 'dodge', 'cautious-move', 'discover', 'sensor', 'camouflage'];
  if (second) kinds.push('none');
  const kind = rng.pick(kinds);
  if (kind === 'move' || kind === 'cautious-move') {
    const a = rng.next() * Math.PI * 2;
    const len = 0.5 + rng.next() * Math.max(0, p.mov[0] - 0.6);
    const to = { x: round2(here.x + Math.cos(a) * len), y: round2(here.y + Math.sin(a) * len) };
    return { skill: kind, path: [to], facing: Math.round(facingTowards(here, to)) };
  }
  if (kind === 'bs-attack' && p.weapons.length > 0 && models.length > 0) {
    const w = rng.pick(p.weapons);
    const [tid, target] = rng.pick(models);
    if (w.template && w.kind === 'direct') return { skill: 'bs-attack', weapon: w.id, aim: { x: target.x!, y: target.y! } };
    return { skill: 'bs-attack', weapon: w.id, targets: [{ target: tid, burst: w.burst }] };
  }
  if (kind === 'discover' && markers.length > 0) return { skill: 'discover', target: rng.pick(markers) };
  if (kind === 'bs-attack' || kind === 'discover') return { skill: 'idle' };
  return { skill: kind };
}

/** Each eligible trooper's ARO drawn at random; those the engine refuses are left out. */
function randomAros(seat: Seat, world: GameState, ctx: EngineContext, rng: Rng): Command {
  const me = seat.player;
  const eligible = seat.view.order?.window?.eligible ?? [];
  const target = seat.view.order?.trooper;
  const declarations: Record<string, unknown>[] = [];
  for (const name of eligible) {
    const t = world.troopers[name];
    if (!t || t.player !== me) continue;
    const p = profile(world, name);
    const opts: Record<string, unknown>[] = [{ skill: 'dodge' }, { skill: 'delay' }];
    for (const w of p.weapons) opts.push({ skill: 'bs-attack', weapon: w.id });
    if (target && /^[AB]-m\d+$/.test(target)) opts.push({ skill: 'discover', target });
    if (rng.next() < 0.25) continue;
    const d = { trooper: name, ...rng.pick(opts) };
    if (legal(world, { do: 'aros', player: me, declarations: [...declarations, d] } as Command, ctx)) declarations.push(d);
  }
  const cmd = { do: 'aros', player: me, declarations } as Command;
  return dryRun(world, cmd, ctx).ok ? cmd : { do: 'aros', player: me, declarations: [] };
}
