/**
 * Fair play: the bot decides from its own seat only. Twin games alike in everything the bot's side may
 * know, and differing only in the human's secrets (where a hidden trooper stands; which trooper is behind
 * each marker; which trooper is the Lieutenant), get the very same decisions from the bot, command for
 * command, to the end of the game. The human is played by `greedy` kept from its secrets (it places
 * them as the twin says and never gives them an Order or an ARO), so its own commands are alike too,
 * but for the secret troopers' own names.
 */
import { describe, expect, it } from 'vitest';
import type { EngineContext } from '../core/api';
import type { Command, GameEvent, PlayerId, Setup, TrooperProfile } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import type { Agent } from './agent';
import { botAgent } from './bot';
import { greedyAgent } from './greedy';
import { legal, momentOf } from './moment';
import { playGame } from './play';
import type { Seat } from './seat';
import { Rng } from './rng';
import { shippedGame } from './testing/games';
import { worldOf } from './world';

interface Secret {
  trooper: string;
  /** placed in the main deployment step, before anything else: at the first spot the game takes, from the west end of the zone's back strip or its east end */
  from: 'west' | 'east';
  as: 'hidden' | 'marker';
}

/** Spots along the back of the seat's Deployment Zone, from one end. */
function backSpots(seat: Seat, from: 'west' | 'east'): { x: number; y: number }[] {
  const zones = seat.view.initiative.zones!;
  const z = seat.setup.zones.deployment[zones[seat.player]]!;
  const other = seat.setup.zones.deployment[zones[otherPlayer(seat.player)]]!;
  const back = z.y < other.y ? z.y + 1.5 : z.y + z.d - 1.5;
  const out: { x: number; y: number }[] = [];
  for (let k = 0; k < 40; k++) for (const dy of [0, 1.5, -1.5, 3]) out.push({ x: from === 'west' ? z.x + 1.5 + k : z.x + z.w - 1.5 - k, y: back + (z.y < other.y ? dy : -dy) });
  return out;
}

/**
 * A seat with the secret troopers taken out: what the human's own play may rest on. A secret trooper
 * behind a marker stays on the table under a name of the marker's (it still stands in the way); a
 * hidden one is gone.
 */
function withoutSecrets(seat: Seat, secrets: readonly string[]): Seat {
  const hide = new Set(secrets);
  const me = seat.player;
  const standIns: TrooperProfile[] = [];
  const troopers = Object.fromEntries(Object.entries(seat.view.troopers).filter(([id]) => !hide.has(id)));
  const markers = Object.fromEntries(
    Object.entries(seat.view.markers).map(([m, v]) => {
      if (!v.trooper || !hide.has(v.trooper)) return [m, v];
      const id = `secret-${m}`;
      troopers[id] = { ...seat.view.troopers[v.trooper]!, facing: 0 };
      standIns.push({ ...seat.setup.players[me].troopers.find((t) => t.id === v.trooper)!, id, name: id, s: v.s as TrooperProfile['s'], skills: ['to-camouflage'], weapons: [] });
      return [m, { ...v, trooper: id }];
    }),
  );
  const names = (e: GameEvent) => secrets.some((s) => JSON.stringify(e).includes(`"${s}"`));
  const log = seat.log.map((e) => (names(e) ? ({ index: e.index, type: 'distance', inches: 0 } as GameEvent) : e));
  const strip = (t: TrooperProfile) => ({ ...t, skills: t.skills.filter((s) => s !== 'lieutenant') });
  const roster = [...seat.setup.players[me].troopers.filter((t) => !hide.has(t.id)).map(strip), ...standIns];
  const setup: Setup = { ...seat.setup, players: { ...seat.setup.players, [me]: { ...seat.setup.players[me], troopers: roster } } as Setup['players'] };
  const profiles = Object.fromEntries([...Object.entries(seat.profiles).filter(([id]) => !hide.has(id)).map(([id, p]) => [id, strip(p)]), ...standIns.map((p) => [p.id, p])]);
  const order = seat.view.order && seat.view.order.window ? { ...seat.view.order, window: { ...seat.view.order.window, eligible: seat.view.order.window.eligible.filter((n) => !hide.has(n)) } } : seat.view.order;
  return { ...seat, view: { ...seat.view, troopers, markers, order }, profiles, setup, log };
}

