/**
 * Close combat for the bot (docs/rules/close-combat.md): a trooper in base contact with an enemy model
 * attacks it in close combat (CC-5: the whole Burst of its first close combat weapon, or bare hands), and
 * one that can reach an enemy model with its first Move walks into contact (CC-1: that engages) and
 * attacks it. The play-out judges them by the engine's exact odds like any other Order.
 */
import type { EngineContext } from '../core/api';
import type { Command, GameState, PlanePoint, PlayerId } from '../core/model/types';
import { facingTo, profile, radiusOf } from './moment';
import { outlook } from './outlook';
import type { Plan } from './plan';
import { nameOf, placeOf } from './tactics';
import { worth } from './value';

/** A point in base contact with a disc (gap 0.01"), on the side towards `from`. */
function touching(from: PlanePoint, at: { x: number; y: number; r: number }, radius: number, turn: number): PlanePoint {
  const a = Math.atan2(from.y - at.y, from.x - at.x) + (turn * Math.PI) / 180;
  const d = at.r + radius + 0.01;
  return { x: Math.round((at.x + Math.cos(a) * d) * 1000) / 1000, y: Math.round((at.y + Math.sin(a) * d) * 1000) / 1000 };
}

/** The close combat Orders of one trooper. */
export function closePlans(state: GameState, ctx: EngineContext, me: PlayerId, id: string, out: Plan[]): void {
  const t = state.troopers[id]!;
  if (t.status !== 'model' || t.x === null || t.y === null) return;
  const p = profile(state, id);
  const weapon = p.ccWeapons?.[0];
  const burst = weapon?.burst ?? 1;
  const here = placeOf(state, id);
  const r = radiusOf(state, id);
  const name = nameOf(state, id, me);
  const cc = (target: string) => ({ skill: 'cc-attack', ...(weapon ? { weapon: weapon.id } : {}), targets: [{ target: nameOf(state, target, me), burst }] });
  const none = { do: 'second', player: me, skill: 'none' } as Command;
  for (const [eid, e] of Object.entries(state.troopers)) {
    if (e.player === me || e.status !== 'model' || e.x === null || e.y === null) continue;
    const disc = { x: e.x, y: e.y, r: radiusOf(state, eid) };
    const gap = Math.hypot(disc.x - here.x, disc.y - here.y) - disc.r - r;
    // A cheap guess: the CC attribute against the enemy's, Burst for Burst, times what the enemy is worth.
    const edge = Math.max(0.05, Math.min(0.95, 0.5 + (p.cc - profile(state, eid).cc) / 20 + 0.1 * (burst - 1)));
    const est = edge * 0.5 * worth(state, eid);
    if (gap <= 0.05) {
      out.push({ actor: id, first: { do: 'order', player: me, trooper: name, ...cc(eid) } as Command, seconds: [none], est, kind: 'cc' });
      continue;
    }
    if (t.engaged || t.prone || gap > p.mov[0] - 0.1 || gap > 8) continue;
    for (const turn of [0, 40, -40]) {
      const touch = touching(here, disc, r, turn);
      if (Math.hypot(touch.x - here.x, touch.y - here.y) > p.mov[0] - 0.05) continue;
      const risk = outlook(state, ctx, id, { ...touch, z: here.z }).aroRisk;
      out.push({ actor: id, first: { do: 'order', player: me, trooper: name, skill: 'move', path: [touch], facing: facingTo(touch, disc) } as Command, seconds: [{ do: 'second', player: me, ...cc(eid) } as Command, none], est: est - 0.7 * risk, kind: 'engage' });
      break;
    }
  }
}

/** The CC Attacks the active trooper may make as its second skill where its Order left it: one per enemy model in contact. */
export function closeSeconds(state: GameState, me: PlayerId, id: string): Command[] {
  const t = state.troopers[id]!;
  if (t.status !== 'model') return [];
  const p = profile(state, id);
  const weapon = p.ccWeapons?.[0];
  const here = placeOf(state, id);
  const r = radiusOf(state, id);
  const out: Command[] = [];
  for (const [eid, e] of Object.entries(state.troopers)) {
    if (e.player === me || e.status !== 'model' || e.x === null || e.y === null) continue;
    if (Math.hypot(e.x - here.x, e.y - here.y) - radiusOf(state, eid) - r > 0.05) continue;
    out.push({ do: 'second', player: me, skill: 'cc-attack', ...(weapon ? { weapon: weapon.id } : {}), targets: [{ target: nameOf(state, eid, me), burst: weapon?.burst ?? 1 }] } as Command);
  }
  return out;
}
