/**
 * The Tactical Phase's Order Count (ORD-1 to ORD-4) and the start of a Player Turn.
 * ORD-1: every trooper of the player on the table as a model or marker, and not Unconscious, gives one
 * Order: a Regular Order to its Combat Group's pool, an Irregular Order to itself alone; hidden and
 * airborne troopers give none (HD-3, CJ-2). ORD-3: the Lieutenant also gets the Lieutenant Special
 * Order. ORD-4: Tactical Awareness gives its trooper one more Irregular Order, only while on the table
 * as a model or marker (HD-16).
 */
import { dict } from '../../dict';
import type { GameState, PlayerId, Pool, TrooperState } from '../../model/types';
import { profileOf, type Tx } from '../context';
import { lieutenantOf } from '../initiative/lieutenant';
import { hasSkill } from '../skills';
import { situationEvents, tacticalSituations } from '../missions/situations';

/** On the table as a model or marker, Unconscious ones included: its group is listed in the pool. */
function standsOnTable(t: TrooperState): boolean {
  return t.status === 'model' || t.status === 'marker' || t.status === 'unconscious';
}

/** Whether the trooper gives Orders now: on the table as a model or marker, and not Unconscious (DMG-3). */
export function givesOrders(t: TrooperState): boolean {
  return t.status === 'model' || t.status === 'marker';
}

/** The pool a player would get from an Order Count now. */
export function orderCount(state: GameState, player: PlayerId): Pool {
  const groups = dict<number>();
  const irregular = dict<number>();
  for (const [id, t] of Object.entries(state.troopers)) {
    if (t.player !== player || !standsOnTable(t)) continue;
    const p = profileOf(state, id);
    const key = String(t.group);
    groups[key] ??= 0;
    const aware = hasSkill(p, 'tactical-awareness');
    if (p.orders === 'irregular' || aware) irregular[id] ??= 0;
    if (!givesOrders(t)) continue;
    if (p.orders === 'regular') groups[key] += 1;
    else irregular[id]! += 1;
    if (aware) irregular[id]! += 1; // ORD-4, HD-16
  }
  const lt = state.troopers[lieutenantOf(state, player)]!;
  return { groups, irregular, lieutenant: givesOrders(lt) ? 1 : 0 };
}

/** A Player Turn begins: the `turn` event, then its Tactical Phase's Order Count (`orders`). */
export function startTurn(tx: Tx, round: number, player: PlayerId): void {
  const d = tx.draft;
  d.round = round;
  d.active = player;
  d.ordersGiven = 0;
  tx.emit({ type: 'turn', round, active: player });
  const pool = orderCount(d, player);
  tacticalSituations(tx, player, pool); // MIS-16, MIS-18: only in a game with a mission
  d.pool = pool;
  tx.emit({ type: 'orders', player, groups: { ...pool.groups }, irregular: { ...pool.irregular }, lieutenant: pool.lieutenant });
  situationEvents(tx, player);
}
