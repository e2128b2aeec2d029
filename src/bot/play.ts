/**
 * A headless game between two agents: the engine's state is held here, and each agent is asked for its
 * command with its own seat only (what its side may know). Every command goes through `apply`; a
 * refusal is recorded (an agent's dry run on its world should never be refused by the game) and the
 * agent's turn moves on with a command that is always taken where there is one (no ARO, no second
 * skill, the turn's end), so a game always ends. Scored by casualties in points; a game with a mission is
 * won as the mission says (MIS-10: Objective Points, then Victory Points).
 */
import { apply, createGame, speakerOf, type EngineContext } from '../core/api';
import type { Command, GameState, PlayerId, Setup } from '../core/model/types';
import type { Agent } from './agent';
import { momentOf, type Moment } from './moment';
import { SeatLogs, seatFor } from './seat';

export interface Refused {
  player: PlayerId;
  agent: string;
  moment: Moment;
  command: Command;
  code: string;
  message: string;
}

export interface Decision {
  player: PlayerId;
  moment: Moment;
  ms: number;
}

export interface GameRecord {
  setup: Setup;
  commands: Command[];
  state: GameState;
  /** each side's score: the points of the enemy troopers Dead or Unconscious at the end */
  score: Record<PlayerId, number>;
  /** casualties, or in a game with a mission its result (MIS-10) */
  winner: PlayerId | null;
  /** the mission's Objective Points at the end; null without a mission */
  points: Record<PlayerId, number> | null;
  refusals: Refused[];
  /** why the game stopped before its end, or null */
  stuck: string | null;
  decisions: Decision[];
}

export interface PlayOptions {
  /** the most commands a game may take before it counts as stuck */
  maxCommands?: number;
  /** a clock for the decision times (ms); none: times are not taken */
  clock?: () => number;
  /** called after each command the game takes */
  onCommand?: (state: GameState, command: Command, player: PlayerId | null) => void;
}

/** Casualties in points: each side scores the points of the other's troopers that are Dead or Unconscious. */
export function casualtyScore(state: GameState): Record<PlayerId, number> {
  const score = { A: 0, B: 0 };
  for (const p of ['A', 'B'] as const) {
    for (const prof of state.setup.players[p].troopers) {
      const t = state.troopers[prof.id];
      if (t && (t.status === 'removed' || t.status === 'unconscious')) score[p === 'A' ? 'B' : 'A'] += prof.points || 10;
    }
  }
  return score;
}

/** A command that the engine takes at this moment whatever the agent wanted, where there is one. */
function fallbackFor(state: GameState, player: PlayerId, moment: Moment): Command | null {
  if (moment === 'aros') return { do: 'aros', player, declarations: [] };
  if (moment === 'second') return { do: 'second', player, skill: 'none' };
  if (moment === 'order') return { do: 'endTurn', player };
  if (moment === 'dodgeMove') {
    const name = state.order?.dodgeMoves?.[0];
    return name ? { do: 'dodgeMove', player, trooper: name, path: [] } : null;
  }
  if (moment === 'keep') return { do: 'keep', player, choice: 'initiative' };
  if (moment === 'turnOrder') return { do: 'turnOrder', player, first: player };
  if (moment === 'deploymentChoice') return { do: 'deploymentChoice', player, first: player, keeperZone: Object.keys(state.setup.zones.deployment)[0]! };
  return null;
}

export function playGame(setup: Setup, agents: Record<PlayerId, Agent>, ctx: EngineContext, opts: PlayOptions = {}): GameRecord {
  const max = opts.maxCommands ?? 4000;
  let state = createGame(setup);
  const logs = new SeatLogs();
  const commands: Command[] = [];
  const refusals: Refused[] = [];
  const decisions: Decision[] = [];
  let stuck: string | null = null;
  let misses = 0;
  const take = (cmd: Command, player: PlayerId | null): boolean => {
    const r = apply(state, cmd, ctx);
    if (!r.ok) return false;
    logs.add(r.events, state, r.state, r.command);
    state = r.state;
    commands.push(r.command);
    opts.onCommand?.(state, r.command, player);
    return true;
  };
  while (state.phase !== 'end') {
    if (commands.length >= max) {
      stuck = `no end after ${max} commands`;
      break;
    }
    if (state.phase === 'initiative' && state.initiative.winner === null) {
      if (!take({ do: 'initiative' }, null)) {
        stuck = 'the initiative roll was refused';
        break;
      }
      continue;
    }
    const player = speakerOf({ phase: state.phase, active: state.active, initiative: state.initiative, order: state.order && { player: state.order.player, stage: state.order.stage } });
    if (player === null) {
      stuck = 'nobody to speak';
      break;
    }
    const seat = seatFor(state, player, logs[player]);
    const moment = momentOf(seat);
    const agent = agents[player];
    const t0 = opts.clock?.();
    let cmd: Command;
    try {
      cmd = agent.decide(seat, ctx);
    } catch (e) {
      stuck = `${agent.name} (${player}) failed at ${moment}: ${(e as Error).stack ?? e}`;
      break;
    }
    if (t0 !== undefined && opts.clock) decisions.push({ player, moment, ms: opts.clock() - t0 });
    if (take(cmd, player)) {
      misses = 0;
      continue;
    }
    const r = apply(state, cmd, ctx);
    refusals.push({ player, agent: agent.name, moment, command: cmd, code: r.ok ? '' : r.rejection.code, message: r.ok ? '' : r.rejection.message });
    const fb = fallbackFor(state, player, moment);
    if ((fb && take(fb, player)) || ++misses < 3) continue;
    stuck = `${agent.name} (${player}) has no command the game takes at ${moment}`;
    break;
  }
  const score = casualtyScore(state);
  const result = state.score?.result;
  const winner = result ? result.winner : score.A > score.B ? 'A' : score.B > score.A ? 'B' : null;
  return { setup, commands, state, score, winner, points: state.score ? { ...state.score.points } : null, refusals, stuck, decisions };
}
