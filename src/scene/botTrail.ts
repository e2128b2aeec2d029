/**
 * The path of the table's Order (solo against the table, issue 40), as the person sees it: each ARO
 * window of the bot's Order tells the points its declared skill looks at (the Move's path from where it
 * set out, or where it stands), so the trail is built from the windows the person's view showed, and
 * nothing else (only public information: a path the bot's side keeps secret never reaches the view).
 * The trail stays drawn after the Order ends, until the person's own Order begins or the turn passes.
 */
import type { StateView } from '../core/api';
import type { PlanePoint, PlayerId } from '../core/model/types';

export interface BotTrail {
  /** what identifies the bot's Order the trail belongs to */
  key: string;
  /** the active trooper, as the person names it */
  trooper: string;
  /** one line of points per window seen, in order */
  legs: PlanePoint[][];
  /** whether the Order is still being played */
  live: boolean;
}

const same = (a: readonly PlanePoint[], b: readonly PlanePoint[]) => a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);

/** The trail after the person's view changed. */
export function nextTrail(prev: BotTrail | null, view: Pick<StateView, 'order' | 'round' | 'active'>, bot: PlayerId | null): BotTrail | null {
  if (bot === null) return null;
  const o = view.order;
  if (!o) {
    if (!prev) return null;
    // The turn passed to the person: the bot's last path has been seen.
    if (view.active !== bot) return null;
    return prev.live ? { ...prev, live: false } : prev;
  }
  if (o.player !== bot) return null;
  const first = o.skills[0];
  const key = `${view.round}|${o.trooper}|${JSON.stringify(first ?? null)}`;
  const base: BotTrail = prev && prev.key === key ? prev : { key, trooper: o.trooper, legs: [], live: true };
  const path = o.window?.path;
  if (!path || path.length < 2 || base.legs.some((l) => same(l, path))) return base.live ? base : { ...base, live: true };
  return { ...base, legs: [...base.legs, path.map((p) => ({ x: p.x, y: p.y }))], live: true };
}
