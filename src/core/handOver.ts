/**
 * Hotseat (ARO-1): whether an ARO window must go to the reactive player, decided from the ACTIVE
 * player's view only, so that a window passing without a hand-over tells them nothing they did not know.
 *
 * The window is handed over when the reactive player has a choice the active player can see (a model or
 * a marker of theirs, named in the window as the active player names them: where it stands, its
 * silhouette and its all-round sight for a marker are Open Information, so whether it may react is too),
 * or could have one the active player may not know of: a trooper of the reactive player's list able to
 * deploy hidden (Hidden Deployment) that the active player has not seen as a model, for it might be
 * standing hidden anywhere (ARO-4). Hidden troopers never react to Cautious Movement (MOV-4), which the
 * active player declared themselves. Otherwise the window passes with no ARO.
 *
 * What the reactive player's list holds is read from the game's setup, which both players share in this
 * table (a hotseat file, the two machines' shared setup); which troopers are hidden, and where, is never
 * read: `windowNeedsHandOver` takes the view, not the state.
 */
import { otherPlayer, type PlayerId, type Setup, type TrooperProfile } from './model/types';
import { hasSkill } from './rules/skills';
import type { StateView } from './view';

/** Why a window is handed over, or passes. */
export type HandOverReason = 'may-react' | 'may-be-hidden' | 'nobody';

export interface HandOverAnswer {
  /** the window open now as the active player sees it; null: no window is open */
  window: 1 | 2 | null;
  reactive: PlayerId | null;
  handOver: boolean;
  reason: HandOverReason | null;
}

/** The troopers of `player`'s list that could be deployed hidden (HD-1): read from the shared setup. */
export function hideableTroopers(setup: Pick<Setup, 'players'>, player: PlayerId): string[] {
  return setup.players[player].troopers.filter((t) => hasSkill(t, 'hidden-deployment')).map((t) => t.id);
}

/**
 * ARO-1, ARO-4, MOV-4: whether the ARO window open in `activeView` (the active player's own view) must
 * be handed to the reactive player. `hideable`: the reactive player's troopers able to deploy hidden
 * (`hideableTroopers`), the same list whatever they chose to do with them.
 */
export function windowNeedsHandOver(activeView: StateView, hideable: readonly string[]): HandOverAnswer {
  const order = activeView.order;
  const w = order?.window ?? null;
  if (!order || !w) return { window: null, reactive: null, handOver: false, reason: null };
  const reactive = otherPlayer(order.player);
  // A choice the active player can see: a model or a marker named in the window.
  if (w.eligible.length > 0) return { window: w.window, reactive, handOver: true, reason: 'may-react' };
  // MOV-4: hidden troopers never react to Cautious Movement (the first skill of the Order says so).
  const cautious = order.skills[0]?.skill === 'cautious-move';
  // ARO-4: a trooper able to hide and not seen as a model may be standing hidden where it could react.
  const unseen = hideable.some((id) => {
    const t = activeView.troopers[id];
    return !t || (t.status !== 'model' && t.status !== 'unconscious' && t.status !== 'removed');
  });
  if (!cautious && unseen) return { window: w.window, reactive, handOver: true, reason: 'may-be-hidden' };
  return { window: w.window, reactive, handOver: false, reason: 'nobody' };
}

/**
 * Hotseat PINs: whether `player`'s screen would show Private Information now, told from what the
 * opponent may know (`opponentView`, the setup both share, and whether `player`'s Lieutenant is known):
 * their Lieutenant not yet known (GRP-4), or a trooper of their list the opponent has not seen as a model
 * (hidden, in the air, behind a marker, not yet deployed). The hand-over asks the PIN only then, so
 * whether it asks tells the opponent nothing they do not know.
 */
export function seatHasPrivate(opponentView: StateView, setup: Pick<Setup, 'players'>, player: PlayerId, lieutenantKnown: boolean): boolean {
  if (!lieutenantKnown) return true;
  return setup.players[player].troopers.some((t) => {
    const seen = opponentView.troopers[t.id];
    return !seen || (seen.status !== 'model' && seen.status !== 'unconscious' && seen.status !== 'removed');
  });
}

/**
 * CJ-11 in Hotseat: whether the reactive player must be asked for a Controlled Jump ARO before a
 * Combat Jump's PH roll, told from the jumping player's own view (`activeView`, the profiles it may read,
 * `known`): a model of the other side with Controlled Jump, a marker of theirs (which trooper it is, and
 * so its skills, is secret), or a trooper of their list able to hide not yet seen as a model (a hidden
 * hacker may reveal to make the ARO). Never from the other side's real hackers.
 */
export function controlledJumpMayBeDeclared(activeView: StateView, known: Readonly<Record<string, TrooperProfile>>, reactive: PlayerId, hideable: readonly string[]): boolean {
  for (const [id, t] of Object.entries(activeView.troopers)) {
    if (t.player === reactive && t.status === 'model' && known[id]?.skills.includes('controlled-jump')) return true;
  }
  if (Object.values(activeView.markers).some((m) => m.player === reactive)) return true;
  return hideable.some((id) => {
    const t = activeView.troopers[id];
    return !t || (t.status !== 'model' && t.status !== 'unconscious' && t.status !== 'removed');
  });
}
