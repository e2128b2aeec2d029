/**
 * What an Order is worth, in points: the expected casualties of its rolls by the engine's exact odds
 * (`plannedOdds` of the Order fully declared, AROs included), and where it leaves the active trooper
 * (the harm it could take from the enemies that would see it, the harm it could do to those it sees).
 * The enemy's AROs are foreseen by a rule (shoot with the weapon that does most at that range where the
 * engine takes it; against a marker, wait), and the Order is played on the world to its rolls.
 */
import { plannedOdds, type EngineContext, type RollOdds } from '../core/api';
import type { Command, GameState, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { after, dryRun, profile } from './moment';
import { bodyOf, gap, shotWorth } from './sight';
import { idOf } from './world';

/** How much a trooper is worth: its points (a working 10 where a profile has none). */
export function worth(state: GameState, id: string): number {
  return profile(state, id).points || 10;
}

/** The Wounds lost to several rolls at once: the sum of independent distributions. */
function convolve(a: number[], b: number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j]! += a[i]! * b[j]!;
  return out;
}

/** Expected casualties in points of a set of planned rolls, from `me`'s side: theirs less mine. */
export function rollsValue(state: GameState, odds: readonly RollOdds[], me: PlayerId, guessWeight = 1, guessed: readonly string[] = []): number {
  const lost = new Map<string, number[]>();
  for (const o of odds) {
    if (!o.wounds || o.target === null) continue;
    const id = idOf(state, o.target);
    if (!id) continue;
    const w = guessed.includes(idOf(state, o.roller) ?? '') ? o.wounds.map((p, k) => (k === 0 ? 1 - guessWeight * (1 - p) : guessWeight * p)) : o.wounds;
    lost.set(id, lost.has(id) ? convolve(lost.get(id)!, w) : [...w]);
  }
  let v = 0;
  for (const [id, dist] of lost) {
    const t = state.troopers[id]!;
    const left = Math.max(0, t.wounds);
    const full = Math.max(1, profile(state, id).w);
    let dead = 0;
    let partial = 0;
    dist.forEach((p, k) => {
      if (k >= Math.max(1, left)) dead += p;
      else partial += p * k;
    });
    const value = worth(state, id) * (dead + (0.3 * partial) / full);
    v += t.player === me ? -value : value;
  }
  return v;
}

/** The foreseen AROs of the enemy in the open window: each eligible trooper shoots where it can, else waits. */
export function foreseenAros(state: GameState, ctx: EngineContext, reactive: PlayerId): Command {
  return foreseen(state, ctx, reactive).command;
}

/** The state after the foreseen AROs (null where the engine takes none), with them: one engine run where the first try is taken. */
export function afterForeseen(state: GameState, ctx: EngineContext, reactive: PlayerId): GameState | null {
  const f = foreseen(state, ctx, reactive);
  return f.state !== undefined ? f.state : after(state, f.command, ctx);
}

function foreseen(state: GameState, ctx: EngineContext, reactive: PlayerId): { command: Command; state?: GameState } {
  const o = state.order!;
  const w = o.stage === 'aro1' ? 1 : 2;
  const eligible = o.eligible[w - 1] ?? [];
  const active = state.troopers[o.trooper]!;
  const marker = active.status === 'marker';
  const pts = (o.skills[w - 1] ?? o.skills.at(-1))?.points ?? [{ x: active.x!, y: active.y!, z: active.z ?? 0 }];
  const declarations: Record<string, unknown>[] = [];
  for (const id of eligible) {
    const t = state.troopers[id]!;
    if (t.player !== reactive || o.aros[id]) continue;
    if (w === 2 && (o.eligible[0] ?? []).includes(id)) continue;
    const name = t.status === 'marker' && t.markerId ? t.markerId : id;
    if (marker) {
      if (w === 1) declarations.push({ trooper: name, skill: 'delay' });
      continue;
    }
    const p = profile(state, id);
    const me = bodyOf(state, id);
    let near = Infinity;
    for (const q of pts) near = Math.min(near, gap(me, bodyOf(state, o.trooper, q, null)));
    const arm = profile(state, o.trooper).arm;
    const best = [...p.weapons].sort((a, b) => shotWorth(b, near, p.bs, arm) - shotWorth(a, near, p.bs, arm))[0];
    if (best && shotWorth(best, near, p.bs, arm) > 0) declarations.push({ trooper: name, skill: 'bs-attack', weapon: best.id });
  }
  const all = { do: 'aros', player: reactive, declarations } as Command;
  if (declarations.length === 0) return { command: all };
  const tried = dryRun(state, all, ctx);
  if (tried.ok) return { command: all, state: tried.state };
  // One of them the engine will not take (out of range at every point it sees): keep those it takes.
  const kept: Record<string, unknown>[] = [];
  for (const d of declarations) if (dryRun(state, { do: 'aros', player: reactive, declarations: [...kept, d] } as Command, ctx).ok) kept.push(d);
  return { command: { do: 'aros', player: reactive, declarations: kept } as Command };
}

/** The Order played on the world to its rolls: the first skill, foreseen AROs, the second, foreseen AROs. */
export function playOut(state: GameState, ctx: EngineContext, first: Command, second: Command | null): GameState | null {
  let s = after(state, first, ctx);
  if (!s) return null;
  const me = (first as { player: PlayerId }).player;
  const enemy = otherPlayer(me);
  for (let step = 0; step < 6 && s.order && s.order.player === me; step++) {
    const stage = s.order.stage;
    if (stage === 'aro1' || stage === 'aro2') s = afterForeseen(s, ctx, enemy);
    else if (stage === 'second') s = after(s, second ?? { do: 'second', player: me, skill: 'none' }, ctx);
    else break;
    if (!s) return null;
  }
  return s;
}

/** The odds of everything an Order played out plans (empty once it resolved with no roll). */
export function oddsOf(state: GameState, ctx: EngineContext, me: PlayerId): RollOdds[] {
  return state.order ? plannedOdds(state, ctx, me) : [];
}
