/**
 * A successful Dodge's move (MOV-20, docs/rules/movement.md): up to 2" (1" Prone), walked as a Move,
 * after the Order's saves. The bot takes the spot within reach where the enemies would harm it least
 * (out of their sight, behind cover, away from its attacker), and stays where it is when nothing is
 * better (an Engaged dodger leaves contact with every enemy where it can, CC-8); it turns to face the nearest enemy it would see, or the one that attacked it.
 */
import { DODGE_MOVE, type EngineContext, type StateView } from '../core/api';
import type { Command, GameState, PlanePoint, PlayerId } from '../core/model/types';
import { cut } from './ground';
import { facingTo, radiusOf } from './moment';
import { outlook } from './outlook';
import { placeOf, reachOf } from './tactics';
import { idOf } from './world';

/** The dodger's move: the view names the dodger (`order.dodgeMoves[0]`); `world` is the seat's world (no Order in it). */
export function chooseDodgeMove(world: GameState, ctx: EngineContext, me: PlayerId, order: NonNullable<StateView['order']>): Command {
  const name = order.dodgeMoves?.[0] ?? '';
  const id = idOf(world, name);
  const stay = { do: 'dodgeMove', player: me, trooper: name, path: [] } as Command;
  const t = id ? world.troopers[id] : undefined;
  if (!id || !t || t.x === null || t.y === null) return stay;
  const limit = (t.prone ? DODGE_MOVE / 2 : DODGE_MOVE) - 0.05;
  const here = placeOf({ ...world, order: null }, id);
  // The attacker: the active trooper when the dodger is the reactive side's, else the nearest enemy that shot in ARO.
  const attackerName = order.player !== me ? order.trooper : Object.values(order.aros).find((a) => a.skill === 'bs-attack')?.trooper;
  const attackerId = attackerName ? idOf(world, attackerName) : null;
  const attacker = attackerId ? world.troopers[attackerId] : undefined;
  const from: PlanePoint | null = attacker && attacker.x !== null && attacker.y !== null ? { x: attacker.x, y: attacker.y } : null;
  const judge = (p: { x: number; y: number; z: number }) => {
    const o = outlook(world, ctx, id, p);
    const away = from ? 0.05 * Math.hypot(p.x - from.x, p.y - from.y) : 0;
    return -o.risk + 0.1 * o.threat + away;
  };
  const reach = reachOf({ ...world, order: null }, ctx, id, limit + 0.5);
  // CC-8: an Engaged dodger moves out of contact with every enemy (staying is the last resort).
  const r = radiusOf(world, id);
  const foes = t.engaged ? Object.entries(world.troopers).filter(([, e]) => e.player !== me && e.status === 'model' && e.x !== null && e.y !== null) : [];
  const clear = (x: number, y: number) => foes.every(([eid, e]) => Math.hypot(e.x! - x, e.y! - y) - radiusOf(world, eid) - r > 0.1);
  let best = { c: -1, v: t.engaged ? -Infinity : judge(here) + 0.2 };
  for (const c of reach.within(limit)) {
    if (foes.length > 0 && !clear(reach.ground.x(c), reach.ground.y(c))) continue;
    const v = judge({ x: reach.ground.x(c), y: reach.ground.y(c), z: reach.ground.z });
    if (v > best.v) best = { c, v };
  }
  const face = (end: PlanePoint) => (from ? facingTo(end, from) : (t.facing ?? 0));
  if (best.c < 0) return from ? ({ ...stay, facing: face(here) } as Command) : stay;
  const [path] = cut(here, reach.route(best.c), limit);
  if (path.length === 0) return stay;
  return { do: 'dodgeMove', player: me, trooper: name, path, facing: face(path.at(-1)!) } as Command;
}
