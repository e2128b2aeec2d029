/**
 * TOOL-4: where an airborne trooper may land, and how exposed each spot is. Every spot is judged by the
 * same landing checks as the `combatJump` command (CJ-3 to CJ-5), and its exposure counts the enemy
 * troopers the player can see on the table (models and markers, never hidden or airborne ones) that
 * would have Line of Fire to the trooper standing there. LOF-1: the trooper looks back with the facing
 * it would land with; where none is given, all round (whichever way it would face: the most exposure).
 */
import { hasLineOfFire, type LofBlocker, type LofQuery } from '../geometry/lof';
import type { GameState, PlayerId, Rejection } from '../model/types';
import type { EngineContext } from '../ports';
import { Refusal, Tx, factsOf } from './context';
import { checkLanding } from './combatJump/landing';
import { canAct, lofFacing, silhouetteAt, silhouetteOf } from './placement';

export interface LandingSpot {
  x: number;
  y: number;
  /** the surface it would stand on: the highest under the spot */
  z: number;
  /** why it may not land there, as `combatJump` would refuse it; null where it may */
  refusal: Rejection | null;
  /** the enemies (by trooper id; the caller names markers as its player may) with Line of Fire to it */
  seenBy: string[];
}

/** The enemies a player knows are on the table and able to react (DMG-3: not Unconscious). */
export function knownEnemies(state: GameState, player: PlayerId): string[] {
  return Object.entries(state.troopers)
    .filter(([, t]) => t.player !== player && canAct(t))
    .map(([id]) => id);
}

/** Judges landing spots for one airborne trooper against the current state, without changing it. */
export class LandingJudge {
  private readonly tx: Tx;
  private readonly player: PlayerId;
  private readonly shooters: { id: string; query: LofQuery }[];

  constructor(
    private readonly state: GameState,
    private readonly ctx: EngineContext,
    private readonly trooper: string,
    /** whether to count the enemies that would see each legal spot */
    private readonly exposure = true,
    /** LOF-1: the facing it would land with (null: all round, the default) */
    facing: number | null = null,
  ) {
    // The checks only read: the state itself serves as the draft.
    this.tx = new Tx(state, state, ctx);
    this.player = state.troopers[trooper]!.player;
    const patch = factsOf(state).lofPatch;
    const models: LofBlocker[] = Object.entries(state.troopers)
      .filter(([id, t]) => id !== trooper && t.status === 'model')
      .map(([id]) => ({ id, c: silhouetteOf(state, id)! }));
    this.shooters = knownEnemies(state, this.player).map((id) => {
      const t = state.troopers[id]!;
      return {
        id,
        query: {
          shooter: silhouetteOf(state, id)!,
          facing: lofFacing(t),
          target: silhouetteAt(state, trooper, 0, 0, 0, false),
          blockers: models.filter((m) => m.id !== id),
          patch,
          back: facing,
        },
      };
    });
  }

  /** The spot at (x, y), standing on the highest surface there. */
  spot(x: number, y: number): LandingSpot {
    const z = this.ctx.scenery.surfacesAt(x, y)[0] ?? 0;
    try {
      const zLanded = checkLanding(this.tx, this.player, this.trooper, x, y, z, false);
      return { x, y, z: zLanded, refusal: null, seenBy: this.exposure ? this.seenBy(x, y, zLanded) : [] };
    } catch (e) {
      if (e instanceof Refusal) return { x, y, z, refusal: e.rejection, seenBy: [] };
      throw e;
    }
  }

  /** CJ-8 before the jump: who would have Line of Fire to the trooper standing at this spot. */
  seenBy(x: number, y: number, z: number): string[] {
    const target = silhouetteAt(this.state, this.trooper, x, y, z, false);
    return this.shooters.filter((s) => hasLineOfFire({ ...s.query, target }, this.ctx.scenery)).map((s) => s.id);
  }
}

export interface LandingMap {
  step: number;
  x0: number;
  y0: number;
  cols: number;
  rows: number;
  /** per cell, row by row from the south-west: -1 where it may not land, else the number of enemies that would see it */
  exposure: Int16Array;
  /** per cell: the surface height it would stand on */
  height: Float32Array;
}

/**
 * The map over a part of the table (the whole table by default) at `step` inches, filled row by row;
 * `progress` is told the share done after each row.
 */
export function landingMap(
  state: GameState,
  ctx: EngineContext,
  trooper: string,
  step: number,
  area?: { x0: number; y0: number; x1: number; y1: number },
  progress?: (done: number) => void,
  /** LOF-1: the facing it would land with (null: all round) */
  facing: number | null = null,
): LandingMap {
  const { width, depth } = state.setup.table;
  const a = area ?? { x0: 0, y0: 0, x1: width, y1: depth };
  const cols = Math.max(1, Math.floor((a.x1 - a.x0) / step + 1e-9));
  const rows = Math.max(1, Math.floor((a.y1 - a.y0) / step + 1e-9));
  const map: LandingMap = { step, x0: a.x0, y0: a.y0, cols, rows, exposure: new Int16Array(cols * rows), height: new Float32Array(cols * rows) };
  const judge = new LandingJudge(state, ctx, trooper, true, facing);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const s = judge.spot(a.x0 + (c + 0.5) * step, a.y0 + (r + 0.5) * step);
      map.exposure[r * cols + c] = s.refusal ? -1 : s.seenBy.length;
      map.height[r * cols + c] = s.z;
    }
    progress?.((r + 1) / rows);
  }
  return map;
}
