/**
 * Solo against the table: the bot plays one side of the page's game (matchStore.bot) from a Web Worker
 * (src/state/botWorker.ts), and the page never waits on it. Whenever the game waits for the bot's side
 * (its deployment, its choices, its Orders, its AROs: src/bot/moment.ts reads that from its seat), the
 * store posts the bot's seat (what its side may know: viewFor, its known profiles, the events it was
 * shown) to the worker, and gives the command that comes back, no sooner than `pace` after it asked, so
 * a person can follow each step. The person rolls the initiative (a public roll, their button).
 *
 * "What would the table do?": the same bot asked for the person's own side, on their turn: its command
 * and the exact odds of the rolls it plans (plannedOdds), as advice; nothing is given.
 *
 * Loaded with the first game against the table (a dynamic import), never with the first frame.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { plannedOdds, speakerOf, type RollOdds } from '../core/api';
import type { Command, GameState, PlayerId } from '../core/model/types';
import { momentOf, type Moment } from '../bot/moment';
import { seatFor, type Seat } from '../bot/seat';
import { askBot, type Port } from '../bot/worker';
import { gameStore, visibleEvents } from './gameStore';
import { matchStore } from './matchStore';

export type BotLevel = 'easy' | 'normal' | 'hard';

export interface Advice {
  /** the state it was asked on: stale once the game moved on */
  state: GameState;
  command: Command | null;
  odds: RollOdds[];
  error: string | null;
}

export interface BotState {
  level: BotLevel;
  /** what the bot is deciding now, while the worker thinks */
  thinking: Moment | null;
  /** the history indices of the commands the bot gave, for the panel to tell them */
  given: number[];
  /** the last command it gave that the engine refused (the bot then waits for a change) */
  error: string | null;
  advice: Advice | 'thinking' | null;
  /** least time from a question to its command, ms (a person follows each step) */
  pace: number;
}

export const botStore = createStore<BotState>()(() => ({ level: 'normal', thinking: null, given: [], error: null, advice: null, pace: 900 }));

export function useBot<T>(selector: (s: BotState) => T): T {
  return useStore(botStore, selector);
}

let port: Port | null = null;
let seed = 1;
let asked: GameState | null = null;
let unsubscribe: (() => void) | null = null;

function thePort(): Port {
  port ??= new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module', name: 'bot' }) as unknown as Port;
  return port;
}

/** The bot's seat in the page's game: built from the public face only (what its side may know). */
function seatOf(side: PlayerId) {
  const g = gameStore.getState();
  return seatFor(g.state, side, visibleEvents(g.history, side));
}

/**
 * The table's Order opened an ARO window none of the person's troopers may use (hidden ones included:
 * the person's own view lists them): it closes by itself once the person has seen the Order declared.
 */
function passEmptyWindow(state: GameState, person: PlayerId): boolean {
  const o = state.order;
  if (!o || o.player === person || (o.stage !== 'aro1' && o.stage !== 'aro2')) return false;
  if ((o.eligible[o.stage === 'aro1' ? 0 : 1] ?? []).some((id) => state.troopers[id]?.player === person)) return false;
  const game = matchStore.getState().gameSeq;
  setTimeout(() => {
    if (gameStore.getState().state === state && matchStore.getState().gameSeq === game) gameStore.getState().dispatch({ do: 'aros', player: person, declarations: [] });
  }, 1.6 * botStore.getState().pace);
  return true;
}

/** Asks the bot for its next command when the game waits for its side. */
function step(): void {
  const side = matchStore.getState().bot;
  if (side === null) return;
  const g = gameStore.getState();
  if (asked === g.state) return;
  const person = side === 'A' ? 'B' : 'A';
  if (passEmptyWindow(g.state, person)) {
    asked = g.state;
    return;
  }
  const seat = seatOf(side);
  const moment = momentOf(seat);
  // The initiative roll is the person's button (a public roll, as in Hotseat).
  if (moment === 'wait' || moment === 'initiative' || speakerOf(seat.view) !== side) return;
  const state = g.state;
  const game = matchStore.getState().gameSeq;
  asked = state;
  const t0 = Date.now();
  botStore.setState({ thinking: moment });
  const { level, pace } = botStore.getState();
  askBot(thePort(), seat, `bot:${level}`, seed).then(
    (command) => {
      setTimeout(
        () => {
          botStore.setState({ thinking: null });
          if (gameStore.getState().state !== state || matchStore.getState().gameSeq !== game) return;
          let r = gameStore.getState().dispatch(command);
          // MOV-20: a Dodge's move the engine refuses (the world had no Order to try it on): no move, so the Order goes on.
          if (!r.ok && command.do === 'dodgeMove') r = gameStore.getState().dispatch({ do: 'dodgeMove', player: command.player, trooper: command.trooper, path: [] });
          if (r.ok) botStore.setState({ given: [...botStore.getState().given, gameStore.getState().history.length - 1], error: null });
          else botStore.setState({ error: `${r.rejection.code}: ${r.rejection.message}` });
        },
        Math.max(0, pace - (Date.now() - t0)),
      );
    },
    (err: Error) => botStore.setState({ thinking: null, error: err.message }),
  );
}

/** The table takes its side of the game just started (matchStore.startAgainstBot), at a level. */
export function startBot(level: BotLevel, opts: { port?: Port; pace?: number; seed?: number } = {}): void {
  if (opts.port) port = opts.port;
  seed = opts.seed ?? Math.floor(Math.random() * 2 ** 31);
  asked = null;
  botStore.setState({ level, thinking: null, given: [], error: null, advice: null, ...(opts.pace !== undefined ? { pace: opts.pace } : {}) });
  matchStore.setState({ botLevel: level });
  unsubscribe?.();
  const offGame = gameStore.subscribe((s, prev) => {
    if (s.state !== prev.state) queueMicrotask(step);
  });
  const offMatch = matchStore.subscribe((m, prev) => {
    if (m.gameSeq !== prev.gameSeq) {
      botStore.setState({ given: [], advice: null, error: null, thinking: null });
      asked = null;
      queueMicrotask(step);
    }
  });
  unsubscribe = () => {
    offGame();
    offMatch();
  };
  queueMicrotask(step);
}

/** Asks again after a refusal (the same state). */
export function retryBot(): void {
  asked = null;
  botStore.setState({ error: null });
  step();
}

/** "What would the table do?": the bot's Order for the person's own side now, with its odds. */
export function askAdvice(): void {
  const m = matchStore.getState();
  if (m.bot === null || m.seat === null) return;
  const g = gameStore.getState();
  const state = g.state;
  const seat = seatOf(m.seat);
  botStore.setState({ advice: 'thinking' });
  askBot(thePort(), seat, `bot:${botStore.getState().level}`, seed).then(
    (command) => {
      const odds = command.do === 'order' || command.do === 'second' ? plannedOdds(state, gameStore.getState().ctx, m.seat, command) : [];
      botStore.setState({ advice: { state, command, odds, error: null } });
    },
    (err: Error) => botStore.setState({ advice: { state, command: null, odds: [], error: err.message } }),
  );
}

/** What the person's side is asked for now, from their view (advice is offered on their Order and second skill). */
export function momentFor(view: Seat['view'], side: PlayerId): Moment {
  return momentOf({ player: side, view } as Seat);
}
