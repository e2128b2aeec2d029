/**
 * A long game for the replay bench: the committed mid-game (examples/midgame.json) played on by
 * Orders, each trooper walking to a goal drawn from the open ground and then to another, until the
 * game has the number of commands asked for (or ends). Built by the engine itself, deterministic.
 *
 * Besides the Moves, the game has close combat and Coordinated Orders (issue 38), each chosen by the
 * same seeded generator: a trooper with an enemy model within its first Move's reach may walk into
 * contact with it (CC-1) and attack it in the same Order (a CC Attack as second skill, CC-5); an
 * Engaged trooper's Order is a CC Attack, answered by its target's CC Attack ARO (CC-6: Face to Face);
 * and each player turn's first Order, while the player has a Command Token, is a Coordinated Move of
 * the trooper and up to three others of its Combat Group (COORD-1..7), each towards its own goal.
 * The dice are manual, drawn from the generator.
 */
import { resolveFacts } from '../src/core/data/facts';
import type { Command, GameFile, GameState, PlanePoint, PlayerId } from '../src/core/model/types';
import type { EngineContext } from '../src/core/ports';
import { isOnTable, silhouetteOf } from '../src/core/rules/placement';
import { Game, moveOrder, moves, movers, rng, Walkable, type Plan } from './games';

/** What the long game holds besides the Moves, counted as it was built. */
export interface LongGameCounts {
  /** Orders that left their trooper Engaged (CC-2) where it was not */
  engagements: number;
  /** CC Attacks declared: as a skill of an Order or as an ARO */
  ccAttacks: number;
  /** Coordinated Moves (orders with `with`) */
  coordinated: number;
}

const counted = new WeakMap<GameFile, LongGameCounts>();

/** The counts of a game `longGame` built (zeros for another file). */
export function longGameCounts(file: GameFile): LongGameCounts {
  return counted.get(file) ?? { engagements: 0, ccAttacks: 0, coordinated: 0 };
}

export function longGame(mid: GameFile, ctx: EngineContext, commands: number): GameFile {
  const g = Game.from(mid, ctx);
  const facts = resolveFacts(g.setup.facts);
  const profiles = [...g.setup.players.A.troopers, ...g.setup.players.B.troopers];
  const grounds = new Map<number, Walkable>();
  const walkable = (id: string) => {
    const r = facts.silhouettes[profiles.find((p) => p.id === id)!.s].radius;
    let w = grounds.get(r);
    if (!w) grounds.set(r, (w = new Walkable(g.setup, ctx.scenery, r)));
    return w;
  };
  const random = rng(1000);
  const goals = new Map<string, PlanePoint>();
  const plan: Plan = {
    walkable,
    goal: (id, state) => {
      const t = state.troopers[id]!;
      let goal = goals.get(id);
      // A new goal when the last is reached: somewhere in the open, anywhere on the table.
      while (!goal || Math.hypot(goal.x - t.x!, goal.y - t.y!) < 1) {
        const p = { x: 2 + random() * 44, y: 2 + random() * 44 };
        if (walkable(id).isFree(p)) goal = p;
      }
      goals.set(id, goal);
      return goal;
    },
    facing: (_id, _state, to) => Math.round(Math.atan2(24 - to.y, 24 - to.x) * (180 / Math.PI) + 270) % 360,
  };
  const counts: LongGameCounts = { engagements: 0, ccAttacks: 0, coordinated: 0 };
  const dice = rng(38);
  const d20 = () => 1 + Math.floor(dice() * 20);
  /** The dice the Order waits for (manual dice), drawn from the generator, until it resolves. */
  const settle = () => {
    for (let o = g.state.order; o && (o.stage === 'rolls' || o.stage === 'saves'); o = g.state.order) {
      const rolls: Record<string, number[]> = {};
      for (const [id, n] of Object.entries(o.needs)) rolls[id] = Array.from({ length: n }, d20);
      g.must({ do: o.stage, rolls } as Command);
    }
    if (g.state.order) throw new Error(`the long game's Order waits in stage ${g.state.order.stage}`);
  };
  const engaged = () => new Set(Object.entries(g.state.troopers).filter(([, t]) => t.engaged).map(([id]) => id));
  /** An Order: counts the engagements it makes. */
  const played = (fn: () => boolean) => {
    const before = engaged();
    if (!fn()) return false;
    settle();
    for (const id of engaged()) if (!before.has(id)) counts.engagements++;
    return true;
  };
  const turn = { coordinated: false };
  const one = (id: string) =>
    (g.state.troopers[id]!.engaged && played(() => ccOrder(g, id, counts))) ||
    (!turn.coordinated && (turn.coordinated = true) && played(() => coordinatedMove(g, id, plan, counts))) ||
    (random() < 0.12 && played(() => engageOrder(g, id, counts))) ||
    played(() => moveOrder(g, id, plan));
  while (g.commands.length < commands && g.state.phase === 'game') {
    turn.coordinated = false;
    playTurnWith(g, one, commands);
  }
  const file = g.file();
  counted.set(file, counts);
  return file;
}

