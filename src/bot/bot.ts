/**
 * The bot: every decision of one side, from its seat alone (what its player may know). It builds a world
 * from the seat with stand-ins for what it cannot see (world.ts: the trooper behind each enemy marker
 * drawn among those that could be there, a hidden enemy placed where it could be), and searches:
 * candidate Orders played out by the engine's own dry runs and judged by the exact odds of their rolls
 * (orders.ts), AROs judged the same way with what the Order may do next (aros.ts), deployment and jumps
 * from the sight maps and the landing checks (deploy.ts, jumps.ts).
 *
 * Pure and deterministic: the same seat, seed and level give the same command on any machine. The budget
 * of a level is counted in play-outs, not in time, so that it stays so; the levels are sized for the
 * decision times `npm run bench`'s bot figures report.
 */
import { deploymentZoneOf, type EngineContext } from '../core/api';
import type { Command, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { decisionRng, type Agent } from './agent';
import { chooseAros, type AroSearch } from './aros';
import { chooseDeploy, chooseFallback } from './deploy';
import { chooseDodgeMove } from './dodge';
import { chooseClassified, nameLieutenant } from './mission';
import { groundFor } from './ground';
import { momentOf } from './moment';
import { chooseOrder, chooseSecond, type Search } from './orders';
import type { Seat } from './seat';
import { worldOf, type HiddenSpots } from './world';
import { facingTo } from './moment';

export interface LevelSettings {
  order: Search;
  aro: AroSearch;
  /** whether unseen enemies with Hidden Deployment are put somewhere they could be (else nowhere) */
  guessHidden: boolean;
}

const WEIGHTS = { risk: 0.35, threat: 0.3, advance: 0.25 };

export const LEVELS: Record<'easy' | 'normal' | 'hard', LevelSettings> = {
  easy: { order: { plans: 5, seconds: 2, least: 0.5, weights: WEIGHTS }, aro: { evals: 3 }, guessHidden: false },
  normal: { order: { plans: 20, seconds: 2, least: 0, weights: WEIGHTS }, aro: { evals: 6 }, guessHidden: true },
  hard: { order: { plans: 36, seconds: 3, least: 0, weights: WEIGHTS }, aro: { evals: 12 }, guessHidden: true },
};

export type Level = keyof typeof LEVELS;

export interface BotOptions {
  level?: Level;
  seed?: number;
  /** settings in place of the level's (for tuning) */
  settings?: LevelSettings;
}

/** Where an unseen enemy with Hidden Deployment could stand: a free spot drawn in its Deployment Zone. */
function hiddenSpotsFor(seat: Seat, ctx: EngineContext): HiddenSpots {
  return (_id, rng) => {
    const v = seat.view;
    if (!v.initiative.zones) return null;
    const state = { setup: seat.setup, initiative: { zones: v.initiative.zones } };
    const enemy = otherPlayer(seat.player);
    const z = deploymentZoneOf(state, enemy);
    const mine = deploymentZoneOf(state, seat.player);
    const g = groundFor(seat.setup, ctx, 0.5, 0, 1.6);
    for (let k = 0; k < 12; k++) {
      const x = z.x + 1 + rng.next() * (z.w - 2);
      const y = z.y + 1 + rng.next() * (z.d - 2);
      const c = g.cellAt(x, y);
      if (c >= 0 && g.free[c]) return { x: g.x(c), y: g.y(c), z: 0, facing: facingTo({ x, y }, { x: mine.x + mine.w / 2, y: mine.y + mine.d / 2 }) };
    }
    return null;
  };
}

export function decideFor(seat: Seat, ctx: EngineContext, settings: LevelSettings, seed: number): Command {
  const me: PlayerId = seat.player;
  const moment = momentOf(seat);
  const rng = decisionRng(seat, seed);
  // MIS-12: the classified objective, chosen at the bot's first decision before the game's turns.
  if (seat.view.phase !== 'game' && moment !== 'initiative' && moment !== 'wait') {
    const c = chooseClassified(seat);
    if (c) return c;
  }
  switch (moment) {
    case 'initiative':
      return { do: 'initiative' };
    case 'keep':
      return { do: 'keep', player: me, choice: 'initiative' };
    case 'turnOrder':
      return { do: 'turnOrder', player: me, first: me };
    case 'deploymentChoice':
      return { do: 'deploymentChoice', player: me, first: otherPlayer(me), keeperZone: Object.keys(seat.setup.zones.deployment).sort()[0]! };
    default:
      break;
  }
  const world = worldOf(seat, ctx, rng.fork('world'), settings.guessHidden ? hiddenSpotsFor(seat, ctx) : undefined);
  const state = world.state;
  switch (moment) {
    case 'deploy':
      return chooseDeploy(state, ctx, me, rng.fork('deploy'));
    case 'fallback':
      return chooseFallback(state, ctx, me, rng.fork('fallback'));
    case 'aros':
      return chooseAros(state, ctx, me, (seat.view.order?.window?.eligible ?? []).filter((n) => Object.hasOwn(state.troopers, n)), settings.aro, world.guessed);
    case 'second':
      return state.order ? chooseSecond(state, ctx, me, settings.order, world.guessed) : { do: 'second', player: me, skill: 'none' };
    case 'dodgeMove':
      return seat.view.order ? chooseDodgeMove(state, ctx, me, seat.view.order) : { do: 'endTurn', player: me };
    case 'order':
      // MIS-17: in Loss of Lieutenant a new one is named (in secret) before anything else of the turn.
      if (seat.view.score?.lieutenantOwed === me && !state.order) {
        const named = nameLieutenant(state, ctx, me);
        if (named) return named;
      }
      return chooseOrder(state, ctx, me, settings.order, world.guessed);
    default:
      return { do: 'endTurn', player: me };
  }
}

export function botAgent(opts: BotOptions = {}): Agent {
  const level = opts.level ?? 'normal';
  const settings = opts.settings ?? LEVELS[level];
  const seed = opts.seed ?? 1;
  return { name: `bot:${level}`, decide: (seat, ctx) => decideFor(seat, ctx, settings, seed) };
}
