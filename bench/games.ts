/**
 * Games built by playing the engine itself, for the bench and the committed mid-game fixture
 * (scripts/make-midgame.ts writes examples/midgame.json with it). Every command is applied as it is
 * chosen: a move the engine refuses is never kept, another direction or a shorter step is tried.
 * Deterministic: the same input gives the same commands.
 */
import { apply, createGame } from '../src/core/engine';
import type { Command, GameFile, GameState, PlanePoint, PlayerId, Setup } from '../src/core/model/types';
import type { EngineContext, SceneryIndex } from '../src/core/ports';
import { isOnTable, silhouetteOf } from '../src/core/rules/placement';

/** A small seeded generator (mulberry32): the same seed, the same game. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A game being played: the commands so far and the state they lead to. */
export class Game {
  readonly commands: Command[] = [];
  state: GameState;

  constructor(
    readonly setup: Setup,
    readonly ctx: EngineContext,
  ) {
    this.state = createGame(setup);
  }

  static from(file: GameFile, ctx: EngineContext): Game {
    const { commands, ...setup } = file;
    const g = new Game(setup, ctx);
    for (const c of commands) if (!g.tryApply(c)) throw new Error(`command ${g.commands.length} is refused`);
    return g;
  }

  /** Applies the command if the engine takes it; the game stays as it was otherwise. */
  tryApply(cmd: Command): boolean {
    const r = apply(this.state, cmd, this.ctx);
    if (!r.ok) return false;
    this.state = r.state;
    this.commands.push(r.command);
    return true;
  }

  must(cmd: Command): void {
    if (!this.tryApply(cmd)) {
      const r = apply(this.state, cmd, this.ctx);
      throw new Error(`refused: ${JSON.stringify(cmd)}: ${r.ok ? '' : r.rejection.message}`);
    }
  }

  file(): GameFile {
    return { ...this.setup, commands: [...this.commands] };
  }
}

/** The player's troopers that may take an Order now: models on the table. */
export function movers(state: GameState, player: PlayerId): string[] {
  return Object.entries(state.troopers)
    .filter(([, t]) => t.player === player && t.status === 'model' && isOnTable(t))
    .map(([id]) => id);
}

/** Open ground on a 0.5" grid for a base of radius r (with a little room to spare), and routes over it. */
export class Walkable {
  readonly step = 0.5;
  readonly cols: number;
  readonly rows: number;
  private readonly free: Uint8Array;
  private readonly room: number;

  constructor(setup: Setup, scenery: SceneryIndex, r: number) {
    this.cols = Math.floor(setup.table.width / this.step);
    this.rows = Math.floor(setup.table.depth / this.step);
    this.free = new Uint8Array(this.cols * this.rows);
    const room = r + 0.15;
    this.room = room;
    for (let j = 0; j < this.rows; j++) {
      for (let i = 0; i < this.cols; i++) {
        const { x, y } = this.at(i + j * this.cols);
        const inside = x > room && y > room && x < setup.table.width - room && y < setup.table.depth - room;
        const c = { x, y, z: 0, r: room, h: 1 };
        if (inside && scenery.supportHeight(x, y, room, 0) === 0 && !scenery.overlapping(c) && scenery.enclosing(x, y, room, 0) === null) this.free[i + j * this.cols] = 1;
      }
    }
  }

  at(cell: number): PlanePoint {
    return { x: ((cell % this.cols) + 0.5) * this.step, y: (Math.floor(cell / this.cols) + 0.5) * this.step };
  }

  /** The free cell nearest to a point. */
  nearest(p: PlanePoint): number {
    let best = -1;
    let bestD = Infinity;
    for (let k = 0; k < this.free.length; k++) {
      if (!this.free[k]) continue;
      const q = this.at(k);
      const d = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    return best;
  }

  isFree(p: PlanePoint): boolean {
    const i = Math.floor(p.x / this.step);
    const j = Math.floor(p.y / this.step);
    return i >= 0 && j >= 0 && i < this.cols && j < this.rows && this.free[i + j * this.cols] === 1;
  }

  /**
   * The turning points of a shortest route over free cells (A*, eight neighbours), after `from`,
   * keeping clear of the bases in `others`.
   */
  route(from: PlanePoint, to: PlanePoint, others: readonly { x: number; y: number; r: number }[] = []): PlanePoint[] {
    const saved = this.free.slice();
    for (const o of others) {
      for (let k = 0; k < this.free.length; k++) {
        const p = this.at(k);
        if (Math.hypot(p.x - o.x, p.y - o.y) < o.r + this.room + 0.1) this.free[k] = 0;
      }
    }
    try {
      return this.search(from, to);
    } finally {
      this.free.set(saved);
    }
  }

  private search(from: PlanePoint, to: PlanePoint): PlanePoint[] {
    const start = this.nearest(from);
    const goal = this.nearest(to);
    if (start < 0 || goal < 0) return [];
    const cost = new Float64Array(this.free.length).fill(Infinity);
    const came = new Int32Array(this.free.length).fill(-1);
    const g = this.at(goal);
    const h = (k: number) => Math.hypot(this.at(k).x - g.x, this.at(k).y - g.y);
    const open: [number, number][] = [[h(start), start]];
    cost[start] = 0;
    while (open.length > 0) {
      let bi = 0;
      for (let i = 1; i < open.length; i++) if (open[i]![0] < open[bi]![0]) bi = i;
      const [, k] = open[bi]!;
      open[bi] = open[open.length - 1]!;
      open.pop();
      if (k === goal) break;
      const ci = k % this.cols;
      const cj = Math.floor(k / this.cols);
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const i = ci + di;
          const j = cj + dj;
          if ((di === 0 && dj === 0) || i < 0 || j < 0 || i >= this.cols || j >= this.rows) continue;
          const n = i + j * this.cols;
          // Diagonals only where both sides are open too: no cutting a corner.
          if (!this.free[n] || !this.free[ci + j * this.cols] || !this.free[i + cj * this.cols]) continue;
          const c = cost[k]! + (di !== 0 && dj !== 0 ? Math.SQRT2 : 1) * this.step;
          if (c < cost[n]!) {
            cost[n] = c;
            came[n] = k;
            open.push([c + h(n), n]);
          }
        }
      }
    }
    if (came[goal] === -1 && goal !== start) return [];
    const cells: number[] = [];
    for (let k = goal; k !== -1; k = came[k]!) cells.push(k);
    cells.reverse();
    // Keep only the turning points.
    const out: PlanePoint[] = [];
    for (let n = 1; n < cells.length; n++) {
      const a = cells[n - 1]!;
      const b = cells[n]!;
      const c = cells[n + 1];
      if (c === undefined || b - a !== c - b) out.push(this.at(b));
    }
    return out;
  }
}