/** As `playTurn`, each Order given by `one` (false: no Order for that trooper). */
function playTurnWith(g: Game, one: (id: string) => boolean, maxCommands: number): void {
  const player = g.state.active!;
  const pool = g.state.pool!;
  for (const [group, n] of Object.entries(pool.groups)) {
    const ids = movers(g.state, player).filter((id) => String(g.state.troopers[id]!.group) === group);
    // An Order is at most 8 commands (two windows and the dice); a game kept to `maxCommands`.
    for (let k = 0, tried = 0; k < n && tried < ids.length * 2 && g.commands.length + 8 <= maxCommands; tried++) {
      const id = ids[tried % ids.length]!;
      if (g.state.troopers[id]!.status === 'model' && one(id)) k++;
    }
  }
  if (g.commands.length < maxCommands) g.must({ do: 'endTurn', player });
}

function enemyOf(p: PlayerId): PlayerId {
  return p === 'A' ? 'B' : 'A';
}

/** CC-3, CC-5, CC-6: an Engaged trooper attacks an enemy it is in contact with; the target answers with a CC Attack ARO. */
function ccOrder(g: Game, id: string, counts: LongGameCounts): boolean {
  const t = g.state.troopers[id]!;
  const me = silhouetteOf(g.state, id)!;
  const target = Object.entries(g.state.troopers)
    .filter(([, o]) => o.player !== t.player && o.status === 'model')
    .map(([o]) => o)
    .find((o) => {
      const s = silhouetteOf(g.state, o)!;
      return Math.hypot(s.x - me.x, s.y - me.y) - s.r - me.r <= 0.05;
    });
  if (!target) return false;
  if (!g.tryApply({ do: 'order', player: t.player, trooper: id, skill: 'cc-attack', targets: [{ target, burst: 1 }] } as Command)) return false;
  counts.ccAttacks++;
  const reacted = g.tryApply({ do: 'aros', player: enemyOf(t.player), declarations: [{ trooper: target, skill: 'cc-attack' }] } as Command);
  if (reacted) counts.ccAttacks++;
  else g.must({ do: 'aros', player: enemyOf(t.player), declarations: [] });
  g.must({ do: 'second', player: t.player, skill: 'idle' });
  g.must({ do: 'aros', player: enemyOf(t.player), declarations: [] });
  return true;
}

