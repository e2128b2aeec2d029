/**
 * Terrain in a game or table file (GAME-FILE.md; docs/rules/movement.md, section 4): blocks and
 * buildings, and the additions of issue 37 (an open interior, floors, openings, ladders). Every
 * addition is optional and its absence means the table of before: a closed interior, no openings,
 * floors or ladders. The checks that need the whole piece and the facts (openings within their
 * walls, floors inside them, ladders between surfaces) are `checkStructures`, after the schema.
 */
import { z } from 'zod';
import { resolveFacts, type FactOverrides } from './data/facts';
import { sideLength, wallThicknessOf } from './geometry/structures';
import type { Terrain } from './model/types';
import { id, num } from './schema';

const side = z.enum(['n', 'e', 's', 'w']);

const opening = z.object({
  side,
  at: num,
  w: num.positive(),
  z: num.min(0),
  h: num.positive(),
  kind: z.enum(['door', 'window', 'gap']),
  access: z.enum(['wide', 'narrow']).optional(),
});

const floor = z.object({
  z: num.positive(),
  x: num.optional(),
  y: num.optional(),
  w: num.positive().optional(),
  d: num.positive().optional(),
});

const ladder = z.object({
  side,
  at: num,
  w: num.positive().optional(),
  inside: z.boolean().optional(),
  from: num.min(0).optional(),
  to: num.positive().optional(),
});

const terrainBase = {
  id,
  x: num,
  y: num,
  w: num.positive(),
  d: num.positive(),
  h: num.positive(),
  rotation: num.default(0),
  ladders: z.array(ladder).max(16).optional(),
};

const onlyBuildings = (field: string) => z.never({ error: `a block has no ${field}: use kind "building"` }).optional();

export const terrainSchema = z.discriminatedUnion('kind', [
  z.object({
    ...terrainBase,
    kind: z.literal('block'),
    roof: onlyBuildings('roof'),
    interior: onlyBuildings('interior'),
    floors: onlyBuildings('floors'),
    openings: onlyBuildings('openings'),
  }),
  z.object({
    ...terrainBase,
    kind: z.literal('building'),
    roof: z.boolean(),
    interior: z.enum(['open', 'closed']).optional(),
    floors: z.array(floor).max(8).optional(),
    openings: z.array(opening).max(32).optional(),
  }),
]);

/** A problem with a piece's structure: the path below the piece (`floors`, `openings[1].at`) and what is wrong. */
export interface StructureProblem {
  path: string;
  problem: string;
}

/** The heights a ladder on this piece may run between (MOV-9: table, floors, top), lowest first. */
export function ladderHeights(t: Terrain, inside: boolean): number[] {
  const hs = new Set<number>([0, t.h]);
  if (inside && t.kind === 'building') for (const f of t.floors ?? []) hs.add(f.z);
  return [...hs].sort((a, b) => a - b);
}

const EPS = 1e-6;
const n = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * MOV-9, MOV-10, MOV-21: the first problem with a piece's open interior, floors, openings and ladders,
 * or null. Openings lie within their wall clear of its corners by the wall's thickness and below the
 * top, and do not overlap on one side; floors lie inside the walls between the slab's thickness and
 * the top; ladders lie on their face and run between two surface heights beside them.
 */
export function structureProblem(t: Terrain, overrides: FactOverrides = {}): StructureProblem | null {
  const facts = resolveFacts(overrides);
  const open = t.kind === 'building' && t.interior === 'open';
  if (t.kind === 'building' && !open) {
    if (t.floors !== undefined) return { path: 'floors', problem: 'needs "interior": "open"' };
    if (t.openings !== undefined) return { path: 'openings', problem: 'needs "interior": "open"' };
  }
  const ladders = t.ladders ?? [];
  for (let i = 0; i < ladders.length; i++) {
    if (ladders[i]!.inside && !open) return { path: `ladders[${i}].inside`, problem: 'needs "interior": "open"' };
  }
  const tk = wallThicknessOf(t, facts.wallThickness);
  if (t.kind === 'building' && open) {
    const innerW = t.w - 2 * tk;
    const innerD = t.d - 2 * tk;
    const floors = t.floors ?? [];
    for (let i = 0; i < floors.length; i++) {
      const f = floors[i]!;
      const where = `floors[${i}]`;
      if (f.z - facts.floorThickness < -EPS || f.z >= t.h - EPS) {
        return { path: `${where}.z`, problem: `expected a height from the slab's thickness (${n(facts.floorThickness)}) to below the top (${n(t.h)})` };
      }
      const w = f.w ?? innerW;
      const d = f.d ?? innerD;
      const x = f.x ?? 0;
      const y = f.y ?? 0;
      if (Math.abs(x) + w / 2 > innerW / 2 + EPS || Math.abs(y) + d / 2 > innerD / 2 + EPS) {
        return { path: where, problem: `the slab reaches beyond the inside of the walls (${n(innerW)} by ${n(innerD)})` };
      }
    }
    const openings = t.openings ?? [];
    for (let i = 0; i < openings.length; i++) {
      const o = openings[i]!;
      const where = `openings[${i}]`;
      const half = sideLength(t, o.side) / 2 - tk;
      if (Math.abs(o.at) + o.w / 2 > half + EPS) {
        return { path: where, problem: `the opening reaches past ${n(half)} from the middle of side "${o.side}": it must lie within the wall, clear of the corners by the wall's thickness (${n(tk)})` };
      }
      if (o.z + o.h > t.h + EPS) return { path: where, problem: `the opening's top (${n(o.z + o.h)}) is above the building's (${n(t.h)})` };
      for (let j = 0; j < i; j++) {
        const p = openings[j]!;
        if (p.side === o.side && Math.abs(p.at - o.at) < (p.w + o.w) / 2 - EPS) {
          return { path: where, problem: `overlaps openings[${j}] on side "${o.side}"` };
        }
      }
    }
  }
  for (let i = 0; i < ladders.length; i++) {
    const l = ladders[i]!;
    const where = `ladders[${i}]`;
    const w = l.w ?? 1;
    const half = sideLength(t, l.side) / 2 - (l.inside ? tk : 0);
    if (Math.abs(l.at) + w / 2 > half + EPS) return { path: where, problem: `the ladder reaches past ${n(half)} from the middle of side "${l.side}"` };
    const heights = ladderHeights(t, l.inside === true);
    const from = l.from ?? 0;
    const to = l.to ?? t.h;
    const known = (v: number) => heights.some((h) => Math.abs(h - v) <= EPS);
    const list = heights.map(n).join(', ');
    if (!known(from)) return { path: `${where}.from`, problem: `${n(from)} is not a surface height beside the ladder (${list})` };
    if (!known(to)) return { path: `${where}.to`, problem: `${n(to)} is not a surface height beside the ladder (${list})` };
    if (to <= from + EPS) return { path: `${where}.to`, problem: `expected a height above "from" (${n(from)})` };
  }
  return null;
}
