/**
 * A Coordinated Order as a player sees it (COORD-11, docs/rules/coordinated.md): its participants and,
 * in an ARO window, who each reactor may react against, every trooper named as the viewer may name it
 * (a marker by its marker id) and those it may not know of left out.
 */
import { dict } from './dict';
import type { GameState, OrderState, PlanePoint } from './model/types';
import { participants, viewAs } from './rules/orders/participants';

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

/**
 * ARO-5: the points window `w` looks at for one trooper's Order (for a participant, the Order as it
 * acts in it): a Move's path from where it set out, a Cautious Move's end (MOV-4), else where it stands.
 */
export function declaredPath(o: OrderState, w: 1 | 2, here: PlanePoint): PlanePoint[] {
  const declared = o.skills[w - 1] ?? o.skills.at(-1);
  const start = o.skills[w - 2]?.points.at(-1) ?? here;
  if (declared && (declared.skill === 'move' || declared.skill === 'cautious-move') && o.skills[w - 1]) {
    const end = declared.points.at(-1)!;
    return declared.skill === 'cautious-move' ? [{ x: end.x, y: end.y }] : [{ x: start.x, y: start.y }, ...declared.path.map((p) => ({ x: p.x, y: p.y }))];
  }
  const at = declared?.points.at(-1) ?? start;
  return [{ x: at.x, y: at.y }];
}

/**
 * COORD-6, ARO-5: in window `w` of a Coordinated Order, each participant's points as `declaredPath`
 * gives them, by participant as the viewer names them (absent: a single Order). A reactor's `at` lies
 * on the path of the participant it reacts against.
 */
export function pathsAsSeen(state: GameState, o: OrderState, w: 1 | 2, name: (id: string) => string | null): { paths?: Record<string, PlanePoint[]> } {
  if (!o.with) return {};
  const out = dict<PlanePoint[]>();
  for (const id of participants(o)) {
    const n = name(id);
    const t = state.troopers[id];
    if (n === null || !t || t.x === null || t.y === null) continue;
    out[n] = declaredPath(viewAs(o, id), w, { x: t.x, y: t.y });
  }
  return { paths: out };
}
