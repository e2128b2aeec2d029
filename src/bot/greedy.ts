/**
 * The `greedy` baseline: each Order shoots the target with the best odds any trooper has (the engine's
 * odds of at least one Wound), else moves the trooper nearest an enemy towards it (and shoots at the
 * end of the Move when it can, else moves on). Airborne troopers jump next to the nearest enemy. AROs
 * by a fixed rule: shoot with the weapon that does most at that range, else Dodge an attack, else
 * nothing; against a marker, Discover.
 */
import { deploymentZoneOf, type EngineContext } from '../core/api';
import type { Command, GameState, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { decisionRng, plainAnswer, type Agent } from './agent';
import { cut } from './ground';
import { actors, dryRun, facingTo, legal, momentOf, profile, radiusOf } from './moment';
import { randomCommand } from './random';
import type { Rng } from './rng';
import type { Seat } from './seat';
import { bodyOf, gap, shotWorth } from './sight';
import { canOrder, enemiesOf, faceNearest, jumpCommand, landings, nameOf, nearest, placeOf, reachOf, shots } from './tactics';
import { worldOf } from './world';
import { deployArea, spotIn, surfaces } from './zones';

export function greedyAgent(seed = 1): Agent {
  return { name: 'greedy', decide: (seat, ctx) => greedyCommand(seat, ctx, decisionRng(seat, seed)) };
}

function greedyCommand(seat: Seat, ctx: EngineContext, rng: Rng): Command {
  const me = seat.player;
  const moment = momentOf(seat);
  const plain = plainAnswer(seat);
  if (plain) return plain;
  if (moment === 'keep') return { do: 'keep', player: me, choice: 'initiative' };
  if (moment === 'turnOrder') return { do: 'turnOrder', player: me, first: me };
  if (moment === 'deploymentChoice') return { do: 'deploymentChoice', player: me, first: otherPlayer(me), keeperZone: Object.keys(seat.setup.zones.deployment)[0]! };
  if (moment !== 'deploy' && moment !== 'order' && moment !== 'second' && moment !== 'aros') return randomCommand(seat, ctx, rng);
  const world = worldOf(seat, ctx, rng.fork('world')).state;
  if (moment === 'deploy') return greedyDeploy(world, me, ctx, rng);
  if (moment === 'aros') return greedyAros(seat, world, ctx);
  if (moment === 'second') return greedySecond(world, me, ctx);
  return greedyOrder(world, me, ctx);
}

function greedyDeploy(world: GameState, me: PlayerId, ctx: EngineContext, rng: Rng): Command {
  const mine = Object.entries(world.troopers).filter(([, t]) => t.player === me);
  const ez = deploymentZoneOf(world, otherPlayer(me));
  const toward = (at: { x: number; y: number }) => facingTo(at, { x: ez.x + ez.w / 2, y: ez.y + ez.d / 2 });
  const place = (id: string): Command | null => {
    const p = profile(world, id);
    for (let i = 0; i < 60; i++) {
      const at = spotIn(rng, deployArea(world, me, p), radiusOf(world, id));
      const c: Command = { do: 'deploy', player: me, trooper: id, at: { ...at, z: surfaces(ctx, at.x, at.y)[0] ?? 0 }, facing: toward(at), as: 'model' };
      if (legal(world, c, ctx)) return c;
    }
    return null;
  };
  if (world.step === 'last') {
    const kept = mine.find(([, t]) => t.status === 'reserve')?.[0];
    return (kept && place(kept)) || { do: 'endStep', player: me };
  }
  const walkers = mine.filter(([id, t]) => t.status === 'undeployed' && !profile(world, id).skills.includes('combat-jump')).map(([id]) => id);
  if (walkers.length <= 1) return { do: 'endStep', player: me, ...(walkers[0] ? { keep: walkers[0] } : {}) };
  for (const id of walkers.slice(1)) {
    const c = place(id);
    if (c) return c;
  }
  return { do: 'endStep', player: me, keep: walkers[0]! };
}

/** The best shot any trooper with an Order left has now, by the engine's odds of a Wound. */
function bestShot(world: GameState, me: PlayerId, ctx: EngineContext, ids: readonly string[], second: boolean) {
  let best: ReturnType<typeof shots>[number] | null = null;
  for (const id of ids) for (const s of shots(world, ctx, me, id, second)) if (!best || s.hurt > best.hurt + 1e-12) best = s;
  return best;
}

/** A Move of the trooper towards the nearest enemy it knows, as far as its MOV value takes it. */
function stepToward(world: GameState, me: PlayerId, ctx: EngineContext, id: string, second: boolean): Command | null {
  const here = placeOf(world, id);
  const foes = enemiesOf(world, me);
  const near = nearest(world, here, foes);
  if (!near || near.d < 3) return null;
  const mov = profile(world, id).mov[second ? 1 : 0];
  const reach = reachOf(world, ctx, id, mov + 16);
  const goal = world.troopers[near.id]!;
  // The cell reached nearest the enemy, at least 2" from it.
  let cell = -1;
  let bd = Infinity;
  for (const c of reach.within(mov + 16)) {
    const d = Math.hypot(reach.ground.x(c) - goal.x!, reach.ground.y(c) - goal.y!);
    if (d >= 2 && d + reach.dist[c]! * 0.01 < bd) {
      bd = d + reach.dist[c]! * 0.01;
      cell = c;
    }
  }
  if (cell < 0) return null;
  const [path] = cut(here, reach.route(cell), mov - 0.05);
  if (path.length === 0) return null;
  const skill = { skill: 'move', path, facing: faceNearest(world, path.at(-1)!, foes) };
  return (second ? { do: 'second', player: me, ...skill } : { do: 'order', player: me, trooper: nameOf(world, id, me), ...skill }) as Command;
}

function greedyOrder(world: GameState, me: PlayerId, ctx: EngineContext): Command {
  const foes = enemiesOf(world, me);
  // Airborne troopers land next to the nearest enemy in the first turn they can.
  for (const [id, t] of Object.entries(world.troopers)) {
    if (t.player !== me || t.status !== 'off-table' || foes.length === 0) continue;
    const target = world.troopers[foes[0]!]!;
    for (const s of landings(world, ctx, id, { x: target.x!, y: target.y! }, [6, 9, 12], 12)) {
      const c = jumpCommand(world, me, id, s, faceNearest(world, s, foes));
      if (legal(world, c, ctx)) return c;
    }
  }
  const ready = actors(world, me).filter((id) => canOrder(world, ctx, me, id));
  if (ready.length === 0) return { do: 'endTurn', player: me };
  const shot = bestShot(world, me, ctx, ready, false);
  if (shot && shot.hurt > 0) return shot.command;
  const byDistance = ready
    .map((id) => ({ id, d: nearest(world, placeOf(world, id), foes)?.d ?? Infinity }))
    .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1));
  for (const { id } of byDistance) {
    const c = stepToward(world, me, ctx, id, false);
    if (c && legal(world, c, ctx)) return c;
  }
  return { do: 'endTurn', player: me };
}

