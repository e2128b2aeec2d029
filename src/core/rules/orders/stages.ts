/**
 * The Order's stages as data (ORD-5, GAME-TURN.md "Stages"): `aro1 -> second -> aro2 -> rolls -> saves`.
 * For each: the commands it takes and whose they are, the ARO window it is (if one), and whether any
 * other command of the active player closes the Order first ("Closing without aros"). The engine, the
 * Order's commands and the views read this table; `enterStage` is the one way a stage changes.
 */
import type { Command, CommandName, OrderState, OrderStage, PlayerId } from '../../model/types';
import { commandPlayer, otherPlayer } from '../../model/types';

/** Who gives a command a stage takes: the active player, the reactive one, or nobody (the dice). */
export type StageActor = 'active' | 'reactive' | 'nobody';

/**
 * A command a stage takes, and whose it is. The command's own checks refuse it from the wrong player
 * (with their own words), unless `strict`: then the stage itself does not take it from anyone else.
 */
export interface StageTake {
  readonly do: CommandName;
  readonly by: StageActor;
  readonly strict?: boolean;
}

export interface StageRule {
  /** the commands the stage takes, and whose */
  readonly takes: readonly StageTake[];
  /** the ARO window it is: open to the reactive player */
  readonly window: 1 | 2 | null;
  /** any other command of the active player first closes the Order (declaring `none`, closing window 2) */
  readonly closedByActive: boolean;
}

export const STAGES: { readonly [S in OrderStage]: StageRule } = {
  aro1: {
    takes: [
      { do: 'aros', by: 'reactive' },
      { do: 'second', by: 'active' },
      // In the active player's own turn a reveal would open an Order of its own: only the reactive player's is an ARO.
      { do: 'reveal', by: 'reactive', strict: true },
    ],
    window: 1,
    closedByActive: false,
  },
  second: { takes: [{ do: 'second', by: 'active' }], window: null, closedByActive: true },
  aro2: {
    takes: [
      { do: 'aros', by: 'reactive' },
      { do: 'reveal', by: 'reactive', strict: true },
    ],
    window: 2,
    closedByActive: true,
  },
  rolls: { takes: [{ do: 'rolls', by: 'nobody' }], window: null, closedByActive: false },
  saves: { takes: [{ do: 'saves', by: 'nobody' }], window: null, closedByActive: false },
  // MOV-20: each successful dodger's move, by its player; a command of the active player other than
  // `dodgeMove` first closes the stage, the dodgers left not moving (as window 2 closes).
  'dodge-moves': { takes: [{ do: 'dodgeMove', by: 'active' }, { do: 'dodgeMove', by: 'reactive' }], window: null, closedByActive: true },
};

function actorOf(order: OrderState, player: PlayerId | null): StageActor {
  if (player === null) return 'nobody';
  return player === order.player ? 'active' : 'reactive';
}

/** Whether the stage takes this command from whoever gives it (queries aside, which any stage takes). */
export function stageTakes(order: OrderState, cmd: Command): boolean {
  const by = actorOf(order, commandPlayer(cmd));
  return STAGES[order.stage].takes.some((t) => t.do === cmd.do && (!t.strict || t.by === by));
}

/** Whether this command of the active player closes the Order before it is applied. */
export function closesOrderFirst(order: OrderState, cmd: Command): boolean {
  return STAGES[order.stage].closedByActive && commandPlayer(cmd) === order.player && !STAGES[order.stage].takes.some((t) => t.do === cmd.do && t.by === 'active');
}

/** The ARO window the Order's stage is, or null. */
export function windowOf(order: OrderState | null): 1 | 2 | null {
  return order ? STAGES[order.stage].window : null;
}

/** The player an open window waits for, or null. */
export function windowPlayer(order: OrderState | null): PlayerId | null {
  return order && windowOf(order) !== null ? otherPlayer(order.player) : null;
}

/** The one way the Order changes stage. */
export function enterStage(order: OrderState, stage: OrderStage): void {
  order.stage = stage;
}
