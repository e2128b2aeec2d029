/**
 * Pieces of play shared by the agents: the enemies a trooper may shoot now and the engine's odds of each
 * shot, routes for a trooper's Moves, the Orders left, a Combat Jump's landing, and the AROs a trooper
 * may declare. Every command is judged by a dry run on the seat's world.
 */
import { LandingJudge, plannedOdds, type EngineContext, type RollOdds } from '../core/api';
import type { Command, GameState, PlanePoint, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { Reach, groundFor, type Base } from './ground';
import { dryRun, facingTo, heightOf, profile, radiusOf } from './moment';
import { bodyOf, gap, glimpse } from './sight';

export interface Shot {
  command: Command;
  odds: RollOdds[];
  /** the chance the shot takes at least one Wound off its target */
  hurt: number;
  /** the expected Wounds it takes */
  wounds: number;
  target: string;
}

/** The active trooper's place now: where the skills declared so far in its Order leave it, or where it stands. */
export function placeOf(state: GameState, id: string): { x: number; y: number; z: number } {
  const o = state.order;
  if (o && o.trooper === id) {
    const p = o.skills.at(-1)?.points.at(-1);
    if (p) return p;
  }
  const t = state.troopers[id]!;
  return { x: t.x!, y: t.y!, z: t.z ?? 0 };
}

/** The enemy troopers a player can see on the table and may harm: models and markers, not Unconscious. */
export function enemiesOf(state: GameState, me: PlayerId): string[] {
  return Object.entries(state.troopers)
    .filter(([, t]) => t.player === otherPlayer(me) && (t.status === 'model' || t.status === 'marker'))
    .map(([id]) => id);
}

/** How the player names a trooper in a command: an enemy marker by its marker id. */
export function nameOf(state: GameState, id: string, me: PlayerId): string {
  const t = state.troopers[id]!;
  return t.player !== me && t.status === 'marker' && t.markerId ? t.markerId : id;
}

/** The chance of at least one Wound, and the expected Wounds, of a roll's odds. */
export function harm(o: RollOdds): { hurt: number; wounds: number } {
  if (!o.wounds) return { hurt: 0, wounds: 0 };
  let w = 0;
  o.wounds.forEach((p, k) => (w += p * k));
  return { hurt: 1 - (o.wounds[0] ?? 1), wounds: w };
}

/**
 * Every shot the trooper may take now at an enemy model it might see (as its first skill, or its second
 * in the Order in progress), each with the engine's odds. Targets too far or hidden from every line
 * past the scenery are not asked.
 */
export function shots(state: GameState, ctx: EngineContext, me: PlayerId, id: string, second: boolean, fireFrom?: PlanePoint): Shot[] {
  const p = profile(state, id);
  const here = fireFrom ? { ...fireFrom, z: placeOf(state, id).z } : placeOf(state, id);
  const body = bodyOf(state, id, here, null);
  const out: Shot[] = [];
  for (const target of enemiesOf(state, me)) {
    const t = state.troopers[target]!;
    if (t.status !== 'model') continue;
    const tb = bodyOf(state, target);
    const d = gap(body, tb);
    if (!glimpse(ctx, body, tb, false)) continue;
    for (const w of p.weapons) {
      const last = w.ranges?.at(-1)?.[0] ?? (w.template === 'large-teardrop' ? 8.5 : 6.5);
      if (d > last + 0.01) continue;
      const fields = w.template && w.kind === 'direct' ? { weapon: w.id, aim: { x: tb.x, y: tb.y } } : { weapon: w.id, targets: [{ target, burst: w.burst }] };
      const skill = { skill: 'bs-attack', ...fields, ...(fireFrom ? { fireFrom } : {}) };
      const command = (second ? { do: 'second', player: me, ...skill } : { do: 'order', player: me, trooper: nameOf(state, id, me), ...skill }) as Command;
      const odds = plannedOdds(state, ctx, me, command);
      if (odds.length === 0) continue;
      const mine = odds.filter((o) => o.roller === nameOf(state, id, me) && o.target === target);
      let hurt = 0;
      let wounds = 0;
      for (const o of mine) {
        const h = harm(o);
        hurt = 1 - (1 - hurt) * (1 - h.hurt);
        wounds += h.wounds;
      }
      out.push({ command, odds, hurt, wounds, target });
    }
  }
  return out;
}

/** The bases a trooper's Move must keep clear of: every other model or marker on the table the player knows. */
export function basesBut(state: GameState, id: string): Base[] {
  const out: Base[] = [];
  for (const [o, t] of Object.entries(state.troopers)) {
    if (o === id || t.x === null || t.y === null) continue;
    if (t.status !== 'model' && t.status !== 'marker' && t.status !== 'unconscious') continue;
    out.push({ x: t.x, y: t.y, r: radiusOf(state, o) });
  }
  return out;
}

/** The routes of a trooper from where it stands now, up to `limit` inches. */
export function reachOf(state: GameState, ctx: EngineContext, id: string, limit: number): Reach {
  const here = placeOf(state, id);
  const g = groundFor(state.setup, ctx, radiusOf(state, id), here.z, heightOf(state, id));
  return new Reach(g, here, basesBut(state, id), limit);
}

/** Whether the trooper has an Order left to spend (a dry run of an Idle says). */
export function canOrder(state: GameState, ctx: EngineContext, me: PlayerId, id: string): boolean {
  return dryRun(state, { do: 'order', player: me, trooper: nameOf(state, id, me), skill: 'idle' }, ctx).ok;
}

/** The friendly Controlled Jump trooper on the table, for a Combat Jump's +3 (CJ-11). */
export function ownHacker(state: GameState, me: PlayerId): string | undefined {
  return Object.entries(state.troopers).find(([id, t]) => t.player === me && (t.status === 'model' || t.status === 'marker') && profile(state, id).skills.includes('controlled-jump'))?.[0];
}

/** A Combat Jump command for a spot (the friendly hacker named, the explosion used where the trooper has it). */
export function jumpCommand(state: GameState, me: PlayerId, id: string, at: { x: number; y: number; z: number }, facing: number): Command {
  const p = profile(state, id);
  const hacker = ownHacker(state, me);
  return {
    do: 'combatJump',
    player: me,
    trooper: id,
    at: { x: at.x, y: at.y, z: at.z },
    facing,
    ...(hacker ? { controlledJump: hacker } : {}),
    ...(p.skills.includes('combat-jump-explosion') ? { explosion: true } : {}),
  } as Command;
}

/** Landing spots on a ring round a point, each judged by the engine's landing checks (CJ-3 to CJ-5) and who would see it. */
export function landings(state: GameState, ctx: EngineContext, id: string, around: PlanePoint, radii: readonly number[], steps = 16): { x: number; y: number; z: number; seenBy: string[] }[] {
  const judge = new LandingJudge(state, ctx, id, true);
  const out: { x: number; y: number; z: number; seenBy: string[] }[] = [];
  const { width, depth } = state.setup.table;
  for (const r of radii) {
    for (let k = 0; k < steps; k++) {
      const a = (2 * Math.PI * k) / steps + r;
      const x = Math.round((around.x + Math.cos(a) * r) * 100) / 100;
      const y = Math.round((around.y + Math.sin(a) * r) * 100) / 100;
      if (x < 1 || y < 1 || x > width - 1 || y > depth - 1) continue;
      const s = judge.spot(x, y);
      if (!s.refusal) out.push({ x, y, z: s.z, seenBy: s.seenBy });
    }
  }
  return out;
}

/** Facing towards the nearest of some troopers, from a point. */
export function faceNearest(state: GameState, from: PlanePoint, ids: readonly string[]): number {
  let best: PlanePoint | null = null;
  let bd = Infinity;
  for (const id of ids) {
    const t = state.troopers[id]!;
    if (t.x === null || t.y === null) continue;
    const d = Math.hypot(t.x - from.x, t.y - from.y);
    if (d < bd) {
      bd = d;
      best = { x: t.x, y: t.y };
    }
  }
  return best ? facingTo(from, best) : 0;
}

/** The nearest of some troopers to a point, and how far. */
export function nearest(state: GameState, from: PlanePoint, ids: readonly string[]): { id: string; d: number } | null {
  let best: { id: string; d: number } | null = null;
  for (const id of ids) {
    const t = state.troopers[id]!;
    if (t.x === null || t.y === null) continue;
    const d = Math.hypot(t.x - from.x, t.y - from.y);
    if (!best || d < best.d) best = { id, d };
  }
  return best;
}
