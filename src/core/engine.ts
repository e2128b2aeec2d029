/**
 * apply(): the only way a game's state changes. Pure and deterministic given its context: the dice
 * come from the state's seeded stream, the command's own rolls, or the context's random source.
 */
import type { Command, GameEvent, GameFile, GameState, PlayerId, Rejection, Setup, TrooperState } from './model/types';
import type { EngineContext } from './ports';
import { Refusal, Tx } from './rules/context';
import { deploy, endStep, endTurn } from './rules/deployment';
import { combatJump, discover, fallback, reveal } from './rules/game';
import { deploymentChoice, initiative, keep, turnOrder } from './rules/initiative';
import { lof, measure, odds } from './rules/queries';
import { viewEvents, type Viewer } from './view';

/** The rule set this engine implements; a later edition would sit beside it under its own name. */
export const RULE_SET = 'N4' as const;

export function createGame(setup: Setup): GameState {
  const troopers: Record<string, TrooperState> = {};
  for (const player of ['A', 'B'] as PlayerId[]) {
    for (const t of setup.players[player].troopers) {
      troopers[t.id] = { player, status: 'undeployed', x: null, y: null, z: null, facing: null, prone: false, fixed: false, wounds: t.w };
    }
  }
  return {
    setup,
    applied: 0,
    phase: 'initiative',
    step: null,
    round: 0,
    active: null,
    initiative: { winner: null, deploymentKeeper: null, initiativeKeeper: null, firstDeployer: null, firstTurn: null, zones: null },
    keptBack: {},
    troopers,
    markerCount: { A: 0, B: 0 },
    dice: 'seed' in setup.dice ? { mode: 'seed', a: setup.dice.seed | 0 } : 'random' in setup.dice ? { mode: 'random' } : { mode: 'manual' },
    pendingFallback: null,
    reserveOf: {},
    discoverLocks: {},
    orderJumper: null,
  };
}

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[]; command: Command }
  | { ok: false; rejection: Rejection };

/** Commands that only ask: they may come while a fallback is owed, and change nothing but the count. */
const QUERIES = new Set(['measure', 'lof', 'odds']);

function draftOf(state: GameState): GameState {
  const { setup, ...rest } = state;
  return { ...structuredClone(rest), setup };
}

function dispatch(tx: Tx, cmd: Command): Command {
  switch (cmd.do) {
    case 'initiative':
      return initiative(tx, cmd);
    case 'keep':
      return keep(tx, cmd);
    case 'deploymentChoice':
      return deploymentChoice(tx, cmd);
    case 'turnOrder':
      return turnOrder(tx, cmd);
    case 'deploy':
      return deploy(tx, cmd);
    case 'fallback':
      return fallback(tx, cmd);
    case 'endStep':
      return endStep(tx, cmd);
    case 'endTurn':
      return endTurn(tx, cmd);
    case 'measure':
      return measure(tx, cmd);
    case 'odds':
      return odds(tx, cmd);
    case 'lof':
      return lof(tx, cmd);
    case 'combatJump':
      return combatJump(tx, cmd);
    case 'reveal':
      return reveal(tx, cmd);
    case 'discover':
      return discover(tx, cmd);
  }
}

/**
 * Applies one command. On success: the next state, its events (each with the command's index) and
 * the command as recorded (random dice write their rolls into it). On refusal: the rejection, and the
 * state given stays exactly as it was.
 */
export function apply(state: GameState, command: Command, ctx: EngineContext): ApplyResult {
  const draft = draftOf(state);
  const tx = new Tx(state, draft, ctx);
  try {
    // A new Order begins with every command that changes the game: the last jumper's Order is over (CJ-4).
    if (!QUERIES.has(command.do)) draft.orderJumper = null;
    const recorded = dispatch(tx, command);
    draft.applied = state.applied + 1;
    const events = tx.events.map((e) => ({ index: state.applied, ...e }) as GameEvent);
    return { ok: true, state: draft, events, command: recorded };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, rejection: e.rejection };
    throw e;
  }
}

export interface ReplayResult {
  state: GameState;
  events: GameEvent[];
  /** the commands as applied (with any rolls random dice made) */
  commands: Command[];
  rejected: (Rejection & { index: number; player: PlayerId | null }) | null;
}

/**
 * Replays a game file's commands in order, stopping at the first refusal. `viewer` keeps only the
 * events that player may see, judged as each command is applied.
 */
export function replay(file: GameFile, ctx: EngineContext, viewer: Viewer = null): ReplayResult {
  const { commands, ...setup } = file;
  let state = createGame(setup);
  const events: GameEvent[] = [];
  const applied: Command[] = [];
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i]!;
    const r = apply(state, cmd, ctx);
    if (!r.ok) {
      return { state, events, commands: applied, rejected: { index: i, player: 'player' in cmd ? cmd.player : null, ...r.rejection } };
    }
    events.push(...viewEvents(r.events, state, r.state, viewer));
    state = r.state;
    applied.push(r.command);
  }
  return { state, events, commands: applied, rejected: null };
}
