/**
 * apply(): the only way a game's state changes. Pure and deterministic given its context: the dice
 * come from the state's seeded stream, the command's own rolls, or the context's random source.
 */
import { dict } from './dict';
import { draftOf } from './model/draft';
import { commandPlayer, type Command, type GameEvent, type GameFile, type GameState, type PlayerId, type Rejection, type Setup, type TrooperState } from './model/types';
import type { EngineContext } from './ports';
import { Checks } from './rules/checks';
import { Refusal, refuse, Tx } from './rules/context';
import { closeImplicitly } from './rules/orders/flow';
import { closesOrderFirst, stageTakes } from './rules/orders/stages';
import { commandProblem, parseCommand } from './model/commands';
import { COMMANDS, QUERY_COMMANDS } from './rules/registry';
import { initialScore } from './rules/missions/score';
import { updateEngaged } from './rules/closeCombat/engaged';
import { ViewNumbering, viewEvents, type Viewer } from './view';

/** The rule set this engine implements; a later edition would sit beside it under its own name. */
export const RULE_SET = 'N4' as const;

export function createGame(setup: Setup): GameState {
  const troopers = dict<TrooperState>();
  for (const player of ['A', 'B'] as PlayerId[]) {
    for (const t of setup.players[player].troopers) {
      troopers[t.id] = { player, status: 'undeployed', x: null, y: null, z: null, facing: null, prone: false, fixed: false, wounds: t.w, group: t.group };
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
    discoverLocks: dict(),
    orderJumper: null,
    pool: null,
    ordersGiven: 0,
    lieutenantKnown: { A: false, B: false },
    order: null,
    // MIS-1: only a game with a mission has a score.
    ...(setup.mission ? { score: initialScore(setup)! } : {}),
    // COORD-1: Command Tokens are counted once a game's setup gives them.
    ...(setup.facts.commandTokens !== undefined ? { commandTokens: { A: setup.facts.commandTokens, B: setup.facts.commandTokens } } : {}),
  };
}

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[]; command: Command }
  | { ok: false; rejection: Rejection };

/** Whether a command only asks: it changes nothing but the count. */
export function isQuery(cmd: Pick<Command, 'do'>): boolean {
  return QUERY_COMMANDS.has(cmd.do);
}

function dispatch(tx: Tx, cmd: Command): Command {
  const module = Object.hasOwn(COMMANDS, cmd.do) ? (COMMANDS as Record<string, (typeof COMMANDS)[keyof typeof COMMANDS]>)[cmd.do] : undefined;
  if (!module) throw new Refusal({ rule: null, code: 'bad-command', message: `There is no command "${String(cmd.do)}".` });
  const run = module as unknown as { check(tx: Tx, cmd: Command): unknown; effect(tx: Tx, cmd: Command, checked: unknown): Command };
  if (isQuery(cmd)) return run.effect(tx, cmd, run.check(tx, cmd));
  const d = tx.draft;
  // The active player's command while the Order waits on them closes it first, as one step.
  let recorded = cmd;
  const v = new Checks();
  if (d.order && closesOrderFirst(d.order, cmd)) {
    recorded = v.value(() => closeImplicitly(tx, cmd)) ?? cmd;
  }
  v.check(() => {
    // ORD-7: after the game's end only queries are taken.
    if (d.phase === 'end') refuse('out-of-turn', 'ORD-7', 'The game is over: only questions are taken now.');
    // ORD-5: an Order in progress takes only what its stage takes (rules/orders/stages.ts).
    if (d.order && !stageTakes(d.order, cmd)) refuse('out-of-turn', 'ORD-5', `An Order is in progress (stage ${d.order.stage}): that command must wait.`);
  });
  const checked = v.value(() => run.check(tx, recorded));
  v.end();
  return run.effect(tx, recorded, checked);
}

/**
 * Applies one command. On success: the next state, its events (each with the command's index) and
 * the command as recorded (random dice write their rolls into it). On refusal: the rejection, and the
 * state given stays exactly as it was.
 */
export function apply(state: GameState, command: Command, ctx: EngineContext): ApplyResult {
  // Every command is checked against the game file's own schema before anything else: whoever gives
  // it (a file, the table, the other machine), a command of no legal form is refused as `bad-command`
  // and the state stays exactly as it was. The parsed command (legacy fields upgraded) is what runs.
  const parsed = parseCommand(command);
  if (!parsed.success) return { ok: false, rejection: { rule: null, code: 'bad-command', message: commandProblem(parsed.error) } };
  command = parsed.data as Command;
  const draft = draftOf(state);
  const tx = new Tx(state, draft, ctx);
  try {
    // A command that changes the game while no Order is open begins a new one: the last jumper's
    // Order is over (CJ-4). An Order lasts from its opening command until it resolves.
    if (!isQuery(command) && draft.order === null) draft.orderJumper = null;
    const recorded = dispatch(tx, command);
    // CC-2: the Engaged states follow the positions once no Order is open.
    if (!isQuery(command) && draft.order === null) updateEngaged(tx);
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
  /** the events the viewer may see, numbered as that viewer's view numbers them */
  events: GameEvent[];
  /** the commands as applied (with any rolls random dice made) */
  commands: Command[];
  /** the refusal: `index` the command's place in the file, `viewIndex` its number in the viewer's view */
  rejected: (Rejection & { index: number; viewIndex: number; player: PlayerId | null }) | null;
}

/**
 * Replays a game file's commands in order, stopping at the first refusal. `viewer` keeps only the
 * events that player may see, judged as each command is applied, and numbers them for that view.
 */
export function replay(file: GameFile, ctx: EngineContext, viewer: Viewer = null): ReplayResult {
  const { commands, ...setup } = file;
  let state = createGame(setup);
  const events: GameEvent[] = [];
  const applied: Command[] = [];
  const numbering = new ViewNumbering(viewer);
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i]!;
    const r = apply(state, cmd, ctx);
    if (!r.ok) {
      const player = commandPlayer(cmd);
      return { state, events, commands: applied, rejected: { index: i, viewIndex: numbering.next(i), player, ...r.rejection } };
    }
    events.push(...numbering.number(i, viewEvents(r.events, state, r.state, viewer, cmd)));
    state = r.state;
    applied.push(r.command);
  }
  return { state, events, commands: applied, rejected: null };
}
