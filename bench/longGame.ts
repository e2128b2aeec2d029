/**
 * A long game for the replay bench: the committed mid-game (examples/midgame.json) played on by
 * Orders, each trooper walking to a goal drawn from the open ground and then to another, until the
 * game has the number of commands asked for (or ends). Built by the engine itself, deterministic.
 */
import { resolveFacts } from '../src/core/data/facts';
import type { GameFile, PlanePoint } from '../src/core/model/types';
import type { EngineContext } from '../src/core/ports';
import { Game, playTurn, rng, Walkable, type Plan } from './games';

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
  while (g.commands.length < commands && g.state.phase === 'game') playTurn(g, plan, commands);
  return g.file();
}