/** The human: its secret troopers placed as the twin says, everything else by `greedy` blind to them. */
function human(secrets: readonly Secret[], seed: number, facing: number): Agent {
  const inner = greedyAgent(seed);
  const ids = secrets.map((s) => s.trooper);
  return {
    name: 'human',
    decide(seat: Seat, ctx: EngineContext): Command {
      if (momentOf(seat) === 'deploy' && seat.view.step === 'main') {
        const next = secrets.find((s) => seat.view.troopers[s.trooper]?.status === 'undeployed');
        if (next) {
          const world = worldOf(seat, ctx, new Rng(1)).state;
          for (const at of backSpots(seat, next.from)) {
            const cmd: Command = { do: 'deploy', player: seat.player, trooper: next.trooper, at, facing, as: next.as, ...(next.as === 'hidden' ? { cover: true } : {}) };
            if (legal(world, cmd, ctx)) return cmd;
          }
        }
      }
      return inner.decide(withoutSecrets(seat, ids), ctx);
    },
  };
}

/** Plays one twin; returns the bot's decisions and the human's, as text. */
function playTwin(setup: Setup, ctx: EngineContext, botSide: PlayerId, humanAgent: Agent): { bot: string[]; human: string[]; end: string } {
  const bot: string[] = [];
  const humanCmds: string[] = [];
  const inner = botAgent({ level: 'easy', seed: 5 });
  const watched: Agent = {
    name: inner.name,
    decide(seat, c) {
      const cmd = inner.decide(seat, c);
      bot.push(JSON.stringify(cmd));
      return cmd;
    },
  };
  const humanWatched: Agent = {
    name: 'human',
    decide(seat, c) {
      const cmd = humanAgent.decide(seat, c);
      humanCmds.push(JSON.stringify(cmd));
      return cmd;
    },
  };
  const rec = playGame(setup, { [botSide]: watched, [otherPlayer(botSide)]: humanWatched } as Record<PlayerId, Agent>, ctx);
  expect(rec.stuck).toBeNull();
  return { bot, human: humanCmds, end: JSON.stringify(rec.state.troopers) };
}

function withProfiles(setup: Setup, player: PlayerId, change: (t: TrooperProfile) => TrooperProfile): Setup {
  return { ...setup, players: { ...setup.players, [player]: { ...setup.players[player], troopers: setup.players[player].troopers.map(change) } } as Setup['players'] };
}

describe('fair play: twin games differing only in the human\u2019s secrets', () => {
  it('HD-2 where B\u2019s hidden trooper stands: the bot (A) decides the same, command for command', () => {
    const { setup, ctx } = shippedGame('foundry-ridge', 21, 1);
    const twins = (['west', 'east'] as const).map((from) => playTwin(setup, ctx, 'A', human([{ trooper: 'b-wraith', from, as: 'hidden' }], 9, 180)));
    expect(twins[0]!.bot.length).toBeGreaterThan(20);
    expect(twins[1]!.bot).toEqual(twins[0]!.bot);
    expect(twins[1]!.end).not.toBe(twins[0]!.end);
  }, 600_000);

  it('TOC-2 which of A\u2019s troopers is behind each marker: the bot (B) decides the same, command for command', () => {
    const base = shippedGame('nexus-station', 33, 1);
    const camo = withProfiles(base.setup, 'A', (t) => (t.id === 'a-sable' ? { ...t, skills: [...t.skills, 'to-camouflage'] } : t));
    const one = playTwin(camo, base.ctx, 'B', human([{ trooper: 'a-veil', from: 'west', as: 'marker' }, { trooper: 'a-sable', from: 'east', as: 'marker' }], 9, 0));
    const two = playTwin(camo, base.ctx, 'B', human([{ trooper: 'a-sable', from: 'west', as: 'marker' }, { trooper: 'a-veil', from: 'east', as: 'marker' }], 9, 0));
    expect(one.bot.length).toBeGreaterThan(20);
    expect(two.bot).toEqual(one.bot);
    expect(two.end).not.toBe(one.end);
  }, 600_000);

  it('GRP-4 which of B\u2019s troopers is the Lieutenant (the same WIP): the bot (A) decides the same', () => {
    const base = shippedGame('harbour-quarter', 44, 1);
    const moved = withProfiles(base.setup, 'B', (t) => (t.id === 'b-ishii' ? { ...t, skills: t.skills.filter((s) => s !== 'lieutenant') } : t.id === 'b-kai' ? { ...t, skills: [...t.skills, 'lieutenant'] } : t));
    const one = playTwin(base.setup, base.ctx, 'A', human([], 9, 180));
    const two = playTwin(moved, base.ctx, 'A', human([], 9, 180));
    expect(one.bot.length).toBeGreaterThan(20);
    expect(two.bot).toEqual(one.bot);
  }, 600_000);
});
