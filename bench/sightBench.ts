/**
 * Line of Fire over every ordered pair of opposing troopers, and the ARO scan of a Move's path (ARO-1:
 * every enemy's Line of Fire and Zone of Control along it, as `eligibleIn` judges it), each through
 * the BVH and through the plain Raycaster over the same mesh, and the scan also point by point.
 */
import { apply } from '../src/core/engine';
import { behindShooter, hasLineOfFire } from '../src/core/geometry/lof';
import type { Command, GameState, Setup } from '../src/core/model/types';
import type { EngineContext } from '../src/core/ports';
import { possibleReactors, Sight, type Reactor } from '../src/core/rules/aros/sight';
import type { Place } from '../src/core/rules/movement/path';
import { isOnTable } from '../src/core/rules/placement';
import { SightLines } from '../src/core/rules/queries';
import { blockersFor } from '../src/core/rules/queries/lineOfFire';
import { factsOf, Tx } from '../src/core/rules/context';
import { eligibleIn } from '../src/core/rules/orders/flow';
import { createSceneryIndex, type RayKind } from '../src/spatial/sceneryIndex';
import { time, warm, type Timing } from './timing';

export function opposingPairs(state: GameState): [string, string][] {
  const standing = Object.entries(state.troopers).filter(([, t]) => isOnTable(t));
  const pairs: [string, string][] = [];
  for (const [a, ta] of standing) for (const [b, tb] of standing) if (ta.player !== tb.player) pairs.push([a, b]);
  return pairs;
}

/**
 * LOF-1: how many unordered pairs of the list face each other (each at least partly in the other's
 * arc); throws if one of them has Line of Fire one way only.
 */
export function facingPairs(state: GameState, pairs: [string, string][], scenery: EngineContext['scenery']): number {
  const lines = new SightLines(state, { scenery });
  let n = 0;
  for (const [a, b] of pairs) {
    if (a > b || behindShooter(lines.query(a, b)) || behindShooter(lines.query(b, a))) continue;
    n++;
    if (lines.has(a, b) !== lines.has(b, a)) throw new Error(`Line of Fire one way only between ${a} and ${b}`);
  }
  return n;
}

/** Every pair's Line of Fire through one ray engine (as the engine asks many at once: SightLines): the time, and how many see. */
export function pairsBench(setup: Setup, state: GameState, pairs: [string, string][], kind: RayKind, runs: number): Timing & { visible: number } {
  const ctx = { scenery: createSceneryIndex(setup, kind) };
  let visible = 0;
  const once = () => {
    visible = 0;
    // Made anew each run: its making is part of the time.
    const lines = new SightLines(state, ctx);
    for (const [a, b] of pairs) if (lines.has(a, b)) visible++;
  };
  warm(once, 300);
  return { ...time(once, runs), visible };
}

export interface PathCase {
  trooper: string;
  points: Place[];
  /** the game with the Order declared and its window about to be judged */
  after: GameState;
}

/**
 * For each of the active player's troopers that can move 6" in one Move, a straight 6" path through
 * the open: the first of 16 directions (towards the enemy first) the engine takes as an `order`, with
 * the path points the engine checked.
 */
export function openPaths(state: GameState, ctx: EngineContext, length = 6): PathCase[] {
  const player = state.active!;
  const out: PathCase[] = [];
  const foes = Object.values(state.troopers).filter((t) => t.player !== player && isOnTable(t));
  const cx = foes.reduce((s, t) => s + t.x!, 0) / foes.length;
  const cy = foes.reduce((s, t) => s + t.y!, 0) / foes.length;
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.player !== player || t.status !== 'model') continue;
    const towards = Math.atan2(cy - t.y!, cx - t.x!);
    for (let k = 0; k < 16; k++) {
      const a = towards + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * (Math.PI / 8);
      const cmd = { do: 'order', player, trooper: id, skill: 'move', path: [{ x: t.x! + length * Math.cos(a), y: t.y! + length * Math.sin(a) }] } as Command;
      const r = apply(state, cmd, ctx);
      if (r.ok) {
        out.push({ trooper: id, points: r.state.order!.skills[0]!.points, after: r.state });
        break;
      }
    }
  }
  return out;
}

