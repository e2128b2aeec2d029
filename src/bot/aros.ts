/**
 * The bot's AROs. For each of its troopers the window takes, the AROs it may declare (shoot with a
 * weapon in range, a CC Attack against a trooper that comes into contact with it, Dodge, Delay or Discover
 * against a marker, nothing; an Engaged trooper only a CC Attack or a Dodge, CC-3) are judged by playing the Order
 * on from the world with them declared: in the second window the Order is whole, and the exact odds of
 * its rolls say what each is worth; in the first, what the Order may do next is weighed too (its
 * trooper shoots one of the reactors, or does nothing more), and the worst of those for the bot counts.
 * One trooper at a time, the others kept at their best so far.
 */
import type { EngineContext } from '../core/api';
import type { Command, GameState, PlayerId } from '../core/model/types';
import { otherPlayer } from '../core/model/types';
import { after, profile } from './moment';
import { attackSkill } from './orders';
import { bodyOf, gap, shotWorth } from './sight';
import { oddsOf, rollsValue, worth } from './value';

export interface AroSearch {
  /** play-outs at most, a decision */
  evals: number;
}

type Decl = Record<string, unknown> & { trooper: string; skill: string };

/** The Order's points the window looks at (its Move's path, or where the trooper stands). */
function windowPoints(state: GameState): { x: number; y: number; z: number }[] {
  const o = state.order!;
  const w = o.stage === 'aro1' ? 1 : 2;
  const t = state.troopers[o.trooper]!;
  return (o.skills[w - 1] ?? o.skills.at(-1))?.points ?? [{ x: t.x!, y: t.y!, z: t.z ?? 0 }];
}

/** What a declaration costs beyond the dice: a hidden trooper or a marker shows itself. */
function showing(state: GameState, d: Decl): number {
  const t = state.troopers[d.trooper]!;
  if (d.skill === 'delay' || d.skill === 'discover' || d.skill === 'none') return 0;
  if (t.status === 'hidden') return 0.2 * worth(state, d.trooper);
  if (t.status === 'marker') return 0.08 * worth(state, d.trooper);
  return 0;
}