/** CC-1, CC-5: a Move straight into contact with the nearest enemy model within reach, then a CC Attack on it. */
function engageOrder(g: Game, id: string, counts: LongGameCounts): boolean {
  const t = g.state.troopers[id]!;
  const profile = [...g.setup.players.A.troopers, ...g.setup.players.B.troopers].find((p) => p.id === id)!;
  const reach = (profile.mov ?? [4, 4])[0] - 0.1;
  const me = silhouetteOf(g.state, id)!;
  const near = Object.entries(g.state.troopers)
    .filter(([, o]) => o.player !== t.player && o.status === 'model' && !o.engaged)
    .map(([o]) => ({ o, s: silhouetteOf(g.state, o)! }))
    .map(({ o, s }) => ({ o, s, d: Math.hypot(s.x - me.x, s.y - me.y) }))
    .filter(({ s, d }) => d - s.r - me.r > 0.2 && d - s.r - me.r < reach && Math.abs(s.z - me.z) < 0.01)
    .sort((a, b) => a.d - b.d || (a.o < b.o ? -1 : 1));
  for (const { o, s, d } of near.slice(0, 2)) {
    const gap = s.r + me.r + 0.03;
    const at = { x: s.x + ((me.x - s.x) * gap) / d, y: s.y + ((me.y - s.y) * gap) / d };
    const facing = Math.round((Math.atan2(s.y - at.y, s.x - at.x) * 180) / Math.PI + 270) % 360;
    if (!g.tryApply({ do: 'order', player: t.player, trooper: id, skill: 'move', path: [at], facing })) continue;
    g.must({ do: 'aros', player: enemyOf(t.player), declarations: [] });
    if (g.tryApply({ do: 'second', player: t.player, skill: 'cc-attack', targets: [{ target: o, burst: 1 }] } as Command)) counts.ccAttacks++;
    else g.must({ do: 'second', player: t.player, skill: 'idle' });
    g.must({ do: 'aros', player: enemyOf(t.player), declarations: [] });
    return true;
  }
  return false;
}

/** COORD-1..7: a Coordinated Move of `id` (the Spearhead) and up to three others of its group, each towards its goal, a second Move likewise. */
function coordinatedMove(g: Game, id: string, plan: Plan, counts: LongGameCounts): boolean {
  const s: GameState = g.state;
  const t = s.troopers[id]!;
  const mates = movers(s, t.player).filter((o) => o !== id && s.troopers[o]!.group === t.group && !s.troopers[o]!.engaged);
  const others = Object.entries(s.troopers)
    .filter(([, ot]) => isOnTable(ot))
    .map(([o]) => silhouetteOf(s, o)!);
  const profile = (p: string) => [...g.setup.players.A.troopers, ...g.setup.players.B.troopers].find((q) => q.id === p)!;
  const step = (p: string, k: 0 | 1, from: PlanePoint) => {
    const goal = plan.goal(p, g.state);
    if (!goal) return null;
    const route = plan.walkable(p).route(from, goal, others.filter((c) => Math.hypot(c.x - from.x, c.y - from.y) > 0.01));
    const path = moves(from, route, (profile(p).mov ?? [4, 4])[k] - 0.02)[0];
    return path ? { skill: 'move', path, facing: plan.facing(p, g.state, path.at(-1)!) } : null;
  };
  for (let n = Math.min(3, mates.length); n >= 1; n--) {
    const team = [id, ...mates.slice(0, n)];
    const first = new Map(team.map((p) => [p, step(p, 0, { x: s.troopers[p]!.x!, y: s.troopers[p]!.y! })]));
    if ([...first.values()].some((f) => f === null)) continue;
    const each = Object.fromEntries(team.slice(1).map((p) => [p, first.get(p)!]));
    if (!g.tryApply({ do: 'order', player: t.player, trooper: id, ...first.get(id)!, with: team.slice(1), each } as Command)) continue;
    counts.coordinated++;
    g.must({ do: 'aros', player: enemyOf(t.player), declarations: [] });
    const second = new Map(team.map((p) => [p, step(p, 1, first.get(p)!.path.at(-1)!)]));
    const each2 = Object.fromEntries(team.slice(1).map((p) => [p, second.get(p)]));
    if ([...second.values()].some((f) => f === null) || !g.tryApply({ do: 'second', player: t.player, ...second.get(id)!, each: each2 } as Command)) {
      g.must({ do: 'second', player: t.player, skill: 'idle' });
    }
    g.must({ do: 'aros', player: enemyOf(t.player), declarations: [] });
    return true;
  }
  return false;
}