/**
 * MOV-7, MOV-11, MOV-13 (issue 37): paths in three dimensions for the same scan. For the first of the
 * active player's models that can: stood against the face of a block it can climb (1" to its first MOV
 * value high, with room on top), a Climb onto its top; then, from there, a Jump down to the table
 * beside it (a drop). Each with the points the engine placed, heights and all.
 */
export function verticalPaths(state: GameState, ctx: EngineContext): PathCase[] {
  const player = state.active!;
  const blocks = ctx.scenery.solids.filter((s) => s.part === 'block' && s.z0 === 0 && s.z1 >= 1 && s.z1 <= 4 && s.w >= 1.2 && s.d >= 1.2);
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.player !== player || t.status !== 'model') continue;
    for (const b of blocks) {
      const rad = (b.rotation * Math.PI) / 180;
      // The block's -y face (in its frame): stand outside it, climb to the top just inside it, jump down 2" further out.
      const n = { x: Math.sin(rad), y: -Math.cos(rad) };
      const face = { x: b.x + n.x * (b.d / 2), y: b.y + n.y * (b.d / 2) };
      const r = 0.5;
      const foot = { x: face.x + n.x * (r + 0.001), y: face.y + n.y * (r + 0.001) };
      const top = { x: face.x - n.x * r, y: face.y - n.y * r, z: b.z1 };
      const land = { x: face.x + n.x * 2.5, y: face.y + n.y * 2.5, z: 0 };
      const at = { ...state, troopers: { ...state.troopers, [id]: { ...t, x: foot.x, y: foot.y, z: 0 } } };
      const climb = apply(at, { do: 'order', player, trooper: id, skill: 'climb', to: top } as Command, ctx);
      if (!climb.ok) continue;
      const up = apply(climb.state, { do: 'aros', player: player === 'A' ? 'B' : 'A', declarations: [] } as Command, ctx);
      if (!up.ok || up.state.troopers[id]!.z !== b.z1) continue;
      const jump = apply(up.state, { do: 'order', player, trooper: id, skill: 'jump', to: land } as Command, ctx);
      if (!jump.ok) continue;
      return [
        { trooper: id, points: climb.state.order!.skills[0]!.points, after: climb.state },
        { trooper: id, points: jump.state.order!.skills[0]!.points, after: jump.state },
      ];
    }
  }
  return [];
}

/** ARO-1 as the engine judges a Move's window (`eligibleIn`): the enemies in Zone of Control or Line of Fire at some point. */
export function aroScan(ctx: EngineContext, p: PathCase): string[] {
  return eligibleIn(new Tx(p.after, p.after, ctx), p.after.order!, 1);
}

/**
 * The same question point by point: Zone of Control at some point, or Line of Fire at some point, in
 * order; LOF-1: the mover looks back with the Move's declared facing.
 */
export function aroScanPointByPoint(ctx: EngineContext, p: PathCase): string[] {
  const state = p.after;
  const back = state.order!.skills[0]!.facing;
  const sight = new Sight(state, ctx, p.trooper, p.points, state.troopers[p.trooper]!.prone, back);
  const blockers = blockersFor(state, p.trooper, null);
  const patch = factsOf(state).lofPatch;
  const sees = (r: Reactor, i: number) => hasLineOfFire({ shooter: r.shooter, facing: r.facing, target: sight.target(i), blockers: blockers.filter((b) => b.id !== r.id), patch, back }, ctx.scenery);
  return possibleReactors(state, p.trooper, true)
    .filter((r) => sight.zoneAny(r) || p.points.some((_, i) => sees(r, i)))
    .map((r) => r.id);
}

export interface ScanFigures {
  paths: PathCase[];
  /** per path, ms of CPU */
  perPath: number[];
  mean: Timing;
  eligible: number;
}

export function scanBench(ctx: EngineContext, paths: PathCase[], scan: typeof aroScan, runs: number): ScanFigures {
  // Warmed as the pairs are: the first runs' CPU time counts the compiler's threads too.
  warm(() => paths.forEach((p) => scan(ctx, p)), 300);
  const perPath = paths.map((p) => time(() => scan(ctx, p), runs).cpu);
  const mean = time(() => paths.forEach((p) => scan(ctx, p)), runs);
  const eligible = paths.reduce((s, p) => s + scan(ctx, p).length, 0);
  const n = paths.length;
  return { paths, perPath, mean: { ...mean, median: mean.median / n, best: mean.best / n, cpu: mean.cpu / n }, eligible };
}