export function chooseAros(state: GameState, ctx: EngineContext, me: PlayerId, eligible: readonly string[], search: AroSearch, guessed: readonly string[]): Command {
  const o = state.order;
  const empty = { do: 'aros', player: me, declarations: [] } as Command;
  if (!o) return empty;
  const window = o.stage === 'aro1' ? 1 : 2;
  const activeId = o.trooper;
  const active = state.troopers[activeId]!;
  const marker = active.status === 'marker';
  const pts = windowPoints(state);
  const mine = eligible.filter((id) => state.troopers[id]?.player === me && !o.aros[id]?.skill?.match(/^(bs-attack|cc-attack|dodge|discover)$/));
  if (mine.length === 0) return empty;
  const activeName = marker && active.markerId ? active.markerId : activeId;
  const targeted = new Set(o.skills.flatMap((k) => ('targets' in k && k.targets ? k.targets.map((t) => t.target) : [])).concat(o.skills.flatMap((k) => k.affected ?? [])));
  const options = new Map<string, Decl[]>();
  for (const id of mine) {
    const p = profile(state, id);
    const list: Decl[] = [{ trooper: id, skill: 'none' }];
    if (marker) {
      if (window === 1) list.push({ trooper: id, skill: 'delay' });
      list.push({ trooper: id, skill: 'discover', target: activeName });
    } else {
      let near = Infinity;
      const body = bodyOf(state, id);
      for (const q of pts) near = Math.min(near, gap(body, bodyOf(state, activeId, q, null)));
      const arm = profile(state, activeId).arm;
      // CC-3: an Engaged trooper reacts only in close combat (CC Attack) or by Dodging (out of it, CC-8).
      const engaged = state.troopers[id]!.engaged;
      const weapons = p.weapons.filter((w) => shotWorth(w, near, p.bs, arm) > 0).sort((a, b) => shotWorth(b, near, p.bs, arm) - shotWorth(a, near, p.bs, arm));
      if (!engaged) for (const w of weapons.slice(0, 2)) list.push({ trooper: id, skill: 'bs-attack', weapon: w.id });
      // CC-7: a CC Attack ARO against a trooper whose movement ends in contact with it (or already in contact).
      if (gap(body, bodyOf(state, activeId, pts.at(-1), null)) <= 0.05) list.push({ trooper: id, skill: 'cc-attack', ...(p.ccWeapons?.[0] ? { weapon: p.ccWeapons[0].id } : {}) });
      if (window === 2 ? targeted.has(id) || engaged : true) list.push({ trooper: id, skill: 'dodge' });
    }
    options.set(id, list);
  }
  let evals = 0;
  const value = (decls: Decl[]): number => {
    evals++;
    const declarations = decls.filter((d) => d.skill !== 'none');
    const s = after(state, { do: 'aros', player: me, declarations } as Command, ctx);
    if (!s) return -Infinity;
    const cost = decls.reduce((n, d) => n + showing(state, d), 0);
    if (!s.order || s.order.stage !== 'second') return rollsValue(s, oddsOf(s, ctx, me), me, 0.5, guessed) - cost;
    // The Order goes on: its trooper may shoot one of the bot's troopers, or do no more. The worst counts.
    const enemy = otherPlayer(me);
    const nexts: Command[] = [{ do: 'second', player: enemy, skill: 'none' }];
    for (const id of mine) {
      const skill = attackSkill(s, activeId, id, enemy, gap(bodyOf(s, activeId, pts.at(-1)), bodyOf(s, id)));
      if (skill) nexts.push({ do: 'second', player: enemy, ...skill } as Command);
      // It came into contact: it may attack in close combat (CC-5), with its whole Burst.
      if (gap(bodyOf(s, activeId, pts.at(-1), null), bodyOf(s, id)) <= 0.05) {
        const w = profile(s, activeId).ccWeapons?.[0];
        nexts.push({ do: 'second', player: enemy, skill: 'cc-attack', ...(w ? { weapon: w.id } : {}), targets: [{ target: id, burst: w?.burst ?? 1 }] } as Command);
      }
    }
    let worst = Infinity;
    for (const next of nexts) {
      let s2 = after(s, next, ctx);
      if (!s2) continue;
      if (s2.order && (s2.order.stage === 'aro2' || s2.order.stage === 'aro1')) s2 = after(s2, { do: 'aros', player: me, declarations: [] }, ctx);
      if (!s2) continue;
      worst = Math.min(worst, rollsValue(s2, oddsOf(s2, ctx, me), me, 0.5, guessed));
    }
    return (Number.isFinite(worst) ? worst : 0) - cost;
  };
  // Start from each trooper's first choice that shoots, else nothing; then better each in turn.
  const chosen: Decl[] = mine.map((id) => options.get(id)!.find((d) => d.skill === 'bs-attack' || d.skill === 'cc-attack') ?? options.get(id)!.find((d) => d.skill === 'delay') ?? { trooper: id, skill: 'none' });
  let bestV = value(chosen);
  if (bestV === -Infinity) {
    for (let i = 0; i < chosen.length; i++) chosen[i] = { trooper: chosen[i]!.trooper, skill: 'none' };
    bestV = value(chosen);
  }
  for (let i = 0; i < chosen.length && evals < search.evals; i++) {
    for (const d of options.get(chosen[i]!.trooper)!) {
      if (evals >= search.evals) break;
      if (JSON.stringify(d) === JSON.stringify(chosen[i])) continue;
      const trial = chosen.map((c, k) => (k === i ? d : c));
      const v = value(trial);
      if (v > bestV + 1e-9) {
        bestV = v;
        chosen[i] = d;
      }
    }
  }
  if (bestV === -Infinity) return empty;
  return { do: 'aros', player: me, declarations: chosen.filter((d) => d.skill !== 'none') } as Command;
}