/** The first `len` inches of the route from `from`, as path points. */
export function prefix(from: PlanePoint, route: readonly PlanePoint[], len: number): PlanePoint[] {
  const out: PlanePoint[] = [];
  let left = len;
  let prev = from;
  for (const p of route) {
    const d = Math.hypot(p.x - prev.x, p.y - prev.y);
    if (d >= left) {
      if (left > 0.05) out.push({ x: round(prev.x + ((p.x - prev.x) * left) / d), y: round(prev.y + ((p.y - prev.y) * left) / d) });
      return out;
    }
    out.push(p);
    left -= d;
    prev = p;
  }
  return out;
}

/** Paths to try for one Move of at most `mov`: the route's first `mov` inches, then shorter. */
export function moves(from: PlanePoint, route: readonly PlanePoint[], mov: number): PlanePoint[][] {
  const out: PlanePoint[][] = [];
  for (const f of [1, 0.75, 0.5, 0.25]) {
    const p = prefix(from, route, mov * f);
    if (p.length > 0 && !out.some((q) => JSON.stringify(q) === JSON.stringify(p))) out.push(p);
  }
  return out;
}

/** Points kept to 0.01" so the file reads well. */
function round(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface Plan {
  /** where each trooper heads for, or null to leave it standing */
  goal(id: string, state: GameState): PlanePoint | null;
  /** the open ground for this trooper's base */
  walkable(id: string): Walkable;
  /** the facing after a move that ends at `to` */
  facing(id: string, state: GameState, to: PlanePoint): number;
}

/**
 * One Order of a Move and a second Move towards the trooper's goal, with no ARO declared in either
 * window. Returns false (and changes nothing) when no legal first step exists.
 */
export function moveOrder(g: Game, id: string, plan: Plan): boolean {
  const t = g.state.troopers[id]!;
  const goal = plan.goal(id, g.state);
  if (!goal) return false;
  const profile = [...g.setup.players.A.troopers, ...g.setup.players.B.troopers].find((p) => p.id === id)!;
  const [mov1, mov2] = profile.mov ?? [4, 4];
  const reactive: PlayerId = t.player === 'A' ? 'B' : 'A';
  const here = { x: t.x!, y: t.y! };
  const others = Object.entries(g.state.troopers)
    .filter(([o, ot]) => o !== id && isOnTable(ot))
    .map(([o]) => silhouetteOf(g.state, o)!);
  const route = plan.walkable(id).route(here, goal, others);
  const first = moves(here, route, mov1 - 0.02).find((p) => g.tryApply({ do: 'order', player: t.player, trooper: id, skill: 'move', path: p, facing: plan.facing(id, g.state, p.at(-1)!) }));
  if (!first) return false;
  g.must({ do: 'aros', player: reactive, declarations: [] });
  const end = first.at(-1)!;
  const rest = plan.walkable(id).route(end, goal, others);
  const second = moves(end, rest, mov2 - 0.02).find((p) => g.tryApply({ do: 'second', player: t.player, skill: 'move', path: p, facing: plan.facing(id, g.state, p.at(-1)!) }));
  if (!second) g.must({ do: 'second', player: t.player, skill: 'idle' });
  g.must({ do: 'aros', player: reactive, declarations: [] });
  return true;
}

/**
 * The active player's turn: an Order for each Regular Order in the pool (the group's troopers in
 * turn), then `endTurn`.
 */
export function playTurn(g: Game, plan: Plan, maxCommands = Infinity): void {
  const player = g.state.active!;
  const pool = g.state.pool!;
  for (const [group, n] of Object.entries(pool.groups)) {
    const ids = movers(g.state, player).filter((id) => String(g.state.troopers[id]!.group) === group);
    for (let k = 0, tried = 0; k < n && tried < ids.length * 2 && g.commands.length + 5 <= maxCommands; tried++) {
      const id = ids[tried % ids.length]!;
      if (moveOrder(g, id, plan)) k++;
    }
  }
  if (g.commands.length < maxCommands) g.must({ do: 'endTurn', player });
}
