/**
 * A Coordinated Order as a player sees it (COORD-11, docs/rules/coordinated.md): its participants and,
 * in an ARO window, who each reactor may react against, every trooper named as the viewer may name it
 * (a marker by its marker id) and those it may not know of left out.
 */
import { dict } from './dict';
import type { OrderState } from './model/types';

/** A record of troopers to lists of troopers, both named as `name` gives them, the unknown left out, keys in string order. */
export function idMapAsSeen(map: Readonly<Record<string, readonly string[]>>, name: (id: string) => string | null): Record<string, string[]> {
  const out = dict<string[]>();
  const keys = Object.keys(map)
    .map((k) => [name(k), k] as const)
    .filter((e): e is readonly [string, string] => e[0] !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // The values keep the order the rules give them (the participants' listed order).
  for (const [n, k] of keys) out[n] = map[k]!.map(name).filter((x): x is string => x !== null);
  return out;
}

/** COORD-2: the other participants of the Order in listed order, as the viewer names them (absent: a single Order). */
export function withAsSeen(o: OrderState, name: (id: string) => string | null): { with?: string[] } {
  if (!o.with) return {};
  return { with: o.with.map((id) => name(id) ?? id) };
}

/** COORD-6: in window `w`, the participants each reactor may react against (absent: a single Order). */
export function againstAsSeen(o: OrderState, w: 1 | 2, name: (id: string) => string | null): { against?: Record<string, string[]> } {
  const map = o.eligibleAgainst?.[w - 1];
  if (!o.with || !map) return {};
  return { against: idMapAsSeen(map, name) };
}
