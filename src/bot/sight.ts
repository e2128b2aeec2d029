/**
 * Who sees whom, two ways. `sees`: the engine's own Line of Fire between two troopers of a world
 * (exact, a few milliseconds). `glimpse`: a cheap guess from a few straight lines between the two
 * silhouettes past the scenery alone (no models, microseconds), to choose what is worth asking the
 * engine. Ranges: the weapon's band at a distance, as the engine counts it (between silhouettes).
 */
import { factsOf, lineOfFireBetween, type EngineContext } from '../core/api';
import type { GameState, TrooperState, Weapon } from '../core/model/types';
import { profile } from './moment';

export interface Body {
  x: number;
  y: number;
  z: number;
  r: number;
  h: number;
  /** degrees, or null: sees all round (a marker, a hidden trooper) */
  facing: number | null;
}

/** A trooper's body where it stands, or at another spot of the same level. */
export function bodyOf(state: GameState, id: string, at?: { x: number; y: number; z?: number }, facing?: number | null): Body {
  const t = state.troopers[id]!;
  const s = factsOf(state).silhouettes[profile(state, id).s];
  const prone = at ? false : t.prone;
  return {
    x: at?.x ?? t.x!,
    y: at?.y ?? t.y!,
    z: at?.z ?? t.z ?? 0,
    r: s.radius,
    h: prone ? factsOf(state).proneHeight : s.height,
    facing: facing !== undefined ? facing : t.status === 'marker' || t.status === 'hidden' ? null : (t.facing ?? 0),
  };
}

/** Whether a direction lies in the front half of a facing (degrees; 0 north, 90 west). */
export function inArc(facing: number | null, from: { x: number; y: number }, to: { x: number; y: number }): boolean {
  if (facing === null) return true;
  const a = (facing * Math.PI) / 180;
  const fx = -Math.sin(a);
  const fy = Math.cos(a);
  return fx * (to.x - from.x) + fy * (to.y - from.y) >= -1e-9;
}

/** A cheap guess at Line of Fire from `a` to `b`: some line between their silhouettes passes the scenery. */
export function glimpse(ctx: EngineContext, a: Body, b: Body, arc = true): boolean {
  if (arc && !inArc(a.facing, a, b)) return false;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d = Math.hypot(dx, dy) || 1;
  // Sideways, across the line between them.
  const sx = -dy / d;
  const sy = dx / d;
  const eyes = [0, -0.8, 0.8];
  const hs = [0.9, 0.5];
  for (const e of eyes) {
    for (const f of [0, -0.7, 0.7]) {
      for (const hb of hs) {
        const from = { x: a.x + sx * e * a.r, y: a.y + sy * e * a.r, z: a.z + a.h * 0.9 };
        const to = { x: b.x + sx * f * b.r, y: b.y + sy * f * b.r, z: b.z + b.h * hb };
        if (ctx.scenery.sceneryHit(from, to) === null) return true;
      }
    }
  }
  return false;
}

/** The engine's Line of Fire between two troopers of a world (LOF-1), with Partial Cover. */
export function sees(state: GameState, ctx: EngineContext, shooter: string, target: string): { visible: boolean; cover: boolean } {
  const a = lineOfFireBetween({ draft: state, ctx }, shooter, target);
  return { visible: a.visible, cover: a.cover };
}

/** The distance between two silhouettes, as ranges are measured (closest points, in 3D). */
export function gap(a: Body, b: Body): number {
  const flat = Math.max(0, Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r);
  const up = Math.max(0, Math.max(a.z, b.z) - Math.min(a.z + a.h, b.z + b.h));
  return Math.hypot(flat, up);
}

/** The MOD of a weapon's range band at a distance, or null out of range (a direct template: within its length). */
export function bandMod(w: Weapon, distance: number): number | null {
  if (!w.ranges) return distance <= (w.template === 'large-teardrop' ? 8.5 : 6.5) ? 0 : null;
  for (const [upTo, mod] of w.ranges) if (distance <= upTo + 1e-9) return mod;
  return null;
}

/** How much harm a shot does on average, in wounds, before the dice against it: a rough weapon's worth at a range. */
export function shotWorth(w: Weapon, distance: number, bs: number, arm: number): number {
  const mod = bandMod(w, distance);
  if (mod === null) return 0;
  const hit = Math.max(0.05, Math.min(0.95, (bs + mod) / 20));
  const hurt = Math.max(0.05, Math.min(0.95, (w.damage - arm) / 20));
  const burst = w.template ? 1.5 : w.burst;
  return burst * hit * hurt * (w.ammo === 'DA' || w.ammo === 'EXP' ? 1.6 : 1);
}

/** Whether a trooper may act or react: a model or a marker on the table. */
export function canAct(t: TrooperState): boolean {
  return t.status === 'model' || t.status === 'marker';
}