function greedySecond(world: GameState, me: PlayerId, ctx: EngineContext): Command {
  const id = world.order!.trooper;
  const first = world.order!.skills[0]?.skill;
  if (first === 'move') {
    const shot = bestShot(world, me, ctx, [id], true);
    if (shot && shot.hurt > 0) return shot.command;
    const c = stepToward(world, me, ctx, id, true);
    if (c && legal(world, c, ctx)) return c;
  }
  return { do: 'second', player: me, skill: 'none' };
}

function greedyAros(seat: Seat, world: GameState, ctx: EngineContext): Command {
  const me = seat.player;
  const o = seat.view.order!;
  const active = o.trooper;
  const activeId = world.order?.trooper;
  const marker = /^[AB]-m\d+$/.test(active);
  const attacked = new Set(o.skills.flatMap((s) => (s.targets ?? []).map((t) => t.target)));
  const declarations: Record<string, unknown>[] = [];
  const fits = (d: Record<string, unknown>) => legal(world, { do: 'aros', player: me, declarations: [...declarations, d] } as Command, ctx);
  for (const name of o.window?.eligible ?? []) {
    const t = world.troopers[name];
    if (!t || t.player !== me) continue;
    if (marker) {
      const d = { trooper: name, skill: 'discover', target: active };
      if (fits(d)) declarations.push(d);
      continue;
    }
    const p = profile(world, name);
    const d0 = activeId && world.troopers[activeId]?.x !== null ? gap(bodyOf(world, name), bodyOf(world, activeId)) : 10;
    const arm = activeId ? profile(world, activeId).arm : 0;
    const weapons = [...p.weapons].sort((a, b) => shotWorth(b, d0, p.bs, arm) - shotWorth(a, d0, p.bs, arm));
    let done = false;
    for (const w of weapons) {
      const d = { trooper: name, skill: 'bs-attack', weapon: w.id };
      if (fits(d)) {
        declarations.push(d);
        done = true;
        break;
      }
    }
    if (!done && attacked.has(name)) {
      const d = { trooper: name, skill: 'dodge' };
      if (fits(d)) declarations.push(d);
    }
  }
  const cmd = { do: 'aros', player: me, declarations } as Command;
  return dryRun(world, cmd, ctx).ok ? cmd : { do: 'aros', player: me, declarations: [] };
}
