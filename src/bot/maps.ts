/**
 * Sight maps: for one trooper standing still, which spots of the table it would glimpse a trooper
 * at (the cheap guess of sight.ts, worked out lazily spot by spot on a 1" grid and kept). The maps are
 * a pure function of the scenery and the looker's body, so they are memoised between decisions: the
 * enemy does not move in the bot's turn, and one map serves every Order of it.
 */
import type { EngineContext } from '../core/api';
import type { Setup } from '../core/model/types';
import { tableKey } from './rng';
import type { Body } from './sight';

const CELL = 1;
const LINES: readonly [number, number][] = [
  [0, 0],
  [-0.8, -0.7],
  [0.8, 0.7],
  [-0.8, 0.7],
  [0.8, -0.7],
];

export class SightMap {
  private readonly known = new Map<number, boolean>();

  constructor(
    private readonly ctx: EngineContext,
    readonly looker: Body,
    /** the silhouette looked at: its height and radius */
    private readonly h: number,
    private readonly r: number,
  ) {}

  /** Whether the looker would glimpse a trooper standing at (x, y, z), its own arc left aside. */
  sees(x: number, y: number, z: number): boolean {
    const i = Math.floor(x / CELL);
    const j = Math.floor(y / CELL);
    const key = i + j * 1000 + Math.round(z * 4) * 1_000_000;
    let v = this.known.get(key);
    if (v === undefined) {
      v = this.look((i + 0.5) * CELL, (j + 0.5) * CELL, z);
      this.known.set(key, v);
    }
    return v;
  }

  private look(x: number, y: number, z: number): boolean {
    const a = this.looker;
    const dx = x - a.x;
    const dy = y - a.y;
    const d = Math.hypot(dx, dy) || 1;
    const sx = -dy / d;
    const sy = dx / d;
    // Five lines: centre to centre, and each side of the looker to the same side of the spot.
    for (const [e, f] of LINES) {
      const from = { x: a.x + sx * e * a.r, y: a.y + sy * e * a.r, z: a.z + a.h * 0.9 };
      const to = { x: x + sx * f * this.r, y: y + sy * f * this.r, z: z + this.h * 0.6 };
      if (this.ctx.scenery.sceneryHit(from, to) === null) return true;
    }
    return false;
  }
}

/** The maps made so far, by the scenery that answered them. */
const maps = new WeakMap<object, Map<string, SightMap>>();

/** The sight map of a body on this table, for a looked-at silhouette (memoised). */
export function sightMap(setup: Setup, ctx: EngineContext, looker: Body, h: number, r: number): SightMap {
  let byKey = maps.get(ctx.scenery);
  if (!byKey) maps.set(ctx.scenery, (byKey = new Map()));
  const key = `${tableKey(setup)}|${looker.x},${looker.y},${looker.z},${looker.h},${looker.r}|${h.toFixed(2)},${r.toFixed(2)}`;
  let m = byKey.get(key);
  if (!m) {
    if (byKey.size > 600) byKey.clear();
    m = new SightMap(ctx, { ...looker, facing: null }, h, r);
    byKey.set(key, m);
  }
  return m;
}
