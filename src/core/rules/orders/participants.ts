/**
 * The troopers of an Order (COORD-2, docs/rules/coordinated.md): one for a single Order, two to four for
 * a Coordinated Order, whose `trooper` is the Spearhead (COORD-3) and `with` the others in listed order.
 * Each participant is seen through a view of the Order as if it were that participant's own: the same
 * windows, AROs and bookkeeping, its own skills (a skill's `each` entry) and its own start (`beganEach`).
 * The skills' modules and the Order's rules read such a view exactly as they read a single Order.
 */
import type { OrderState } from '../../model/types';

/** The participants in listed order, the Spearhead first (a single Order: its one trooper). */
export function participants(o: OrderState): string[] {
  return o.with ? [o.trooper, ...o.with] : [o.trooper];
}

/**
 * The Order as participant `id` acts in it: its own skills and start; read-only (what the view shares
 * with the Order, its AROs and windows, is the Order's own). The Spearhead's view is the Order itself.
 */
export function viewAs(o: OrderState, id: string): OrderState {
  if (id === o.trooper || !o.with) return o;
  return { ...o, trooper: id, skills: o.skills.map((s) => s.each?.[id] ?? s), began: o.beganEach?.[id] ?? o.began };
}

/** Whether the view's trooper is the Spearhead of a Coordinated Order (false for a single Order). */
export function isSpearhead(view: OrderState): boolean {
  return view.with !== undefined && !view.with.includes(view.trooper);
}

/**
 * COORD-3: the Burst a participant's weapon has in the Order: the Spearhead's half, rounded up, the
 * others' 1; a single Order's, the weapon's own.
 */
export function burstIn(view: OrderState, burst: number): number {
  if (!view.with) return burst;
  return isSpearhead(view) ? Math.ceil(burst / 2) : Math.min(1, burst);
}
