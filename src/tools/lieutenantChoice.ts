/**
 * ORD-3 on the table: the player's choice to give their Lieutenant's next Order from the Lieutenant
 * Special Order while Regular Orders remain. The choice is only remembered here; whether it may be made
 * is the core's answer (api.lieutenantOrderChoice), and api.orderCommand puts it into the command.
 * It is kept for one trooper in one turn: a new turn or another trooper forgets it.
 */
import { createStore } from 'zustand/vanilla';
import type { GameState } from '../core/model/types';

interface Chosen {
  /** `round:active:trooper` of the choice, or null */
  key: string | null;
}

export const lieutenantChoice = createStore<Chosen>(() => ({ key: null }));

function keyOf(state: Pick<GameState, 'round' | 'active'>, trooper: string): string {
  return `${state.round}:${state.active}:${trooper}`;
}

/** Whether the player chose the Lieutenant Special Order for `trooper`'s next Order this turn. */
export function onLieutenantOrder(state: Pick<GameState, 'round' | 'active'>, trooper: string): boolean {
  return lieutenantChoice.getState().key === keyOf(state, trooper);
}

/** Sets or clears the choice for `trooper` this turn. */
export function chooseLieutenantOrder(state: Pick<GameState, 'round' | 'active'>, trooper: string, on: boolean): void {
  lieutenantChoice.setState({ key: on ? keyOf(state, trooper) : null });
}
